#!/usr/bin/env bash
# One golden translation case: tests/cases/NAME/{input.cu, args, expected.hip}.
# Translates input.cu with the case's args and compares with expected.hip byte for
# byte, then translates expected.hip again and checks nothing changes (idempotence).
# A case folder holding a file `known-bug` (what is wrong, in a line) is a known
# failure: a mismatch is reported as such and does not fail; a match fails, so
# the note is removed once the bug is fixed.
set -u
hipport=$1 case_dir=$2
name=$(basename "$case_dir")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read -r -a args < "$case_dir/args"

cp "$case_dir/input.cu" "$work/input.cu"
"$hipport" translate "$work/input.cu" -o "$work/out.hip" "${args[@]}" 2> "$work/stderr"
rc=$?
ok=1
if [ $rc -ne 0 ]; then
  echo "$name: hipport exited $rc"; cat "$work/stderr"; ok=0
elif ! cmp -s "$work/out.hip" "$case_dir/expected.hip"; then
  echo "$name: output differs from expected.hip"; diff -u "$case_dir/expected.hip" "$work/out.hip"; ok=0
else
  cp "$work/out.hip" "$work/again.cu"
  "$hipport" translate "$work/again.cu" -o "$work/again.hip" "${args[@]}" 2> /dev/null
  if ! cmp -s "$work/again.cu" "$work/again.hip"; then
    echo "$name: translating the output again changed it"; diff -u "$work/again.cu" "$work/again.hip"; ok=0
  fi
fi

if [ -f "$case_dir/known-bug" ]; then
  if [ $ok -eq 1 ]; then
    echo "$name: marked known-bug but passes: remove $case_dir/known-bug"; exit 1
  fi
  echo "$name: KNOWN FAILURE: $(cat "$case_dir/known-bug")"; exit 0
fi
[ $ok -eq 1 ] && echo "$name: ok"
[ $ok -eq 1 ]
