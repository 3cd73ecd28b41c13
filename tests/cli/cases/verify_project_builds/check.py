# The run is kept in the results database: one tree run, both units compiling.
import os
import sqlite3

db = sqlite3.connect(os.path.join(os.environ["TMP"], "results.db"))
assert db.execute("PRAGMA user_version").fetchone()[0] >= 3
runs = db.execute("SELECT units, compiling, failing_reported, failing_unforeseen, built_with FROM verify_tree").fetchall()
assert runs == [(2, 2, 0, 0, "hipcc, each unit alone")], runs
units = db.execute("SELECT unit, status FROM verify_unit ORDER BY unit").fetchall()
assert units == [("src/kernels.cu", "COMPILES"), ("src/main.cu", "COMPILES")], units
