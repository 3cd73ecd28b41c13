#!/usr/bin/env python3
"""hipport verify over the whole corpus, compile-only here (no GPU): every program
that uses only what HIP 5.2 has ends COMPILED, every library program
COMPILED when its HIP libraries' headers are installed here and MISSING-LIBRARY
only when one is not, the broken one NOT-BUILDABLE, and every CUDA
original compiles with nvcc (so the corpus stays valid CUDA). The exit code is 1
exactly when some program is BUILD-FAIL, RUN-FAIL or MISMATCH; the results land
in the SQLite database named by --db.

usage: corpus_statuses.py HIPPORT CORPUS"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile


# The header that proves each HIP library is installed, as verify checks it (docs/verify.md).
HIP_HEADERS = {"cublas": "hipblas/hipblas.h", "curand": "hiprand/hiprand.h", "cufft": "hipfft/hipfft.h",
               "cusparse": "hipsparse/hipsparse.h", "cusolver": "hipsolver/hipsolver.h",
               "thrust": "thrust/system/hip/execution_policy.h", "cub": "hipcub/hipcub.hpp"}


def installed(library):
    return any(os.path.exists(os.path.join(d, HIP_HEADERS[library])) for d in ("/usr/include", "/opt/rocm/include"))


def expected_statuses(manifest):
    if manifest.get("buildable") is False:
        return {"NOT-BUILDABLE"}
    if manifest.get("libraries"):
        return {"COMPILED"} if all(installed(l) for l in manifest["libraries"]) else {"MISSING-LIBRARY"}
    if manifest.get("hip52"):
        return {"COMPILED"}
    return None  # not promised to build with HIP 5.2: reported, not asserted


def main(hipport, corpus):
    work = tempfile.mkdtemp(prefix="hipport-verify-test-")
    try:
        report, db = os.path.join(work, "verify.json"), os.path.join(work, "results.db")
        run = subprocess.run([hipport, "verify", corpus, "--format", "json", "-o", report, "--db", db],
                             capture_output=True, text=True)
        programs = {p["program"]: p for p in json.load(open(report))["programs"]}
        errors = []
        for name in sorted(os.listdir(corpus)):
            path = os.path.join(corpus, name, "manifest.json")
            if not os.path.exists(path):
                continue
            manifest = json.load(open(path))
            got = programs.get(manifest["name"])
            if not got:
                errors.append(f"{name}: no verify result")
                continue
            print(f"{name:22} {got['status']:16} {got['detail'][:90]}")
            want = expected_statuses(manifest)
            if want and got["status"] not in want:
                errors.append(f"{name}: {got['status']} ({got['detail']}), expected {' or '.join(sorted(want))}")
            nvcc = shutil.which("nvcc")
            if nvcc and manifest.get("buildable") is not False and got["cuda_build"] != "compiled":
                errors.append(f"{name}: the CUDA original did not compile with nvcc: {got['cuda_build']}")
        failing = [p for p in programs.values() if p["status"] in ("BUILD-FAIL", "RUN-FAIL", "MISMATCH")]
        if run.returncode != (1 if failing else 0):
            errors.append(f"exit code {run.returncode} with {len(failing)} failing programs: {run.stderr.strip()}")
        rows = sqlite3.connect(db).execute("SELECT count(*) FROM verify_run").fetchone()[0]
        if rows != len(programs):
            errors.append(f"results database holds {rows} rows for {len(programs)} programs")
        if len(programs) < 16:
            errors.append(f"only {len(programs)} programs verified")
        for e in errors:
            print("FAIL:", e)
        return 1 if errors else 0
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
