"""Every report format of one corpus scan carries the JSON report's numbers.

usage: check_formats.py HIPPORT SARIF_SCHEMA PATH... [-- scan options...]

The paths (corpus programs) are scanned once per format. SARIF is validated against the 2.1.0
schema and its results are matched with the JSON findings one by one; the CSV
tables are read back with Python's csv module (RFC 4180); Markdown and HTML
must show the summary, every release's %, and every program's row."""
import csv
import html.parser
import io
import json
import re
import subprocess
import sys

import jsonschema

hipport, schema_path, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
paths, extra = (rest[:rest.index("--")], rest[rest.index("--") + 1:]) if "--" in rest else (rest, [])
errors = []


def check(ok, what):
    if not ok:
        errors.append(what)


def scan(fmt, *more):
    r = subprocess.run([hipport, "scan", *paths, "--no-db", "--format", fmt, *more, *extra], capture_output=True)
    if r.returncode != 0:
        sys.exit(f"scan --format {fmt} exited {r.returncode}: {r.stderr.decode()}")
    return r.stdout.decode()


report = json.loads(scan("json"))
summary = report["summary"]
findings = report["findings"]

# ---- SARIF ----
sarif = json.loads(scan("sarif"))
with open(schema_path, encoding="utf-8") as f:
    jsonschema.validate(sarif, json.load(f))
run = sarif["runs"][0]
driver = run["tool"]["driver"]
check(driver["name"] == "hipport" and driver["version"] == report["version"], f"driver: {driver['name']} {driver['version']}")
check(driver["properties"]["ruleDataVersion"].startswith(report["rules"]["meta"]["data_vintage"]),
      f"ruleDataVersion {driver['properties']['ruleDataVersion']!r}")
rules = {r["id"]: r for r in driver["rules"]}
check(set(rules) == {f["code"] for f in findings}, f"SARIF rules {sorted(rules)} are not the codes found")
for d in report["diagnostics"]:
    r = rules.get(d["code"], {})
    check(r.get("properties", {}).get("category") == d["category"], f"rule {d['code']} category")
    check(r.get("properties", {}).get("effort_hours") == d["effort_hours"], f"rule {d['code']} effort")
    check(r.get("defaultConfiguration", {}).get("level") == d["severity"], f"rule {d['code']} level")
    check(r.get("shortDescription", {}).get("text") == d["title"], f"rule {d['code']} short description")
check(run["originalUriBaseIds"]["SRCROOT"]["uri"] == "file://" + report["root"] + "/", "SRCROOT is not the scan root")
results = run["results"]
check(len(results) == len(findings), f"{len(results)} SARIF results, {len(findings)} JSON findings")
prints = set()
for res, fd in zip(results, findings):
    loc = res["locations"][0]["physicalLocation"]
    where = f"{fd['file']}:{fd['line']}:{fd['column']} {fd['code']}"
    check(res["ruleId"] == fd["code"], f"{where}: ruleId {res['ruleId']}")
    check(driver["rules"][res["ruleIndex"]]["id"] == fd["code"], f"{where}: ruleIndex")
    check(res["level"] == fd["severity"], f"{where}: level {res['level']}")
    check(res["message"]["text"] == fd["message"], f"{where}: message")
    check(loc["artifactLocation"] == {"uri": fd["file"], "uriBaseId": "SRCROOT"}, f"{where}: {loc['artifactLocation']}")
    region = loc["region"]
    check(region["startLine"] == fd["line"], f"{where}: startLine {region['startLine']}")
    if fd["source_line"] is not None:
        prefix = fd["source_line"].encode()[:fd["column"] - 1].decode(errors="replace")
        check(region["startColumn"] == len(prefix) + 1, f"{where}: startColumn {region['startColumn']}")
        check(region["endLine"] == fd["line"] and region["endColumn"] > region["startColumn"], f"{where}: end {region}")
    fp = res["partialFingerprints"]["hipportFinding/v1"]
    check(fp not in prints, f"{where}: fingerprint {fp} repeats")
    prints.add(fp)
# Each format is a run of its own, and a run reuses the facts an earlier one
# cached: how many files it reused is the one number that may differ.
def same_run(s):
    return {k: v for k, v in s.items() if k != "reused_files"}


check(same_run(run["properties"]["summary"]) == same_run(summary), "SARIF run properties' summary is not the JSON summary")
check(run["properties"]["programs"] == report["programs"], "SARIF run properties' programs differ")
# The same scan again gives the same fingerprints: they follow the code.
again = json.loads(scan("sarif"))["runs"][0]["results"]
check([r["partialFingerprints"] for r in again] == [r["partialFingerprints"] for r in results],
      "fingerprints changed between two scans of the same tree")

# ---- CSV ----
def table(name):
    text = scan("csv", "--csv-table", name) if name else scan("csv")
    check(text.endswith("\r\n") and "\n" not in text.replace("\r\n", ""), f"csv {name}: lines do not end in CRLF")
    return list(csv.DictReader(io.StringIO(text, newline="")))


uses = table(None)
check(len(uses) == len(report["uses"]), f"csv uses: {len(uses)} rows, {len(report['uses'])} in JSON")
for row, u in zip(uses, report["uses"]):
    want = {k: str(u[k]) if u[k] is not None else "" for k in ("file", "line", "column", "cuda", "hip", "library", "kind", "status")}
    if row != want:
        errors.append(f"csv use {row} != {want}")
        break
rows = table("findings")
check([(r["file"], int(r["line"]), r["code"], r["message"], float(r["effort_hours"])) for r in rows] ==
      [(f["file"], f["line"], f["code"], f["message"], round(f["effort_hours"], 6)) for f in findings], "csv findings differ")
