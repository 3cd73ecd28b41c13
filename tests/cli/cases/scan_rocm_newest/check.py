# `--rocm newest` is the newest release the rule database knows.
import os
import re
import sqlite3

db = os.path.join(os.path.dirname(os.environ["HIPPORT"]), "hipport-rules.db")
with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
    newest = con.execute("SELECT value FROM meta WHERE key = 'newest_rocm'").fetchone()[0]
out = open(os.environ["OUT"], encoding="utf-8").read()
m = re.search(r"\(target ROCm ([0-9.]+), newest known, as asked\)", out)
assert m and m.group(1) == newest, f"target {m and m.group(1)}, newest known {newest}"
