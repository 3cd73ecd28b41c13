# "-h" as an option's value is that value, as getopt reads it: --cache-dir -h
# kept the cache in ./-h (the case runs in TMP), --format -h is an unknown
# format, and hipify's -o -h is an output; only -h or --help as an option
# (alone, in a cluster, after other options) shows the usage.
set -u
bad() { echo "check.sh: $*"; exit 1; }
[[ -d $TMP/-h ]] && [[ -n $(ls -A "$TMP/-h") ]] || bad "--cache-dir -h kept no cache in ./-h"
"$HIPPORT" scan --no-db --format -h "$INPUT" >"$TMP/o" 2>"$TMP/e"
rc=$?
[[ $rc == 2 && ! -s $TMP/o ]] && grep -q "unknown --format '-h'" "$TMP/e" || bad "scan --format -h: exit $rc, $(cat "$TMP/o" "$TMP/e")"
"$HIPPORT" hipify -o -h >"$TMP/o" 2>"$TMP/e"
rc=$?
[[ $rc == 2 && ! -s $TMP/o ]] && grep -q "name the CUDA source files" "$TMP/e" || bad "hipify -o -h: exit $rc, $(cat "$TMP/o" "$TMP/e")"
for help in "--no-db -h" "--no-db --help" "-qh" "--format json -h $INPUT"; do
  # shellcheck disable=SC2086 # each is several arguments
  "$HIPPORT" scan $help >"$TMP/o" 2>"$TMP/e"
  rc=$?
  [[ $rc == 0 && ! -s $TMP/e ]] && grep -q "^usage: hipport scan PATH" "$TMP/o" || bad "scan $help: exit $rc, $(cat "$TMP/o" "$TMP/e")"
done
exit 0
