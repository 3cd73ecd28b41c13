"""--lexical reads every file by tokens only: the report says so (summary and each
file), no file is reported as a parse fallback, and the uses and the hazards
that need no tree are the ones a full parse finds."""
import json
import os
import subprocess
import sys

inp, hipport = os.environ["INPUT"], os.environ["HIPPORT"]
lexical = json.load(open(os.environ["OUT"]))
full = json.loads(subprocess.run([hipport, "scan", inp, "--format", "json"], capture_output=True, text=True,
                                 check=True).stdout)
errors = []
if lexical["summary"]["parser"] != "lexical" or full["summary"]["parser"] != "libclang":
    errors.append(f"summary parser: {lexical['summary']['parser']} / {full['summary']['parser']}")
if [f["parser"] for f in lexical["files"]] != ["lexical"] * len(full["files"]):
    errors.append(f"files: {[(f['path'], f['parser']) for f in lexical['files']]}")
if any(f["code"] == "HP3001" for f in lexical["findings"]):
    errors.append("a lexical scan reports its own files as parse fallbacks")


def uses(doc):
    return sorted((u["file"], u["line"], u["cuda"]) for u in doc["uses"])


if uses(lexical) != uses(full) or not uses(full):
    errors.append(f"uses differ:\n  lexical {uses(lexical)}\n  full    {uses(full)}")
codes = lambda doc: sorted({f["code"] for f in doc["findings"]})
if codes(lexical) != codes(full) or "HP2001" not in codes(full):
    errors.append(f"hazards differ: lexical {codes(lexical)}, full {codes(full)}")
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
