"""A lexical reading knows what the file declares: a local or a parameter named
like CUDA's max, min or exp, or like the built-in gridDim and blockDim, is the
file's own name in its scope, not a CUDA use, while a call of CUDA's max in
another function still is; a macro used as a statement (CHECK_LAST on its own
line) declares no cudaMalloc; and a member read of a variable declared with a
CUDA type is one (prop.warpSize: HP2304; in[i].x of a half2: HP2406, wrapped
by translate). The uses and hazards are those a parse finds."""
import json
import os
import subprocess

from clicase import finish

inp, hipport, tmp = os.environ["INPUT"], os.environ["HIPPORT"], os.environ["TMP"]
lexical = json.load(open(os.environ["OUT"]))
full = json.loads(subprocess.run([hipport, "scan", inp, "--format", "json"], capture_output=True, text=True,
                                 check=True).stdout)
errors = []


def uses(doc):
    return sorted((u["line"], u["column"], u["cuda"]) for u in doc["uses"])


def hazards(doc):
    return sorted((f["line"], f["column"], f["code"]) for f in doc["findings"])


if uses(lexical) != uses(full):
    errors.append(f"uses differ:\n  lexical only {sorted(set(uses(lexical)) - set(uses(full)))}\n"
                  f"  parse only   {sorted(set(uses(full)) - set(uses(lexical)))}")
if hazards(lexical) != hazards(full):
    errors.append(f"hazards differ:\n  lexical {hazards(lexical)}\n  parse   {hazards(full)}")
names = {(line, name) for line, _, name in uses(lexical)}
for want in [(9, "max"), (9, "min"), (33, "cudaMalloc"), (35, "cudaMalloc")]:
    if want not in names:
        errors.append(f"use {want} missing")
for own in [(18, "max"), (18, "min"), (20, "max"), (24, "exp"), (30, "gridDim"), (36, "blockDim")]:
    if own in names:
        errors.append(f"the file's own {own[1]} on line {own[0]} reported as a CUDA use")
codes = {(line, code) for line, _, code in hazards(lexical)}
if not {(29, "HP2304"), (14, "HP2406")} <= codes:
    errors.append(f"member hazards missing: {sorted(codes)}")

out = os.path.join(tmp, "port")
subprocess.run([hipport, "translate", inp, "--lexical", "-o", out], check=True, capture_output=True)
with open(os.path.join(out, "k.cu"), encoding="utf-8") as f:
    port = f.read()
if port.count("reinterpret_cast<const half&>(") != 2:
    errors.append("the lexical port does not wrap in[i].x and in[i].y")
finish(errors)
