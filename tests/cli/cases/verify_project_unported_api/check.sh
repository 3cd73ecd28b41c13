# The port was kept (--hip-tree), and its line 13 is the CUDA line 12 the report names.
set -e
grep -n 'meta_group_rank' "$TMP/port/tiles.cu" | grep -q '^13:'
grep -n 'meta_group_rank' "$INPUT/tiles.cu" | grep -q '^12:'
# The kept port again (--port), as SARIF: each failing unit a result at its CUDA line.
set +e
"$HIPPORT" verify "$INPUT" --port "$TMP/port" --db "$TMP/results.db" --format sarif -o "$TMP/v.sarif"
[[ $? == 1 ]] || exit 1
set -e
python3 - "$TMP/v.sarif" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
results = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: r for r in doc["runs"][0]["results"]}
assert sorted(results) == ["structs.cu", "tiles.cu", "version_gate.cu"], sorted(results)
tiles = results["tiles.cu"]
assert tiles["ruleId"] == "HP2305" and tiles["locations"][0]["physicalLocation"]["region"]["startLine"] == 12, tiles
assert results["structs.cu"]["ruleId"] == "HP3008"
PY
