"""A header nowhere in the repository, in a clone whose git submodules are not
checked out (deps/fmt is empty; deps/present holds a file): the file is read
lexically, and the reason names the submodules missing and the command that
fetches them, not the header alone. Outside a git repository (the case's first
run) the reason is the parse's alone."""
import json
import os
import shutil
import subprocess

from clicase import fallbacks, finish, report

inp = os.environ["INPUT"]
errors = []
first = fallbacks(report())
if len(first) != 1 or "fmt/format.h" not in first[0] or "git submodule" in first[0]:
    errors.append(f"outside a repository: {first}, expected the missing header alone")
os.makedirs(os.path.join(inp, ".git"))
shutil.move(os.path.join(inp, "gitmodules"), os.path.join(inp, ".gitmodules"))
os.makedirs(os.path.join(inp, "deps", "fmt"))
os.makedirs(os.path.join(inp, "deps", "present"))
with open(os.path.join(inp, "deps", "present", "present.h"), "w") as f:
    f.write("#pragma once\n")
r = subprocess.run([os.environ["HIPPORT"], "scan", "--format", "json", "--no-cache", os.path.join(inp, "src")],
                   capture_output=True, text=True)
then = fallbacks(json.loads(r.stdout))
if len(then) != 1 or "git submodules deps/fmt are not checked out: git submodule update --init" not in then[0]:
    errors.append(f"in the clone: {then}, expected deps/fmt named as not checked out, and the command")
finish(errors)
