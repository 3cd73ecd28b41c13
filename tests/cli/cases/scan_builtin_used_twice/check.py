"""Every call of a builtin clang declares at its first use (__syncthreads) is a
use, not only the first: the later calls name a declaration in the file itself,
which is clang's stand-in, not the user's own function. The semantic scan finds
the uses the lexical one finds, each with its tree's cursor."""
import json
import os
import subprocess
import sys

tmp, inp = os.environ["TMP"], os.environ["INPUT"]


def uses(path):
    with open(path, encoding="utf-8") as f:
        return [(u["line"], u["cuda"], u["cursor"]) for u in json.load(f)["uses"]]


semantic = uses(os.path.join(tmp, "scan.json"))
errors = []
syncs = [(line, cursor) for line, name, cursor in semantic if name == "__syncthreads"]
if syncs != [(9, "DeclRefExpr"), (16, "DeclRefExpr"), (18, "DeclRefExpr")]:
    errors.append(f"__syncthreads uses {syncs}, expected lines 9, 16 and 18 as DeclRefExpr")
lexical_json = os.path.join(tmp, "lexical.json")
r = subprocess.run([os.environ["HIPPORT"], "scan", "--lexical", "--format", "json", "-o", lexical_json,
                    os.path.join(inp, "k.cu")], capture_output=True, text=True)
if r.returncode != 0:
    errors.append(f"scan --lexical exited {r.returncode}: {r.stderr.strip()}")
else:
    lexical = sorted((line, name) for line, name, _ in uses(lexical_json))
    if sorted((line, name) for line, name, _ in semantic) != lexical:
        errors.append(f"semantic uses {sorted((l, n) for l, n, _ in semantic)} differ from lexical {lexical}")
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
