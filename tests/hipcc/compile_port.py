#!/usr/bin/env python3
"""Translate one corpus program for ROCm 5.2 and compile the port with Debian's
hipcc for gfx90a (compile only: no GPU needed). A program whose manifest says
hip52 must compile; one that needs a HIP library Debian lacks is reported as
MISSING-LIBRARY, not skipped silently; any other program's result is printed.

usage: compile_port.py HIPPORT PROGRAM_DIR"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

# The HIP library a CUDA library's port needs, and the header that proves it is there.
HIP_LIBRARY = {"cublas": "hipblas/hipblas.h", "curand": "hiprand/hiprand.h", "cufft": "hipfft/hipfft.h",
               "cusparse": "hipsparse/hipsparse.h", "cusolver": "hipsolver/hipsolver.h"}
INCLUDE_DIRS = ["/usr/include", "/opt/rocm/include"]


def missing_libraries(manifest):
    missing = []
    for lib in manifest.get("libraries", []):
        header = HIP_LIBRARY.get(lib)
        if header and not any(os.path.exists(os.path.join(d, header)) for d in INCLUDE_DIRS):
            missing.append(header.split("/")[0])
    return missing


def compile_sources(out, manifest):
    """The first compiler error, or None when every source compiled."""
    for src in manifest["sources"]:
        cmd = ["hipcc", "--offload-arch=gfx90a", "-c", *manifest.get("hipcc_flags", []), src, "-o", os.devnull]
        cmd = [a for a in cmd if not a.startswith("-l")]  # compile only: link flags do not apply
        run = subprocess.run(cmd, cwd=out, capture_output=True, text=True, timeout=300)
        if run.returncode != 0:
            errors = [l for l in run.stderr.splitlines() if "error:" in l]
            return errors[0] if errors else run.stderr.strip()[-300:]
    return None


def main(hipport, program):
    name = os.path.basename(program.rstrip("/"))
    manifest = json.load(open(os.path.join(program, "manifest.json")))
    if manifest.get("buildable") is False:
        print(f"{name}: not buildable by design")
        return 0
    work = tempfile.mkdtemp(prefix="hipport-hipcc-")
    try:
        out = os.path.join(work, name)
        tr = subprocess.run([hipport, "translate", program, "-o", out, "--rocm", "5.2.0"], capture_output=True,
                            text=True)
        if tr.returncode != 0:
            print(f"{name}: translate failed ({tr.returncode}): {tr.stderr.strip()}")
            return 1
        missing = missing_libraries(manifest)
        if missing:
            print(f"{name}: MISSING-LIBRARY {', '.join(missing)} (not installed here)")
            return 0
        error = compile_sources(out, manifest)
        status = "COMPILED" if error is None else f"BUILD-FAIL {error}"
        print(f"{name}: {status}")
        return 1 if manifest.get("hip52") and error else 0
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
