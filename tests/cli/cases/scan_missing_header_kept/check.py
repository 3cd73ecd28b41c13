"""A file whose parse lacks a header keeps its facts with where the header was
looked for: a re-scan reuses them without loading libclang; a .git that moves
the repository's root, a header of that name put elsewhere in the repository
(which the repository search finds), or the header put in an -I folder of the
build's flags outside the tree scanned makes the file parsed again."""
import json
import os
import subprocess
import sys

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
build, inc, cache = (os.path.join(tmp, d) for d in ("build", "inc", "cache"))
os.makedirs(build)
os.makedirs(inc)
source = os.path.join(inp, "src", "k.cu")
json.dump([{"directory": build, "file": source,
            "command": f"/usr/local/cuda/bin/nvcc -I{inc} -c {source} -o k.o"}],
          open(os.path.join(build, "compile_commands.json"), "w"))
errors = []


def scan():
    """The report's file entry and summary, and whether the run loaded libclang."""
    r = subprocess.run([hipport, "scan", "--parse-all", os.path.join(inp, "src"), "-p", build, "--format", "json",
                        "--cache-dir", cache], capture_output=True, text=True, env=dict(os.environ, LD_DEBUG="files"))
    if r.returncode != 0:
        errors.append(f"scan exited {r.returncode}: {r.stderr.strip()[-300:]}")
        return {}, {}, False
    doc = json.loads(r.stdout)
    entry = next((f for f in doc["files"] if f["path"].endswith("k.cu")), {})
    return entry, doc["summary"], "libclang" in r.stderr


first, summary, _ = scan()
if first.get("parser") != "lexical":
    errors.append(f"with gen.h missing the file was not read lexically: {first}")
again, summary, loaded = scan()
if again != first or summary.get("reused_files") != 1:
    errors.append(f"the re-scan did not reuse the file's facts: {again}, reused {summary.get('reused_files')}")
if loaded:
    errors.append("the re-scan that reused every file loaded libclang")
os.makedirs(os.path.join(tmp, ".git"))  # the repository's root, above the tree scanned
moved, summary, loaded = scan()
if moved.get("parser") != "lexical" or summary.get("reused_files") != 0 or not loaded:
    errors.append(f"a new repository root did not make the file parsed again: {moved}, "
                  f"reused {summary.get('reused_files')}")
os.makedirs(os.path.join(tmp, "vendor"))
with open(os.path.join(tmp, "vendor", "gen.h"), "w") as f:
    f.write("#define GEN_VALUE 2.5f\n")
found, summary, _ = scan()
if found.get("parser") != "libclang" or summary.get("reused_files") != 0:
    errors.append(f"gen.h added in the repository did not make the file parsed again, whole: {found}, "
                  f"reused {summary.get('reused_files')}")
os.remove(os.path.join(tmp, "vendor", "gen.h"))
scan()  # lexical again, and kept so
with open(os.path.join(inc, "gen.h"), "w") as f:
    f.write("#define GEN_VALUE 1.5f\n")
parsed, summary, loaded = scan()
if parsed.get("parser") != "libclang" or summary.get("reused_files") != 0 or not loaded:
    errors.append(f"gen.h added to the build's -I folder did not make the file parsed again: {parsed}, "
                  f"reused {summary.get('reused_files')}")

for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
