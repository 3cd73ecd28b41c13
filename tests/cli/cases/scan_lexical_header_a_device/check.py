"""A file that includes a header which is a FIFO and one that is a link to
/dev/zero: a lexical reading follows a project header's #defines, and reads
only regular files, so the scan ends (reading either never would) and still
reports the file's own uses."""
import json
import os
import subprocess

from clicase import finish

tmp = os.environ["TMP"]
tree = os.path.join(tmp, "tree")
os.mkdir(tree)
with open(os.path.join(tree, "kernel.cu"), "w", encoding="utf-8") as f:
    f.write('#include "pipe.h"\n#include "zero.h"\n#if USE_FAST\n#endif\n'
            "__global__ void k(float *x) { x[threadIdx.x] = 0; }\nvoid f() { cudaDeviceSynchronize(); }\n")
os.mkfifo(os.path.join(tree, "pipe.h"))
os.symlink("/dev/zero", os.path.join(tree, "zero.h"))
errors = []
try:
    r = subprocess.run([os.environ["HIPPORT"], "scan", tree, "--lexical", "--no-db", "--format", "json"],
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        errors.append(f"scan exited {r.returncode}: {r.stderr}")
    elif "cudaDeviceSynchronize" not in {u["cuda"] for u in json.loads(r.stdout)["uses"]}:
        errors.append(f"kernel.cu's uses are missing: {r.stdout[:400]}")
except subprocess.TimeoutExpired:
    errors.append("scan did not finish in 120 s: it read a FIFO or a device as a header")
finish(errors)
