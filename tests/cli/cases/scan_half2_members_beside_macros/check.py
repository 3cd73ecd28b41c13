"""A __half2 member read is found (HP2406) and wrapped by translate wherever the
file spells it: after a macro's use in the same expression (the expression's
tree starts in the expansion, and was skipped whole), before one, and as a
macro's argument. A read spelled in a macro's body (LOW) is not rewritten there:
the body serves every use."""
import json
import os
import subprocess
import sys

tmp, inp = os.environ["TMP"], os.environ["INPUT"]
with open(os.path.join(tmp, "scan.json"), encoding="utf-8") as f:
    report = json.load(f)
got = [(x["line"], x["column"], x["subject"]) for x in report["findings"] if x["code"] == "HP2406"]
want = [(9, 39, "__half2.y"), (10, 25, "__half2.y"), (11, 31, "__half2.x")]
errors = []
if got != want:
    errors.append(f"HP2406 findings {got}, expected {want}")
out = os.path.join(tmp, "h.hip")
r = subprocess.run([os.environ["HIPPORT"], "translate", os.path.join(inp, "h.cu"), "-o", out],
                   capture_output=True, text=True)
if r.returncode != 0:
    errors.append(f"translate exited {r.returncode}: {r.stderr.strip()}")
else:
    text = open(out, encoding="utf-8").read()
    for line in ("out[0] = TWICE(1.0f) + (float)reinterpret_cast<const half&>(in[0].y);",
                 "out[1] = (float)reinterpret_cast<const half&>(in[1].y) + TWICE(1.0f);",
                 "out[2] = TWICE((float)reinterpret_cast<const half&>(in[2].x));",
                 "#define LOW(h) ((float)(h).x)"):
        if line not in text:
            errors.append(f"the port lacks {line!r}")
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
