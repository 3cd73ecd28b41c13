"""RCCL keeps NCCL's names, so what the toolkit's nccl.h declares is no CUDA API
to map name by name: a parsed file that calls NCCL gets no "unknown CUDA name"
(HP1005) for ncclAllReduce and the rest, and nccl.h itself maps to RCCL's."""
from clicase import fallbacks, finish, parsers, report

doc = report()
errors = []
if parsers(doc) != {"k.cu": "libclang"} or fallbacks(doc):
    errors.append(f"read by {parsers(doc)}, expected libclang: {fallbacks(doc)}")
unknown = [x["subject"] for x in doc["findings"] if x["code"] == "HP1005"]
if unknown:
    errors.append(f"NCCL names reported as unknown CUDA API: {unknown}")
headers = {u["cuda"]: u["hip"] for u in doc["uses"] if u["kind"] == "header"}
if headers.get("nccl.h") != "rccl/rccl.h":
    errors.append(f"nccl.h maps to {headers.get('nccl.h')}, expected rccl/rccl.h")
if "cudaMalloc" not in {u["cuda"] for u in doc["uses"]}:
    errors.append("cudaMalloc not among the uses")
finish(errors)
