# A non-empty OUT with --force: written into; the stale a.cu replaced by the
# translation, an unrelated file left alone, the source untouched.
set -u
rc=0
bad() { echo "check.sh: $*"; rc=1; }
grep -q 'hipMalloc(' "$INPUT/out/a.cu" || bad "out/a.cu is not the translation: $(cat "$INPUT/out/a.cu")"
grep -q 'old contents' "$INPUT/out/a.cu" && bad "out/a.cu still holds the old contents"
grep -q 'hipMemset(' "$INPUT/out/sub/b.cu" || bad "out/sub/b.cu is missing or not translated"
[[ $(cat "$INPUT/out/keep.txt") == kept ]] || bad "out/keep.txt changed"
diff -r "$CASE/input/src" "$INPUT/src" >/dev/null || bad "the source changed"
exit $rc
