"""No false findings (issue 13, item 2). A header the scanned tree holds
(include/helper_cuda.h, found by include discovery) is the project's, never
"library unavailable"; a name the tree defines (__ldlu, also used in a macro
body) is never a CUDA name to port; __align__, which HIP spells as CUDA does,
and nv_half / __nv_half2, typedefs of the mapped __half / __half2, are never
"unknown": the aliases are mapped to what their target maps to."""
import json
import os
import subprocess
import sys

inp, hipport = os.environ["INPUT"], os.environ["HIPPORT"]
os.makedirs(os.path.join(inp, ".git"))  # the repository helper_cuda.h is found in
errors = []
run = subprocess.run([hipport, "scan", os.path.join(inp, "src"), "--no-db", "--rocm", "5.2", "--format", "json"],
                     capture_output=True, text=True)
report = json.loads(run.stdout)
false = [(d["file"], d["line"], d["code"], d["message"]) for d in report["findings"]
         if d["code"] in ("HP1001", "HP1005", "HP1006", "HP3001")]
if false:
    errors.append(f"false findings: {false}")
uses = {(u["cuda"], u["hip"], u["status"]) for u in report["uses"]}
for want in (("__align__", "__align__", "mapped"), ("nv_half", "__half", "mapped"),
             ("__nv_half2", "__half2", "mapped")):
    if want not in uses:
        errors.append(f"no use {want}")
if any(u["cuda"] == "__ldlu" for u in report["uses"]):
    errors.append("__ldlu, which the tree defines, counted as a CUDA use")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
