#!/usr/bin/env python3
"""Build files end to end, with the real hipport, cmake, make and hipcc.

usage: corpus_builds.py HIPPORT CORPUS FIXTURES

1. `hipport verify` over the corpus programs that come with a CMakeLists.txt or a
   Makefile: each port is built through its own ported build file (the report's
   built_with names it) and ends COMPILED, or MISSING-LIBRARY where its manifest
   names a library whose HIP port is not installed here; at least four CMake and
   four Make programs build. No GPU is needed: the ported files name gfx90a.
2. scan and translate agree on build files: over those programs and the
   tests/build_files fixtures, `scan --format json` and `translate --report`
   give the same build-file findings, and translate changes a build file exactly
   when the scan counts edits for it.
Exit: 0 pass, 1 a check failed."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

BUILD_FILES = ("CMakeLists.txt", "Makefile")


def programs_with_build_files(corpus):
    found = {}
    for name in sorted(os.listdir(corpus)):
        for build in BUILD_FILES:
            if os.path.exists(os.path.join(corpus, name, build)):
                found[name] = build
    return found


def check_verify(hipport, corpus, found, work, errors):
    report, db = os.path.join(work, "verify.json"), os.path.join(work, "results.db")
    dirs = [os.path.join(corpus, name) for name in found]
    subprocess.run([hipport, "verify", *dirs, "--format", "json", "-o", report, "--db", db],
                   capture_output=True, text=True, timeout=1500)
    programs = {p["program"]: p for p in json.load(open(report))["programs"]}
    built = {b: 0 for b in BUILD_FILES}
    for name, build in found.items():
        p = programs.get(name)
        manifest = json.load(open(os.path.join(corpus, name, "manifest.json")))
        if p is None:
            errors.append(f"{name}: not in the verify report")
        elif p["status"] == "MISSING-LIBRARY" and manifest.get("libraries"):
            print(f"{name}: MISSING-LIBRARY ({p['detail']}): scanned and translated only")
        elif p["status"] != "COMPILED" or p["built_with"] != build:
            errors.append(f"{name}: {p['status']} built with {p['built_with']}, want COMPILED with {build}: {p['detail']}")
        else:
            built[build] += 1
            print(f"{name}: COMPILED with its ported {build}")
    for build, n in built.items():
        if n < 4:
            errors.append(f"only {n} programs built through a ported {build}; at least 4 must")


def build_file_findings(doc):
    return sorted((f["file"], f["line"], f["column"], f["code"], f["message"]) for f in doc["findings"]
                  if os.path.basename(f["file"]) in BUILD_FILES)


def check_agreement(hipport, tree, work, errors):
    scan_json, out, report = (os.path.join(work, x) for x in ("scan.json", "out", "report.json"))
    subprocess.run([hipport, "scan", tree, "--format", "json", "-o", scan_json, "--rocm", "6.3.0"],
                   capture_output=True, text=True)
    subprocess.run([hipport, "translate", tree, "-o", out, "--report", report, "--rocm", "6.3.0"],
                   capture_output=True, text=True)
    scan, translated = json.load(open(scan_json)), json.load(open(report))
    if build_file_findings(scan) != build_file_findings(translated):
        errors.append(f"{tree}: scan and translate report different build-file findings")
    if not build_file_findings(scan):
        errors.append(f"{tree}: no build-file finding at all")
    for f in scan["files"]:
        if os.path.basename(f["path"]) not in BUILD_FILES:
            continue
        changed = open(os.path.join(tree, f["path"]), "rb").read() != open(os.path.join(out, f["path"]), "rb").read()
        if changed != (f["edits"] > 0):
            errors.append(f"{f['path']}: scan counts {f['edits']} edits, translate {'changed' if changed else 'kept'} it")


def fixtures_tree(fixtures, work):
    tree = os.path.join(work, "fixtures")
    for case in sorted(os.listdir(fixtures)):
        name = os.path.join(fixtures, case, "name")
        if os.path.exists(name):
            os.makedirs(os.path.join(tree, case))
            shutil.copy(os.path.join(fixtures, case, "input"),
                        os.path.join(tree, case, open(name).read().strip()))
    return tree


def main(hipport, corpus, fixtures):
    errors = []
    found = programs_with_build_files(corpus)
    with tempfile.TemporaryDirectory(prefix="hipport-build-files-") as work:
        check_verify(hipport, corpus, found, work, errors)
        corpus_part = os.path.join(work, "corpus")
        for name in found:
            shutil.copytree(os.path.join(corpus, name), os.path.join(corpus_part, name))
        for n, tree in enumerate((corpus_part, fixtures_tree(fixtures, work))):
            sub = os.path.join(work, f"agree{n}")
            os.makedirs(sub)
            check_agreement(hipport, tree, sub, errors)
    for e in errors:
        print("FAIL:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
