"""--amap with --skip-excluded-preprocessor-conditional-blocks: hipify-clang still
renames the names in the skipped branch ("as much as possible"), and so does
hipport hipify."""
import os, sys
with open(os.path.join(os.environ["TMP"], "k.hip")) as f:
    got = f.read()
want = ["hipStream_t s;", "  hipMallocAsync(&d, 256, s);", "  hipMalloc(&d, 256);"]
missing = [w for w in want if w not in got]
if missing or "cuda" in got.replace("cuda_runtime", ""):
    print("k.hip lacks %s or keeps a CUDA name:\n%s" % (missing, got))
    sys.exit(1)
