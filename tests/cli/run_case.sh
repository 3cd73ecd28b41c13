#!/usr/bin/env bash
# Runs one command-line case against the hipport binary and compares what it
# did with what the case expects (ctags' Tmain, chibicc's driver.sh).
#
# usage: run_case.sh HIPPORT CASE_DIR
#
# A case is a folder:
#   args          the arguments after `hipport`, one per line; @TMP@ is a fresh
#                 temporary folder, @INPUT@ its copy of the case's input/ folder
#                 (or of the folder an input link names), @CASE@ the case folder
#                 itself; a file of input named NAME.in becomes NAME with @INPUT@
#                 replaced (a compile_commands.json holds absolute paths)
#   exit          the expected exit code (default 0)
#   stdout        extended regexes, one per line: each must match a line of
#   stderr        the output; a line starting with ! must match no line
#   stdout-lines  the exact number of lines of that output (e.g. 0, or 1 for a
#   stderr-lines  one-line error)
#   requires      paths that must exist on this machine, or the case is skipped
#   check.sh      run last with bash, or check.py with python3, for anything
#   check.py      more (JSON fields, a second run), with clicase.py to import; environment: HIPPORT, CASE,
#                 TMP, INPUT, OUT, ERR (the output files), RC (the exit code)
# Exit: 0 pass, 1 fail, 77 skipped (ctest SKIP_RETURN_CODE).
set -u

HIPPORT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
CASE=$(cd "$2" && pwd)
CLI_DIR=$(cd "$(dirname "$0")" && pwd) # clicase.py, what check.py scripts share
NAME=$(basename "$CASE")
TMP=$(mktemp -d "${TMPDIR:-/tmp}/hipport-cli-$NAME.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
INPUT=$TMP/input
OUT=$TMP/stdout
ERR=$TMP/stderr
failures=0

fail() {
  echo "FAIL [$NAME]: $*"
  failures=$((failures + 1))
}

if [[ -f $CASE/requires ]]; then
  while IFS= read -r path || [[ -n $path ]]; do
    [[ -z $path || $path == \#* ]] && continue
    if [[ ! -e $path ]]; then
      echo "SKIP [$NAME]: $path is not on this machine"
      exit 77
    fi
  done <"$CASE/requires"
fi

[[ -d $CASE/input ]] && cp -RL "$CASE/input" "$INPUT"
if [[ -d $INPUT ]]; then
  while IFS= read -r -d '' template; do
    sed "s|@INPUT@|$INPUT|g" "$template" >"${template%.in}" && rm "$template"
  done < <(find "$INPUT" -name '*.in' -type f -print0)
fi

args=()
while IFS= read -r line || [[ -n $line ]]; do
  line=${line//@TMP@/$TMP}
  line=${line//@INPUT@/$INPUT}
  line=${line//@CASE@/$CASE}
  args+=("$line")
done <"$CASE/args"

(cd "$TMP" && "$HIPPORT" "${args[@]}") >"$OUT" 2>"$ERR" </dev/null
RC=$?

want_rc=0
[[ -f $CASE/exit ]] && want_rc=$(tr -d '[:space:]' <"$CASE/exit")
[[ $RC == "$want_rc" ]] || fail "exit code $RC, expected $want_rc"

# match_patterns PATTERN_FILE OUTPUT_FILE LABEL
match_patterns() {
  local pattern
  while IFS= read -r pattern || [[ -n $pattern ]]; do
    [[ -z $pattern ]] && continue
    pattern=${pattern//@TMP@/$TMP}
    pattern=${pattern//@INPUT@/$INPUT}
    if [[ $pattern == !* ]]; then
      if grep -Eq -e "${pattern:1}" "$2"; then
        fail "$3 has a line matching /${pattern:1}/ and must not"
      fi
    elif ! grep -Eq -e "$pattern" "$2"; then
      fail "$3 has no line matching /$pattern/"
    fi
  done <"$1"
}

for stream in stdout stderr; do
  file=$OUT
  [[ $stream == stderr ]] && file=$ERR
  [[ -f $CASE/$stream ]] && match_patterns "$CASE/$stream" "$file" "$stream"
  if [[ -f $CASE/$stream-lines ]]; then
    want=$(tr -d '[:space:]' <"$CASE/$stream-lines")
    got=$(wc -l <"$file" | tr -d ' ')
    # A last line without a newline still counts.
    [[ -s $file && $(tail -c1 "$file" | od -An -c | tr -d ' ') != '\n' ]] && got=$((got + 1))
    [[ $got == "$want" ]] || fail "$stream has $got lines, expected $want"
  fi
done

export HIPPORT CASE TMP INPUT OUT ERR RC
if [[ -f $CASE/check.sh ]]; then
  (cd "$TMP" && bash "$CASE/check.sh") || fail "check.sh failed"
fi
if [[ -f $CASE/check.py ]]; then
  (cd "$TMP" && PYTHONPATH="$CLI_DIR${PYTHONPATH:+:$PYTHONPATH}" python3 "$CASE/check.py") || fail "check.py failed"
fi

if ((failures)); then
  echo "--- command: hipport ${args[*]}"
  echo "--- stdout (first 40 lines):"
  head -n 40 "$OUT"
  echo "--- stderr (first 40 lines):"
  head -n 40 "$ERR"
  exit 1
fi
echo "PASS [$NAME]"
exit 0
