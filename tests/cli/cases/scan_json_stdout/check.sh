# --format=json without -o: the report is the whole of stdout, valid JSON.
python3 -m json.tool "$OUT" >/dev/null || { echo "stdout is not valid JSON"; exit 1; }
python3 - "$OUT" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["summary"]["target_rocm"], "summary.target_rocm is empty"
assert r["summary"]["files_scanned"] == 1, r["summary"]["files_scanned"]
PY
