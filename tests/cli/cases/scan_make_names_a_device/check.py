"""A Makefile that compiles sources which are a FIFO and a link to /dev/zero:
hipport reads the sources a Makefile names to learn which are CUDA, and reads
only regular files, so the run ends (reading either never would) and their gcc
lines gain nothing."""
import os
import subprocess

from clicase import finish

tmp = os.environ["TMP"]
tree, out = os.path.join(tmp, "tree"), os.path.join(tmp, "out")
os.mkdir(tree)
with open(os.path.join(tree, "Makefile"), "w", encoding="utf-8") as f:
    f.write("app: fifo.c zero.c kernel.cu\n\tgcc -c fifo.c -o fifo.o\n\tgcc -c zero.c -o zero.o\n"
            "\tnvcc -c kernel.cu -o kernel.o\n")
with open(os.path.join(tree, "kernel.cu"), "w", encoding="utf-8") as f:
    f.write("__global__ void k(float *x) { x[threadIdx.x] = 0; }\n")
os.mkfifo(os.path.join(tree, "fifo.c"))
os.symlink("/dev/zero", os.path.join(tree, "zero.c"))
errors = []
try:
    r = subprocess.run([os.environ["HIPPORT"], "translate", tree, "-o", out], capture_output=True, text=True,
                       timeout=120)
    if r.returncode != 0:
        errors.append(f"translate exited {r.returncode}: {r.stderr}")
    else:
        with open(os.path.join(out, "Makefile"), encoding="utf-8") as f:
            port = f.read()
        if "\tgcc -c fifo.c -o fifo.o\n\tgcc -c zero.c -o zero.o\n\thipcc" not in port:
            errors.append(f"the port's Makefile:\n{port}")
except subprocess.TimeoutExpired:
    errors.append("translate did not finish in 120 s: it read a FIFO or a device")
finish(errors)
