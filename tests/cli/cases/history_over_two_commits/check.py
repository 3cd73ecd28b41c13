"""A git repository made from a corpus program, scanned, a fix committed, scanned
again: history shows two rows, one per commit, and the numbers moving. Then
`report` renders the stored scan, byte for byte what the scan wrote, in every
format."""
import json
import os
import shutil
import subprocess
import sys

tmp, hipport = os.environ["TMP"], os.environ["HIPPORT"]
case = os.environ["CASE"]
corpus = os.path.normpath(os.path.join(case, "..", "..", "..", "..", "corpus", "reduce_shfl"))
repo, db = os.path.join(tmp, "reduce"), os.path.join(tmp, "results.db")
errors = []


def run(*args, cwd=None):
    r = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{' '.join(args)}: exit {r.returncode}: {r.stderr}")
    return r.stdout


def git(*args):
    return run("git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args, cwd=repo).strip()


shutil.copytree(corpus, repo)
git("init", "-q")
git("add", "-A")
git("commit", "-qm", "the CUDA original")
first = git("rev-parse", "HEAD")
run(hipport, "scan", repo, "--db", db, "--rocm", "6.3.0", "--format", "json", "-o", os.path.join(tmp, "1.json"))
src = os.path.join(repo, "main.cu")
text = open(src).read()
open(src, "w").write(text.replace("threadIdx.x % 32", "threadIdx.x % warpSize"))
git("commit", "-qam", "lane from warpSize")
second = git("rev-parse", "HEAD")
run(hipport, "scan", repo, "--db", db, "--rocm", "6.3.0", "--format", "json", "-o", os.path.join(tmp, "2.json"))

hist = json.loads(run(hipport, "history", repo, "--db", db, "--format", "json"))
rows = hist["scans"]
if [r["commit"] for r in rows] != [first, second]:
    errors.append(f"history commits {[r['commit'] for r in rows]}, expected {[first, second]}")
if any(r["dirty"] for r in rows):
    errors.append("a clean checkout was recorded dirty")
if hist["project"] != "reduce" or any(r["project"] != "reduce" for r in rows):
    errors.append(f"project {hist['project']!r}: a checkout without a remote is its folder's name")
if len(rows) == 2:
    if not rows[1]["findings_need_work"] < rows[0]["findings_need_work"]:
        errors.append(f"findings need work did not fall: {rows[0]['findings_need_work']} -> {rows[1]['findings_need_work']}")
    if not rows[1]["effort_hours"] < rows[0]["effort_hours"]:
        errors.append(f"effort did not fall: {rows[0]['effort_hours']} -> {rows[1]['effort_hours']}")
    for r, name in zip(rows, ("1.json", "2.json")):
        scan = json.load(open(os.path.join(tmp, name)))["summary"]
        if (r["findings_need_work"], r["uses"], r["target_rocm"]) != (scan["findings_need_work"], scan["uses"], scan["target_rocm"]):
            errors.append(f"history row {r} disagrees with the scan's report {name}")
text_history = run(hipport, "history", repo, "--db", db)
if first[:10] not in text_history or second[:10] not in text_history:
    errors.append(f"text history lacks the commits:\n{text_history}")
page = run(hipport, "history", "--project", "reduce", "--db", db, "--format", "html")
if page.count('class="point"') != 4 or "<polyline" not in page:
    errors.append("html history: two line charts of two points each expected")

# An uncommitted change is a dirty tree.
open(src, "a").write("// edited\n")
run(hipport, "scan", repo, "--db", db, "--rocm", "6.3.0", "--format", "json", "-o", os.devnull)
last = json.loads(run(hipport, "history", repo, "--db", db, "--format", "json"))["scans"][-1]
if not last["dirty"] or last["commit"] != second:
    errors.append(f"an edited checkout: commit {last['commit']}, dirty {last['dirty']}")

# report: the stored scan in each format, the scan's own bytes.
for fmt in ("text", "json", "md", "html", "sarif", "csv"):
    own = os.path.join(tmp, f"scan.{fmt}")
    run(hipport, "scan", repo, "--db", db, "--rocm", "6.3.0", "--format", fmt, "-o", own)
    again = subprocess.run([hipport, "report", "--latest", repo, "--db", db, "--format", fmt], capture_output=True)
    if again.stdout != open(own, "rb").read():
        errors.append(f"report --format {fmt} differs from the scan's own output")
ids = [r["id"] for r in json.loads(run(hipport, "history", repo, "--db", db, "--format", "json"))["scans"]]
by_id = subprocess.run([hipport, "report", "--scan", str(ids[0]), "--db", db, "--format", "json"], capture_output=True)
if by_id.stdout != open(os.path.join(tmp, "1.json"), "rb").read():
    errors.append("report --scan of the first scan differs from its JSON report")

for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
