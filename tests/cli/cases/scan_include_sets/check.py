"""Include blocks shared by files are precompiled into the cache and change no
result: a.cu and b.cu open with the same angle includes (one PCH for both);
c.cu and d.cu share one that reaches a project header (never precompiled, since
it may change). Cold, warm and with a corrupt PCH, the report is the one of a
run with no cache; the corrupt PCH is dropped and made again. Each run but the
last forgets the files' kept facts (facts_cache.c), which would spare it the parse
these PCHs are for; the last keeps them and reports the same all the same."""
import glob
import json
import os
import subprocess
import sys

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]


def report(text):
    """The report less what says how it was made (reused_files)."""
    doc = json.loads(text)
    doc["summary"].pop("reused_files", None)
    return doc


reference = report(open(os.environ["OUT"]).read())
cache = os.path.join(tmp, "cache")
errors = []
if [f["parser"] for f in reference["files"]] != ["libclang"] * 4:
    errors.append("the run with no cache did not parse all four files")


def scan(what, keep_facts=False):
    for kept in glob.glob(os.path.join(cache, "file-*.facts")) * (not keep_facts):
        os.remove(kept)
    r = subprocess.run([hipport, "scan", "--parse-all", inp, "-I", os.path.join(inp, "inc"), "--format", "json",
                        "--cache-dir", cache], capture_output=True, text=True)
    if r.returncode != 0 or report(r.stdout) != reference:
        errors.append(f"{what}: the report differs from a run with no cache (exit {r.returncode})")
    return sorted(glob.glob(os.path.join(cache, "set-*.pch")))


sets = scan("cold")
if len(sets) != 1:
    errors.append(f"cold: {len(sets)} include blocks precompiled, expected the one a.cu and b.cu share")
else:
    inode = os.stat(sets[0]).st_ino
    if scan("warm") != sets or os.stat(sets[0]).st_ino != inode:
        errors.append("warm: the block's PCH was not reused")
    with open(sets[0], "r+b") as f:
        f.write(b"stale" * 200)
    scan("corrupt")
    if scan("after the corrupt one") != sets or b"stale" in open(sets[0], "rb").read(1000):
        errors.append("the corrupt PCH was not made again")
    scan("with the files' facts kept", keep_facts=True)
for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
