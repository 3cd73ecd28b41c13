"""Cooperative groups' reduce, plus and greater are HP1001 (no HIP counterpart),
named with their namespace, whether the file is read with the tree (tree.cu) or
lexically after a syntax error (lexical.cu, the same lines). A user's own
reduce() and std::plus stay silent, and nothing is left as HP1005 unknown, not
even std, which the toolkit's headers open before the standard ones, or
cuda_fp16.h's half and half2 (toolkit_names.cu)."""
import json
import os
import sys

with open(os.path.join(os.environ["TMP"], "report.json"), encoding="utf-8") as f:
    report = json.load(f)
errors = []
for path in ("tree.cu", "lexical.cu"):
    mine = [f for f in report["findings"] if f["file"].endswith(path)]
    got = sorted((f["line"], f["column"], f["subject"]) for f in mine if f["code"] == "HP1001")
    want = [(14, 17, "cooperative_groups::reduce"), (14, 51, "cooperative_groups::plus"),
            (15, 17, "cooperative_groups::reduce"), (15, 37, "cooperative_groups::greater")]
    if got != want:
        errors.append(f"{path}: HP1001 findings {got}, expected {want}")
unknown = [(f["file"], f["line"], f["subject"]) for f in report["findings"] if f["code"] == "HP1005"]
if unknown:
    errors.append(f"HP1005 unknown findings {unknown}")
if errors:
    print("\n".join(errors))
    sys.exit(1)
