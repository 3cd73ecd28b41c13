"""A repository with a HIP backend beside its CUDA one: the HIP sources (they
include hip/hip_runtime.h, and name no CUDA header or API) are not CUDA files
to port, though __global__ and <<< are HIP's too; a file that includes both
runtimes by platform is CUDA; every file is still counted as scanned."""
from clicase import finish, parsers, report

doc = report()
errors = []
if sorted(parsers(doc)) != ["both/stream.cpp", "cuda/stream.cpp"]:
    errors.append(f"CUDA files {sorted(parsers(doc))}, expected both/stream.cpp and cuda/stream.cpp")
if doc["summary"]["files_scanned"] != 3:
    errors.append(f"files scanned {doc['summary']['files_scanned']}, expected 3")
finish(errors)
