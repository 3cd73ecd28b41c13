"""scan --format json -o FILE: valid JSON with the documented fields, paths
relative to the scan root, lines and columns 1-based (columns in bytes)."""
import json
import os
import re
import sqlite3
import sys

tmp, root = os.environ["TMP"], os.environ["INPUT"]
errors = []


def check(ok, what):
    if not ok:
        errors.append(what)
    return ok


report_path = os.path.join(tmp, "report.json")
with open(report_path, encoding="utf-8") as f:
    report = json.load(f)  # raises on invalid JSON: the check fails
check(not any(n.endswith(".hipport-tmp") for n in os.listdir(tmp)), "a temporary report file was left behind")

summary = report.get("summary", {})
check(summary.get("files_scanned") == 1, f"summary.files_scanned is {summary.get('files_scanned')!r}, expected 1")
compat = summary.get("compatibility", {})
check("5.2.0" in compat, f"summary.compatibility has no \"5.2.0\" key: {sorted(compat)[:5]}...")
for release, pct in compat.items():
    check(re.fullmatch(r"\d+\.\d+\.\d+", release) is not None, f"compatibility key {release!r} is not a release")
    check(isinstance(pct, (int, float)) and 0 <= pct <= 100, f"compatibility[{release}] = {pct!r}")

uses, findings = report.get("uses", []), report.get("findings", [])
statuses = {"mapped", "deprecated", "removed", "later-release", "unmapped", "unknown"}
for u in uses:
    check(u.get("status") in statuses, f"use {u.get('cuda')}: status {u.get('status')!r}")
for fd in findings:
    check(re.fullmatch(r"HP\d{4}", str(fd.get("code"))) is not None, f"finding code {fd.get('code')!r}")

# Every path is relative to the scan root and names a file there.
paths = [("uses[].file", u.get("file")) for u in uses] + [("findings[].file", f.get("file")) for f in findings]
paths += [("files[].path", f.get("path")) for f in report.get("files", [])]
for where, p in paths:
    if check(isinstance(p, str), f"{where} is {p!r}"):
        check(not os.path.isabs(p) and ".." not in p.split("/"), f"{where} {p!r} is not relative to the root")
        check(os.path.isfile(os.path.join(root, p)), f"{where} {p!r} is not a file under the scan root")
for item in uses + findings:
    check(isinstance(item.get("line"), int) and item["line"] >= 1, f"line {item.get('line')!r} is not 1-based")
    check(isinstance(item.get("column"), int) and item["column"] >= 1, f"column {item.get('column')!r} is not 1-based")


def use(name):
    found = [u for u in uses if u.get("cuda") == name]
    check(len(found) == 1, f"{len(found)} uses of {name}, expected 1")
    return found[0] if found else {}


# Line 11: four spaces, then cudaMalloc -> column 5.
m = use("cudaMalloc")
check((m.get("file"), m.get("line"), m.get("column")) == ("src/alloc.cu", 11, 5),
      f"cudaMalloc at {m.get('file')}:{m.get('line')}:{m.get('column')}, expected src/alloc.cu:11:5")
check(m.get("hip") == "hipMalloc" and m.get("status") == "mapped", f"cudaMalloc use: {m}")
# Line 12: a tab, then cudaMemset -> column 2 (a tab is one byte).
m = use("cudaMemset")
check((m.get("line"), m.get("column")) == (12, 2), f"cudaMemset at {m.get('line')}:{m.get('column')}, expected 12:2")
# Line 13: "    /* \u00e9 */ " is 13 bytes (\u00e9 is two) -> cudaFree at column 14.
m = use("cudaFree")
check((m.get("line"), m.get("column")) == (13, 14), f"cudaFree at {m.get('line')}:{m.get('column')}, expected 13:14 (bytes)")
# The include names the header where it is written: line 2, column 11.
m = use("cuda_runtime.h")
check((m.get("line"), m.get("column")) == (2, 11), f"<cuda_runtime.h> at {m.get('line')}:{m.get('column')}, expected 2:11")

warp = [f for f in findings if f.get("code") == "HP2001"]
check(len(warp) == 1, f"{len(warp)} HP2001 findings, expected 1")
if warp:
    w = warp[0]
    check((w.get("file"), w.get("line"), w.get("column")) == ("src/alloc.cu", 6, 24),
          f"HP2001 at {w.get('file')}:{w.get('line')}:{w.get('column')}, expected src/alloc.cu:6:24")
    check(w.get("category") == "warp-size", f"HP2001 category {w.get('category')!r}")

# The rule data the report rests on: the database's meta table, as built.
db = os.path.join(os.path.dirname(os.environ["HIPPORT"]), "hipport-rules.db")
with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
    meta = dict(con.execute("SELECT key, value FROM meta"))
rules = report.get("rules", {})
check(rules.get("meta") == meta, f"rules.meta is not the database's meta table: {rules.get('meta')}")
check(rules.get("user_files") == [], f"rules.user_files is {rules.get('user_files')!r}, expected []")
check(summary.get("target_rocm") in compat, f"summary.target_rocm {summary.get('target_rocm')!r} is no known release")
check(isinstance(summary.get("target_reason"), str) and summary["target_reason"],
      f"summary.target_reason is {summary.get('target_reason')!r}")

for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
