# translate --dry-run: a unified diff on stdout, nothing written: the input tree
# is byte for byte what the case holds, and TMP holds nothing new.
set -u
rc=0
diff -r "$CASE/input" "$INPUT" >/dev/null || { echo "check.sh: the input tree changed: $(diff -rq "$CASE/input" "$INPUT")"; rc=1; }
left=$(cd "$TMP" && ls -A | grep -vxE 'input|stdout|stderr')
[[ -z $left ]] || { echo "check.sh: files written in TMP: $left"; rc=1; }
# Every stdout line belongs to a unified diff.
bad=$(grep -vE '^(--- a/|\+\+\+ b/|@@ |[-+ ])' "$OUT")
[[ -z $bad ]] || { echo "check.sh: stdout lines that are not diff: $bad"; rc=1; }
exit $rc
