# translate SRC -o OUT on a folder: the .cu files translated, every other file
# copied byte for byte, the layout kept, and the source left as it was.
set -u
rc=0
bad() { echo "check.sh: $*"; rc=1; }
out=$TMP/out
for f in a.cu sub/b.cu notes.txt sub/data.bin; do
  [[ -f $out/$f ]] || bad "$f is missing from OUT"
done
[[ -d $out/sub ]] || bad "OUT has no sub/ folder"
n=$(find "$out" -type f | wc -l)
[[ $n == 4 ]] || bad "OUT holds $n files, expected 4: $(cd "$out" && find . -type f | tr '\n' ' ')"
cmp -s "$INPUT/src/notes.txt" "$out/notes.txt" || bad "notes.txt is not a byte-for-byte copy"
cmp -s "$INPUT/src/sub/data.bin" "$out/sub/data.bin" || bad "sub/data.bin is not a byte-for-byte copy"
grep -q 'hipMalloc((void \*\*)&d, 64 \* sizeof(float));' "$out/a.cu" || bad "a.cu: no hipMalloc"
grep -q '^#include <hip/hip_runtime.h>$' "$out/a.cu" || bad "a.cu: no #include <hip/hip_runtime.h>"
grep -q 'hipFree(d);' "$out/a.cu" || bad "a.cu: no hipFree"
grep -q 'cuda' "$out/a.cu" && bad "a.cu still names CUDA: $(grep cuda "$out/a.cu")"
grep -q 'hipMemset(d, 0, n);' "$out/sub/b.cu" || bad "sub/b.cu: no hipMemset"
grep -q '^#include <hip/hip_runtime.h>$' "$out/sub/b.cu" || bad "sub/b.cu: no hip_runtime.h include"
# The source: byte for byte what the case holds, and nothing added to it.
diff -r "$CASE/input" "$INPUT" >/dev/null || bad "the source tree changed: $(diff -rq "$CASE/input" "$INPUT")"
exit $rc
