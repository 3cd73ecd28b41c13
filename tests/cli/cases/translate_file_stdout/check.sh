# translate FILE -o -: standard output is the translation and nothing else; no file is written.
set -u
rc=0
cmp "$CASE/expected.cu" "$OUT" || { echo "check.sh: stdout differs from expected.cu:"; diff "$CASE/expected.cu" "$OUT"; rc=1; }
cmp -s "$CASE/input/a.cu" "$INPUT/a.cu" || { echo "check.sh: the source a.cu changed"; rc=1; }
left=$(cd "$TMP" && ls -A | grep -vxE 'input|stdout|stderr')
[[ -z $left ]] || { echo "check.sh: files written in TMP: $left"; rc=1; }
[[ $(ls -A "$INPUT") == a.cu ]] || { echo "check.sh: files added beside the source: $(ls -A "$INPUT")"; rc=1; }
exit $rc
