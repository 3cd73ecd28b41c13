"""Code that drives libclang past its limits is named and read lexically while
the run goes on: a 200,000-term expression (which overflowed an 8 MiB stack,
and whose tree takes minutes to ask about) and 3,000,000 nested unary minuses
(which overflow even the workers' 1 GiB stack: libclang's crash recovery must
catch it). The other file is scanned as usual; exit 0."""
import os
import subprocess
import sys

tmp, hipport = os.environ["TMP"], os.environ["HIPPORT"]
tree = os.path.join(tmp, "deep")
os.makedirs(tree)
with open(os.path.join(tmp, "input", "ok.cu")) as f:
    ok = f.read()
with open(os.path.join(tree, "ok.cu"), "w") as f:
    f.write(ok)
with open(os.path.join(tree, "long.cu"), "w") as f:
    f.write("#include <cuda_runtime.h>\nint x = 0" + " + 1" * 200000 + ";\n")
with open(os.path.join(tree, "nested.cu"), "w") as f:
    f.write("#include <cuda_runtime.h>\nint y = " + "- " * 3000000 + "1;\n")
r = subprocess.run([hipport, "scan", "--parse-all", tree, "--no-db", "--format", "json"], capture_output=True, text=True, timeout=300)
errors = []
if r.returncode != 0:
    errors.append(f"rc {r.returncode}: {r.stderr[-500:]}")
else:
    import json
    report = json.loads(r.stdout)
    files = {f["path"]: f["parser"] for f in report["files"]}
    if files != {"long.cu": "lexical", "nested.cu": "lexical", "ok.cu": "libclang"}:
        errors.append(f"parsers {files}")
    why = {d["file"]: d["message"] for d in report["findings"] if d["code"] == "HP3001"}
    if "too deep to ask the tree" not in why.get("long.cu", "") or "libclang crashed" not in why.get("nested.cu", ""):
        errors.append(f"HP3001 findings {why}")
    if not any(u["file"] == "ok.cu" and u["cuda"] == "cudaMalloc" for u in report["uses"]):
        errors.append("ok.cu was not scanned as usual")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
