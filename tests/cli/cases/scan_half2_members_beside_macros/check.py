"""A __half2 member read is found (HP2406) and wrapped by translate wherever the
file spells it: after a macro's use in the same expression (the expression's
tree starts in the expansion, and was skipped whole), before one, and as a
macro's argument. A read spelled in a macro's body (LOW) is not rewritten there:
the body serves every use."""
import os

from clicase import finish, report, translate

doc = report("scan.json")
got = [(x["line"], x["column"], x["subject"]) for x in doc["findings"] if x["code"] == "HP2406"]
want = [(9, 39, "__half2.y"), (10, 25, "__half2.y"), (11, 31, "__half2.x")]
errors = []
if got != want:
    errors.append(f"HP2406 findings {got}, expected {want}")
failed, port = translate(os.path.join(os.environ["INPUT"], "h.cu"), os.path.join(os.environ["TMP"], "h.hip"))
if failed:
    errors.append(failed)
else:
    for line in ("out[0] = TWICE(1.0f) + (float)reinterpret_cast<const half&>(in[0].y);",
                 "out[1] = (float)reinterpret_cast<const half&>(in[1].y) + TWICE(1.0f);",
                 "out[2] = TWICE((float)reinterpret_cast<const half&>(in[2].x));",
                 "#define LOW(h) ((float)(h).x)"):
        if line not in port:
            errors.append(f"the port lacks {line!r}")
finish(errors)
