"""A file a Makefile includes is a build file whatever its name: rodinia's
common/make.config, which holds the toolkit's root for every program, is
ported (its variable keeps its name, since the Makefiles that include it use
it, and gets ROCm's root), so the port's make runs hipcc against ROCm's
headers and libraries, not CUDA's."""
import os
import subprocess

from clicase import finish

out = os.path.join(os.environ["TMP"], "out")
errors = []
with open(os.path.join(out, "common", "make.config"), encoding="utf-8") as f:
    config = f.read()
for want in ("CUDA_DIR = /opt/rocm", "CUDA_LIB_DIR := $(CUDA_DIR)/lib\n"):
    if want not in config:
        errors.append(f"common/make.config lacks {want!r}:\n{config}")
r = subprocess.run(["make", "-n", "-C", os.path.join(out, "app")], capture_output=True, text=True)
run = [line for line in r.stdout.splitlines() if "app.cu" in line]
if r.returncode != 0 or len(run) != 1:
    errors.append(f"make -n in the port: exit {r.returncode}, {r.stdout}{r.stderr}")
else:
    words = run[0].split()
    for want in ("hipcc", "-I/opt/rocm/include", "-L/opt/rocm/lib", "-lamdhip64"):
        if want not in words:
            errors.append(f"the port's compile line lacks {want}: {run[0]}")
finish(errors)
