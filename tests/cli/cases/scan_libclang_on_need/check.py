"""libclang is opened only when a file is parsed: a scan or a translate whose
files' facts all come from the cache never loads it (the dynamic linker's own
trace says which libraries a run loaded), and reports as a run that parsed;
--lexical reads tokens without it, even with no cache."""
import json
import os
import subprocess
import sys

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
source = os.path.join(inp, "k.cu")
cache = os.path.join(tmp, "cache")
errors = []


def run(*args):
    """The run's standard output, and whether it loaded libclang."""
    env = dict(os.environ, LD_DEBUG="files")
    cached = [] if "--no-cache" in args else ["--cache-dir", cache]
    r = subprocess.run([hipport, *args, *cached], capture_output=True, text=True, env=env)
    if r.returncode != 0:
        errors.append(f"{' '.join(args)} exited {r.returncode}: {r.stderr.strip()[-300:]}")
    return r.stdout, "libclang" in r.stderr


def report(text):
    doc = json.loads(text) if text else {}
    doc.get("summary", {}).pop("reused_files", None)
    return doc


reference = report(open(os.environ["OUT"]).read())
cold, loaded = run("scan", source, "--format", "json")
if not loaded:
    errors.append("the first scan with an empty cache did not load libclang (or the trace shows nothing)")
warm, loaded = run("scan", source, "--format", "json")
if loaded:
    errors.append("a scan that reused every file's facts loaded libclang")
if report(warm) != reference or report(cold) != reference:
    errors.append("a scan from the cache reports differently from one that parsed")
out = os.path.join(tmp, "k.hip")
_, loaded = run("translate", source, "-o", out)
if loaded:
    errors.append("a translate that reused the file's facts loaded libclang")
if "hipDeviceSynchronize" not in open(out).read():
    errors.append("the translate from the cache did not rename cudaDeviceSynchronize")

lexical, loaded = run("scan", source, "--format", "json", "--lexical", "--no-cache")
if loaded:
    errors.append("a --lexical scan loaded libclang")
if report(lexical).get("summary", {}).get("parser") != "lexical" or not report(lexical).get("uses"):
    errors.append("the --lexical scan reported no lexical uses")

for e in errors:
    print("FAIL:", e)
sys.exit(1 if errors else 0)
