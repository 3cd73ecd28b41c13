"""What the command-line cases' check.py scripts share (run_case.sh puts this
folder on PYTHONPATH): the JSON report a case's command wrote, the files it
parsed or read lexically, a translate of one file, and the verdict."""
import json
import os
import subprocess
import sys


def report(name=None):
    """The report: the command's stdout, or the file `name` it wrote under TMP."""
    path = os.path.join(os.environ["TMP"], name) if name else os.environ["OUT"]
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def parsers(doc):
    """Each file's reader, by path: libclang or lexical."""
    return {f["path"]: f["parser"] for f in doc["files"]}


def fallbacks(doc):
    """Each HP3001: a file read lexically, and why."""
    return [f"{x['file']}: {x['message']}" for x in doc["findings"] if x["code"] == "HP3001"]


def translate(source, out):
    """hipport translate source -o out: (None, the port's text), or (the failure, None)."""
    r = subprocess.run([os.environ["HIPPORT"], "translate", source, "-o", out], capture_output=True, text=True)
    if r.returncode != 0:
        return f"translate exited {r.returncode}: {r.stderr.strip()}", None
    with open(out, encoding="utf-8") as f:
        return None, f.read()


def finish(errors):
    for e in errors:
        print("FAIL:", e)
    sys.exit(1 if errors else 0)
