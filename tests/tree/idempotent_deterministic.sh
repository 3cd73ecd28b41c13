#!/usr/bin/env bash
# Over the whole corpus: translating the output again changes nothing, the same
# input gives the same bytes with -j1 and -j2, every file that is neither CUDA
# nor a build file is copied byte for byte, and the source is left untouched.
set -euo pipefail
hipport=$1 corpus=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

before=$(cd "$corpus" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
"$hipport" translate "$corpus" -o "$work/j1" -j1 --annotate --launch ggl 2> /dev/null
"$hipport" translate "$corpus" -o "$work/j2" -j2 --annotate --launch ggl 2> /dev/null
diff -r "$work/j1" "$work/j2" || { echo "FAIL: -j1 and -j2 outputs differ"; exit 1; }
"$hipport" translate "$work/j1" -o "$work/again" --annotate --launch ggl 2> /dev/null
diff -r "$work/j1" "$work/again" || { echo "FAIL: translating the output again changed it"; exit 1; }

after=$(cd "$corpus" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
[ "$before" = "$after" ] || { echo "FAIL: the source tree changed"; exit 1; }

copied=0
while IFS= read -r -d '' f; do
  case "$f" in *.cu|*.cuh|*.h|*.hpp|*.cpp|*.cc|*/CMakeLists.txt|*.cmake|*/Makefile|*.mk) continue ;; esac
  cmp -s "$corpus/$f" "$work/j1/$f" || { echo "FAIL: $f not copied byte for byte"; exit 1; }
  copied=$((copied + 1))
done < <(cd "$corpus" && find . -type f -print0)
[ "$copied" -gt 0 ] || { echo "FAIL: no non-source file was checked"; exit 1; }
translated=$( (diff -rq "$corpus" "$work/j1" || true) | wc -l)
[ "$translated" -gt 10 ] || { echo "FAIL: only $translated files differ from the source"; exit 1; }
echo "ok: $translated files translated, $copied copied byte for byte, idempotent, same with -j1 and -j2"
