"""A .cu file holding NUL bytes is skipped with an HP3002 warning (parser
"none" in files[]); one with a Latin-1 byte in a comment is parsed like any
other, its uses reported, with an HP3006 warning at that byte; the other
file's uses are reported too; exit 0. Then translate writes the Latin-1 file
translated, its odd byte kept as it was."""
import json
import os
import subprocess
import sys

with open(os.environ["OUT"], encoding="utf-8") as f:
    report = json.load(f)
errors = []
files = {f["path"]: f for f in report.get("files", [])}


def findings(name, code):
    return [d for d in report.get("findings", []) if d.get("file") == name and d.get("code") == code]


nul = files.get("nul.cu", {})
if nul.get("parser") != "none" or len(findings("nul.cu", "HP3002")) != 1:
    errors.append(f"nul.cu: {nul}, HP3002 findings {findings('nul.cu', 'HP3002')}")
elif "NUL" not in findings("nul.cu", "HP3002")[0]["message"]:
    errors.append(f"nul.cu: HP3002 message {findings('nul.cu', 'HP3002')[0]['message']!r}")
if any(u.get("file") == "nul.cu" for u in report.get("uses", [])):
    errors.append("nul.cu: uses reported from a skipped file")

latin = files.get("latin1.cu", {})
if latin.get("parser") != "libclang":
    errors.append(f"latin1.cu: parser {latin.get('parser')!r}, expected libclang")
enc = findings("latin1.cu", "HP3006")
if len(enc) != 1 or (enc[0]["line"], enc[0]["column"], enc[0]["category"]) != (2, 7, "encoding"):
    errors.append(f"latin1.cu: HP3006 findings {enc}, expected one at 2:7")
latin_uses = sorted(u.get("cuda") for u in report.get("uses", []) if u.get("file") == "latin1.cu")
if latin_uses != ["cudaMalloc", "cuda_runtime.h"]:
    errors.append(f"latin1.cu uses {latin_uses}")

good = sorted(u.get("cuda") for u in report.get("uses", []) if u.get("file") == "good.cu")
if good != ["cudaMallocAsync", "cudaStream_t", "cuda_runtime.h"]:
    errors.append(f"good.cu uses {good}, expected cudaMallocAsync cudaStream_t cuda_runtime.h")
if files.get("good.cu", {}).get("parser") != "libclang":
    errors.append(f"good.cu parser {files.get('good.cu', {}).get('parser')!r}")

out = os.path.join(os.environ["TMP"], "hip")
subprocess.run([os.environ["HIPPORT"], "translate", os.environ["INPUT"], "-o", out], capture_output=True)
with open(os.path.join(out, "latin1.cu"), "rb") as f:
    ported = f.read()
if b"hipMalloc(p, 8)" not in ported or b"// caf\xe9 \xff\xfe\n" not in ported:
    errors.append(f"latin1.cu translated as {ported!r}")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
