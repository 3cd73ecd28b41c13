# -o naming a pipe or device (/dev/null, /dev/stdout) writes into it: the
# temporary-file-and-rename that protects regular files must not replace it.
set -e
for cmd in "scan $INPUT --format json -o" "translate $INPUT/k.cu -o"; do
  rm -f "$TMP/pipe" "$TMP/got"
  mkfifo "$TMP/pipe"
  cat "$TMP/pipe" > "$TMP/got" &
  reader=$!
  # shellcheck disable=SC2086
  "$HIPPORT" $cmd "$TMP/pipe" 2> /dev/null
  if [[ ! -p $TMP/pipe ]]; then
    kill "$reader" # still waiting for a writer that never came
    echo "hipport $cmd replaced the pipe"
    exit 1
  fi
  wait "$reader"
  [[ -s $TMP/got ]] || { echo "hipport $cmd wrote nothing into the pipe"; exit 1; }
  [[ ! -e $TMP/pipe.hipport-tmp ]] || { echo "hipport $cmd left a temporary file"; exit 1; }
done
grep -q '"tool": "hipport"' "$TMP/got" && exit 1 # the last round was translate: HIP source, not JSON
grep -q 'hipDeviceSynchronize' "$TMP/got"
