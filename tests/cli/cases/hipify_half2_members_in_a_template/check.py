"""Each read of a __half2's x or y is wrapped once, in hipify and in translate,
also inside an instantiated kernel template, whose body an index made with
clang_createIndex(1, 0) showed twice: each read came out wrapped twice
(reinterpret_cast<half&>(reinterpret_cast<half&>(h.x))), which only HIPIFY's
half2_allocators.cu, in the optional suite, caught. Both outputs are
expected.hip, byte for byte."""
import os

from clicase import finish, translate

tmp, case, inp = os.environ["TMP"], os.environ["CASE"], os.environ["INPUT"]
with open(os.path.join(case, "expected.hip")) as f:
    want = f.read()
errors = []
with open(os.path.join(tmp, "k.hip")) as f:
    if f.read() != want:
        errors.append("hipify wrote, not expected.hip")
failed, port = translate(os.path.join(inp, "k.cu"), os.path.join(tmp, "translated.hip"))
if failed or port != want:
    errors.append(failed or f"translate wrote, not expected.hip:\n{port}")
finish(errors)
