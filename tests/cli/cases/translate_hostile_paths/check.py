"""Outputs that are inputs, links, and what cannot be read, as a hostile or unlucky user meets them.
Nothing an input names is ever overwritten, whatever the flags; a link inside
the tree stays a link to the translated file; a link out of the tree is never
followed or written through, and is said; a file that cannot be read is left
out of the output and said (a folder that cannot be listed too), and the run
exits 3."""
import filecmp
import os
import shutil
import subprocess
import sys

tmp, inp, hipport = os.environ["TMP"], os.environ["INPUT"], os.environ["HIPPORT"]
src = os.path.join(inp, "src")
a_cu = os.path.join(src, "a.cu")
original = open(a_cu, "rb").read()
errors = []


def run(*args, cwd=tmp, **kw):
    return subprocess.run([hipport, *args], cwd=cwd, capture_output=True, **kw)


def same_source(what):
    if open(a_cu, "rb").read() != original:
        errors.append(f"{what}: the source changed")


# the case's own run (args): -o missing/../src is the source, and nothing was made
if os.path.exists(os.path.join(tmp, "missing")):
    errors.append("-o missing/../src made the folder missing")
same_source("-o missing/../src")

# an output that is an input, whatever the flags
for args in (["translate", a_cu, "-o", a_cu, "--force"], ["scan", a_cu, "-o", a_cu, "--no-db"],
             ["scan", src, "-o", a_cu, "--no-db"], ["translate", src, "-o", os.path.join(tmp, "out1"), "--report", a_cu],
             ["translate", src, "-o", src + "/../src", "--force"]):
    r = run(*args)
    if r.returncode != 2 or b"--force" in r.stderr or len(r.stderr.splitlines()) != 1:
        errors.append(f"{args}: rc {r.returncode}, {r.stderr!r}")
    same_source(" ".join(args))

# -o - for a file that is not CUDA: its bytes on stdout, no file named -
r = run("translate", os.path.join(inp, "plain.cpp"), "-o", "-")
if r.returncode != 0 or r.stdout != b"int main() { return 0; }\n" or os.path.exists(os.path.join(tmp, "-")):
    errors.append(f"translate plain.cpp -o -: rc {r.returncode}, {r.stdout!r}")

# links: in the tree, out of it, to nothing
ext = os.path.join(tmp, "ext")
os.makedirs(os.path.join(ext, "d"))
for name in ("d/e.cu", "f.cu"):
    shutil.copy(a_cu, os.path.join(ext, name))
tree = os.path.join(tmp, "tree")
os.makedirs(os.path.join(tree, "sub"))
shutil.copy(a_cu, os.path.join(tree, "sub", "k.cu"))
os.symlink("sub/k.cu", os.path.join(tree, "rel.cu"))
os.symlink(os.path.join(tree, "sub", "k.cu"), os.path.join(tree, "abs.cu"))
os.symlink("../ext/d", os.path.join(tree, "outdir"))
os.symlink(os.path.join(ext, "f.cu"), os.path.join(tree, "outfile.cu"))
os.symlink("nowhere.cu", os.path.join(tree, "dangling.cu"))
scan = run("scan", tree, "--no-db")
for name in ("outdir", "outfile.cu", "dangling.cu"):
    if f"{name}:1:1: warning: not scanned: ".encode() not in scan.stdout or b"HP3002" not in scan.stdout:
        errors.append(f"scan does not say that {name} was not followed:\n{scan.stdout.decode()}")
out = os.path.join(tmp, "out")
r = run("translate", tree, "-o", out)
want = {"rel.cu": "sub/k.cu", "abs.cu": "sub/k.cu", "outdir": os.path.realpath(os.path.join(ext, "d")),
        "outfile.cu": os.path.realpath(os.path.join(ext, "f.cu")), "dangling.cu": "nowhere.cu"}
for name, target in want.items():
    p = os.path.join(out, name)
    if not os.path.islink(p) or os.readlink(p) != target:
        errors.append(f"-o: {name} is {os.readlink(p) if os.path.islink(p) else 'no link'}, expected a link to {target}")
if b"hipMalloc" not in open(os.path.join(out, "rel.cu"), "rb").read():
    errors.append("-o: rel.cu does not lead to the translated k.cu")
if r.returncode != 0 or b"5 links kept, 3 not translated" not in r.stderr:
    errors.append(f"-o with links: rc {r.returncode}, {r.stderr.decode()}")
r = run("translate", tree, "--in-place")
for name in ("d/e.cu", "f.cu"):
    if open(os.path.join(ext, name), "rb").read() != original:
        errors.append(f"--in-place rewrote {name} out of the tree")
if [n for n in os.listdir(os.path.join(ext, "d")) + os.listdir(ext) if n.endswith(".orig")]:
    errors.append("--in-place left a backup out of the tree")
if not all(os.path.islink(os.path.join(tree, n)) for n in want):
    errors.append("--in-place replaced a link with a file")
if b"hipMalloc" not in open(os.path.join(tree, "sub", "k.cu"), "rb").read():
    errors.append(f"--in-place did not translate sub/k.cu: {r.stderr.decode()}")

# a file that cannot be read (as an unprivileged user: root reads everything)
if os.geteuid() == 0:
    unread = os.path.join(tmp, "unread")
    os.makedirs(unread)
    shutil.copy(a_cu, os.path.join(unread, "ok.cu"))
    shutil.copy(a_cu, os.path.join(unread, "secret.cu"))
    with open(os.path.join(unread, "notes.txt"), "w") as f:
        f.write("private\n")
    os.makedirs(os.path.join(unread, "locked"))
    shutil.copy(a_cu, os.path.join(unread, "locked", "x.cu"))
    os.chmod(os.path.join(unread, "locked"), 0)
    os.chmod(os.path.join(unread, "secret.cu"), 0)
    os.chmod(os.path.join(unread, "notes.txt"), 0)
    os.chmod(tmp, 0o777)
    r = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", hipport, "translate", unread,
                        "-o", os.path.join(tmp, "unread-out")], capture_output=True, cwd=tmp)
    if r.returncode == 126 or b"Permission denied" in r.stderr and b"secret" not in r.stderr:
        print("check.py: note: nobody cannot run hipport here; the unreadable case was not run")
    else:
        left = sorted(os.listdir(os.path.join(tmp, "unread-out"))) if os.path.isdir(os.path.join(tmp, "unread-out")) else []
        if r.returncode != 3 or left != ["ok.cu"] or b"secret.cu: warning: not written" not in r.stderr or \
                b"locked: warning: not written: cannot list the folder" not in r.stderr:
            errors.append(f"unreadable files: rc {r.returncode}, wrote {left}, {r.stderr.decode()}")
        s = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", hipport, "scan", unread,
                            "--no-db"], capture_output=True, cwd=tmp)
        if s.returncode != 3 or b"locked: cannot list the folder" not in s.stderr or b"CUDA files" not in s.stdout:
            errors.append(f"scan of an unlistable folder: rc {s.returncode}, {s.stderr.decode()}")
for e in errors:
    print("check.py:", e)
sys.exit(1 if errors else 0)
