#!/usr/bin/env python3
"""Scans one corpus program and checks its expected_findings.txt.

usage: check_corpus.py HIPPORT PROGRAM_DIR [-- extra scan options]

Runs `HIPPORT scan PROGRAM_DIR --format json` and asserts that
  * every `<category> <file>:<line>` line of PROGRAM_DIR/expected_findings.txt
    is matched by a finding of that category at that file (relative to the
    program folder, which is the scan root) and line; a line listed twice needs
    two findings;
  * no name of a `# not-uses: a b c` line (commas or spaces between names)
    appears in uses[].cuda.
A `# scan-options: --parse-all` line adds its options to the scan (a program
whose findings only a parse of every file gives: a syntax error's HP3001).
Findings the file does not list are shown for information, not failed: the
corpus notes borderline cases a scanner may report either way.
Exit: 0 pass, 1 a check failed, 2 the file or the scan could not be read.
"""
import collections
import json
import os
import re
import subprocess
import sys

LINE = re.compile(r"^(?P<category>[a-z][a-z0-9-]*)\s+(?P<file>\S+):(?P<line>[1-9][0-9]*)\s*$")
NOT_USES = re.compile(r"^#\s*not-uses\s*:(?P<names>.*)$")
OPTIONS = re.compile(r"^#\s*scan-options\s*:(?P<options>.*)$")


def read_expected(path):
    """Returns (Counter of (category, file, line), set of not-use names, scan options, errors)."""
    expected, not_uses, options, errors = collections.Counter(), set(), [], []
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            text = raw.strip()
            m = NOT_USES.match(text)
            if m:
                not_uses.update(x for x in re.split(r"[,\s]+", m.group("names")) if x)
                continue
            m = OPTIONS.match(text)
            if m:
                options += m.group("options").split()
                continue
            if not text or text.startswith("#"):
                continue
            m = LINE.match(text)
            if not m:
                errors.append(f"{path}:{n}: not `<category> <file>:<line>`: {text!r}")
                continue
            expected[(m.group("category"), m.group("file"), int(m.group("line")))] += 1
    return expected, not_uses, options, errors


def scan(hipport, prog, extra):
    cmd = [hipport, "scan", prog, "--format", "json", *extra]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if proc.returncode not in (0, 1):
        sys.stderr.write(proc.stderr)
        print(f"FAIL: `{' '.join(cmd)}` exited {proc.returncode}")
        sys.exit(2)
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError as e:
        print(f"FAIL: `{' '.join(cmd)}` printed invalid JSON: {e}")
        sys.exit(2)


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    hipport, prog = argv[1], os.path.abspath(argv[2])
    extra = argv[4:] if len(argv) > 3 and argv[3] == "--" else []
    name = os.path.basename(prog)
    expected, not_uses, options, errors = read_expected(os.path.join(prog, "expected_findings.txt"))
    for e in errors:
        print("FAIL:", e)
    if errors:
        return 2

    report = scan(hipport, prog, extra + options)
    found = collections.Counter()
    for fd in report.get("findings", []):
        found[(fd.get("category"), fd.get("file"), fd.get("line"))] += 1

    missing = expected - found
    extra_found = found - expected
    bad_uses = sorted({(u.get("cuda"), u.get("file"), u.get("line")) for u in report.get("uses", [])
                       if u.get("cuda") in not_uses}, key=str)

    print(f"{name}: {sum(expected.values())} expected findings, {sum(found.values())} found, "
          f"{len(report.get('uses', []))} uses")
    if missing:
        print(f"\nmissing ({sum(missing.values())}): expected findings the scan did not report")
        for (cat, path, line), count in sorted(missing.items(), key=lambda kv: (kv[0][1], kv[0][2], kv[0][0])):
            near = sorted({(c, l) for (c, p, l) in found if p == path and abs(l - line) <= 3}, key=lambda x: x[1])
            hint = ", nearby: " + ", ".join(f"{c} :{l}" for c, l in near) if near else ""
            times = f" (x{count})" if count > 1 else ""
            print(f"  - {cat} {path}:{line}{times}{hint}")
    if bad_uses:
        print(f"\nnot-uses reported as uses ({len(bad_uses)}):")
        for cuda, path, line in bad_uses:
            print(f"  - {cuda} at {path}:{line}")
    if extra_found:
        print(f"\nnot listed (information only, {sum(extra_found.values())}):")
        for (cat, path, line), count in sorted(extra_found.items(), key=lambda kv: (str(kv[0][1]), kv[0][2] or 0)):
            print(f"  + {cat} {path}:{line}" + (f" (x{count})" if count > 1 else ""))
    ok = not missing and not bad_uses
    print("\nPASS" if ok else "\nFAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
