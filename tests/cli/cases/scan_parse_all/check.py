"""A scan reads every file from its tokens first and parses only those where
something needs the tree (the default, --tiered): saxpy.cu and typo.cu are read
from their tokens, and typo.cu's syntax error goes unseen. --parse-all parses
every file, as a compiler would: saxpy.cu parses, typo.cu does not and says so
(HP3001), and both report the same uses. A --tiered after it takes the default
back. CMakeLists.txt is read as a build file either way, never parsed."""
import json
import os
import subprocess

from clicase import fallbacks, finish, parsers, report

inp, hipport = os.environ["INPUT"], os.environ["HIPPORT"]
errors = []


def scan(*flags):
    r = subprocess.run([hipport, "scan", inp, "--format", "json", "--no-db", *flags], capture_output=True, text=True)
    return json.loads(r.stdout) if r.returncode == 0 else {"files": [], "findings": [], "uses": [], "summary": {}}


def uses(doc):
    return sorted((u["file"], u["line"], u["column"], u["cuda"], u["hip"]) for u in doc["uses"])


default, full, back = report(), scan("--parse-all"), scan("--parse-all", "--tiered")
if parsers(default) != {"saxpy.cu": "tokens", "typo.cu": "tokens", "CMakeLists.txt": "build"} or fallbacks(default):
    errors.append(f"default scan: {parsers(default)}, {fallbacks(default)}; want both read from tokens")
if default["summary"].get("settled_files") != 2:
    errors.append(f"default scan: settled_files {default['summary'].get('settled_files')}, want 2")
if parsers(full) != {"saxpy.cu": "libclang", "typo.cu": "lexical", "CMakeLists.txt": "build"}:
    errors.append(f"--parse-all: {parsers(full)}, want saxpy.cu parsed and typo.cu read lexically")
if not [f for f in fallbacks(full) if f.startswith("typo.cu: ") and "expected expression" in f]:
    errors.append(f"--parse-all: no HP3001 for typo.cu's syntax error: {fallbacks(full)}")
if not uses(default) or uses(default) != uses(full):
    errors.append(f"the uses differ:\n  default {uses(default)}\n  --parse-all {uses(full)}")
if parsers(back) != parsers(default):
    errors.append(f"--parse-all --tiered: {parsers(back)}, want the default's")
finish(errors)
