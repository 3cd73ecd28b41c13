"""A rule database that is truncated, empty, or SQLite without hipport's tables
is named in one line with the fix, exit 5 (not 4, a missing one), for scan,
translate and rules alike; a missing one stays exit 4. So is one whose schema
was edited to let a NULL or an unknown name into a column hipport relies on
(it crashed on the NULL once)."""
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


def edited(name, table, loosen, update):
    """A copy of the real database with `loosen` (old, new) applied to the
    table's schema text, then `update` run: rows the real schema forbids."""
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(real)
    db = sqlite3.connect(path)
    db.execute("PRAGMA writable_schema = ON")
    db.execute("UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE name = ?", (*loosen, table))
    db.commit()
    db.close()
    db = sqlite3.connect(path)
    db.execute(update)
    db.commit()
    db.close()
    bad[name] = None


edited("null_name.db", "api", ("cuda_name TEXT NOT NULL,", "cuda_name TEXT,"),
       "UPDATE api SET cuda_name = NULL WHERE id IN (SELECT id FROM api LIMIT 5)")
edited("unknown_action.db", "nvcc_option", ("CHECK (action IN", "CHECK (action NOT IN"),
       "UPDATE nvcc_option SET action = 'explode'")
edited("unknown_edit.db", "arg_edit", ("CHECK (edit IN", "CHECK (edit NOT IN"),
       "UPDATE arg_edit SET edit = 'shuffle' WHERE rowid = 1")

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
