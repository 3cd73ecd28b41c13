#!/usr/bin/env python3
"""Recomputes the "expected" values of every corpus manifest.

Each program's CPU reference is written a second time here, in Python, from
the program's description rather than from its C code, so a slip in either
shows up as a difference. Only values that are exact (integers, exactly
representable floats) or tolerance-friendly sums are produced; time_ms and
device-dependent numbers never are.

usage: expected.py [--check | --write] [program ...]
  (default) print the values as JSON
  --check   compare with corpus/<program>/manifest.json, exit 1 on a difference
  --write   store them into the manifests' "expected" field
"""
import json
import math
import os
import struct
import sys

CORPUS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def f32(x):
    """Rounds a Python float to the nearest IEEE single."""
    return struct.unpack("f", struct.pack("f", x))[0]


def vector_add():
    n = 1 << 20
    c = [(i % 1000) * 0.5 + (i % 7) - 3 for i in range(n)]
    return {"sum": sum(c), "c[17]": c[17], "c[999999]": c[999999],
            "c[1048575]": c[n - 1], "bad_launch_caught": 1, "mismatches": 0}


def reduce_shfl():
    n, seg = 1 << 20, 32
    milli = f32(0.001)
    x = [f32(float((i * 37) % 1001) * milli) for i in range(n)]

    def tree(vals):
        v = list(vals)
        off = seg // 2
        while off > 0:
            for lane in range(off):
                v[lane] = f32(v[lane] + v[lane + off])
            off //= 2
        return v[0]

    nseg = n // seg
    total = 0.0
    for v in x:
        total += v
    return {"seg[0]": tree(x[0:32]), "seg[777]": tree(x[777 * 32:778 * 32]),
            "seg[32767]": tree(x[(nseg - 1) * 32:]), "seg_mismatches": 0,
            "total": total, "ref_total": total, "rel_err_below_1e-5": 1}


