# scan -p BUILD: the flags of compile_commands.json (-DUSE_ASYNC) decide which
# #ifdef branch is live. Without -p the USE_ASYNC branch is disabled; with it,
# that branch is live and the #else branch disabled.
set -u
mkdir -p "$TMP/build"
cat >"$TMP/build/compile_commands.json" <<JSON
[
  {
    "directory": "$TMP/build",
    "command": "/usr/local/cuda/bin/nvcc -DUSE_ASYNC -c $INPUT/src/m.cu -o m.o",
    "file": "$INPUT/src/m.cu"
  }
]
JSON
"$HIPPORT" scan --parse-all --format json -o "$TMP/build.json" -p "$TMP/build" "$INPUT/src" 2>"$TMP/err2"
r=$?
[[ $r == 0 ]] || { echo "check.sh: scan -p exit $r: $(cat "$TMP/err2")"; exit 1; }
python3 - "$TMP/plain.json" "$TMP/build.json" <<'PY'
import json, sys
errors = []
def disabled(path):
    with open(path, encoding="utf-8") as f:
        r = json.load(f)
    return {u["cuda"]: (u["line"], u["disabled"]) for u in r["uses"]}, r
plain, _ = disabled(sys.argv[1])
built, rb = disabled(sys.argv[2])
want_plain = {"cudaMallocAsync": (5, True), "cudaMalloc": (7, False), "cudaStream_t": (2, False)}
want_built = {"cudaMallocAsync": (5, False), "cudaMalloc": (7, True), "cudaStream_t": (2, False)}
for name, want in want_plain.items():
    if plain.get(name) != want:
        errors.append(f"without -p: {name} (line, disabled) = {plain.get(name)}, expected {want}")
for name, want in want_built.items():
    if built.get(name) != want:
        errors.append(f"with -p: {name} (line, disabled) = {built.get(name)}, expected {want}")
for f in rb.get("files", []):
    if f.get("parser") != "libclang":
        errors.append(f"with -p: {f.get('path')} parsed by {f.get('parser')!r}, expected libclang")
for e in errors:
    print("check.sh:", e)
sys.exit(1 if errors else 0)
PY
