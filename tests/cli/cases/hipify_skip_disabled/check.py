"""--skip-excluded-preprocessor-conditional-blocks: the branch the preprocessor
skips keeps its CUDA names, as hipify-clang leaves them without --amap."""
import os, sys
with open(os.path.join(os.environ["TMP"], "k.hip")) as f:
    got = f.read()
want = ["hipStream_t s;", "  cudaMallocAsync(&d, 256, s);", "  hipMalloc(&d, 256);"]
missing = [w for w in want if w not in got]
if missing:
    print("k.hip lacks %s:\n%s" % (missing, got))
    sys.exit(1)
