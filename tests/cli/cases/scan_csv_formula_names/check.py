# A file name from the scanned tree that a spreadsheet would run as a formula
# comes out with a leading quote; numbers stay numbers.
import csv, io, os, sys

rows = list(csv.reader(io.StringIO(open(os.environ["OUT"], encoding="utf-8").read())))
head, body = rows[0], rows[1:]
files = {r[head.index("file")] for r in body}
errors = []
if not any(f.endswith("=SUM(1+1).cu") for f in files) and "'=SUM(1+1).cu" not in files:
    errors.append(f"no use in =SUM(1+1).cu among {sorted(files)}")
for r in body:
    for cell in r:
        if cell[:1] in ("=", "+", "@") or (cell[:1] == "-" and not cell[1:].replace(".", "").isdigit()):
            errors.append(f"formula-like cell {cell!r}")
    if not r[head.index("line")].isdigit():
        errors.append(f"line {r[head.index('line')]!r} is not a number")
for f in files:
    if os.path.basename(f.lstrip("'"))[:1] in "=@" and not f.startswith("'"):
        errors.append(f"unguarded {f!r}")
print("\n".join(errors))
sys.exit(1 if errors else 0)
