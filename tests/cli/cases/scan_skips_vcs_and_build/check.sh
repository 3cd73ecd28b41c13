# .git/ and a build folder (one holding CMakeCache.txt) under the scan root are
# not scanned; a folder merely named like one (build2/, no cache) is.
set -u
mkdir -p "$INPUT/.git/objects"
cp "$INPUT/build/generated.cu" "$INPUT/.git/hook.cu"
cp "$INPUT/build/generated.cu" "$INPUT/.git/objects/deep.cu"
"$HIPPORT" scan --format json "$INPUT" >"$TMP/after.json" 2>"$TMP/err2" || { echo "check.sh: second scan failed: $(cat "$TMP/err2")"; exit 1; }
python3 - "$OUT" "$TMP/after.json" <<'PY'
import json, sys
errors = []
for path in sys.argv[1:3]:
    r = json.load(open(path, encoding="utf-8"))
    paths = sorted(f["path"] for f in r["files"])
    if paths != ["build2/kept.cu", "src/async.cu"]:
        errors.append(f"files[] {paths}, expected build2/kept.cu src/async.cu")
    bad = sorted({u["file"] for u in r["uses"]} - {"build2/kept.cu", "src/async.cu"})
    if bad:
        errors.append(f"uses from {bad}")
for e in errors:
    print("check.sh:", e)
sys.exit(1 if errors else 0)
PY
