"""--tiered counts an include block's users among the files it parses: settled.cu
and parsed.cu open with the same block, but settled.cu is read from its tokens,
so no PCH is made for parsed.cu alone; the full scan, which parses both, makes
one. Both reports are the full scan's."""
import glob
import json
import os
import subprocess

from clicase import finish

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
errors = []


def scan(cache, *flags):
    r = subprocess.run([hipport, "scan", inp, "--format", "json", "--cache-dir", cache, *flags],
                       capture_output=True, text=True)
    if r.returncode != 0:
        errors.append(f"scan {flags} exited {r.returncode}: {r.stderr.strip()}")
        return {}, []
    return json.loads(r.stdout), glob.glob(os.path.join(cache, "set-*.pch"))


tiered, tiered_sets = scan(os.path.join(tmp, "tiered"), "--tiered")
full, full_sets = scan(os.path.join(tmp, "full"), "--parse-all")
parsers = {f["path"]: f["parser"] for f in tiered.get("files", [])}
if parsers != {"settled.cu": "tokens", "parsed.cu": "libclang"}:
    errors.append(f"tiered: {parsers}, want settled.cu from tokens and parsed.cu parsed")
if tiered_sets:
    errors.append(f"tiered: {len(tiered_sets)} include blocks precompiled for the one file it parses")
if len(full_sets) != 1:
    errors.append(f"full: {len(full_sets)} include blocks precompiled, want the one both files share")
for key in ("uses", "findings"):
    drop = lambda doc: sorted(json.dumps({k: v for k, v in x.items() if k != "cursor"}, sort_keys=True)
                              for x in doc.get(key, []))
    if drop(tiered) != drop(full):
        errors.append(f"the tiered scan's {key} differ from the full scan's")
finish(errors)
