"""The rule database's image in the cache folder: the first run with a cache
writes one, later runs read it and report as a run with no cache does; a
damaged image changes no report and is written again; a database given with
--rules-db has an image of its own, and a changed one is read again."""
import glob
import json
import os
import shutil
import sqlite3
import subprocess
import sys

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
errors = []


def report(text):
    doc = json.loads(text) if text else {}
    doc.get("summary", {}).pop("reused_files", None)
    return doc


def scan(*extra):
    r = subprocess.run([hipport, "scan", "--parse-all", os.path.join(inp, "k.cu"), "--format", "json", *extra],
                       capture_output=True, text=True)
    if r.returncode != 0:
        errors.append(f"scan {' '.join(extra)} exited {r.returncode}: {r.stderr.strip()}")
    return report(r.stdout)


reference = report(open(os.environ["OUT"]).read())
cache = os.path.join(tmp, "cache")
images = lambda: sorted(glob.glob(os.path.join(cache, "rules-*.img")))
if scan("--cache-dir", cache) != reference:
    errors.append("a run that wrote the rule image reports differently from one with no cache")
if len(images()) != 1:
    errors.append(f"the first run with a cache left {os.listdir(cache)}")
else:
    image = images()[0]
    inode = os.stat(image).st_ino
    if scan("--cache-dir", cache) != reference:
        errors.append("a run that read the rule image reports differently")
    if os.stat(image).st_ino != inode:
        errors.append("a run with a whole image wrote it again")
    data = bytearray(open(image, "rb").read())
    data[len(data) // 2] ^= 0xFF
    open(image, "wb").write(data)
    if scan("--cache-dir", cache) != reference:
        errors.append("a damaged rule image changed the report")
    if open(image, "rb").read() == bytes(data):
        errors.append("the damaged rule image was not written again")

# --rules-db: a copy of the database, changed after its image was written
rules_db = os.path.join(tmp, "rules.db")
source = os.path.join(os.path.dirname(hipport), "hipport-rules.db")
if not os.path.exists(source):
    source = os.path.join(os.path.dirname(hipport), "..", "share", "hipport", "hipport-rules.db")
shutil.copyfile(source, rules_db)
scan("--cache-dir", cache, "--rules-db", rules_db)
if len(images()) != 2:
    errors.append(f"another database did not get an image of its own: {images()}")
with sqlite3.connect(rules_db) as db:
    db.execute("UPDATE api SET hip_name = 'hipMallocChangedByTheTest' WHERE cuda_name = 'cudaMalloc'")
doc = scan("--cache-dir", cache, "--rules-db", rules_db)
if "hipMallocChangedByTheTest" not in json.dumps(doc):
    errors.append("a changed database was not read again: its image was used")
if len(images()) != 2:
    errors.append(f"the changed database's image did not replace the old one: {images()}")

for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
