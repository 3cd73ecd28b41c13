"""A header that parses alone with errors of its own (dot.h names half2 and
includes nothing: an unknown type, but no syntax error) is read from its
includer's tree, where half2 is CUDA's __half2: its member reads are reported
(HP2406) and wrapped by translate, where its own tree saw no member at all. Its
__syncthreads is reported though the tree's first call, clang's stand-in
declaration, is in another header (settle.cuh). A second run with the same
cache gives the same report from kept facts."""
import json
import os
import subprocess

from clicase import finish, parsers, report

hipport, inp, tmp = os.environ["HIPPORT"], os.environ["INPUT"], os.environ["TMP"]
doc = report("scan.json")
errors = []
if parsers(doc).get("dot.h") != "libclang":
    errors.append(f"dot.h read by {parsers(doc).get('dot.h')}")
wraps = sorted((f["line"], f["column"]) for f in doc["findings"] if f["file"] == "dot.h" and f["code"] == "HP2406")
if wraps != [(6, 25), (6, 41)]:
    errors.append(f"dot.h's half2 member reads (HP2406) at {wraps}, expected (6, 25) and (6, 41)")
syncs = [u["line"] for u in doc["uses"] if u["file"] == "dot.h" and u["cuda"] == "__syncthreads"]
if syncs != [7]:
    errors.append(f"dot.h's __syncthreads reported at lines {syncs}, expected [7]")

again = os.path.join(tmp, "again.json")
subprocess.run([hipport, "scan", "--parse-all", "--format", "json", "-o", again, "--cache-dir", os.path.join(tmp, "cache"), inp],
               check=True)
with open(again, encoding="utf-8") as f:
    warm = json.load(f)
if warm["uses"] != doc["uses"] or warm["findings"] != doc["findings"]:
    errors.append("a second run with the same cache reports otherwise")
if warm["summary"].get("reused_files") != len(doc["files"]):
    errors.append(f"second run reused {warm['summary'].get('reused_files')} of {len(doc['files'])} files")

out = os.path.join(tmp, "port")
subprocess.run([hipport, "translate", "--parse-all", inp, "-o", out], check=True, capture_output=True)
with open(os.path.join(out, "dot.h"), encoding="utf-8") as f:
    port = f.read()
if port.count("reinterpret_cast<const half&>(") != 2:
    errors.append(f"dot.h's port does not wrap both member reads:\n{port}")
finish(errors)
