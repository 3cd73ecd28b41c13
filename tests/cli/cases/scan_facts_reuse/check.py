"""Facts kept between runs (issue 17 item 2): a second scan parses nothing and
reports the same, saying how many files it reused; a changed header is parsed
again with the file that includes it, the other files are still reused; a file
whose parse did not find a header (needs.cu) is reused too, until the header
is written; a changed rule file parses everything again; the text report says
so too."""
import json
import os
import subprocess
import sys

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
cache = os.path.join(tmp, "cache")
errors = []


def scan(*extra):
    r = subprocess.run([hipport, "scan", "--parse-all", inp, "--no-db", "--cache-dir", cache, *extra],
                       capture_output=True, text=True)
    if r.returncode != 0:
        errors.append(f"scan {' '.join(extra)} exited {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def without_reuse(doc):
    """The report with what may differ between two runs of the same scan left out."""
    doc = json.loads(doc)
    doc["summary"].pop("reused_files", None)
    doc.pop("generated_at", None)
    return doc


first = json.loads(open(os.environ["OUT"]).read())
if first["summary"].get("reused_files") != 0:
    errors.append(f"a cold scan reused {first['summary'].get('reused_files')} files")
if not [n for n in os.listdir(cache) if n.startswith("file-") and n.endswith(".facts")]:
    errors.append(f"the cold scan kept no file's facts: {sorted(os.listdir(cache))}")

second = scan("--format", "json")
if json.loads(second)["summary"].get("reused_files") != first["summary"]["cuda_files"]:
    errors.append(f"a warm scan reused {json.loads(second)['summary'].get('reused_files')} of "
                  f"{first['summary']['cuda_files']} files")
if without_reuse(second) != without_reuse(open(os.environ["OUT"]).read()):
    errors.append("the warm scan reports differently from the cold one")
if "3 unchanged" not in scan():
    errors.append("the text report does not say how many files were reused")

with open(os.path.join(inp, "local.h"), "a") as f:  # the header now calls CUDA itself
    f.write("inline void local_sync() { cudaDeviceSynchronize(); }\n")
third = json.loads(scan("--format", "json"))
if third["summary"].get("reused_files") != 2:
    errors.append(f"after local.h changed, {third['summary'].get('reused_files')} files were reused "
                  "(other.cu and needs.cu only)")
names = {u["cuda"] for u in third["uses"]}
if "cudaDeviceSynchronize" not in names:
    errors.append("the change to local.h is not in the report")

with open(os.path.join(inp, "not_written_yet.h"), "w") as f:
    f.write("#define CLEAR_BYTES 0\n")
written = json.loads(scan("--format", "json"))
needs = next((f for f in written["files"] if f["path"] == "needs.cu"), {})
if written["summary"].get("reused_files") != written["summary"]["cuda_files"] - 1 or needs.get("parser") != "libclang":
    errors.append(f"once its header was written, needs.cu was not parsed again, whole: {needs}, "
                  f"{written['summary'].get('reused_files')} reused")

rules = os.path.join(tmp, "rules.yaml")
with open(rules, "w") as f:
    f.write("api:\n  - cuda: cudaGetDeviceCount\n    hip: hipGetDeviceCount\n")
fourth = json.loads(scan("--format", "json", "--rules", rules))
if fourth["summary"].get("reused_files") != 0:
    errors.append(f"other rules, and still {fourth['summary'].get('reused_files')} files reused")

for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
