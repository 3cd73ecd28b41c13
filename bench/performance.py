#!/usr/bin/env python3
"""hipport's speed and memory side by side with hipify-perl, on one tree or several.

usage: bench/performance.py [--hipport build/hipport] [--hipify-perl PATH]
                            [--runs 3] [--jobs 1,2] [--generate N] [TREE...]

With no TREE it measures corpus/. --generate N adds a tree of N files written by
bench/gen_tree.py (with 200 lines a file on average) into a temporary folder.
For each tree it measures, round-robin so that a noisy machine spreads its noise
over every row:
  hipify-perl    one `perl hipify-perl -quiet-warnings FILE...` over every code
                 file of the tree, its output sent to a file in a temporary folder
  scan cold -jN  `hipport scan TREE --no-db -jN --cache-dir D` with D new and empty
                 (what --no-cache costs, plus writing the cache): each file read from
                 its tokens, parsed only where they leave something to the tree
  scan warm -jN  the same command again with the same D
  scan lexical   `--lexical` at each -j
  scan parse-all `--parse-all` cold and warm at each -j (every file parsed)
  translate cold/warm, translate lexical: the same for `hipport translate TREE -o OUT`,
                 at the largest -j only (a tree's translate parses as its scan does)
  one file       `hipport translate FILE -o OUT` on the tree's median-length .cu file
                 with a warm cache, against hipify-perl on that file alone
Every measured command runs under `/usr/bin/time -f '%e %U %S %M'`, so wall
seconds, CPU seconds (user + sys of the command and its children) and peak
resident memory are those of that one run. The table shows the median of --runs
runs of each. files/s and lines/s count the tree's C, C++ and CUDA files (the
ones hipify-perl is given); x hipify-perl is the row's CPU seconds over
hipify-perl's (over 1: slower). Nothing here is asserted: it prints what this
machine did this time."""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODE_EXTS = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp", ".hh", ".hxx", ".inl")
TIME = "/usr/bin/time"


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hipport", default=os.path.join(ROOT, "build", "hipport"))
    ap.add_argument("--hipify-perl", dest="hipify", help="AMD's hipify-perl script (rows without it if absent)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each row; the table shows medians (default 3)")
    ap.add_argument("--jobs", default="1,2", help="the -j values to measure (default 1,2)")
    ap.add_argument("--generate", type=int, metavar="N", help="also measure a generated tree of N files")
    ap.add_argument("--seed", type=int, default=17, help="the generated tree's seed (default 17)")
    ap.add_argument("trees", nargs="*", metavar="TREE")
    args = ap.parse_args(argv)
    args.jobs = [int(j) for j in args.jobs.split(",")]
    return args


def code_files(tree):
    """The tree's C, C++ and CUDA files, sorted; hidden folders skipped."""
    found = []
    for here, dirs, files in os.walk(tree):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += [os.path.join(here, f) for f in sorted(files) if f.lower().endswith(CODE_EXTS)]
    return found


def line_count(path):
    with open(path, "rb") as f:
        return f.read().count(b"\n")


