"""Interrupted runs: translate --in-place (and -o) stopped by SIGINT or SIGTERM
at different moments leaves no .hipport-tmp file and no precompiled header in
TMPDIR; every source is either as it was or wholly translated; and a re-run
finishes the job (a backup an interrupted run left is no reason to refuse).
A run killed with SIGKILL cannot clean up: its re-run removes what it left."""
import filecmp
import os
import shutil
import signal
import subprocess
import sys
import time

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
errors = []
seed = open(os.path.join(inp, "seed.cu")).read()
pristine = os.path.join(tmp, "pristine")
os.makedirs(pristine)
for i in range(12):
    with open(os.path.join(pristine, f"k{i:02}.cu"), "w") as f:
        f.write(seed.replace("fill", f"fill{i}"))
reference = os.path.join(tmp, "reference")
subprocess.run([hipport, "translate", pristine, "-o", reference], check=True, capture_output=True)
private_tmp = os.path.join(tmp, "tmpdir")
os.makedirs(private_tmp)
env = dict(os.environ, TMPDIR=private_tmp)


def leftovers(tree):
    return [os.path.join(d, n) for d, _, names in os.walk(tree) for n in names if n.endswith(".hipport-tmp")]


def check_tree(tree, what):
    for name in sorted(os.listdir(pristine)):
        got = open(os.path.join(tree, name)).read()
        if got not in (open(os.path.join(pristine, name)).read(), open(os.path.join(reference, name)).read()):
            errors.append(f"{what}: {name} is neither the source nor its translation")
    if leftovers(tree):
        errors.append(f"{what}: left {leftovers(tree)}")
    if os.listdir(private_tmp):
        errors.append(f"{what}: left {os.listdir(private_tmp)} in TMPDIR")


for trial, (sig, delay) in enumerate([(signal.SIGINT, 0.3), (signal.SIGTERM, 1.2), (signal.SIGINT, 2.0),
                                      (signal.SIGTERM, 2.6), (signal.SIGKILL, 1.5)]):
    tree = os.path.join(tmp, f"tree{trial}")
    shutil.copytree(pristine, tree)
    p = subprocess.Popen([hipport, "translate", tree, "--in-place", "-j1"], env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    time.sleep(delay)
    p.send_signal(sig)
    p.wait()
    what = f"--in-place stopped by {signal.Signals(sig).name} after {delay} s"
    if sig == signal.SIGKILL:
        for name in os.listdir(pristine):  # what a killed run may leave: hipport's own temporary name
            shutil.copy(os.path.join(pristine, name), os.path.join(tree, name + ".hipport-tmp"))
        shutil.rmtree(private_tmp)
        os.makedirs(private_tmp)
    else:
        check_tree(tree, what)
    again = subprocess.run([hipport, "translate", tree, "--in-place"], env=env, capture_output=True, text=True)
    done = all(filecmp.cmp(os.path.join(tree, n), os.path.join(reference, n), shallow=False)
               for n in os.listdir(pristine))
    if again.returncode != 0 or not done or leftovers(tree):
        errors.append(f"{what}, then run again: rc {again.returncode}, finished {done}, {again.stderr.strip()}")

out = os.path.join(tmp, "out")
p = subprocess.Popen([hipport, "translate", pristine, "-o", out, "-j1"], env=env, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)
time.sleep(1.8)
p.send_signal(signal.SIGINT)
p.wait()
if leftovers(out) or os.listdir(private_tmp):
    errors.append(f"-o stopped by SIGINT: left {leftovers(out)} {os.listdir(private_tmp)}")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
