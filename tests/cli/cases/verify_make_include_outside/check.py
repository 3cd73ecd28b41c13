"""A program's Makefile includes a file of its suite from outside the folder
verified: the scan says so (HP3004 on the include), and verify's make error,
which names no file, is put down to that finding, not called unforeseen. A scan
of the whole suite, which holds the file, says nothing of it."""
import json
import os
import subprocess

from clicase import finish

inp, hipport = os.environ["INPUT"], os.environ["HIPPORT"]
errors = []


def outside(folder):
    r = subprocess.run([hipport, "scan", folder, "--format", "json", "--no-cache"], capture_output=True, text=True)
    return [(x["file"], x["line"]) for x in json.loads(r.stdout)["findings"] if "outside the tree" in x["message"]]


if outside(os.path.join(inp, "app")) != [("Makefile", 1)]:
    errors.append(f"scan of app/: {outside(os.path.join(inp, 'app'))}, expected the include on Makefile line 1")
if outside(inp):
    errors.append(f"scan of the whole suite: {outside(inp)}, expected nothing outside")
finish(errors)
