# translate FILE -o FILE: the output file is the translation, exactly; the source is untouched.
set -u
rc=0
cmp "$CASE/expected.cu" "$TMP/a.hip.cu" || { echo "check.sh: a.hip.cu differs from expected.cu:"; diff "$CASE/expected.cu" "$TMP/a.hip.cu"; rc=1; }
cmp -s "$CASE/input/a.cu" "$INPUT/a.cu" || { echo "check.sh: the source a.cu changed"; rc=1; }
[[ $(ls "$INPUT") == a.cu ]] || { echo "check.sh: files added beside the source: $(ls "$INPUT")"; rc=1; }
exit $rc
