"""Real repositories parse whole. A local #include the scanned folder lacks is
found in the repository around it (the folder holding .git): its folder joins
the include path, the file parses with libclang, the header is the project's
(no "library unavailable"), and so is helper_functions.h, which that folder
held too; the report names the folder once. A header that
parses only inside its includer (kernel.h uses PI from main.cu) is read from the
includer's tree. -I, -D and --extra-arg (hipify-clang's habit) reach every
file's parse."""
import json
import os
import subprocess
import sys

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
errors = []


def scan(*args):
    r = subprocess.run([hipport, "scan", "--parse-all", *args, "--no-db", "--format", "json"], capture_output=True, text=True)
    if r.returncode != 0:
        errors.append(f"scan {args}: rc {r.returncode}, {r.stderr}")
        return {"files": [], "findings": [], "uses": [], "include_folders_found": []}
    return json.loads(r.stdout)


os.makedirs(os.path.join(inp, ".git"))
vadd = scan(os.path.join(inp, "Samples", "vadd"))
parsers = {f["path"]: f["parser"] for f in vadd["files"]}
if parsers != {"vadd.cu": "libclang"}:
    errors.append(f"vadd: parsers {parsers}")
if any(d["code"] in ("HP1006", "HP3001") for d in vadd["findings"]):
    errors.append(f"vadd: findings {[(d['code'], d['message']) for d in vadd['findings']]}")
found = [(f["folder"], f["header"]) for f in vadd["include_folders_found"]]
if found != [(os.path.join(inp, "Common"), "helper_cuda.h")]:
    errors.append(f"vadd: include folders found {found}")
text = subprocess.run([hipport, "scan", "--parse-all", os.path.join(inp, "Samples", "vadd"), "--no-db"], capture_output=True,
                      text=True).stdout
if text.count(os.path.join(inp, "Common")) != 1:
    errors.append(f"the text report does not name Common once:\n{text}")

ctx = scan(os.path.join(inp, "ctx"))
parsers = {f["path"]: f["parser"] for f in ctx["files"]}
if parsers != {"kernel.h": "libclang", "main.cu": "libclang"}:
    errors.append(f"ctx: parsers {parsers}")
if not any(u["file"] == "kernel.h" and u["cuda"] == "threadIdx" and u["cursor"] == "DeclRefExpr" for u in ctx["uses"]):
    errors.append("ctx: kernel.h was not read from main.cu's tree")

def stream_disabled(report):
    return [u["disabled"] for u in report["uses"] if u["cuda"] == "cudaStreamCreate"]


plain = scan(os.path.join(inp, "flags"))
flagged = scan(os.path.join(inp, "flags"), "-I", os.path.join(inp, "flags_inc"), "-D", "WITH_STREAM")
joined = scan(os.path.join(inp, "flags"), "-I" + os.path.join(inp, "flags_inc"), "--extra-arg=-DWITH_STREAM")
if stream_disabled(plain) != [True] or not plain["include_folders_found"]:
    errors.append(f"no flags: cudaStreamCreate disabled {stream_disabled(plain)}, {plain['include_folders_found']}")
for name, r in (("-I DIR -D X", flagged), ("-IDIR --extra-arg=-DX", joined)):
    if stream_disabled(r) != [False] or r["include_folders_found"]:
        errors.append(f"{name}: cudaStreamCreate disabled {stream_disabled(r)}, found {r['include_folders_found']}")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
