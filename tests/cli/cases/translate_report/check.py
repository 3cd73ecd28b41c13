"""translate --report FILE: a JSON report of the plan (as scan --format json)
whose uses[] hold the translated names, mapped, and whose files[] count the
edits made."""
import json
import os
import sys

tmp = os.environ["TMP"]
errors = []


def check(ok, what):
    if not ok:
        errors.append(what)
    return ok


with open(os.path.join(tmp, "report.json"), encoding="utf-8") as f:
    report = json.load(f)
check(report.get("tool") == "hipport", f"tool is {report.get('tool')!r}")
uses = report.get("uses", [])


def one(cuda, file):
    found = [u for u in uses if u.get("cuda") == cuda and u.get("file") == file]
    if check(len(found) == 1, f"{len(found)} uses of {cuda} in {file}, expected 1"):
        return found[0]
    return {}


for cuda, hip, file, line in [("cudaMalloc", "hipMalloc", "a.cu", 9), ("cudaFree", "hipFree", "a.cu", 11),
                              ("cuda_runtime.h", "hip/hip_runtime.h", "a.cu", 2),
                              ("cudaMemset", "hipMemset", "sub/b.cu", 2)]:
    u = one(cuda, file)
    check(u.get("hip") == hip, f"{cuda}: hip is {u.get('hip')!r}, expected {hip}")
    check(u.get("status") == "mapped", f"{cuda}: status {u.get('status')!r}, expected mapped")
    check(u.get("line") == line, f"{cuda}: line {u.get('line')!r}, expected {line}")
    check(u.get("disabled") is False, f"{cuda}: disabled {u.get('disabled')!r}")

files = {f.get("path"): f for f in report.get("files", [])}
check(sorted(files) == ["a.cu", "sub/b.cu"], f"files[] paths {sorted(files)}")
check(files.get("a.cu", {}).get("edits") == 3, f"a.cu edits {files.get('a.cu', {}).get('edits')!r}, expected 3")
check(files.get("sub/b.cu", {}).get("edits") == 2, f"sub/b.cu edits {files.get('sub/b.cu', {}).get('edits')!r}, expected 2")
check(os.path.isfile(os.path.join(tmp, "out", "a.cu")), "out/a.cu was not written")

for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
