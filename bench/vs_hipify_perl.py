#!/usr/bin/env python3
"""hipport against AMD's hipify-perl: the share of CUDA programs whose translation
compiles with hipcc with no hand edits, and how long each tool takes to translate.

usage: bench/vs_hipify_perl.py --hipport build/hipport --hipify-perl PATH
                               [--offload-arch gfx90a] [--rocm 5.2.0] [-j N]
                               [--hipify-arg ARG]... PROJECT_DIR...

Each PROJECT_DIR is one CUDA program (a folder of .cu/.cuh/.h/.cpp files). Each
tool translates the whole folder into a fresh temporary folder; then every
translation unit there is compiled alone with
`hipcc --offload-arch=ARCH -x hip -c FILE -o /dev/null -I<root> -I<header dirs>`.
A project compiles for a tool when every translation unit does. A failure whose
cause is a HIP library header that is not installed (hipBLAS, hipRAND, hipFFT...)
is shown as missing-lib: it says nothing about the translation. hipify-perl is
not part of hipport; give the path of a copy you obtained yourself."""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SOURCE_EXTS = (".cu", ".hip", ".cpp", ".cc", ".cxx", ".c")
HEADER_EXTS = (".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl")
# Headers of HIP/ROCm libraries that a plain ROCm install (Debian's) may lack.
LIBRARY_PREFIXES = ("hipblas", "hiprand", "hipfft", "hipsparse", "hipsolver", "hipcub", "hipdnn",
                    "thrust", "rocblas", "rocrand", "rocfft", "rocsparse", "rocsolver", "rocprim", "miopen")
# What makes a .h/.hpp/.cpp file worth handing to hipify-perl: any CUDA spelling.
CUDA_HINT = re.compile(r"\bcuda[A-Z_]\w*|\bcu[A-Z]\w*|\b(CU|CUDA|CUBLAS|CUFFT|CURAND)_[A-Z]|"
                       r"__global__|__device__|__shared__|__constant__|<<<|"
                       r"#\s*include\s*[<\"](cuda|cublas|curand|cufft|cusparse|cooperative_groups|cub/)")
INCLUDE = re.compile(r'^\s*#\s*include\s*["<]([^">]+)[">]', re.M)
NOT_FOUND = re.compile(r"'([^']+)' file not found")
COMPILE_SECONDS = 600


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hipport", required=True, help="the hipport binary")
    ap.add_argument("--hipify-perl", required=True, dest="hipify", help="AMD's hipify-perl script")
    ap.add_argument("--offload-arch", default="gfx90a", dest="arch")
    ap.add_argument("--rocm", default="5.2.0", help="ROCm release hipport targets")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="hipcc runs at once")
    ap.add_argument("--hipify-arg", action="append", default=[], dest="hipify_args",
                    help="an extra option for hipify-perl (repeatable), e.g. -quiet-warnings")
    ap.add_argument("projects", nargs="+", metavar="PROJECT_DIR")
    return ap.parse_args(argv)


def missing_tool(args):
    """The first tool that cannot run, or None: the comparison needs all of them."""
    if not (os.path.isfile(args.hipport) and os.access(args.hipport, os.X_OK)):
        return f"hipport ({args.hipport})"
    if not os.path.isfile(args.hipify):
        return f"hipify-perl ({args.hipify})"
    for tool in ("perl", "hipcc"):
        if shutil.which(tool) is None:
            return tool
    return None


def project_files(root):
    """Every file under root, relative, sorted; hidden folders (.git) skipped."""
    found = []
    for here, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [os.path.relpath(os.path.join(here, f), root) for f in files]
    return sorted(found)


def is_code(rel):
    return rel.lower().endswith(SOURCE_EXTS + HEADER_EXTS)


def read_text(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def wants_hipify(path):
    """.cu/.cuh always; other C/C++ files only when they spell CUDA (as hipify-perl's docs advise)."""
    if path.lower().endswith((".cu", ".cuh")):
        return True
    return is_code(path) and CUDA_HINT.search(read_text(path)) is not None


def timed(fn, *a):
    """fn's result and its wall seconds."""
    start = time.perf_counter()
    result = fn(*a)
    return result, time.perf_counter() - start


def run(cmd, env=None, timeout=None):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          errors="replace", env=env, timeout=timeout)


