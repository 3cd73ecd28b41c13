"""A CUDA file whose host side uses OpenMP parses: <omp.h> is found (Debian's
libomp-16-dev puts it where libclang looks), not a fatal error that leaves the
file to the lexical reading."""
import json
import os
import sys

with open(os.environ["OUT"], encoding="utf-8") as f:
    report = json.load(f)
errors = []
if [f["parser"] for f in report["files"]] != ["libclang"]:
    errors.append(f"read by {[f['parser'] for f in report['files']]}, expected libclang")
fallbacks = [x["message"] for x in report["findings"] if x["code"] == "HP3001"]
if fallbacks:
    errors.append(f"fell back: {fallbacks}")
if "cudaMemcpy" not in {u["cuda"] for u in report["uses"]}:
    errors.append("cudaMemcpy not among the uses")
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
