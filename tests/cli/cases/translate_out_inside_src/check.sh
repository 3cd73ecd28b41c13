# -o OUT inside SRC: refused before anything is written.
set -u
rc=0
diff -r "$CASE/input" "$INPUT" >/dev/null || { echo "check.sh: the input tree changed: $(diff -rq "$CASE/input" "$INPUT")"; rc=1; }
exit $rc