def translate_hipport(args, src, out):
    """One hipport run over the whole folder; an error line, or None. Its JSON
    report goes beside the port, for the files it had to read lexically."""
    r = run([args.hipport, "translate", src, "-o", out, "--rocm", args.rocm, "--report", out + ".report.json"])
    return None if r.returncode == 0 else first_line(r.stderr or r.stdout, f"hipport exit {r.returncode}")


def lexical_files(report):
    """The files hipport fell back to reading by tokens (HP3001), from its report."""
    try:
        with open(report) as f:
            return sorted({x["file"] for x in json.load(f)["findings"] if x["code"] == "HP3001"})
    except (OSError, ValueError, KeyError):
        return None


def translate_hipify(args, src, out):
    """hipify-perl file by file into the same relative paths (names kept, so includes
    still resolve); files it is not meant for are copied as they are."""
    for rel in project_files(src):
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if not wants_hipify(os.path.join(src, rel)):
            shutil.copy2(os.path.join(src, rel), dst)
            continue
        r = run(["perl", args.hipify, *args.hipify_args, f"-o={dst}", os.path.join(src, rel)])
        if r.returncode != 0:
            return first_line(r.stderr, f"hipify-perl exit {r.returncode} on {rel}")
    return None


def first_line(text, fallback):
    """The first line naming an error, else the first line, else the fallback."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    errs = [l for l in lines if "error" in l.lower()]
    return (errs or lines or [fallback])[0]


def translation_units(root):
    """Source files that no other project file #includes: those compile on their own."""
    files = [f for f in project_files(root) if is_code(f)]
    included = set()
    for f in files:
        for name in INCLUDE.findall(read_text(os.path.join(root, f))):
            included.add(os.path.basename(name))
    return [f for f in files if f.lower().endswith(SOURCE_EXTS) and os.path.basename(f) not in included]


def include_dirs(root):
    """The root and every folder under it that holds a header, as -I flags."""
    dirs = {root} | {os.path.dirname(os.path.join(root, f))
                     for f in project_files(root) if f.lower().endswith(HEADER_EXTS)}
    return [f"-I{d}" for d in sorted(dirs)]


def classify(stderr, root):
    """(status, first error line) of a failed compile; paths shown relative to the port."""
    text = stderr.replace(root + os.sep, "")
    for header in NOT_FOUND.findall(text):
        if header.split("/")[0].lower().startswith(LIBRARY_PREFIXES):
            return "missing-lib", first_line(text, "")
    return "no", first_line(text, "hipcc failed without a message")


def compile_unit(args, root, tu, incs, scratch):
    """hipcc on one unit with TMPDIR in a folder of its own, removed after:
    hipcc's clang leaves temporary folders behind."""
    tmp = tempfile.mkdtemp(dir=scratch)
    env = dict(os.environ, TMPDIR=tmp)
    cmd = ["hipcc", f"--offload-arch={args.arch}", "-x", "hip", "-c", os.path.join(root, tu),
           "-o", "/dev/null", *incs]
    try:
        r = run(cmd, env=env, timeout=COMPILE_SECONDS)
        return ("yes", "") if r.returncode == 0 else classify(r.stderr, root)
    except subprocess.TimeoutExpired:
        return "no", f"{tu}: hipcc timed out"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def judge(outcomes):
    """A project's verdict from its units: any real error fails it; a missing
    library only leaves it unjudged; all compiled is yes."""
    if not outcomes:
        return "no", "no translation unit found"
    for status in ("no", "missing-lib"):
        hits = [line for s, line in outcomes if s == status]
        if hits:
            return status, hits[0]
    return "yes", ""


def compile_port(pool, args, root, scratch):
    """Futures compiling every unit of one port."""
    incs = include_dirs(root)
    return [pool.submit(compile_unit, args, root, tu, incs, scratch) for tu in translation_units(root)]


TOOLS = (("hipport", translate_hipport), ("hipify-perl", translate_hipify))


