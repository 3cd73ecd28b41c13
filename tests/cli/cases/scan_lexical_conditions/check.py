"""A lexical reading decides the #if conditions a parse decides the same way
whatever the headers it cannot read: on the file's own macros, a project
header's (include/config.h, through its include guard), the compiler's
(__CUDA_ARCH__ is undefined on the host side a parse reads, _WIN32 on Linux),
and && or || where one side settles it. A name nothing it read defines (DEBUG,
SOME_FLAG) may be a system header's: its branch stays live, where the parse,
which read the headers, calls it dead. No use is dead that the parse of the
same file calls live, and the names in a dead branch's own directive are dead
as clang's skipped ranges make them."""
import json
import os
import subprocess

from clicase import finish

inp, hipport = os.environ["INPUT"], os.environ["HIPPORT"]
lexical = json.load(open(os.environ["OUT"]))
full = json.loads(subprocess.run([hipport, "scan", inp, "--format", "json"], capture_output=True, text=True,
                                 check=True).stdout)
errors = []


def state(doc):
    return {(u["line"], u["cuda"]): u["disabled"] for u in doc["uses"] if u["file"] == "copy.cu"}


lex, parse = state(lexical), state(full)
if lex.keys() != parse.keys():
    errors.append(f"uses differ: lexical {sorted(lex)}, parse {sorted(parse)}")
wrong = sorted(use for use, dead in lex.items() if dead and not parse.get(use))
if wrong:
    errors.append(f"dead lexically, live in the parse: {wrong}")
want = {(8, "__CUDA_ARCH__"): True, (9, "__shfl_down_sync"): True, (19, "cudaMemcpyAsync"): True, (21, "cudaMemcpy"): False,
        (23, "cudaMemset"): True, (26, "cudaThreadSynchronize"): True, (29, "cudaDeviceReset"): False,
        (32, "cudaDeviceSynchronize"): False, (35, "cudaGetLastError"): True, (38, "cudaStreamSynchronize"): False}
for use, dead in want.items():
    if lex.get(use) != dead:
        errors.append(f"{use[1]} on line {use[0]}: lexically {'dead' if lex.get(use) else 'live'}, "
                      f"want {'dead' if dead else 'live'}")
finish(errors)
