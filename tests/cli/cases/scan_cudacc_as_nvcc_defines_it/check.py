"""nvcc defines __CUDACC__ as 1 and clang's CUDA wrapper defines it empty, so
`#if __CUDACC__` stopped the parse ("expected value in expression") and the
file was read lexically. It parses now, and the preprocessor takes the branch
nvcc takes: cudaMalloc live, cudaMallocManaged disabled."""
import json
import os
import sys

with open(os.path.join(os.environ["TMP"], "scan.json"), encoding="utf-8") as f:
    report = json.load(f)
errors = []
parsers = [f["parser"] for f in report["files"]]
if parsers != ["libclang"]:
    errors.append(f"files parsed by {parsers}, expected libclang")
codes = [x["code"] for x in report["findings"] if x["code"] == "HP3001"]
if codes:
    errors.append("the file fell back to the lexical reading (HP3001)")
disabled = {u["cuda"]: u["disabled"] for u in report["uses"] if u["cuda"].startswith("cudaMalloc")}
if disabled != {"cudaMalloc": False, "cudaMallocManaged": True}:
    errors.append(f"disabled by name {disabled}, expected cudaMalloc live and cudaMallocManaged disabled")
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
