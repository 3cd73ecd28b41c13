"""CUDA runs made on another machine: the script verify writes for it, and the
runs it reads back. A run that agrees with the manifest becomes the reference
with --record, with the machine's facts beside it; the median time_ms of the
runs and the GPU are kept, and the sanitizer's verdict is said. A run that
differs, one that failed, a repeat that disagrees with the first and a missing
run say so, and none of them becomes the reference. The script itself runs
here with stand-ins for nvcc, nvidia-smi and compute-sanitizer (no GPU here)."""
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
if (got["cuda_build"], got["cuda_gpu"]) != ("ran, recorded; memcheck: 0 errors", "NVIDIA H200"):
    errors.append(f"cuda_build, cuda_gpu {got['cuda_build']!r}, {got['cuda_gpu']!r}")
if not os.path.exists(reference) or open(reference).read() != "done: 1\ntime_ms: 0.125\n":
    errors.append("the recorded reference is not the run's stdout")
machine = os.path.join(os.path.dirname(reference), "cuda_machine.txt")
facts = open(machine).read() if os.path.exists(machine) else ""
for line in ("gpu: NVIDIA H200", "driver: 580.65.06", "cuda_driver: 13.0", "runs: 3", "time_ms_median: 0.25"):
    if line + "\n" not in facts:
        errors.append(f"cuda_machine.txt lacks {line!r}: {facts!r}")
row = sqlite3.connect(os.path.join(tmp, "results.db")).execute(
    "SELECT nvidia_gpu, cuda_ms FROM verify_run ORDER BY id").fetchone()
if row != ("NVIDIA H200", 0.25):
    errors.append(f"database row (nvidia_gpu, cuda_ms: the median of 0.125, 0.5, 0.25) {row}")
shutil.rmtree(os.path.dirname(reference))

# a run that differs, one that failed, and none at all: never the reference
runs = os.path.join(tmp, "runs")
shutil.copytree(os.path.join(root, "runs"), runs)
with open(os.path.join(runs, "saxpy", "stdout.3"), "w") as f:
    f.write("done: 3\ntime_ms: 0.25\n")
got = verify(runs)
if got != "ran, matched its CPU reference; run 3 printed '3' where run 1 printed '1'; memcheck: 0 errors":
    errors.append(f"a repeat that disagrees: cuda_build {got!r}")
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

# the script run here, with stand-ins that behave as the real tools do for a program that works
fake = os.path.join(tmp, "fake-bin")
os.makedirs(fake)
tools = {
    # nvcc ... -o EXE: EXE prints what saxpy prints, its time from a counter
    "nvcc": """#!/bin/sh
while [ $# -gt 1 ]; do [ "$1" = -o ] && exe=$2; shift; done
[ -n "$exe" ] || { echo 'nvcc: release 13.0, V13.0.48'; exit 0; }
printf '#!/bin/sh\\nn=$(cat "%s/count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "%s/count"\\necho "done: 1"\\necho "time_ms: $n.5"\\n' > "$exe"
chmod +x "$exe"
""" % (tmp, tmp),
    "nvidia-smi": "#!/bin/sh\ncase \"$1\" in --query-gpu=name) echo 'NVIDIA H200';; --query-gpu=driver_version) echo 580.65.06;;"
                  " *) echo '| NVIDIA-SMI 580.65.06    Driver Version: 580.65.06    CUDA Version: 13.0 |';; esac\n",
    # each tool's own summary line, as compute-sanitizer 2025 prints them
    "compute-sanitizer": """#!/bin/sh
tool=$2
shift 2
echo '========= COMPUTE-SANITIZER'
"$@"
case $tool in
racecheck) echo '========= RACECHECK SUMMARY: 1 hazard displayed (0 errors, 1 warning)';;
*) echo '========= ERROR SUMMARY: 2 errors';;
esac
""",
}
for name, text in tools.items():
    with open(os.path.join(fake, name), "w") as f:
        f.write(text)
    os.chmod(os.path.join(fake, name), 0o755)
out = os.path.join(tmp, "script-out")
env = dict(os.environ, PATH=fake + ":" + os.environ["PATH"], SANITIZE="memcheck racecheck", RUNS="3")
ran = subprocess.run(["sh", script, out], cwd=root, env=env, capture_output=True, text=True)
left = sorted(os.listdir(os.path.join(out, "saxpy"))) if os.path.isdir(os.path.join(out, "saxpy")) else []
want = ["build.log", "exit", "exit.2", "exit.3", "memcheck.exit", "memcheck.log", "racecheck.exit", "racecheck.log",
        "stderr", "stderr.2", "stderr.3", "stdout", "stdout.2", "stdout.3"]
if ran.returncode != 0 or left != want:
    errors.append(f"the script ran: rc {ran.returncode}, {ran.stderr.strip()}, left {left}")
machine = open(os.path.join(out, "machine.txt")).read() if os.path.exists(os.path.join(out, "machine.txt")) else ""
if machine != "gpu: NVIDIA H200\ndriver: 580.65.06\ncuda_driver: 13.0\nnvcc: 13.0\narch: native\n":
    errors.append(f"the script's machine.txt {machine!r}")
got = verify(out)
if got != ("ran, matched its CPU reference; memcheck: 2 errors; "
           "racecheck: 1 hazard displayed (0 errors, 1 warning)"):
    errors.append(f"the script's runs read back: cuda_build {got!r}")
row = sqlite3.connect(os.path.join(tmp, "results.db")).execute(
    "SELECT cuda_ms FROM verify_run ORDER BY id DESC").fetchone()
if row != (2.5,):
    errors.append(f"the script's runs: cuda_ms {row}, not the median of 1.5, 2.5, 3.5")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
