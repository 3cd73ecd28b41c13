"""A rule database that is truncated, empty, or SQLite without hipport's tables
is named in one line with the fix, exit 5 (not 4, a missing one), for scan,
translate and rules alike; a missing one stays exit 4."""
import os
import sqlite3
import subprocess
import sys

tmp, hipport, inp = os.environ["TMP"], os.environ["HIPPORT"], os.environ["INPUT"]
real = open(os.path.join(os.path.dirname(hipport), "hipport-rules.db"), "rb").read()
bad = {"truncated.db": real[: len(real) // 3], "header_only.db": real[:100], "empty.db": b""}
for name, data in bad.items():
    with open(os.path.join(tmp, name), "wb") as f:
        f.write(data)
sqlite3.connect(os.path.join(tmp, "other_schema.db")).execute("CREATE TABLE t (x)").connection.commit()
bad["other_schema.db"] = None

runs = [["scan", os.path.join(inp, "a.cu"), "--no-db"], ["translate", os.path.join(inp, "a.cu"), "-o", "-"],
        ["rules", "stats"]]
errors = []
for name in bad:
    path = os.path.join(tmp, name)
    for args in runs:
        r = subprocess.run([hipport, *args, "--rules-db", path], capture_output=True, text=True, timeout=120)
        lines = r.stderr.splitlines()
        if r.returncode != 5 or len(lines) != 1 or not lines[0].startswith(f"hipport: {path}: rule database is "
                                                                            "damaged or not one (") \
                or not lines[0].endswith("rebuild it (make build) or reinstall hipport"):
            errors.append(f"{name} {args[0]}: rc {r.returncode}, stderr {r.stderr!r}")
r = subprocess.run([hipport, "scan", os.path.join(inp, "a.cu"), "--no-db", "--rules-db",
                    os.path.join(tmp, "missing.db")], capture_output=True, text=True, timeout=120)
if r.returncode != 4 or "rule database not found" not in r.stderr:
    errors.append(f"missing.db: rc {r.returncode}, stderr {r.stderr!r}")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
