"""Parses kept within a memory budget change no result: the report with no
bound at -j1 is the report at -j2 with a budget below what one file weighs
(each heavy file then parses alone, the light one beside it) and with the
default budget. Two of the files include cooperative groups, one through a
project header."""
import json
import os
import subprocess
import sys

inp, hipport = os.environ["INPUT"], os.environ["HIPPORT"]
reference = json.loads(open(os.environ["OUT"]).read())
errors = []
if sorted(f["parser"] for f in reference["files"]) != ["libclang"] * 4:
    errors.append("the unbounded run did not parse the four files")
for extra in (["--parse-memory", "1"], []):
    r = subprocess.run([hipport, "scan", "--parse-all", inp, "--format", "json", "--no-cache", "-j2"] + extra,
                       capture_output=True, text=True, timeout=100)
    if r.returncode != 0 or json.loads(r.stdout) != reference:
        errors.append(f"-j2 {' '.join(extra) or '(default budget)'}: the report differs (exit {r.returncode})")
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
