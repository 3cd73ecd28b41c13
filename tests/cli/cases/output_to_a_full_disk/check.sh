# Output that cannot be written (a full disk: /dev/full) is an environment
# error naming where it went, exit 4, whichever way it was sent: standard output
# (a text or JSON report, a rule lookup, a translated file) or -o.
for cmd in "scan $INPUT --no-db" "scan $INPUT --no-db --format json" "rules lookup cudaMalloc" \
           "translate $INPUT/k.cu -o -"; do
  # shellcheck disable=SC2086
  "$HIPPORT" $cmd > /dev/full 2> "$TMP/err"
  rc=$?
  if [[ $rc != 4 ]] || ! grep -Eq '^hipport: (standard output: write failed|writing)' "$TMP/err"; then
    echo "hipport $cmd > /dev/full: exit $rc, $(cat "$TMP/err")"
    exit 1
  fi
done
"$HIPPORT" scan "$INPUT" --no-db -o /dev/full 2> "$TMP/err"
rc=$?
[[ $rc == 4 ]] && grep -q '^hipport: /dev/full: write failed' "$TMP/err" || { echo "-o /dev/full: exit $rc, $(cat "$TMP/err")"; exit 1; }
