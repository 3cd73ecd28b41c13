#!/usr/bin/env python3
"""Each hazard rule against code that must trip it and look-alike code that must not.

usage: check_hazards.py HIPPORT RULES_DB CASE_FILE

CASE_FILE is cases/HPxxxx.cu: the code in its name is the rule under test. A line
ending in `// expect HPxxxx` must get exactly one finding of that code; every
other line must get none, so the look-alikes beside the real cases keep the
pattern honest in both directions. The case is scanned alone, with the real
CUDA headers, for the newest ROCm release, or with the options of a
`// hipport-args: --rocm 6.3` line (a rule for some releases only). With RULES_DB the script also fails
when a code of the database's hazard table has no case file next to CASE_FILE,
so a new hazard row cannot land untested.
Exit: 0 pass, 1 a check failed, 2 the scan could not be run or read.
"""
import collections
import json
import os
import re
import sqlite3
import subprocess
import sys

EXPECT = re.compile(r"//\s*expect\s+(HP\d{4})\s*$")
ARGS = re.compile(r"^//\s*hipport-args:(.*)$", re.MULTILINE)


def expected_lines(path, code):
    with open(path, encoding="utf-8") as f:
        return collections.Counter(n for n, line in enumerate(f, 1)
                                   if (m := EXPECT.search(line)) and m.group(1) == code)


def scan_args(path):
    with open(path, encoding="utf-8") as f:
        m = ARGS.search(f.read())
    return m.group(1).split() if m else ["--rocm", "newest"]


def found_lines(hipport, path, code):
    proc = subprocess.run([hipport, "scan", path, "--format", "json", "--no-db", *scan_args(path)],
                          capture_output=True, text=True, timeout=300)
    if proc.returncode not in (0, 1):
        sys.exit(f"{path}: hipport scan exited {proc.returncode}: {proc.stderr.strip()}")
    report = json.loads(proc.stdout)
    return collections.Counter(f["line"] for f in report["findings"] if f["code"] == code)


def untested_codes(db, case_dir):
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        codes = {row[0] for row in con.execute("SELECT DISTINCT code FROM hazard")}
    have = {name[:6] for name in os.listdir(case_dir) if re.match(r"HP\d{4}", name)}
    return sorted(codes - have)


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    hipport, db, case = argv[1:]
    code = os.path.basename(case)[:6]
    want, got = expected_lines(case, code), found_lines(hipport, case, code)
    if not want:
        print(f"{case}: no `// expect {code}` line: the case proves nothing")
        return 1
    errors = [f"{case}:{n}: {code} expected {want[n]}, found {got[n]}"
              for n in sorted(set(want) | set(got)) if want[n] != got[n]]
    errors += [f"hazard code {c} (rules/data/hazards.csv) has no case in {os.path.dirname(case)}"
               for c in untested_codes(db, os.path.dirname(case))]
    print("\n".join(errors) if errors else f"{case}: {sum(want.values())} findings of {code}, no others")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
