"""hipport hipify writes hipify-clang's conventions: the runtime include where the
CUDA one stood, HIPIFY's header spelling, HIP_SYMBOL, the explicit default flag,
HIP_KERNEL_NAME around a template kernel whose arguments are deduced, and around a
macro that names a template kernel."""
import os, sys
with open(os.path.join(os.environ["TMP"], "k.hip")) as f:
    got = f.read()
with open(os.path.join(os.environ["CASE"], "expected.hip")) as f:
    want = f.read()
if got != want:
    print("k.hip differs from expected.hip:\n" + got)
    sys.exit(1)
