"""A .cu file holding NUL bytes and one that is not valid UTF-8: each is
skipped with an HP3002 note (parser "none" in files[]), while the other file's
uses are still reported; exit 0."""
import json
import os
import sys

with open(os.environ["OUT"], encoding="utf-8") as f:
    report = json.load(f)
errors = []
files = {f["path"]: f for f in report.get("files", [])}
for name, why in [("nul.cu", "NUL"), ("latin1.cu", "UTF-8")]:
    f = files.get(name)
    if f is None:
        errors.append(f"{name} is not in files[]")
        continue
    if f.get("parser") != "none":
        errors.append(f"{name}: parser {f.get('parser')!r}, expected none")
    notes = [d for d in report.get("findings", []) if d.get("file") == name and d.get("code") == "HP3002"]
    if len(notes) != 1:
        errors.append(f"{name}: {len(notes)} HP3002 findings, expected 1")
    elif notes[0].get("category") != "skipped-file" or why not in notes[0].get("message", ""):
        errors.append(f"{name}: HP3002 finding {notes[0]}")
    if any(u.get("file") == name for u in report.get("uses", [])):
        errors.append(f"{name}: uses reported from a skipped file")
good = sorted(u.get("cuda") for u in report.get("uses", []) if u.get("file") == "good.cu")
if good != ["cudaMallocAsync", "cudaStream_t", "cuda_runtime.h"]:
    errors.append(f"good.cu uses {good}, expected cudaMallocAsync cudaStream_t cuda_runtime.h")
if files.get("good.cu", {}).get("parser") != "libclang":
    errors.append(f"good.cu parser {files.get('good.cu', {}).get('parser')!r}")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
