# hipify-clang's conventions: the void** HIP wants is written as hipify-clang
# writes it, without a cast; the calls whose argument is not a void** are
# reported above (HP1010), and hipport translate casts them.
set -e
grep -q '^  hipHostGetDevicePointer(&v, host, 0);$' "$TMP/k.hip"
grep -q '^  hipHostGetDevicePointer(&f, host, 0);$' "$TMP/k.hip"
grep -q '^  hipMallocPitch(&f, &pitch, 16, 4);$' "$TMP/k.hip"
grep -q '^  hipHostAlloc((void \*\*)&f, 16, hipHostMallocDefault);$' "$TMP/k.hip"
"$HIPPORT" translate "$INPUT/k.cu" -o "$TMP/t.hip" 2> "$TMP/t.err"
grep -q '^  hipHostGetDevicePointer(&v, host, 0);$' "$TMP/t.hip"
grep -q '^  hipHostGetDevicePointer(reinterpret_cast<void\*\*>(&f), host, 0);$' "$TMP/t.hip"
! grep -q HP1010 "$TMP/t.err"
