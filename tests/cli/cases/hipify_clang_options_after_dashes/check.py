"""Everything after `--` goes to clang, as hipify-clang has it: -DUSE_ASYNC makes
the #ifdef branch the live one, so with
--skip-excluded-preprocessor-conditional-blocks the #else branch keeps its CUDA
name and the #ifdef branch is translated (without the define it is the other
way round: hipify_skip_disabled). `-o FILE` apart, after the input, works too."""
import os, sys
with open(os.path.join(os.environ["TMP"], "k.hip")) as f:
    got = f.read()
want = ["  hipMallocAsync(&d, 256, s);", "  cudaMalloc(&d, 256);"]
missing = [w for w in want if w not in got]
if missing:
    print("k.hip lacks %s:\n%s" % (missing, got))
    sys.exit(1)
