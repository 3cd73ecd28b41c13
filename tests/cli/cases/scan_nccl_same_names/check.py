"""RCCL keeps NCCL's names, so what the toolkit's nccl.h declares is no CUDA API
to map name by name: a parsed file that calls NCCL gets no "unknown CUDA name"
(HP1005) for ncclAllReduce and the rest, and nccl.h itself maps to RCCL's."""
import json
import os
import sys

with open(os.environ["OUT"], encoding="utf-8") as f:
    report = json.load(f)
errors = []
if [f["parser"] for f in report["files"]] != ["libclang"]:
    errors.append(f"read by {[f['parser'] for f in report['files']]}, expected libclang")
unknown = [x["subject"] for x in report["findings"] if x["code"] == "HP1005"]
if unknown:
    errors.append(f"NCCL names reported as unknown CUDA API: {unknown}")
headers = {u["cuda"]: u["hip"] for u in report["uses"] if u["kind"] == "header"}
if headers.get("nccl.h") != "rccl/rccl.h":
    errors.append(f"nccl.h maps to {headers.get('nccl.h')}, expected rccl/rccl.h")
if "cudaMalloc" not in {u["cuda"] for u in report["uses"]}:
    errors.append("cudaMalloc not among the uses")
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
