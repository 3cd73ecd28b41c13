"""Files whose opening blocks differ in light headers but share a heavy one
(cooperative_groups.h has a parse weight) share one PCH of the heavy lines:
e.cu includes <cstdio> before it, f.cu <vector> and <algorithm> after it. The
light headers are parsed after the PCH's, and the report is the one of a run
with no cache; g.cu, light and alone, gets no PCH. h.cu and i.cu open with
<stdio.h>, which is not the C++ library's by its name (it may be a project's
header configuring the heavy one): their block keeps its order and is their own
set, the second."""
import glob
import json
import os
import subprocess
import sys

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
with open(os.environ["OUT"], encoding="utf-8") as f:
    reference = json.load(f)
errors = []
if [f["parser"] for f in reference["files"]] != ["libclang"] * 5:
    errors.append("the run with no cache did not parse all five files")
if not any(u["cuda"] == "this_thread_block" for u in reference["uses"]):
    errors.append("no use of this_thread_block in the report")
cache = os.path.join(tmp, "cache")
r = subprocess.run([hipport, "scan", "--parse-all", inp, "--format", "json", "--cache-dir", cache], capture_output=True, text=True)
cached = json.loads(r.stdout) if r.returncode == 0 else {}
for part in ("files", "uses", "findings"):
    if cached.get(part) != reference[part]:
        errors.append(f"with the cache: the report's {part} differ from a run with no cache (exit {r.returncode})")
sets = glob.glob(os.path.join(cache, "set-*.pch"))
if len(sets) != 2:
    errors.append(f"{len(sets)} include sets precompiled, expected two: the heavy line e.cu and f.cu share, "
                  "and the whole block h.cu and i.cu share")
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
