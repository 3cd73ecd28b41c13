#!/usr/bin/env python3
"""HIPIFY's own unit tests (tests/unit_tests of a ROCm/HIPIFY checkout) run through
`hipport hipify`, the way HIPIFY's lit setup runs hipify-clang over them.

usage: HIPIFY_SRC=/path/to/HIPIFY bench/hipify_suite.py --hipport build/hipport
                                    [--cuda-path /usr/local/cuda] [--filecheck PATH]
                                    [--min N] [--as-translate] [-j N] [TEST...]

Each test is a CUDA file whose `// RUN:` line gives hipify-clang's options and whose
`// CHECK:` lines FileCheck holds against the output. As HIPIFY's run_test.sh does,
the command is `hipport hipify -o=OUT IN --cuda-path=CUDA --clang-resource-directory=RES
--rocm=R OPTIONS -- CLANG_ARGS` (or `-p=DIR` for the compilation-database test), where
R is the checkout's HIP_LATEST (src/Statistics.h: the ROCm release whose names its
hipify-clang writes and its tests expect); the output's
comments are blanked (`sed -Ee 's|//.+|// |g'`) and FileCheck reads it against the
input. The tests lit.cfg leaves out for the installed CUDA and cuDNN are left out
here too. Prints one line per failure with its reason, then `N passed, M failed`;
the failing tests whose expectations rewrite string literals (which hipport never
does, docs/hipify-mode.md) are listed apart. --as-translate maps the options by hand
onto `hipport translate` (--launch ggl, --backend roc), as a user without the
hipify mode would. Without HIPIFY_SRC it says so and exits 77 (a skip under ctest);
with --min N it fails when fewer than N pass. HIPIFY is not part of hipport."""
import argparse
import concurrent.futures
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
SUFFIXES = (".cu", ".cuh", ".cpp", ".c", ".hpp", ".h")
# Files lit.cfg always leaves out (headers the tests include).
ALWAYS_EXCLUDED = {"cmdparser.hpp", "spatial_batch_norm_op.h", "common_cudnn.h", "inc.h"}
# lit.cfg's exclusions that depend on the toolkit: (applies(cuda, cudnn), files), where
# cuda is (major, minor) and cudnn the cuDNN major (0 when absent).
EXCLUDED_WHEN = [
    (lambda c, d: d == 0, ["cudnn_convolution_forward.cu", "cudnn_softmax.cu", "cudnn2miopen.cu",
                           "cudnn2miopen_before_9000.cu"]),
    (lambda c, d: c >= (11, 0), ["cudnn_convolution_forward.cu", "cuSPARSE_01.cu", "cuSPARSE_02.cu",
                                 "cuSPARSE_12.cu", "cusparse2rocsparse_before_11000.cu"]),
    (lambda c, d: c >= (12, 0), ["cusparse2rocsparse_10010_12000.cu", "cusparse2rocsparse_11010_12000.cu",
                                 "cusparse2rocsparse_11030_12000.cu", "cusparse2hipsparse_11030_12000.cu",
                                 "headers_test_06.cu", "headers_test_07.cu", "headers_test_08.cu",
                                 "headers_test_09.cu", "tex2dKernel.cpp", "cuSPARSE_11.cu",
                                 "cublas_0_based_indexing.cu", "cublas_0_based_indexing_rocblas.cu",
                                 "cusparse2rocsparse_9020_12000.cu", "cusparse2rocsparse_before_12000.cu"]),
    (lambda c, d: c < (12, 0), ["headers_test_06_12000.cu", "headers_test_07_12000.cu",
                                "headers_test_08_12000.cu", "headers_test_09_12000.cu",
                                "runtime_functions_12000.cu", "cusparse2rocsparse_12000.cu",
                                "cusparse2hipsparse_12000.cu"]),
    (lambda c, d: c >= (12, 6), ["cub_01.cu", "cub_02.cu", "cub_03.cu"]),
    (lambda c, d: d >= 9, ["cudnn2miopen_before_9000.cu"]),
    (lambda c, d: c != (10, 1) and c != (10, 2), ["cublaslt2hipblaslt_10010_10020.cu"]),
]
RUN = re.compile(r"//\s*RUN:\s*(.*)")
LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"')
CHECK = re.compile(r"//\s*CHECK(?:-NEXT|-NOT|-SAME|-DAG)?:\s?(.*)")
# hipify-clang options mapped onto hipport translate for --as-translate; others dropped.
TRANSLATE_MAP = {"--hip-kernel-execution-syntax": ["--launch", "ggl"], "--roc": ["--backend", "roc"],
                 "-roc": ["--backend", "roc"]}


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hipport", required=True, help="the hipport binary")
    ap.add_argument("--cuda-path", default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("--filecheck", help="FileCheck (default: FileCheck, FileCheck-16 on PATH)")
    ap.add_argument("--min", type=int, default=0, help="fail when fewer tests pass")
    ap.add_argument("--as-translate", action="store_true", help="hipport translate with options mapped by hand")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--keep", metavar="DIR", help="copy each test's output and command line into DIR, to read a failure")
    ap.add_argument("tests", nargs="*", help="only these tests (paths under tests/unit_tests)")
    return ap.parse_args(argv)


def find_filecheck(given):
    for name in ([given] if given else ["FileCheck", "FileCheck-16", "/usr/lib/llvm-16/bin/FileCheck"]):
        path = shutil.which(name)
        if path:
            return path
    return None


def define(path, name):
    try:
        with open(path, errors="replace") as f:
            m = re.search(r"#\s*define\s+%s\s+(\d+)" % name, f.read())
        return int(m.group(1)) if m else 0
    except OSError:
        return 0


def toolkit(cuda):
    """(CUDA (major, minor), cuDNN major, cuDNN root or None) as lit.site.cfg would know them."""
    v = define(os.path.join(cuda, "include", "cuda.h"), "CUDA_VERSION")
    dnn = define(os.path.join(cuda, "include", "cudnn_version.h"), "CUDNN_MAJOR")
    return (v // 1000, v % 1000 // 10), dnn, (cuda if dnn else None)


def resource_dir():
    for clang in ("clang-16", "clang"):
        path = shutil.which(clang)
        if path:
            out = subprocess.run([path, "-print-resource-dir"], capture_output=True, text=True)
            if out.returncode == 0:
                return out.stdout.strip()
    return "/usr/lib/llvm-16/lib/clang/16"


def hip_latest(src):
    """The ROCm release whose names the checkout's hipify-clang writes (HIP_LATEST in
    src/Statistics.h, e.g. HIP_6030 -> 6.3.0), which its tests expect; None if unknown."""
    try:
        with open(os.path.join(src, "src", "Statistics.h"), errors="replace") as f:
            m = re.search(r"HIP_LATEST\s*=\s*HIP_(\d)(\d)(\d)(\d)", f.read())
    except OSError:
        return None
    return "%s.%d.%s" % (m.group(1), int(m.group(2) + m.group(3)), m.group(4)) if m else None


def clang_arguments(cuda_version, dnn_root):
    """lit.cfg's %clang_args for this toolkit (64-bit Linux, no CUDA SDK samples, no CUB root)."""
    args = ["-v"]
    if cuda_version[0] > 10:
        args.append("-DTHRUST_IGNORE_CUB_VERSION_CHECK")
    if cuda_version[0] >= 12:
        args.append("-D_LIBCUDACXX_OBJECT_FORMAT_COFF")
    args.append("-D__LP64__")
    if dnn_root:
        args.append("-I%s/include" % dnn_root)
    return args


def collect(root, only, cuda_version, dnn):
    excluded = set(ALWAYS_EXCLUDED)
    for applies, names in EXCLUDED_WHEN:
        if applies(cuda_version, dnn):
            excluded.update(names)
    tests = []
    for path in sorted(glob.glob(os.path.join(root, "**", "*"), recursive=True)):
        rel = os.path.relpath(path, root)
        if not path.endswith(SUFFIXES) or os.path.basename(path) in excluded:
            continue
        if only and not any(rel == o or rel.endswith("/" + o) or os.path.basename(o) == rel for o in only):
            continue
        tests.append(rel)
    return tests


def run_line(path):
    with open(path, errors="replace") as f:
        for line in f:
            m = RUN.search(line)
            if m:
                return m.group(1)
    return None


def split_run(run):
    """`%run_test hipify "%s" "%t" %hipify_args N OPT... %clang_args EXTRA...` -> (OPTS, EXTRA)."""
    words = shlex.split(run)
    if "%hipify_args" not in words or "%clang_args" not in words:
        return None
    head = words[words.index("%hipify_args") + 1:words.index("%clang_args")]
    count = int(head[0]) if head and head[0].isdigit() else 0
    return head[1:1 + count], words[words.index("%clang_args") + 1:]


def rewrites_literals(path):
    """True when a CHECK line expects a string literal that the input's code never spells."""
    expected, code = set(), set()
    with open(path, errors="replace") as f:
        for line in f:
            m = CHECK.search(line)
            text = m.group(1) if m else line
            if not text.lstrip().startswith("#"):
                (expected if m else code).update(LITERAL.findall(text))
    return bool(expected - code)


def command(args, env, rel, opts, extra, tmp):
    src = os.path.join(env["root"], rel)
    out = os.path.join(tmp, "out")
    if args.as_translate:
        mapped = [w for o in opts for w in TRANSLATE_MAP.get(o, [])]
        clang = [a for a in env["clang_args"] + extra if a.startswith(("-I", "-D"))]
        return [args.hipport, "translate", src, "-o", out, "--cuda-path", args.cuda_path, "--force"] + mapped + clang, out
    cmd = [args.hipport, "hipify", "-o=" + out, src, "--cuda-path=" + args.cuda_path,
           "--clang-resource-directory=" + env["resource_dir"]] + env["rocm"] + opts
    json_in = os.path.join(os.path.dirname(src), "compile_commands.json.in")
    if os.path.exists(json_in):
        # run_test.sh writes the database beside the test; ours goes to a copy of its folder.
        folder = os.path.join(tmp, "db")
        shutil.copytree(os.path.dirname(src), folder)
        with open(json_in) as f:
            text = f.read().replace("<test dir>", folder).replace("<CUDA dir>", "--cuda-path=" + args.cuda_path)
        with open(os.path.join(folder, "compile_commands.json"), "w") as f:
            f.write(text)
        cmd[3] = os.path.join(folder, os.path.basename(src))
        return cmd + ["-p=" + folder] + opts, out
    return cmd + ["--"] + env["clang_args"] + extra, out


def first_error(text):
    lines = [l for l in text.splitlines() if l.strip()]
    for i, l in enumerate(lines):
        if "error:" in l:
            detail = lines[i + 1].strip() if i + 1 < len(lines) else ""
            return (l.split("error:", 1)[1].strip() + (": " + detail if detail else ""))[:200]
    return (lines[-1] if lines else "no output")[:200]


def keep(folder, rel, cmd, out):
    dest = os.path.join(folder, rel)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    shutil.copyfile(out, dest)
    with open(dest + ".cmd", "w") as f:
        f.write(shlex.join(cmd) + "\n")


def run_test(args, env, rel):
    """(rel, None) when it passes, else (rel, reason)."""
    split = split_run(run_line(os.path.join(env["root"], rel)) or "")
    if split is None:
        return rel, "no usable RUN line"
    opts, extra = split
    with tempfile.TemporaryDirectory(prefix="hipify-suite-") as tmp:
        cmd, out = command(args, env, rel, opts, extra, tmp)
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            return rel, "hipport took over 300 s"
        if p.returncode != 0 or not os.path.exists(out):
            return rel, "hipport exited %d: %s" % (p.returncode, first_error(p.stderr))
        if args.keep:
            keep(args.keep, rel, cmd, out)
        with open(out, errors="replace") as f:
            blanked = "\n".join(re.sub(r"//.+", "// ", l) for l in f.read().split("\n"))
        fc = subprocess.run([env["filecheck"], os.path.join(env["root"], rel)], input=blanked,
                            capture_output=True, text=True)
        return rel, None if fc.returncode == 0 else "FileCheck: " + first_error(fc.stderr)


def main(argv):
    args = parse_args(argv)
    src = os.environ.get("HIPIFY_SRC")
    if not src:
        print("SKIPPED: set HIPIFY_SRC to a ROCm/HIPIFY checkout (its tests/unit_tests is the suite)")
        return SKIP
    root = os.path.join(src, "tests", "unit_tests")
    if not os.path.isdir(root):
        print("error: %s: no tests/unit_tests there: point HIPIFY_SRC at a HIPIFY checkout" % src, file=sys.stderr)
        return 2
    filecheck = find_filecheck(args.filecheck)
    if not filecheck:
        print("error: FileCheck not found: apt-get install llvm-16-tools, or pass --filecheck", file=sys.stderr)
        return 2
    cuda_version, dnn, dnn_root = toolkit(args.cuda_path)
    latest = hip_latest(src)
    env = {"root": root, "filecheck": filecheck, "resource_dir": resource_dir(),
           "clang_args": clang_arguments(cuda_version, dnn_root), "rocm": ["--rocm=" + latest] if latest else []}
    tests = collect(root, args.tests, cuda_version, dnn)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda rel: run_test(args, env, rel), tests))
    failed = [(rel, why) for rel, why in results if why]
    literal = [rel for rel, _ in failed if rewrites_literals(os.path.join(root, rel))]
    for rel, why in failed:
        print("FAIL %s: %s" % (rel, why))
    if literal:
        print("\nfailing tests whose expectations rewrite string literals (hipport never does):")
        for rel in literal:
            print("  " + rel)
    print("\nCUDA %d.%d, cuDNN %s: %d passed, %d failed (%d of them expect string literals rewritten)"
          % (cuda_version + (dnn or "none",) + (len(tests) - len(failed), len(failed), len(literal))))
    return 1 if len(tests) - len(failed) < args.min else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
