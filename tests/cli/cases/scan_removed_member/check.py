"""Members CUDA 13 removed from cudaDeviceProp no longer compile, so clang has
no member reference for them; they are still reported (HP1004 removed-api)
through a value, a pointer and an array element, in a file that parses
(tree.cu) and in one stopped by a missing header (fatal.cu, one line lower).
A user's struct with a field of the same name stays silent."""
import json
import os
import sys

with open(os.path.join(os.environ["TMP"], "report.json"), encoding="utf-8") as f:
    report = json.load(f)
want = [(10, 53, "cudaDeviceProp.deviceOverlap"), (17, 31, "cudaDeviceProp.deviceOverlap"),
        (17, 55, "cudaDeviceProp.deviceOverlap"), (18, 42, "cudaDeviceProp.singleToDoublePrecisionPerfRatio")]
errors = []
for path, shift in (("tree.cu", 0), ("fatal.cu", 1)):
    got = sorted((f["line"] - shift, f["column"], f["subject"]) for f in report["findings"]
                 if f["file"].endswith(path) and f["code"] == "HP1004")
    if got != want:
        errors.append(f"{path}: HP1004 findings {got}, expected {want}")
if errors:
    print("\n".join(errors))
    sys.exit(1)
