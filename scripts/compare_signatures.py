#!/usr/bin/env python3
"""Compares CUDA's declarations with HIP's for every mapped function and writes
rules/data/signatures.csv: the calls whose HIP counterpart takes another number
of parameters, or another type where CUDA passes a struct by value.

usage: compare_signatures.py [--cuda-path /usr/local/cuda] [--hip-include /usr/include]
                             [--rules rules/data] [-o rules/data/signatures.csv]

Each header pair (CUDA's runtime and driver API against hip_runtime_api.h,
cuRAND against hipRAND, cuSPARSE against hipSPARSE) is run through clang's
preprocessor (clang-16 -E), and the prototypes of the preprocessed text are read:
name and parameter list (the first declaration of a name; C++ overloads are
overloads.csv's). A CUDA struct parameter's type is written in HIP's names
(cuda_api.csv and overrides.csv map struct cudaMemLocation to hipMemLocation)
before it is compared. The HIP release the
comparison was made against is the one whose headers were read (--hip-release,
default 5.2.0): translate's HP1008 finding names it.
"""
import argparse
import csv
import os
import re
import subprocess
import sys

PAIRS = [  # (CUDA headers, HIP headers, HIP defines)
    (["cuda_runtime_api.h", "cuda.h"], ["hip/hip_runtime_api.h"]),
    (["curand.h"], ["hiprand/hiprand.h"]),
    (["cusparse.h"], ["hipsparse/hipsparse.h"]),
]
PROTO = re.compile(r"(?:(?<=[;{}])|\A)\s*(?:extern\s+(?:\"C\"\s+)?)?([A-Za-z_][\w\s\*]*?)\b([A-Za-z_]\w*)\s*\(([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*)\)\s*(?:__attribute__\s*\(\(.*?\)\)\s*)*(?:noexcept\s*)?[;{]", re.S)
KEYWORDS = {"int", "char", "long", "short", "unsigned", "signed", "float", "double", "void", "bool", "const",
            "struct", "enum", "volatile"}
IDENT = re.compile(r"[A-Za-z_]\w*")


def preprocess(headers, args):
    src = "".join(f"#include <{h}>\n" for h in headers)
    out = subprocess.run(["clang-16", "-E", "-P", "-x", "c++", "-std=c++17", *args, "-"], input=src,
                         capture_output=True, text=True, check=True)
    return out.stdout


def split_params(text):
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch in "(<[" 
        depth -= ch in ")>]"
        cur += ch
    parts.append(cur)
    parts = [" ".join(p.split()) for p in parts]
    return [] if parts == ["void"] or parts == [""] else parts


def param_type(p):
    """The parameter's type without its name and default; and whether it has a default."""
    has_default = "=" in p
    p = p.split("=")[0].strip()
    toks = re.findall(r"[A-Za-z_]\w*|\*|&|\[\]|::", p)
    if len(toks) > 1 and IDENT.fullmatch(toks[-1]) and toks[-1] not in KEYWORDS:
        toks = toks[:-1]
    return toks, has_default


def declarations(text, prefixes):
    decls = {}
    for m in PROTO.finditer(text):
        name = m.group(2)
        if not name.startswith(prefixes) or name in decls:
            continue
        params = [param_type(p) for p in split_params(m.group(3))]
        decls[name] = params
    return decls


def names_map(rules_dir):
    mapping = {}
    for f in ("cuda_api.csv", "overrides.csv"):
        with open(os.path.join(rules_dir, f), encoding="utf-8") as fh:
            rows = csv.DictReader(line for line in fh if not line.startswith("#"))
            for r in rows:
                if r["hip_name"]:
                    mapping[r["cuda_name"]] = (r["hip_name"], r["kind"])
    return mapping


def in_hip_names(toks, mapping):
    out = []
    for t in toks:
        if t in ("struct", "enum"):
            continue
        out.append(mapping[t][0] if t in mapping and mapping[t][1] != "function" else t)
    return " ".join(out).replace("unsigned int", "unsigned")


def shape(params):
    return "(" + ", ".join(" ".join(t) + (" = default" if d else "") for t, d in params) + ")"


def by_value_struct(toks):
    return "struct" in toks and "*" not in toks and "&" not in toks


def unmapped_cuda_type(toks, mapping):
    """A CUDA type HIP has no name for (cudaGraphEdgeData): HIP has no such parameter."""
    return any(t.startswith(("cuda", "CU")) and t not in mapping for t in toks)


def compare(cuda, hip, mapping):
    """Calls whose parameter counts differ, where CUDA passes a struct by value and
    HIP another type (cudaMemLocation for HIP's int device), or where CUDA's
    parameter has a type HIP has no name for (type_differs: its index). Other type
    differences are typedefs of one another (CUdevice and int, cudaArray_t and
    hipArray *) as often as not, and the compiler reports those that are not."""
    rows = []
    for name in sorted(cuda):
        if name not in mapping or mapping[name][1] != "function" or mapping[name][0] not in hip:
            continue
        hname = mapping[name][0]
        c, h = cuda[name], hip[hname]
        if any(not t for t, _ in c + h):
            continue  # a template or macro the prototype reader cannot read
        typed = [i for i in range(min(len(c), len(h)))
                 if (by_value_struct(c[i][0]) and in_hip_names(c[i][0], mapping) != in_hip_names(h[i][0], {}))
                 or unmapped_cuda_type(c[i][0], mapping)]
        if len(c) == len(h) and not typed:
            continue
        rows.append({
            "cuda_name": name, "cuda_params": len(c), "cuda_required": sum(not d for _, d in c),
            "hip_name": hname, "hip_params": len(h), "hip_required": sum(not d for _, d in h),
            "type_differs": typed[0] if typed else "",
            "cuda_signature": shape(c), "hip_signature": shape(h)})
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--cuda-path", default="/usr/local/cuda")
    ap.add_argument("--hip-include", default="/usr/include")
    ap.add_argument("--hip-release", default="5.2.0")
    ap.add_argument("--rules", default=os.path.join(here, "rules", "data"))
    ap.add_argument("-o", "--output", default=os.path.join(here, "rules", "data", "signatures.csv"))
    a = ap.parse_args()
    mapping = names_map(a.rules)
    with open(os.path.join(a.cuda_path, "include", "cuda.h"), encoding="utf-8") as fh:
        version = re.search(r"#define CUDA_VERSION (\d+)", fh.read()).group(1)
    cuda_release = f"{int(version) // 1000}.{int(version) % 1000 // 10}"
    rows, seen = [], set()
    for cuda_h, hip_h in PAIRS:
        cuda = declarations(preprocess(cuda_h, [f"-I{a.cuda_path}/include"]), ("cu",))
        hip = declarations(preprocess(hip_h, [f"-I{a.hip_include}", "-D__HIP_PLATFORM_AMD__"]), ("hip",))
        rows += [r for r in compare(cuda, hip, mapping) if r["cuda_name"] not in seen]
        seen |= {r["cuda_name"] for r in rows}
    with open(a.output, "w", encoding="utf-8", newline="") as out:
        out.write(f"# generated by scripts/compare_signatures.py from CUDA {cuda_release}'s headers "
                  f"({a.cuda_path}) and HIP {a.hip_release}'s ({a.hip_include}); do not edit, rerun the script\n")
        w = csv.DictWriter(out, ["cuda_name", "cuda_params", "cuda_required", "hip_name", "hip_params",
                                 "hip_required", "type_differs", "cuda_release", "hip_release", "cuda_signature",
                                 "hip_signature"], lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({**r, "cuda_release": cuda_release, "hip_release": a.hip_release})
    print(f"{len(rows)} calls differ; written to {a.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
