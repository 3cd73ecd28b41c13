"""A Makefile whose host code is C or C++ compiled by gcc or g++ ($(C_C) with
C_C = gcc, make's own $(CXX) and $(CC), naming the source or its rule's
through $<, or a pattern rule's %.cc where a .cc beside it includes a header
that is CUDA) and calls the CUDA runtime: the port of such a
source includes HIP's headers, which stop outside hipcc unless the platform is
named, so the port's compile line for it gains -D__HIP_PLATFORM_AMD__ (and gcc
then compiles the ported main.c); lines compiling plain C, running nvcc (now
hipcc, which names it itself) or running anything else (cp) are left alone."""
import os
import subprocess

from clicase import finish

out = os.path.join(os.environ["TMP"], "out")
errors = []
with open(os.path.join(out, "Makefile"), encoding="utf-8") as f:
    lines = f.read().splitlines()
want = {"\t$(C_C) -D__HIP_PLATFORM_AMD__ -O2 -c ./main.c -o main.o",
        "\t$(CXX) -D__HIP_PLATFORM_AMD__ -O2 -c stats.cpp -o stats.o",
        "\t$(CC) -D__HIP_PLATFORM_AMD__ -O2 -c $< -o $@", "\t@echo compiling $<",
        "\t$(CXX) -D__HIP_PLATFORM_AMD__ -O2 -c $< -o $@", "\t$(CXX) -O3 -c $< -o $@",
        "\t$(C_C) -O2 -c util.c -o util.o", "\tcp main.c main.c.orig"}
for line in sorted(want - set(lines)):
    errors.append(f"the port's Makefile lacks {line!r}")
defines = [line for line in lines if "__HIP_PLATFORM_AMD__" in line]
if len(defines) != 4:
    errors.append(f"-D__HIP_PLATFORM_AMD__ on {len(defines)} lines, expected 4: {defines}")
r = subprocess.run(["make", "-C", out, "main.o", "report.o", "obj/timer.o"], capture_output=True, text=True)
if r.returncode != 0:
    errors.append(f"gcc and g++ do not compile the ported main.c, report.c and timer.cc: {r.stdout}{r.stderr}")
finish(errors)
