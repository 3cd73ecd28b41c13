"""verify keeps its result in the results database; a later scan of the same
tree keeps itself there too and reports the newest verify result as a section."""
import json
import os
import sqlite3
import subprocess
import sys

tmp, root, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
db = os.path.join(tmp, "results.db")
errors = []
programs = json.load(open(os.path.join(tmp, "verify.json")))["programs"]
if [p["status"] for p in programs] != ["COMPILED"]:
    errors.append(f"verify statuses: {[(p['program'], p['status'], p['detail']) for p in programs]}")
scan = subprocess.run([hipport, "scan", root, "--db", db, "--format", "json"], capture_output=True, text=True)
report = json.loads(scan.stdout)
section = report.get("verify", [])
if [(v["program"], v["status"]) for v in section] != [("saxpy", "COMPILED")]:
    errors.append(f"the scan report's verify section: {section}")
rows = sqlite3.connect(db).execute("SELECT root, uses FROM scan").fetchall()
if len(rows) != 1 or rows[0][1] != report["summary"]["uses"]:
    errors.append(f"scan rows in the database: {rows}")
none = subprocess.run([hipport, "scan", root, "--no-db", "--format", "json"], capture_output=True, text=True)
if json.loads(none.stdout).get("verify") != []:
    errors.append("--no-db still read verify results")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
