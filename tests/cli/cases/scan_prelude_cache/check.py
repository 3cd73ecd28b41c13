"""The prelude cache: a second run reuses the PCH and facts the first kept, with
the same report as a run with no cache; a corrupt or unwritable cache costs time,
never a result; a corrupt PCH is found before the first parse, and a run that
parses nothing (every file's facts reused) never reads it; --no-cache writes nothing; XDG_CACHE_HOME is where it goes by
default; concurrent runs leave no private files behind."""
import glob
import json
import os
import subprocess
import sys

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]


def report(text):
    """The report less what says how it was made (reused_files: a warm run reuses k.cu's facts)."""
    doc = json.loads(text) if text else {}
    doc.get("summary", {}).pop("reused_files", None)
    return doc


raw = open(os.environ["OUT"]).read()
reference = report(raw)
errors = []
if '"parser": "libclang"' not in raw:
    errors.append("the run with no cache did not parse the file with libclang")


def scan(*extra, env=None):
    r = subprocess.run([hipport, "scan", "--parse-all", os.path.join(inp, "k.cu"), "--format", "json", *extra],
                       capture_output=True, text=True, env=env)
    if r.returncode != 0:
        errors.append(f"scan {' '.join(extra)} exited {r.returncode}: {r.stderr.strip()}")
    return report(r.stdout)


def entries(cache):
    return sorted(glob.glob(os.path.join(cache, "prelude-*.pch")))


cache = os.path.join(tmp, "cache")
if scan("--cache-dir", cache) != reference:
    errors.append("a cold run with a cache reports differently from one without")
first = entries(cache)
if len(first) != 1 or not os.path.exists(first[0][:-3] + "facts"):
    errors.append(f"the cold run kept {os.listdir(cache) if os.path.isdir(cache) else 'nothing'}")
else:
    inode = os.stat(first[0]).st_ino
    if scan("--cache-dir", cache) != reference:
        errors.append("a warm run reports differently")
    if os.stat(first[0]).st_ino != inode:
        errors.append("the warm run made the PCH again instead of reusing it")
    with open(first[0], "r+b") as f:  # a torn or foreign file in its place
        f.write(b"not a PCH" * 100)
    if scan("--cache-dir", cache) != reference:
        errors.append("a corrupt cached PCH changed the report of a run that reused k.cu's facts")
    if b"not a PCH" not in open(first[0], "rb").read(1000):
        errors.append("a run that parsed nothing read the prelude's PCH")
    for kept in glob.glob(os.path.join(cache, "file-*.facts")):
        os.unlink(kept)  # so that k.cu is parsed again
    if scan("--cache-dir", cache) != reference:
        errors.append("a corrupt cached PCH changed the report")
    if b"not a PCH" in open(first[0], "rb").read(1000):
        errors.append("the corrupt PCH was not made again")

procs = [subprocess.Popen([hipport, "scan", "--parse-all", os.path.join(inp, "k.cu"), "--format", "json",
                           "--cache-dir", os.path.join(tmp, "shared")], stdout=subprocess.PIPE, text=True)
         for _ in range(3)]
for p in procs:
    if report(p.communicate()[0]) != reference:
        errors.append("a run sharing a cold cache with others reports differently")
left = [n for n in os.listdir(os.path.join(tmp, "shared"))
        if not n.startswith("prelude-") and not (n.startswith("file-") and n.endswith(".facts"))
        and not (n.startswith("rules-") and n.endswith(".img"))]
if left:
    errors.append(f"concurrent runs left {left} in the cache")

nocache = os.path.join(tmp, "none")
xdg = dict(os.environ, XDG_CACHE_HOME=nocache)
scan("--no-cache", env=xdg)
if os.path.exists(nocache):
    errors.append("--no-cache wrote a cache")
scan(env=xdg)
if len(entries(os.path.join(nocache, "hipport"))) != 1:
    errors.append("the default cache is not under XDG_CACHE_HOME/hipport")

blocker = os.path.join(tmp, "a-file")
open(blocker, "w").close()
if scan("--cache-dir", os.path.join(blocker, "cache")) != reference:
    errors.append("a cache folder that cannot be made changed the report")

for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
