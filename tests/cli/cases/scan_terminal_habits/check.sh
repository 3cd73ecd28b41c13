# Colour, progress and --quiet as a terminal sees them: `script` gives the
# command a terminal; the case's own run (no terminal) must print no progress.
set -u
fail=0
no() { echo "check.sh: $*"; fail=1; }
esc=$'\033'
out=$("$HIPPORT" scan "$INPUT" --no-db --color=always)
[[ $out == *"${esc}[1;35mwarning:"* && $out == *"${esc}[1;31merror:"* ]] || no "--color=always: no clang colours"
out=$("$HIPPORT" scan "$INPUT" --no-db --color=never)
[[ $out != *"$esc"* ]] || no "--color=never wrote escapes"
"$HIPPORT" scan "$INPUT" --no-db --color=sometimes >/dev/null 2>"$TMP/err"; rc=$?
[[ $rc == 2 ]] && grep -q -- "--color wants auto, always or never" "$TMP/err" || no "--color=sometimes: exit $rc"
if ! command -v script >/dev/null; then
  echo "check.sh: no script(1) here: the terminal half is not checked"; exit $fail
fi
tty=$(script -qec "'$HIPPORT' scan '$INPUT' --no-db" /dev/null)
[[ $tty == *"files/s"* && $tty == *"1/1 files"* ]] || no "no progress line on a terminal"
[[ $tty == *"${esc}[1;35mwarning:"* ]] || no "no colours on a terminal"
tty=$(NO_COLOR=1 script -qec "'$HIPPORT' scan '$INPUT' --no-db" /dev/null)
[[ $tty != *"${esc}[1;35m"* ]] || no "NO_COLOR still coloured"
tty=$(script -qec "'$HIPPORT' scan '$INPUT' --no-db --quiet" /dev/null)
[[ $tty != *"files/s"* ]] || no "--quiet still showed progress"
[[ $tty != *"warning:"* && $tty == *"error:"* ]] || no "--quiet: warnings shown or errors lost"
exit $fail