def warp_vote():
    n = 1 << 16

    def value(i):
        g = (i // 32) % 4
        if g == 0:
            return 50 + i % 10
        if g == 1:
            return i % 20
        return (i * 13) % 50

    counts = []
    for w in range(n // 32):
        counts.append(sum(1 for i in range(w * 32, w * 32 + 32) if value(i) > 25))
    return {"true_lanes": sum(counts), "any_warps": sum(1 for c in counts if c > 0),
            "all_warps": sum(1 for c in counts if c == 32), "active_lanes": n,
            "votes[2].count": counts[2], "mismatches": 0}


def matmul_tiled():
    n = 256
    a = [(i * 3) % 7 - 3 for i in range(n * n)]
    b = [(i * 5) % 11 - 5 for i in range(n * n)]
    cols = [b[j::n] for j in range(n)]
    c = [sum(map(lambda p, q: p * q, a[r * n:(r + 1) * n], cols[j]))
         for r in range(n) for j in range(n)]
    return {"c[0]": c[0], "c[4394]": c[17 * n + 42], "c[65535]": c[-1],
            "trace": sum(c[i * n + i] for i in range(n)), "sum": sum(c), "mismatches": 0}


def dynamic_smem():
    n, block, radius = 1 << 16, 256, 3
    x = [(i * 7) % 100 for i in range(n)]
    clamp = lambda i: min(max(i, 0), n - 1)
    sten = [sum(x[clamp(i + k)] for k in range(-radius, radius + 1)) for i in range(n)]
    v = [3 * i + 1 for i in range(n)]
    rev = [v[(i // block) * block + block - 1 - i % block] for i in range(n)]
    return {"stencil[0]": sten[0], "stencil[1000]": sten[1000], "stencil[65535]": sten[-1],
            "stencil_sum": sum(sten), "reverse[0]": rev[0],
            "reverse_weighted": sum((i % 1000) * rev[i] for i in range(n)), "mismatches": 0}


def histogram_atomics():
    n = 1 << 20
    s = 12345
    bins = [0] * 64
    best = -1.0e30
    for i in range(n):
        s = (s * 1664525 + 1013904223) & 0xFFFFFFFF
        v = s >> 24
        bins[v >> 2] += 1
        best = max(best, v * 0.5 + (i % 5) * 0.125 - 64.0)
    return {"bins[0]": bins[0], "bins[30]": bins[30], "bins[63]": bins[63], "total": n,
            "weighted": sum(b * c for b, c in enumerate(bins)), "max": best, "mismatches": 0}


def prefix_scan():
    n = 1 << 18
    x = [(i * 7 + 3) % 13 for i in range(n)]
    out, run = [], 0
    for v in x:
        out.append(run)
        run += v
    return {"out[1]": out[1], "out[1000]": out[1000], "out[512]": out[512],
            "out[262143]": out[-1], "total": run, "mismatches": 0}


def streams_overlap():
    n = 1 << 20
    chunk = n // 4
    y = [3 * (i % 1000) + 1 for i in range(n)]
    z = [y[i] + y[(i + chunk) % n] for i in range(n)]
    return {"z[0]": z[0], "z[262143]": z[chunk - 1], "z[1048575]": z[-1],
            "sum": sum(z), "mismatches": 0}


def constant_memory():
    n = 1 << 16
    coeffs = [2.0, -3.0, 0.5, 5.0]

    def y(i):
        x = (i % 16) / 8.0 - 1.0
        r = coeffs[0]
        for c in coeffs[1:]:
            r = r * x + c
        return r * 3 + 7

    ys = [y(i) for i in range(n)]
    return {"y[0]": ys[0], "y[5]": ys[5], "y[15]": ys[15], "sum": sum(ys),
            "roundtrip_ok": 1, "mismatches": 0}


def texture_object():
    w, h, n1 = 64, 32, 4096
    img = [[(x * 3 + y * 5) % 17 for x in range(w)] for y in range(h)]
    pairs = [img[y][x] + img[y][min(x + 1, w - 1)] for y in range(h) for x in range(w)]
    src = [i % 251 for i in range(n1)]
    gathered = [src[(i * 13) % n1] for i in range(n1)]
    return {"pairs[0]": pairs[0], "pairs[63]": pairs[63], "pairs[2047]": pairs[-1],
            "pair_total": sum(pairs), "gathered[1]": gathered[1],
            "gather_total": sum(gathered), "mismatches": 0}


def texture_reference():
    n, lut_n = 1 << 16, 1024
    out = [((i * 7919) % lut_n) ** 2 % 1009 for i in range(n)]
    return {"out[1]": out[1], "out[4095]": out[4095], "sum": sum(out), "mismatches": 0}


def coop_groups():
    n, tile, block = 1 << 18, 32, 256
    x = [(i * 11) % 17 - 7 for i in range(n)]
    tiles = [sum(x[t * tile:(t + 1) * tile]) for t in range(n // tile)]
    blocks = [sum(x[b * block:(b + 1) * block]) for b in range(n // block)]
    return {"tile_sums[0]": tiles[0], "tile_sums[100]": tiles[100],
            "block_sums[0]": blocks[0], "block_sums[1023]": blocks[-1],
            "total": sum(blocks), "mismatches": 0}


def grid_sync():
    n = 1 << 20
    x = [(i * 29 + 7) % 1000 - 500 for i in range(n)]
    total = sum(x)
    return {"total": total, "out[0]": total - x[0], "out[1048575]": total - x[-1],
            "mismatches": 0}


def cuda_graph():
    n = 1 << 16

    def final(v):
        for _ in range(20):
            v = (v * 5 + 3) % 65536
        return v

    snap = [final(i) for i in range(n)]
    return {"graph_nodes": 3, "snap[0]": snap[0], "snap[1]": snap[1],
            "snap[65535]": snap[-1], "sum": sum(snap), "mismatches": 0}


def math_funcs():
    xs = [i / 1024.0 for i in range(4096)]
    return {
        "sum_sinf": sum(f32(math.sin(x)) for x in xs),
        "sum_expf": sum(f32(math.exp(x - 2.0)) for x in xs),
        "sum_rsqrtf": sum(f32(1.0 / math.sqrt(x + 0.5)) for x in xs),
        "sum_fmaf": sum(x * 1.5 + 0.25 for x in xs),
        "max_ulp_fmaf": 0,
        "sum___expf": sum(f32(math.exp(x - 2.0)) for x in xs),
        "sum_sin": sum(math.sin(x) for x in xs),
        "sum_exp": sum(math.exp(x - 2.0) for x in xs),
    }


def half_precision():
    n = 1 << 16
    a = [(i % 64) * 0.25 for i in range(n)]
    b = [((i * 3) % 32) * 0.5 - 8.0 for i in range(n)]
    s = [p + q for p, q in zip(a, b)]
    pr = [p * q for p, q in zip(a, b)]
    fm = [p * q + p for p, q in zip(a, b)]
    return {"sum[5]": s[5], "prod[63]": pr[63], "fma[101]": fm[101],
            "sum_total": sum(s), "prod_total": sum(pr), "fma_total": sum(fm), "mismatches": 0}


def inline_ptx():
    n, mod, m64 = 1 << 16, 1000000007, (1 << 64) - 1
    add_check = maj_check = 0
    for i in range(n):
        x = (i * 0x9E3779B97F4A7C15 + 12345) & m64
        a, b = x, x ^ (x >> 29) ^ 0xFFFFFFFF00000000
        lo, mid, hi = a & 0xFFFFFFFF, b & 0xFFFFFFFF, a >> 32
        add_check = (add_check + ((a + b) & m64) % mod) % mod
        maj_check = (maj_check + ((lo & mid) | (lo & hi) | (mid & hi))) % mod
    return {"add64_check": add_check, "majority_check": maj_check,
            "device_disagreements": 0, "mismatches": 0}


def driver_api():
    n = 1 << 16
    y = [2 * ((i * 17) % 1000 - 500) + 7 for i in range(n)]
    return {"y[0]": y[0], "y[123]": y[123], "y[65535]": y[-1], "sum": sum(y), "mismatches": 0}


def cublas_sgemm():
    m, k, nc = 192, 128, 160
    a = [(i * 5) % 7 - 3 for i in range(m * k)]
    b = [(i * 3) % 11 - 5 for i in range(k * nc)]
    c0 = [2 * (i % 9) - 8 for i in range(m * nc)]
    rows = [a[r::m] for r in range(m)]  # row r of column-major A
    c = [0.0] * (m * nc)
    for col in range(nc):
        bcol = b[col * k:(col + 1) * k]
        for r in range(m):
            dot = sum(map(lambda p, q: p * q, rows[r], bcol))
            c[r + col * m] = dot + 0.5 * c0[r + col * m]
    return {"c[0]": c[0], "c[1000]": c[1000], "c[30719]": c[-1], "sum": sum(c), "mismatches": 0}


def curand_stats():
    return {"n": 1 << 20, "host_uniform_out_of_range": 0, "device_uniform_out_of_range": 0}


def cufft_roundtrip():
    nfft = 1024
    out = {}
    for b in (0, 3):
        idx = range(b * nfft, (b + 1) * nfft)
        out["dc_re[%d]" % b] = float(sum((i * 7) % 10 for i in idx))
        out["dc_im[%d]" % b] = float(sum(i % 3 - 1 for i in idx))
    return out


def dynamic_parallelism():
    lengths = [256 + 64 * (s % 8) for s in range(64)]
    y, i = [], 0
    for s, length in enumerate(lengths):
        for _ in range(length):
            y.append(2 * (i % 100) + s)
            i += 1
    return {"elements": len(y), "y[0]": y[0], "y[300]": y[300], "y_last": y[-1],
            "sum": sum(y), "mismatches": 0}


def lookalike_names():
    m, nc, k = 64, 48, 32
    state = 2024

    def nxt():
        nonlocal state
        state = (state * 1103515245 + 12345) & 0xFFFFFFFF
        return (state >> 16) & 0x7FFF

    a = [nxt() % 9 - 4 for _ in range(m * k)]
    b = [nxt() % 9 - 4 for _ in range(k * nc)]
    c = [sum(a[r + p * m] * b[p + col * k] for p in range(k)) for col in range(nc) for r in range(m)]
    return {"c[0]": c[0], "c[3071]": c[-1], "sum": sum(c), "mismatches": 0}


def macro_kernels():
    n = 1 << 16
    a = [i % 101 - 50 for i in range(n)]
    b = [(i * 7) % 103 - 51 for i in range(n)]
    ops = {"add": lambda x, y: x + y, "mul": lambda x, y: x * y,
           "max": max, "absdiff": lambda x, y: abs(x - y)}
    out = {"sum_" + name: sum(map(f, a, b)) for name, f in ops.items()}
    out["mismatches"] = 0
    return out


def device_props():
    n = 1 << 20
    return {"sum": sum((i * 13) % 200 - 100 for i in range(n)), "block_is_warp_multiple": 1}


def thrust_cub():
    n, block = 1 << 16, 128
    s, keys = 12345, []
    for _ in range(n):
        s = (s * 1103515245 + 12345) & 0xFFFFFFFF
        keys.append((s >> 1) % 100000)
    srt = sorted(keys)
    tripled = [3 * k - 7 for k in srt]
    sums = [sum(tripled[b * block:(b + 1) * block]) for b in range(n // block)]
    return {"sorted[0]": srt[0], "sorted[32768]": srt[n // 2], "sorted[65535]": srt[-1],
            "total": sum(keys), "block_sum[0]": sums[0], "block_sum[511]": sums[-1],
            "mismatches": 0}


def broken_parse():
    return {}


PROGRAMS = {name: fn for name, fn in globals().items()
            if callable(fn) and os.path.isdir(os.path.join(CORPUS, name))}


def normalise(values):
    """Integral floats become ints so that the JSON reads naturally."""
    return {k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in values.items()}


def main(argv):
    mode = argv[0] if argv and argv[0].startswith("--") else None
    names = [a for a in argv if not a.startswith("--")] or sorted(PROGRAMS)
    bad = 0
    for name in names:
        values = normalise(PROGRAMS[name]())
        path = os.path.join(CORPUS, name, "manifest.json")
        if mode is None:
            print(json.dumps({name: values}))
            continue
        with open(path) as f:
            manifest = json.load(f)
        if mode == "--write":
            manifest["expected"] = values
            with open(path, "w") as f:
                json.dump(manifest, f, indent=2)
                f.write("\n")
        elif manifest.get("expected") != values:
            print("%s: manifest expected differs from recomputed values" % name)
            bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
