# hipify-clang's convention: a function-like macro whose body is a launch keeps
# its chevrons and each use becomes the launch it expands to (the body's `;`
# kept: a use written without one still ends its statement). A body with more
# than the launch is rewritten in place: writing it at a use would drop the rest.
set -e
grep -q '^    kern<<<g, b>>>(__VA_ARGS__);$' "$TMP/k.hip"
grep -q '^  hipLaunchKernelGGL(inc, dim3(n), dim3(1), 0, 0, x, y);;$' "$TMP/k.hip"
grep -q '^  hipLaunchKernelGGL(inc, dim3(n), dim3(1), 0, 0, x, y);$' "$TMP/k.hip"
grep -q 'do { hipLaunchKernelGGL(kern, dim3(g), dim3(b), 0, 0, __VA_ARGS__); hipDeviceSynchronize(); }' "$TMP/k.hip"
grep -q '^  CHECKED(inc, n, 1, x, y);$' "$TMP/k.hip"
