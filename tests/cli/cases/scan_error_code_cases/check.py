"""A case label of a CUDA error code HIP has no counterpart for (an error HIP
never returns), or has only from a ROCm after the target (cudaErrorInvalidTexture:
6.4.0, after Debian's 5.2), is HP1011, counted once per file at half an hour: deleting the
cases is the whole port of such a switch, where an HP1001 at 4 hours per name
had made one error-string switch weeks of work. The same code used elsewhere
(compared with a result) is still HP1001."""
import json
import os

from clicase import finish

doc = json.load(open(os.environ["OUT"]))
errors = []
found = sorted((f["line"], f["code"], f["effort_hours"]) for f in doc["findings"]
               if f["code"] in ("HP1001", "HP1002", "HP1011"))
want = [(9, "HP1011", 0.5), (10, "HP1011", 0.0), (11, "HP1011", 0.0), (13, "HP1011", 0.0), (20, "HP1001", 4.0)]
if found != want:
    errors.append(f"findings {found}, expected {want}")
if doc["summary"]["effort_hours"] != 4.75:  # with HP2601 for cudaGetLastError, 0.25
    errors.append(f"effort {doc['summary']['effort_hours']} h, expected 4.75")
finish(errors)
