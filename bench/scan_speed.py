#!/usr/bin/env python3
"""Scan speed and memory: runs `hipport scan` over the bundled corpus (or the
folders given) with 1 and 2 jobs, a few times each, and prints a table of wall
time, time per CUDA file and peak resident memory. Numbers are as measured on the
machine it runs on; nothing here is asserted."""
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HIPPORT = os.environ.get("HIPPORT", os.path.join(ROOT, "build", "hipport"))


def run_once(paths, jobs):
    """Wall seconds, peak RSS in MiB, and the JSON summary of one scan."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        start = time.perf_counter()
        subprocess.run([HIPPORT, "scan", *paths, "-j", str(jobs), "--format", "json", "-o", out.name],
                       check=True, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        # ru_maxrss of children is the largest child so far: each run is as big or bigger
        peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
        return wall, peak, json.load(open(out.name))["summary"]


def main():
    paths = sys.argv[1:] or [os.path.join(ROOT, "corpus")]
    repeats = int(os.environ.get("REPEATS", "3"))
    print(f"hipport scan of {', '.join(paths)}; best of {repeats} runs")
    print(f"{'jobs':>4} {'CUDA files':>10} {'uses':>6} {'wall s':>8} {'ms/file':>8} {'peak MiB':>9}")
    for jobs in (1, 2):
        runs = [run_once(paths, jobs) for _ in range(repeats)]
        wall = min(r[0] for r in runs)
        peak = max(r[1] for r in runs)
        summary = runs[0][2]
        files = summary["cuda_files"]
        print(f"{jobs:>4} {files:>10} {summary['uses']:>6} {wall:>8.2f} {1000 * wall / max(files, 1):>8.1f} {peak:>9.1f}")


if __name__ == "__main__":
    main()
