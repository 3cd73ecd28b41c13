# translate --in-place: the file is rewritten after a backup of its original
# bytes (FILE.cuda.orig); a run that would rewrite a file whose backup exists
# refuses (exit 2) and changes nothing, unless the backup holds the file as it
# is (an interrupted run's); --backup-suffix picks the suffix and
# cannot be empty.
set -u
rc=0
bad() { echo "check.sh: $*"; rc=1; }
sums() { (cd "$INPUT" && sha256sum -- $(ls -A)); }

cmp -s "$CASE/expected.cu" "$INPUT/a.cu" || bad "a.cu is not the translation: $(diff "$CASE/expected.cu" "$INPUT/a.cu")"
cmp -s "$CASE/input/a.cu" "$INPUT/a.cu.cuda.orig" || bad "a.cu.cuda.orig does not hold the original bytes"

# A second run over the translated file: nothing may change.
before=$(sums)
"$HIPPORT" translate "$INPUT/a.cu" --in-place >/dev/null 2>"$TMP/err2"
[[ $(sums) == "$before" ]] || bad "a second --in-place run changed files"

# The source turned back to CUDA while the backup, holding those same bytes, is
# still there (what a run interrupted between backup and write leaves): the
# re-run finishes the job, and the backup still holds the original.
cp "$CASE/input/a.cu" "$INPUT/a.cu"
"$HIPPORT" translate "$INPUT/a.cu" --in-place >/dev/null 2>"$TMP/err3a" || bad "re-run over its own backup: $(cat "$TMP/err3a")"
cmp -s "$CASE/expected.cu" "$INPUT/a.cu" || bad "the re-run did not translate a.cu"
cmp -s "$CASE/input/a.cu" "$INPUT/a.cu.cuda.orig" || bad "the re-run changed the backup"

# A backup that holds something else is the user's: refused, nothing changed.
cp "$CASE/input/a.cu" "$INPUT/a.cu"
echo "// the user's own edit" >> "$INPUT/a.cu.cuda.orig"
before=$(sums)
"$HIPPORT" translate "$INPUT/a.cu" --in-place >/dev/null 2>"$TMP/err3"
r=$?
[[ $r == 2 ]] || bad "run over a.cu with a.cu.cuda.orig present: exit $r, expected 2"
[[ $(wc -l <"$TMP/err3") == 1 ]] || bad "refusal stderr is not one line: $(cat "$TMP/err3")"
grep -q "a\.cu\.cuda\.orig" "$TMP/err3" || bad "refusal does not name the backup: $(cat "$TMP/err3")"
[[ $(sums) == "$before" ]] || bad "the refused run changed files"

# --backup-suffix .bak
"$HIPPORT" translate "$INPUT/b.cu" --in-place --backup-suffix .bak >/dev/null 2>"$TMP/err4"
r=$?
[[ $r == 0 ]] || bad "--backup-suffix .bak: exit $r: $(cat "$TMP/err4")"
cmp -s "$CASE/input/b.cu" "$INPUT/b.cu.bak" || bad "b.cu.bak does not hold the original bytes"
cmp -s "$CASE/expected.cu" "$INPUT/b.cu" || bad "b.cu is not the translation"
[[ -e $INPUT/b.cu.cuda.orig ]] && bad "b.cu.cuda.orig written although --backup-suffix .bak"

# --backup-suffix '': the backup would be the source itself.
before=$(sums)
"$HIPPORT" translate "$INPUT/c.cu" --in-place --backup-suffix '' >/dev/null 2>"$TMP/err5"
r=$?
[[ $r == 2 ]] || bad "--backup-suffix '': exit $r, expected 2"
[[ $(wc -l <"$TMP/err5") == 1 ]] || bad "--backup-suffix '' stderr is not one line: $(cat "$TMP/err5")"
[[ $(sums) == "$before" ]] || bad "--backup-suffix '' changed files"
exit $rc
