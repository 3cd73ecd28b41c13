"""getopt_long's conventions: options after the operand, --format=json joined
by '=', -oFILE joined to its letter, make's -j1. The report is the JSON one,
written to FILE, and it describes the operand."""
import json, os, sys
with open(os.path.join(os.environ["TMP"], "report.json")) as f:
    r = json.load(f)
names = sorted({u["cuda"] for u in r["uses"]})
if names != ["cudaFree", "cudaMalloc", "cuda_runtime.h"]:
    print("uses: %s" % names)
    sys.exit(1)
