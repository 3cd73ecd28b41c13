"""Each read of a __half2's x or y is wrapped once, in hipify and in translate,
also inside an instantiated kernel template, whose body an index made with
clang_createIndex(1, 0) showed twice: each read came out wrapped twice
(reinterpret_cast<half&>(reinterpret_cast<half&>(h.x))), which only HIPIFY's
half2_allocators.cu, in the optional suite, caught. Both outputs are
expected.hip, byte for byte."""
import os
import subprocess
import sys

tmp, case, inp = os.environ["TMP"], os.environ["CASE"], os.environ["INPUT"]
with open(os.path.join(case, "expected.hip")) as f:
    want = f.read()
errors = []


def compare(what, path):
    with open(path) as f:
        got = f.read()
    if got != want:
        errors.append(f"{what} wrote, not expected.hip:\n{got}")


compare("hipify", os.path.join(tmp, "k.hip"))
translated = os.path.join(tmp, "translated.hip")
r = subprocess.run([os.environ["HIPPORT"], "translate", os.path.join(inp, "k.cu"), "-o", translated],
                   capture_output=True, text=True)
if r.returncode != 0:
    errors.append(f"translate exited {r.returncode}: {r.stderr.strip()}")
else:
    compare("translate", translated)
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
