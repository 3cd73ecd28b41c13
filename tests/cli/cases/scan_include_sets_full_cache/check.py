"""The cache's bound in bytes holds within a run: entries used in the last hour
are never dropped (a run may be reading them), so a run over a large tree could
fill it past its bound with include sets' PCHs. A cache that already holds its
2 GiB (here a sparse placeholder entry) gets no new set PCH, the placeholder
stays, and the report is the one of a run with no cache; the same run with room
makes the PCH a.cu and b.cu share."""
import glob
import json
import os
import subprocess

from clicase import finish

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
reference = json.loads(open(os.environ["OUT"]).read())
reference["summary"].pop("reused_files", None)
errors = []


def scan(cache, what):
    r = subprocess.run([hipport, "scan", "--parse-all", inp, "--format", "json", "--cache-dir", cache],
                       capture_output=True, text=True)
    doc = json.loads(r.stdout) if r.returncode == 0 else None
    if doc:
        doc["summary"].pop("reused_files", None)
    if doc != reference:
        errors.append(f"{what}: the report differs from a run with no cache (exit {r.returncode})")
    return sorted(glob.glob(os.path.join(cache, "set-*.pch")))


full = os.path.join(tmp, "full")
os.makedirs(full)
placeholder = os.path.join(full, "set-0000000000000000.pch")
with open(placeholder, "wb") as f:
    f.truncate(2 << 30)
sets = scan(full, "full cache")
if sets != [placeholder]:
    errors.append(f"full cache: set PCHs {[os.path.basename(s) for s in sets]}, expected the placeholder alone")
roomy = scan(os.path.join(tmp, "roomy"), "cache with room")
if len(roomy) != 1:
    errors.append(f"cache with room: {len(roomy)} set PCHs, expected the one a.cu and b.cu share")
finish(errors)
