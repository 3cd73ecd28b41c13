"""nvcc defines __CUDACC__ as 1 and clang's CUDA wrapper defines it empty, so
`#if __CUDACC__` stopped the parse ("expected value in expression") and the
file was read lexically. It parses now, and the preprocessor takes the branch
nvcc takes: cudaMalloc live, cudaMallocManaged disabled."""
from clicase import fallbacks, finish, parsers, report

doc = report("scan.json")
errors = []
if parsers(doc) != {"k.cu": "libclang"}:
    errors.append(f"files parsed by {parsers(doc)}, expected libclang")
if fallbacks(doc):
    errors.append(f"the file fell back to the lexical reading: {fallbacks(doc)}")
disabled = {u["cuda"]: u["disabled"] for u in doc["uses"] if u["cuda"].startswith("cudaMalloc")}
if disabled != {"cudaMalloc": False, "cudaMallocManaged": True}:
    errors.append(f"disabled by name {disabled}, expected cudaMalloc live and cudaMallocManaged disabled")
finish(errors)
