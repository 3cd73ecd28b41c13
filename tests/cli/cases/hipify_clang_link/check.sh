# A script written for hipify-clang runs unchanged with a link named
# hipify-clang to hipport on its PATH: the link is `hipport hipify`, its options,
# its errors (exit code 2 for an option it lacks) and its --version.
set -e
mkdir -p "$TMP/bin"
ln -s "$HIPPORT" "$TMP/bin/hipify-clang"
PATH="$TMP/bin:$PATH" hipify-clang "$INPUT/k.cu" -o="$TMP/k.hip" --hip-kernel-execution-syntax -- -DNDEBUG
grep -q '^  hipLaunchKernelGGL(fill, dim3(1), dim3(16), 0, 0, d);$' "$TMP/k.hip"
grep -q '^  hipMalloc(&d, 64);$' "$TMP/k.hip"
PATH="$TMP/bin:$PATH" hipify-clang --version | grep -q '^hipport '
rc=0
PATH="$TMP/bin:$PATH" hipify-clang --perl "$INPUT/k.cu" 2> "$TMP/perl.err" || rc=$?
[ "$rc" -eq 2 ]
grep -q 'not supported by hipport hipify: --perl' "$TMP/perl.err"