def typical_file(files):
    """The .cu file of median length: the one-file row's subject."""
    cu = sorted((line_count(f), f) for f in files if f.endswith(".cu"))
    return cu[len(cu) // 2][1] if cu else None


class Runner:
    """Runs commands under /usr/bin/time in a scratch folder and keeps every sample."""

    def __init__(self, scratch):
        self.scratch = scratch
        self.samples = {}
        self.serial = 0

    def fresh(self, what):
        """A new path under the scratch folder (not created)."""
        self.serial += 1
        return os.path.join(self.scratch, f"{what}-{self.serial}")

    def measure(self, row, cmd, stdout=subprocess.DEVNULL):
        """Runs cmd once; records (wall, cpu, rss MiB) under row. Exits on failure:
        a timing of a command that did not do its work means nothing."""
        stats = self.fresh("time")
        r = subprocess.run([TIME, "-f", "%e %U %S %M", "-o", stats, *cmd], stdout=stdout,
                           stderr=subprocess.PIPE, text=True, errors="replace")
        if r.returncode not in (0, 1):  # scan exits 1 only with --fail-on
            sys.exit(f"performance: {row} failed (exit {r.returncode}): {' '.join(cmd)}\n"
                     f"{r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ''}")
        with open(stats) as f:
            wall, user, sys_, rss = f.read().split()[-4:]
        self.samples.setdefault(row, []).append((float(wall), float(user) + float(sys_), int(rss) / 1024))

    def median(self, row):
        runs = self.samples[row]
        return tuple(statistics.median(r[i] for r in runs) for i in range(3)) + (len(runs),)


def hipport_rows(args, run, tree):
    """(row name, function that measures it once) for every hipport row on the tree."""
    rows = []
    for j in args.jobs:
        rows.append((f"scan cold/warm -j{j}", lambda j=j: cold_warm(args, run, tree, "scan", j)))
    for j in args.jobs:
        rows.append((f"scan --parse-all cold/warm -j{j}",
                     lambda j=j: cold_warm(args, run, tree, "scan", j, "--parse-all")))
    for j in args.jobs:
        rows.append((f"scan --lexical -j{j}",
                     lambda j=j: run.measure(f"scan --lexical -j{j}", scan(args, tree, j, "--lexical"))))
    j = args.jobs[-1]
    rows.append((f"translate cold/warm -j{j}", lambda: cold_warm(args, run, tree, "translate", j)))
    rows.append((f"translate --lexical -j{j}",
                 lambda: run.measure(f"translate --lexical -j{j}",
                                     translate(args, tree, run.fresh("out"), j, "--lexical"))))
    return rows


def scan(args, tree, jobs, *extra):
    return [args.hipport, "scan", tree, "--no-db", "-j", str(jobs), "--format", "json",
            "-o", os.devnull, *extra]


def translate(args, src, out, jobs, *extra):
    return [args.hipport, "translate", src, "-o", out, "-j", str(jobs), *extra]


def cold_warm(args, run, tree, command, jobs, *extra):
    """One cold run into a new cache folder, then a warm run with the same folder."""
    cache = run.fresh("cache")
    for state in ("cold", "warm"):
        if command == "scan":
            cmd = scan(args, tree, jobs, "--cache-dir", cache, *extra)
        else:
            cmd = translate(args, tree, run.fresh("out"), jobs, "--cache-dir", cache, *extra)
        run.measure(f"{command} {' '.join(extra) + ' ' if extra else ''}{state} -j{jobs}", cmd)
    shutil.rmtree(cache, ignore_errors=True)


def hipify(args, run, files, row):
    with open(run.fresh("hipify-out"), "w") as out:
        run.measure(row, ["perl", args.hipify, "-quiet-warnings", *files], stdout=out)


def one_file_rows(args, run, one):
    """The one-file rows: hipport translate with a cache warmed once, and hipify-perl."""
    cache = run.fresh("cache-one")
    subprocess.run(translate(args, one, run.fresh("one.hip"), 1, "--cache-dir", cache),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    rows = [("one file: translate warm",
             lambda: run.measure("one file: translate warm",
                                 translate(args, one, run.fresh("one.hip"), 1, "--cache-dir", cache)))]
    if args.hipify:
        rows.append(("one file: hipify-perl", lambda: hipify(args, run, [one], "one file: hipify-perl")))
    return rows


def measure_tree(args, tree, scratch):
    """Runs every row --runs times, round-robin; the Runner with the samples."""
    run = Runner(scratch)
    files = code_files(tree)
    rows = []
    if args.hipify:
        rows.append(("hipify-perl", lambda: hipify(args, run, files, "hipify-perl")))
    rows += hipport_rows(args, run, tree)
    one = typical_file(files)
    if one:
        rows += one_file_rows(args, run, one)
    for n in range(args.runs):
        for name, once in rows:
            print(f"  run {n + 1}/{args.runs}: {name}", file=sys.stderr, flush=True)
            once()
        clear(scratch, keep="cache-one")
    return run, files, one


def clear(folder, keep):
    """Removes the translations and outputs of a round (a 2,000-file tree's add up),
    all but the entries whose names start with keep."""
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        if name.startswith(keep):
            continue
        if os.path.isdir(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            os.remove(path)


def table(run, files, one):
    """Markdown table of the medians, rows in the order they were measured."""
    nfiles = len(files)
    nlines = sum(line_count(f) for f in files)
    one_lines = line_count(one) if one else 0
    base = run.median("hipify-perl")[1] if "hipify-perl" in run.samples else None
    one_base = run.median("one file: hipify-perl")[1] if "one file: hipify-perl" in run.samples else None
    out = ["| work | runs | files/s | lines/s | CPU s | wall s | peak RSS MiB | CPU x hipify-perl |",
           "|---|---|---|---|---|---|---|---|"]
    for row in run.samples:
        wall, cpu, rss, runs = run.median(row)
        single = row.startswith("one file")
        f, l, b = (1, one_lines, one_base) if single else (nfiles, nlines, base)
        ratio = f"{cpu / b:.1f}" if b else "-"
        out.append(f"| {row} | {runs} | {f / wall:,.1f} | {l / wall:,.0f} | {cpu:.2f} | {wall:.2f} | "
                   f"{rss:.0f} | {ratio} |")
    return "\n".join(out), nfiles, nlines, one_lines


def missing(args):
    """What keeps the benchmark from running, or None."""
    if not os.access(args.hipport, os.X_OK):
        return f"hipport not found at {args.hipport}: build it or give --hipport"
    if not os.access(TIME, os.X_OK):
        return f"{TIME} not found: install GNU time (Debian package time)"
    if args.hipify and not os.path.isfile(args.hipify):
        return f"hipify-perl not found at {args.hipify}: give the path of your copy"
    return None


def main(argv):
    args = parse_args(argv)
    problem = missing(args)
    if problem:
        print(f"performance: {problem}", file=sys.stderr)
        return 2
    trees = list(args.trees) or ([] if args.generate else [os.path.join(ROOT, "corpus")])
    with tempfile.TemporaryDirectory(prefix="hipport-perf.") as scratch:
        if args.generate:
            gen = os.path.join(scratch, f"generated-{args.generate}")
            subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_tree.py"), gen,
                            "--files", str(args.generate), "--lines", str(200 * args.generate),
                            "--seed", str(args.seed)], check=True)
            trees.append(gen)
        for tree in trees:
            if not os.path.isdir(tree):
                print(f"performance: not a folder: {tree}", file=sys.stderr)
                return 2
            work = tempfile.mkdtemp(dir=scratch)
            print(f"measuring {tree}", file=sys.stderr)
            run, files, one = measure_tree(args, os.path.abspath(tree), work)
            text, nfiles, nlines, one_lines = table(run, files, one)
            one_name = os.path.relpath(one, tree) if one else "none"
            print(f"\n{tree}: {nfiles} code files, {nlines} lines; one file: {one_name} ({one_lines} lines); "
                  f"medians of {args.runs} runs\n\n{text}\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
