# -o together with --in-place: a usage error, nothing written anywhere.
set -u
rc=0
diff -r "$CASE/input" "$INPUT" >/dev/null || { echo "check.sh: the input tree changed: $(diff -rq "$CASE/input" "$INPUT")"; rc=1; }
left=$(cd "$TMP" && ls -A | grep -vxE "input|stdout|stderr"); [[ -z $left ]] || { echo "check.sh: written in TMP: $left"; rc=1; }
exit $rc
