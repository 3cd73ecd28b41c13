# -o OUT inside SRC, given relative to the working folder, where OUT's parent
# does not exist yet: still inside the source, still refused, nothing written.
set -u
rc=0
diff -r "$CASE/input" "$INPUT" >/dev/null || { echo "check.sh: the input tree changed: $(diff -rq "$CASE/input" "$INPUT")"; rc=1; }
exit $rc