def guarded(fn, *a):
    """A tool that cannot start mid-run (a binary being rebuilt) fails its project, not the run."""
    try:
        return fn(*a)
    except OSError as e:
        return f"could not run: {e}"


def translate_all(args, scratch):
    """Phase 1, one at a time so the timings are not disturbed by compiles:
    {project: {tool: (port folder, seconds, translate error), "lexical": [file...]}}."""
    ports = {}
    for n, src in enumerate(args.projects):
        ports[src] = {}
        for tool, fn in TOOLS:
            out = os.path.join(scratch, f"{n}-{tool}")
            err, secs = timed(guarded, fn, args, os.path.abspath(src), out)
            ports[src][tool] = (out, secs, err)
        ports[src]["lexical"] = lexical_files(os.path.join(scratch, f"{n}-hipport.report.json"))
    return ports


def compile_all(args, ports, scratch):
    """Phase 2, N hipcc at a time: {project: {tool: (status, first error line)}}."""
    verdicts = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        pending = {(p, t): (None if err else compile_port(pool, args, out, scratch), err)
                   for p, tools in ports.items() for t, _ in TOOLS for out, _, err in [tools[t]]}
        for (p, t), (futures, err) in pending.items():
            outcome = ("no", f"translation failed: {err}") if err else judge([f.result() for f in futures])
            verdicts.setdefault(p, {})[t] = outcome
    return verdicts


def cell(status, line, width=70):
    """yes / missing-lib / no: first error line (cut to fit a table)."""
    if status == "yes":
        return "yes"
    text = f"{status}: {line}"
    return text if len(text) <= width else text[: width - 3] + "..."


def table_rows(args, ports, verdicts):
    rows = [("project", "files", "lexical", "hipport compiles", "hipify-perl compiles", "hipport s", "hipify-perl s")]
    for src in args.projects:
        files = sum(1 for f in project_files(src) if is_code(f))
        name = os.path.basename(os.path.normpath(src))
        lexical = ports[src]["lexical"]
        rows.append((name, str(files), "?" if lexical is None else str(len(lexical)),
                     cell(*verdicts[src]["hipport"]), cell(*verdicts[src]["hipify-perl"]),
                     f"{ports[src]['hipport'][1]:.3f}", f"{ports[src]['hipify-perl'][1]:.3f}"))
    return rows


def print_table(rows):
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for n, r in enumerate(rows):
        print("  ".join(c.ljust(w) if i < 5 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))


def print_errors(args, verdicts):
    """Full first error lines, as the table cuts them."""
    notes = [(os.path.basename(os.path.normpath(p)), t, s, line)
             for p in args.projects for t, (s, line) in verdicts[p].items() if s != "yes"]
    if notes:
        print("\nfirst error lines:")
        for name, tool, status, line in notes:
            print(f"  {name} [{tool}] {status}: {line}")


def summary(args, ports, verdicts):
    total = len(args.projects)
    parts = []
    for tool, _ in TOOLS:
        ok = sum(verdicts[p][tool][0] == "yes" for p in args.projects)
        lib = sum(verdicts[p][tool][0] == "missing-lib" for p in args.projects)
        secs = sum(ports[p][tool][1] for p in args.projects)
        parts.append(f"{tool} {ok}/{total} compiled ({lib} missing-lib, {ok}/{total - lib} judged), "
                     f"{secs:.2f} s translating")
    whole = sum(ports[p]["lexical"] == [] for p in args.projects)
    return f"total: {whole}/{total} scanned with no lexical fallback; " + "; ".join(parts)


def main(argv):
    args = parse_args(argv)
    tool = missing_tool(args)
    if tool:
        print(f"vs_hipify_perl: missing tool: {tool}", file=sys.stderr)
        return 2
    bad = [p for p in args.projects if not os.path.isdir(p)]
    if bad:
        print(f"vs_hipify_perl: not a folder: {bad[0]}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="vs_hipify_perl.") as scratch:
        ports = translate_all(args, scratch)
        verdicts = compile_all(args, ports, scratch)
    print_table(table_rows(args, ports, verdicts))
    print_errors(args, verdicts)
    print(summary(args, ports, verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
