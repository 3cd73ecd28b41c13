"""A CUDA file whose host side uses OpenMP parses: <omp.h> is found (Debian's
libomp-16-dev puts it where libclang looks), not a fatal error that leaves the
file to the lexical reading."""
from clicase import fallbacks, finish, parsers, report

doc = report()
errors = []
if parsers(doc) != {"k.cu": "libclang"} or fallbacks(doc):
    errors.append(f"read by {parsers(doc)}, expected libclang: {fallbacks(doc)}")
if "cudaMemcpy" not in {u["cuda"] for u in doc["uses"]}:
    errors.append("cudaMemcpy not among the uses")
finish(errors)
