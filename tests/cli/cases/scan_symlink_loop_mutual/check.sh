# Two folders linked to each other (a/to_b -> ../b, b/to_a -> ../a): the scan
# ends, exit 0, and every file is counted once, as before the links existed.
set -u
ln -s ../b "$INPUT/a/to_b"
ln -s ../a "$INPUT/b/to_a"
timeout 60 "$HIPPORT" scan --format json -o "$TMP/after.json" "$INPUT" 2>"$TMP/err2"
r=$?
[[ $r == 0 ]] || { echo "check.sh: scan with the loop: exit $r (124: it did not end): $(head -c 500 "$TMP/err2")"; exit 1; }
python3 - "$TMP/before.json" "$TMP/after.json" <<'PY'
import json, sys
b, a = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:3])
paths = sorted(f["path"] for f in a["files"])
errors = []
if paths != ["a/k.cu", "b/async.cu", "top.cu"]:
    errors.append(f"files[] with the loop: {paths}, expected a/k.cu b/async.cu top.cu once each")
if a["summary"]["files_scanned"] != b["summary"]["files_scanned"]:
    errors.append(f"files_scanned {a['summary']['files_scanned']} with the loop, {b['summary']['files_scanned']} without")
if len(a["uses"]) != len(b["uses"]):
    errors.append(f"{len(a['uses'])} uses with the loop, {len(b['uses'])} without")
for e in errors:
    print("check.sh:", e)
sys.exit(1 if errors else 0)
PY
