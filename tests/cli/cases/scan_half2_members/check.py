"""scan reports each __half2 member access translate wraps as an HP2406 note
(HIP declares x and y unsigned short), with the text translate writes, which
keeps the access's const; the access already wrapped is not reported, and
translate writes what each note says."""
import os

from clicase import finish, report, translate

got = [(x["line"], x["column"], x["subject"], x["severity"], x["effort_hours"], x["message"])
       for x in report("scan.json")["findings"] if x["code"] == "HP2406"]
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
failed, port = translate(os.path.join(os.environ["INPUT"], "h.cu"), os.path.join(os.environ["TMP"], "h.hip"))
if failed:
    errors.append(failed)
else:
    errors += [f"translate did not write {w[3]}" for w in want if w[3] not in port]
finish(errors)
