"""The tree's header folders are on every file's include path, but after the
system's: a tree's own unistd.h (a Windows stand-in, in winport/) does not take
the place of the system's in app/main.cu, which parses; common/helper.h, named
in angle brackets from another folder, is still found, and the function it
defines under a CUDA name is still the tree's own, not CUDA's removed one."""
import json
import os
import sys

with open(os.path.join(os.environ["TMP"], "scan.json"), encoding="utf-8") as f:
    report = json.load(f)
errors = []
parsers = {f["path"]: f["parser"] for f in report["files"]}
if parsers.get("app/main.cu") != "libclang":
    errors.append(f"app/main.cu read by {parsers.get('app/main.cu')}, expected libclang")
fallbacks = [x["file"] + ": " + x["message"] for x in report["findings"] if x["code"] == "HP3001"]
if fallbacks:
    errors.append(f"fell back to the lexical reading: {fallbacks}")
names = sorted({u["cuda"] for u in report["uses"] if u["file"] == "app/main.cu"})
if "cudaMalloc" not in names or "cudaFree" not in names:
    errors.append(f"main.cu's CUDA names {names}: expected cudaMalloc and cudaFree among them")
if "cudaThreadSynchronize" in names:
    errors.append("cudaThreadSynchronize, which common/helper.h defines, taken for CUDA's")
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
