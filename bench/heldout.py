#!/usr/bin/env python3
"""The held-out set: real public CUDA programs no hipport test was written from
(bench/heldout.csv), scanned and ported as a new user would, beside hipify-perl.

usage: bench/heldout.py --hipport build/hipport --hipify-perl PATH
                        [--mirror /work/.mirror] [--csv bench/heldout.csv]
                        [--rocm 5.2.0] [--offload-arch gfx90a] [-j N] [--markdown]

Each row's program (and the shared paths it includes from its repository, such
as cuda-samples' Common/*.h) is extracted with `git archive` from a bare mirror
of the repository (MIRROR/<owner>+<name>/repo, as the `fetch` tool leaves it)
into a scratch folder with an empty .git, so that hipport takes that folder for
the repository root. Then:

- hipport and hipify-perl each translate the whole extracted folder, and every
  translation unit of each port is compiled with hipcc, exactly as
  bench/vs_hipify_perl.py does (a missing HIP library header is missing-lib);
- the files hipport read lexically are its report's HP3001 findings.

Nothing extracted is kept: the repositories' code never enters this one."""
import argparse
import csv
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vs_hipify_perl as vs  # noqa: E402  (the compile and judge steps are shared)


def parse_args(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hipport", required=True)
    ap.add_argument("--hipify-perl", required=True, dest="hipify")
    ap.add_argument("--mirror", default="/work/.mirror", help="folder of bare mirrors, <owner>+<name>/repo")
    ap.add_argument("--csv", default=os.path.join(here, "heldout.csv"))
    ap.add_argument("--rocm", default="5.2.0")
    ap.add_argument("--offload-arch", default="gfx90a", dest="arch")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown, for the README")
    args = ap.parse_args(argv)
    args.hipify_args = []
    return args


def read_rows(path):
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def extract(args, row, dest):
    """The program and its shared paths at the row's commit into dest; an error line or None."""
    git_dir = os.path.join(args.mirror, row["repo"].replace("/", "+"), "repo")
    if not os.path.isdir(git_dir):
        return f"no mirror of {row['repo']} at {git_dir}: fetch github:{row['repo']} first"
    os.makedirs(os.path.join(dest, ".git"))
    paths = [row["program"], *row["shared"].split()]
    archive = subprocess.run(["git", "--git-dir", git_dir, "archive", row["commit"], "--", *paths],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if archive.returncode != 0:
        return vs.first_line(archive.stderr.decode(errors="replace"), "git archive failed")
    subprocess.run(["tar", "-x", "-C", dest], input=archive.stdout, check=True)
    return None


def name_of(row):
    return f"{row['repo'].split('/')[1]}:{os.path.basename(row['program'].rstrip('/'))}"


def run_all(args, rows, scratch):
    """{name: (lexical count, {tool: (status, line)})}."""
    args.projects, failed = [], {}
    for n, row in enumerate(rows):
        dest = os.path.join(scratch, f"src-{n}")
        err = extract(args, row, dest)
        if err:
            failed[name_of(row)] = err
            continue
        args.projects.append(dest)
    ports = vs.translate_all(args, scratch)
    verdicts = vs.compile_all(args, ports, scratch)
    by_dest = {os.path.join(scratch, f"src-{n}"): name_of(row) for n, row in enumerate(rows)}
    return {by_dest[d]: (count(ports[d]["lexical"]), verdicts[d]) for d in args.projects}, failed


def count(files):
    return None if files is None else len(files)


def print_results(args, results, markdown):
    head = ("program", "lexical files", "hipport compiles", "hipify-perl compiles")
    rows = [(name, "?" if lex is None else str(lex), vs.cell(*v["hipport"]), vs.cell(*v["hipify-perl"]))
            for name, (lex, v) in results.items()]
    if markdown:
        print("| " + " | ".join(head) + " |\n|" + "---|" * len(head))
        for r in rows:
            print("| " + " | ".join(c.replace("|", "\\|") for c in r) + " |")
    else:
        vs.print_table([head + ("", "", ""), *[r + ("", "", "") for r in rows]])


def summary(results):
    total = len(results)
    whole = sum(lex == 0 for lex, _ in results.values())
    parts = [f"{whole}/{total} scanned with no lexical fallback"]
    for tool in ("hipport", "hipify-perl"):
        ok = sum(v[tool][0] == "yes" for _, v in results.values())
        lib = sum(v[tool][0] == "missing-lib" for _, v in results.values())
        parts.append(f"{tool} ports compile {ok}/{total - lib} judged ({lib} missing-lib)")
    return "; ".join(parts)


def main(argv):
    args = parse_args(argv)
    tool = vs.missing_tool(args)
    if tool:
        print(f"heldout: missing tool: {tool}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="heldout.") as scratch:
        results, failed = run_all(args, read_rows(args.csv), scratch)
    print_results(args, results, args.markdown)
    for name, err in failed.items():
        print(f"{name}: not extracted: {err}")
    print(summary(results))
    notes = [(n, t, s, line) for n, (_, v) in results.items() for t, (s, line) in v.items() if s != "yes"]
    for name, tool, status, line in notes:
        print(f"  {name} [{tool}] {status}: {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
