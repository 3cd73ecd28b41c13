"""scan reports each __half2 member access translate wraps as an HP2406 note
(HIP declares x and y unsigned short), with the text translate writes, which
keeps the access's const; the access already wrapped is not reported, and
translate writes what each note says."""
import json
import os
import subprocess
import sys

tmp, inp = os.environ["TMP"], os.environ["INPUT"]
with open(os.path.join(tmp, "scan.json"), encoding="utf-8") as f:
    report = json.load(f)
got = [(x["line"], x["column"], x["subject"], x["severity"], x["effort_hours"], x["message"])
       for x in report["findings"] if x["code"] == "HP2406"]
want = [(6, 23, "__half2.x", "reinterpret_cast<const half&>(in->x)"),
        (7, 25, "__half2.y", "reinterpret_cast<half&>(io[1].y)")]
errors = []
if [(g[0], g[1], g[2]) for g in got] != [(w[0], w[1], w[2]) for w in want]:
    errors.append(f"HP2406 findings {[(g[0], g[1], g[2]) for g in got]}, expected {[(w[0], w[1], w[2]) for w in want]}")
else:
    for g, w in zip(got, want):
        if g[3] != "note" or g[4] != 0 or "unsigned short" not in g[5] or f"translate writes {w[3]}," not in g[5]:
            errors.append(f"line {g[0]}: {g[3]}, {g[4]} h, {g[5]!r}: expected a note of 0 h naming unsigned short "
                          f"and {w[3]}")
out = os.path.join(tmp, "h.hip")
r = subprocess.run([os.environ["HIPPORT"], "translate", os.path.join(inp, "h.cu"), "-o", out],
                   capture_output=True, text=True)
if r.returncode != 0:
    errors.append(f"translate exited {r.returncode}: {r.stderr.strip()}")
else:
    with open(out, encoding="utf-8") as f:
        port = f.read()
    errors += [f"translate did not write {w[3]}" for w in want if w[3] not in port]
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
