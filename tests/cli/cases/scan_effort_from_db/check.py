"""The effort hours in the rule database count: a copy of the database whose
diagnostic table gives HP2001 3 hours (and per file) makes the same scan cost
that, with no rebuild of hipport."""
import json
import os
import shutil
import sqlite3
import subprocess
import sys

tmp, hipport = os.environ["TMP"], os.environ["HIPPORT"]
db = os.path.join(tmp, "calibrated.db")
shutil.copy(os.path.join(os.path.dirname(hipport), "hipport-rules.db"), db)
with sqlite3.connect(db) as con:
    con.execute("UPDATE diagnostic SET effort_hours = 3.0, effort_per = 'file' WHERE code = 'HP2001'")
subprocess.run([hipport, "scan", "--format", "json", "-o", os.path.join(tmp, "calibrated.json"), "--no-db",
                "--rules-db", db, os.environ["INPUT"]], check=True)


def hp2001(name):
    report = json.load(open(os.path.join(tmp, name), encoding="utf-8"))
    return [f["effort_hours"] for f in report["findings"] if f["code"] == "HP2001"], report["summary"]["effort_hours"]


default, calibrated = hp2001("default.json"), hp2001("calibrated.json")
ok = default[0] == [0.5] and calibrated[0] == [3.0] and calibrated[1] - default[1] == 2.5
print(f"HP2001 effort: default {default}, calibrated {calibrated}")
sys.exit(0 if ok else 1)
