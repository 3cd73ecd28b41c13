"""clang adds the folders CPATH, C_INCLUDE_PATH and CPLUS_INCLUDE_PATH name to
every parse, so they are part of what the cache's keys cover: a file read
lexically because a header was missing is parsed again once CPATH leads to
that header, not served the facts the first run kept."""
import json
import os
import subprocess

from clicase import finish

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
errors = []


def parsers(out):
    return [f["parser"] for f in json.loads(out)["files"]]


if parsers(open(os.environ["OUT"]).read()) != ["lexical"]:
    errors.append("the first run parsed a.cu though hp_later.h is nowhere")
inc = os.path.join(tmp, "inc")
os.makedirs(inc)
with open(os.path.join(inc, "hp_later.h"), "w") as f:
    f.write("#define LATER 1\n")
r = subprocess.run([hipport, "scan", inp, "--format", "json", "--cache-dir", os.path.join(tmp, "cache")],
                   capture_output=True, text=True, env=dict(os.environ, CPATH=inc))
if r.returncode != 0 or parsers(r.stdout) != ["libclang"]:
    errors.append(f"with CPATH naming the header's folder, a.cu was not parsed (exit {r.returncode})")
finish(errors)
