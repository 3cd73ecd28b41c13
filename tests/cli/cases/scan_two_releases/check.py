"""One file scanned for ROCm 6.3 and 7.1: different numbers, each with its
reasons (the findings only one release has), and the 7.1 port translate wrote
(tests/cases/rocm_7.1) keeps no warpSize where a constant is required."""
import json
import os
import subprocess
import sys

tmp, hipport, case = os.environ["TMP"], os.environ["HIPPORT"], os.environ["CASE"]
cases = os.path.join(case, "..", "..", "..", "cases")


def scan(path, release, out):
    subprocess.run([hipport, "scan", "--format", "json", "-o", out, "--no-db", "--rocm", release, path], check=True)
    return json.load(open(out, encoding="utf-8"))


r63 = json.load(open(os.path.join(tmp, "r63.json"), encoding="utf-8"))
r71 = scan(os.path.join(cases, "rocm_5.2", "input.cu"), "7.1", os.path.join(tmp, "r71.json"))
codes63 = {f["code"] for f in r63["findings"]}
codes71 = {f["code"] for f in r71["findings"]}
errors = []
if r63["summary"]["effort_hours"] == r71["summary"]["effort_hours"]:
    errors.append("6.3 and 7.1 cost the same")
for code in ("HP2601", "HP2402", "HP2007"):  # before 7.0 (HP2007: 6.2 and 6.3)
    if code not in codes63 or code in codes71:
        errors.append(f"{code} should be a 6.3 finding only")
for code in ("HP2006", "HP2501"):  # from 7.0
    if code not in codes71 or code in codes63:
        errors.append(f"{code} should be a 7.1 finding only")
for report, release in ((r63, "6.3.0"), (r71, "7.1.0")):
    if (report["summary"]["target_rocm"], report["summary"]["target_reason"]) != (release, "asked for"):
        errors.append(f"target {report['summary']['target_rocm']} ({report['summary']['target_reason']})")
port = os.path.join(tmp, "port71.cu")
with open(os.path.join(cases, "rocm_7.1", "expected.hip"), encoding="utf-8") as f, open(port, "w") as out:
    out.write(f.read())
left = [f for f in scan(port, "7.1", os.path.join(tmp, "port71.json"))["findings"] if f["code"] == "HP2006"]
if left:
    errors.append(f"the 7.1 port still has warpSize in a constant expression: {left}")
print("\n".join(errors) if errors else
      f"6.3: {r63['summary']['effort_hours']} h, 7.1: {r71['summary']['effort_hours']} h")
sys.exit(1 if errors else 0)
