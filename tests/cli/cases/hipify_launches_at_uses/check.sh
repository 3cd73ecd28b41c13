# hipify-clang's convention: a function-like macro whose body is a launch keeps
# its chevrons and each use becomes the launch it expands to (the body's `;`
# kept: a use written without one still ends its statement). A body with more
# than the launch is rewritten in place: writing it at a use would drop the rest.
# Arguments are kept as written: none for an empty __VA_ARGS__, commas inside
# brackets, a line break.
set -e
grep -q '^    kern<<<g, b>>>(__VA_ARGS__);$' "$TMP/k.hip"
grep -q '^  hipLaunchKernelGGL(inc, dim3(n), dim3(1), 0, 0, x, y);;$' "$TMP/k.hip"
grep -q '^  hipLaunchKernelGGL(inc, dim3(n), dim3(1), 0, 0, x, y);$' "$TMP/k.hip"
grep -q 'do { hipLaunchKernelGGL(kern, dim3(g), dim3(b), 0, 0, __VA_ARGS__); hipDeviceSynchronize(); }' "$TMP/k.hip"
grep -q '^  CHECKED(inc, n, 1, x, y);$' "$TMP/k.hip"
grep -q '^  hipLaunchKernelGGL(none, dim3(1), dim3(1), 0, 0);;$' "$TMP/k.hip"
grep -q '^  hipLaunchKernelGGL(two, dim3(1), dim3(1), 0, 0, std::min(n, 2), (n, 3));;$' "$TMP/k.hip"
grep -q '^  hipLaunchKernelGGL(two, dim3(1), dim3(1), 0, 0, n,$' "$TMP/k.hip"
grep -q '^         n);;$' "$TMP/k.hip"
