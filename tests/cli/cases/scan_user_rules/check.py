"""A .hipport/rules.yaml at the scan root is read without being asked: its
mapping of the project's wrapper and its override of hipport's own, its hazard
with a code, category, severity and effort of its own, and its effort weight
for warp-size all show in the report, which names the file."""
import json
import os
import sys

report = json.load(open(os.path.join(os.environ["TMP"], "report.json"), encoding="utf-8"))
errors = []


def check(ok, what):
    if not ok:
        errors.append(what)


uses = {u["cuda"]: u for u in report["uses"]}
check(uses.get("myCudaMalloc", {}).get("hip") == "myHipMalloc",
      f"myCudaMalloc is {uses.get('myCudaMalloc')}, expected mapped to myHipMalloc")
check(uses.get("myCudaMalloc", {}).get("status") == "mapped", "myCudaMalloc is not mapped")
check(uses.get("cudaMallocHost", {}).get("hip") == "hipMallocHost",
      f"cudaMallocHost maps to {uses.get('cudaMallocHost', {}).get('hip')!r}, expected the user's hipMallocHost")
prj = [f for f in report["findings"] if f["code"] == "PRJ001"]
check(len(prj) == 1 and prj[0]["category"] == "project-warp" and prj[0]["severity"] == "error"
      and prj[0]["effort_hours"] == 3.0 and prj[0]["line"] == 11,
      f"the user hazard's findings: {prj}")
warp = [f for f in report["findings"] if f["code"] == "HP2001"]
check(len(warp) == 1 and warp[0]["effort_hours"] == 2.0,
      f"HP2001 findings {warp}: warp-size should cost the user's 2 hours")
top = {c["name"]: c for c in report["summary"]["top_contributors"]}
check(top.get("HP2001", {}).get("effort_hours") == 2.0, f"top contributors: {top.get('HP2001')}")
files = report["rules"]["user_files"]
check(len(files) == 1 and files[0].endswith("/.hipport/rules.yaml"), f"rules.user_files is {files}")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
