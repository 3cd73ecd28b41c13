"""The tree's header folders are on every file's include path, but after the
system's: a tree's own unistd.h (a Windows stand-in, in winport/) does not take
the place of the system's in app/main.cu, which parses; common/helper.h, named
in angle brackets from another folder, is still found, and the function it
defines under a CUDA name is still the tree's own, not CUDA's removed one."""
from clicase import fallbacks, finish, parsers, report

doc = report("scan.json")
errors = []
if parsers(doc).get("app/main.cu") != "libclang" or fallbacks(doc):
    errors.append(f"app/main.cu read by {parsers(doc).get('app/main.cu')}, expected libclang: {fallbacks(doc)}")
names = sorted({u["cuda"] for u in doc["uses"] if u["file"] == "app/main.cu"})
if "cudaMalloc" not in names or "cudaFree" not in names:
    errors.append(f"main.cu's CUDA names {names}: expected cudaMalloc and cudaFree among them")
if "cudaThreadSynchronize" in names:
    errors.append("cudaThreadSynchronize, which common/helper.h defines, taken for CUDA's")
finish(errors)
