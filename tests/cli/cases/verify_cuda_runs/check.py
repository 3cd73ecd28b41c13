"""CUDA runs made on another machine: the script verify writes for it, and the
runs it reads back. A run that agrees with the manifest becomes the reference
with --record and its GPU and time_ms are kept; a run that differs, one that
failed and a missing one say so, and none of them becomes the reference."""
import json
import os
import shutil
import sqlite3
import subprocess
import sys

tmp, root, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
errors = []


def verify(runs, *extra):
    report = os.path.join(tmp, "again.json")
    subprocess.run([hipport, "verify", os.path.join(root, "saxpy"), "--cuda-runs", runs, "--db",
                    os.path.join(tmp, "results.db"), "--format", "json", "-o", report, *extra],
                   capture_output=True, text=True)
    return json.load(open(report))["programs"][0]["cuda_build"]


# the case's own run (args): matched, recorded, GPU and time kept
got = json.load(open(os.path.join(tmp, "verify.json")))["programs"][0]
reference = os.path.join(root, "saxpy", "reference", "cuda_output.txt")
if (got["cuda_build"], got["cuda_gpu"]) != ("ran, recorded", "NVIDIA H200"):
    errors.append(f"cuda_build, cuda_gpu {got['cuda_build']!r}, {got['cuda_gpu']!r}")
if not os.path.exists(reference) or open(reference).read() != "done: 1\ntime_ms: 0.125\n":
    errors.append("the recorded reference is not the run's stdout")
row = sqlite3.connect(os.path.join(tmp, "results.db")).execute(
    "SELECT nvidia_gpu, cuda_ms FROM verify_run ORDER BY id").fetchone()
if row != ("NVIDIA H200", 0.125):
    errors.append(f"database row (nvidia_gpu, cuda_ms) {row}")
shutil.rmtree(os.path.dirname(reference))

# a run that differs, one that failed, and none at all: never the reference
runs = os.path.join(tmp, "runs")
shutil.copytree(os.path.join(root, "runs"), runs)
with open(os.path.join(runs, "saxpy", "stdout"), "w") as f:
    f.write("done: 2\n")
got = verify(runs, "--record")
if not got.startswith("ran, differs from its CPU reference"):
    errors.append(f"a differing run: cuda_build {got!r}")
with open(os.path.join(runs, "saxpy", "exit"), "w") as f:
    f.write("2\n")
with open(os.path.join(runs, "saxpy", "stderr"), "w") as f:
    f.write("main.cu:9: no CUDA-capable device is detected\n")
got = verify(runs, "--record")
if got != "run failed: exit code 2; stderr: main.cu:9: no CUDA-capable device is detected":
    errors.append(f"a failed run: cuda_build {got!r}")
shutil.rmtree(os.path.join(runs, "saxpy"))
got = verify(runs)
if got != f"no run in {runs}":
    errors.append(f"no run: cuda_build {got!r}")
if os.path.exists(reference):
    errors.append("a run that did not match became the reference")

# the script: valid sh, the program's folder relative to where verify ran, nvcc per source
script = os.path.join(tmp, "cuda_runs.sh")
made = subprocess.run([hipport, "verify", "saxpy", "--cuda-runs-script", script], cwd=root,
                      capture_output=True, text=True)
text = open(script).read() if os.path.exists(script) else ""
if made.returncode != 0 or "(cd 'saxpy' && nvcc -arch=\"$arch\" 'main.cu' -o \"$bin\"/'saxpy')" not in text:
    errors.append(f"the script: rc {made.returncode}, {made.stderr.strip()}\n{text}")
if subprocess.run(["sh", "-n", script]).returncode != 0:
    errors.append("the script is not valid sh")
again = subprocess.run([hipport, "verify", "saxpy", "--cuda-runs-script", script], cwd=root,
                       capture_output=True, text=True)
if again.returncode != 3 or "already exists" not in again.stderr:
    errors.append(f"a second script over the first: rc {again.returncode}, {again.stderr.strip()}")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
