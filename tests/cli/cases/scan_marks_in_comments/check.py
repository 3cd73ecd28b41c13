"""A C file with CUDA's marks (<<<, __global__) only in comments and strings
is not CUDA: taken for CUDA, its host fabs and exp became uses and translate
gave it hip/hip_runtime.h, which gcc cannot compile. A .cpp whose code has
__global__ is CUDA."""
from clicase import finish, parsers, report

doc = report()
errors = []
if sorted(parsers(doc)) != ["kernel.cpp"]:
    errors.append(f"CUDA files {sorted(parsers(doc))}, expected kernel.cpp alone")
finish(errors)
