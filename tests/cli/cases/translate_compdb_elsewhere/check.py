"""A compile database that lists more than the path given (a whole project's
build, when the user asked for one folder): scan and translate keep to the
path given, and nothing outside it is read as a source or written."""
import json
import os
import subprocess
import sys

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
errors = []
build = os.path.join(tmp, "build")
os.makedirs(build)
with open(os.path.join(build, "compile_commands.json"), "w") as f:
    json.dump([{"directory": inp, "file": os.path.join(inp, d, n), "command": f"nvcc -c {d}/{n}"}
               for d, n in (("part", "x.cu"), ("other", "y.cu"))], f)
y = os.path.join(inp, "other", "y.cu")
before = open(y, "rb").read()
r = subprocess.run([hipport, "scan", os.path.join(inp, "part"), "-p", build, "--no-db", "--format", "json"],
                   capture_output=True, text=True)
files = [f["path"] for f in json.loads(r.stdout)["files"]] if r.returncode == 0 else None
if files != ["x.cu"]:
    errors.append(f"scan -p: rc {r.returncode}, files {files}, {r.stderr}")
out = os.path.join(tmp, "out")
r = subprocess.run([hipport, "translate", os.path.join(inp, "part"), "-p", build, "-o", out], capture_output=True,
                   text=True)
written = sorted(os.listdir(out)) if os.path.isdir(out) else []
if r.returncode != 0 or written != ["x.cu"] or b"hipMalloc" not in open(os.path.join(out, "x.cu"), "rb").read():
    errors.append(f"translate -p: rc {r.returncode}, wrote {written}, {r.stderr}")
if open(y, "rb").read() != before:
    errors.append("translate -p changed other/y.cu, outside the path given")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
