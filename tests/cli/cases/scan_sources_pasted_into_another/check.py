"""A source another one pastes in (`#include "kernel.cu"`, as rodinia does) and
that does not parse alone is read from its includer's tree, as a header is; the
includer is its own program's main.cu (progD's, in a folder below, after two
other programs' that paste a kernel.cu of their own, whose trees have nothing
of this one and once gave it no facts at all); and a paste in a paste
(progE's step.cu, in work.cu, in main.cu) from the outermost tree, a pass
after its includer is read so. progB's <cuda.h> is the
toolkit's, which the parse finds before the tree's header folders, not progC's
util/cuda/cuda.h."""
from clicase import finish, parsers, report

doc = report("scan.json")
errors = []
for kernel in ("progA/kernel.cu", "progB/kernel.cu", "progD/kernel.cu", "progE/work.cu", "progE/step.cu"):
    if parsers(doc).get(kernel) != "libclang":
        errors.append(f"{kernel} read by {parsers(doc).get(kernel)}, expected libclang (from its includer's tree)")


def names(path):
    return sorted({u["cuda"] for u in doc["uses"] if u["file"] == path})


if not {"__syncthreads", "threadIdx", "__global__"} <= set(names("progA/kernel.cu")):
    errors.append(f"progA/kernel.cu's uses {names('progA/kernel.cu')}: expected __global__, threadIdx, __syncthreads")
if not {"atomicAdd", "__global__"} <= set(names("progB/kernel.cu")):
    errors.append(f"progB/kernel.cu's uses {names('progB/kernel.cu')}: expected __global__ and atomicAdd")
if not {"blockIdx", "__global__"} <= set(names("progD/kernel.cu")):
    errors.append(f"progD/kernel.cu's uses {names('progD/kernel.cu')}: expected __global__ and blockIdx")
if not {"cudaDeviceSynchronize", "<<<>>>"} <= set(names("progE/work.cu")):
    errors.append(f"progE/work.cu's uses {names('progE/work.cu')}: expected its launch and cudaDeviceSynchronize")
step = sorted((u["cuda"], u["cursor"]) for u in doc["uses"] if u["file"] == "progE/step.cu")
if not {("__syncthreads", "DeclRefExpr"), ("threadIdx", "DeclRefExpr")} <= set(step):
    errors.append(f"progE/step.cu's uses {step}: expected __syncthreads and threadIdx from the tree")
if "cuda.h" not in names("progB/main.cu"):
    errors.append(f"progB/main.cu's <cuda.h> not reported as CUDA's: {names('progB/main.cu')}")
if "cuda.h" in names("progC/main.cu"):
    errors.append("progC/main.cu's own util/cuda/cuda.h taken for CUDA's")
finish(errors)
