# --version names the rule data the database beside the binary holds: its
# vintage, newest releases and row count, read back from its meta table.
import os
import sqlite3

db = os.path.join(os.path.dirname(os.environ["HIPPORT"]), "hipport-rules.db")
with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
    meta = dict(con.execute("SELECT key, value FROM meta"))
    rows = con.execute("SELECT count(*) FROM api").fetchone()[0]
out = open(os.environ["OUT"], encoding="utf-8").read()
assert meta["rows"] == str(rows), (meta["rows"], rows)
for piece in (meta["data_vintage"], "ROCm to " + meta["newest_rocm"], "CUDA to " + meta["newest_cuda"],
              f"{rows} CUDA names in {meta['libraries']} libraries", meta["built_by"]):
    assert piece in out, f"--version does not say {piece!r}:\n{out}"