rows = table("files")
check([(r["path"], r["program"], int(r["uses"]), int(r["mapped"])) for r in rows] ==
      [(f["path"], f["program"], f["uses"], f["mapped"]) for f in report["files"]], "csv files differ")
rows = table("releases")
check({r["release"]: float(r["percent"]) for r in rows} == summary["compatibility"], "csv releases differ")
check([r["release"] for r in rows if r["target"] == "yes"] == [summary["target_rocm"]], "csv releases: target")

# ---- Markdown ----
md_text = scan("md")
def md(name):
    return re.escape(re.sub(r"([\\|`*_\[\]#~])", r"\\\1", name))


def md_has(pattern, what):
    check(re.search(pattern, md_text, re.M) is not None, f"md: no {what} ({pattern})")


md_has(rf"^\| files scanned \| {summary['files_scanned']} \|$", "files scanned")
md_has(rf"^\| CUDA files \| {summary['cuda_files']} \|$", "CUDA files")
md_has(rf"^\| CUDA uses \| {summary['uses']} \|$", "uses")
md_has(rf"^\| uses mapped in {re.escape(summary['target_rocm'])} \| {summary['mapped_uses']} ", "mapped uses")
md_has(rf"^\| findings that need work \| {summary['findings_need_work']} \(", "need work")
m = re.search(r"^\| effort estimate \| ([\d.]+) hours \|$", md_text, re.M)
check(m and abs(float(m.group(1)) - summary["effort_hours"]) <= 0.0501, "md: effort estimate")
# Tables back into rows, keyed by their first cell; numbers within half the
# last digit shown (the JSON's 6 digits may round the other way).
rows_md = {}
for line in md_text.splitlines():
    if line.startswith("| ") and not line.startswith("|---"):
        cells = [re.sub(r"\\(.)", r"\1", c.strip()) for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        rows_md.setdefault(cells[0].strip("*").replace(" (target)", ""), []).append(cells[1:])


def near(shown, value, places=1):
    try:
        return abs(float(shown.rstrip("%")) - value) <= 0.5 * 10 ** -places + 1e-9
    except ValueError:
        return False


for rel, pct in summary["compatibility"].items():
    row = rows_md.get(rel, [[""]])[0]
    check(near(row[0], pct), f"md release {rel}: {row} vs {pct}")
for g in report["programs"]:
    row = next((r for r in rows_md.get(g["name"], []) if len(r) == 8), None)
    check(row is not None and [int(x) for x in row[:3]] == [g["files"], g["uses"], g["mapped"]] and
          int(row[6]) == g["need_work"] and near(row[7], g["effort_hours"]), f"md program {g['name']}: {row}")
for g in report["categories"]:
    row = next((r for r in rows_md.get(g["name"], []) if len(r) == 3), None)
    check(row is not None and [int(x) for x in row[:2]] == [g["findings"], g["need_work"]] and near(row[2], g["effort_hours"]),
          f"md category {g['name']}: {row}")
for g in report["libraries"]:
    row = next((r for r in rows_md.get(g["name"], []) if len(r) == 4), None)
    check(row is not None and [int(x) for x in row[:3]] == [g["uses"], g["mapped"], g["uses"] - g["mapped"]],
          f"md library {g['name']}: {row}")


# ---- HTML (as written; the browser test reads it as rendered) ----
class Numbers(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.cards, self.bars, self.key, self.tables, self.table, self.row = {}, {}, None, {}, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-key" in a:
            self.key = a["data-key"]
        if tag == "rect" and "data-release" in a:
            self.bars[a["data-release"]] = float(a["data-value"])
        if tag == "table":
            self.table = a.get("id")
            self.tables[self.table] = []
        if tag == "tr" and self.table:
            self.row = []
        if tag == "td" and self.row is not None:
            self.row.append(a.get("data-value"))

    def handle_endtag(self, tag):
        if tag == "tr" and self.row:
            self.tables[self.table].append(self.row)
        if tag == "tr":
            self.row = None

    def handle_data(self, data):
        if self.key:
            self.cards[self.key] = data
            self.key = None


page = Numbers()
page.feed(scan("html"))
for key in ("files_scanned", "cuda_files", "uses", "mapped_uses", "findings_need_work"):
    check(page.cards.get(key) == str(summary[key]), f"html card {key}: {page.cards.get(key)} != {summary[key]}")
check(abs(float(page.cards.get("effort_hours", "nan")) - summary["effort_hours"]) <= 0.0501, "html card effort_hours")
check(page.cards.get("target_rocm") == summary["target_rocm"], "html card target")
check({k: round(v, 3) for k, v in page.bars.items()} == {k: round(v, 3) for k, v in summary["compatibility"].items()},
      "html compatibility bars differ from the JSON")
progs = [[float(v) for v in row[1:]] for row in page.tables.get("programs", [])]
want = [[g["files"], g["uses"], g["mapped"], g["uses"] - g["mapped"], round(100 * g["mapped"] / g["uses"], 3) if g["uses"] else 100,
         g["findings"], g["need_work"], g["effort_hours"]] for g in report["programs"]]
check([[round(x, 3) for x in p] for p in progs] == [[round(x, 3) for x in w] for w in want], "html programs table differs")
check(len(page.tables.get("files", [])) == len(report["files"]), "html files table rows")

for e in errors:
    print("check_formats:", e)
print(f"check_formats: {len(findings)} findings, {len(report['uses'])} uses, {len(report['programs'])} programs compared")
sys.exit(1 if errors else 0)
