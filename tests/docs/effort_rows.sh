#!/bin/sh
# rules/EFFORT.md's table must have a row for every diagnostic of diagnostics.def:
# six had none when this test was written.
# usage: effort_rows.sh diagnostics.def EFFORT.md
missing=0
for code in $(grep -o '"HP[0-9]*"' "$1" | tr -d '"'); do
  if ! grep -q "^| $code |" "$2"; then
    echo "$2: no row for $code: add it to the table (its category, hours and how it is counted, from $1)" >&2
    missing=1
  fi
done
exit $missing
