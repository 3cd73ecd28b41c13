"""--tiered reads a file from its tokens and parses it only when something in it
needs the tree, and reports and ports every file as the full parse does.
settled.cu decides its #if branches from its own header (USE_ASYNC), the
compiler's and the system headers' macros (DEBUG: none defines it), counts
cudaEventCreate's arguments to pick HIP's overload, and is never parsed;
version.cu decides `CUDART_VERSION >= 11000` by the toolkit's number;
thrust_own_std.cu includes <vector>, <chrono> and <iostream> before Thrust, so
its std names are its own includes' (data/std_headers.csv), and driver_std.cu's
cufft.h brings no standard header the prelude has not; timed.cu's timer.h
includes <windows.h>, found nowhere, in a branch dead where timed.cu includes
it (_WIN32), and so hip_vendor.h, whose <hipblas/hipblas.h> is found nowhere; using_std.cu says `using namespace
std` but names no std name it has only through the CUDA headers. using_std_min.cu
calls min() after `using namespace std`, header_using_std.cu after a header of
its own says it: each may be std::min, which only the CUDA headers declare; so
may alias_min.cu's s::min (`namespace s = std`), fnptr.cu's `= exp`, no call
but std::exp(float) by the `using std::exp` of the <math.h> it includes, and
math_float.cu's exp(f) on a float, and header_swap.cu's swap(i, j) on ints after
swap_using.h's `using std::swap`. exp_host.cu's exp(1.0) and math_double.cu's
sqrt(d), fabs(d * SCALE) (a macro of a double literal) and min(i, j) take built-in types (no std function by
their arguments) and the doubles the C library's functions take: settled.
end_var.cu's `size_t end` names no std (std::end, std::size_t), and settles;
so does thrust_debug.cu, whose `#ifdef DEBUG_SORT` no header Thrust's computed
includes reach defines. paste_main.cu pastes two sources, read as headers
are: paste_work.cu settles, and still leads paste_kernel.cu (a host isnan,
parsed), which it pastes in turn and which parses only where paste_main.cu's
macros are, to paste_main.cu's tree; paste_opts.cu's #ifdef is on a macro of
paste_main.cu's, so undecided; paste_math.cu's exp(f) follows paste_main.cu's
<math.h>, and paste_swap.cu's swap(i, j) its `using namespace std`: each may be
std's. cg_index.cu reads `.x` through cooperative groups' group_index(), whose
dim3 (data/call_results.csv) has no member a rule names: settled; own_index.cu
declares a group_index() of its own, returning a half2: parsed; so is
own_type.cu, whose class is named like Caffe2's CUDAContext. half_alias.cu's
nv_half and __nv_half2 (data/struct_names.csv), graph_default.cu's two-argument
cudaGraphInstantiate (the declaration of three, data/signatures.csv) and
volatile_half.cu's member write through a volatile pointer settle, and port as
the parse does. cg_unknown.cu's cg::binary_partition, wmma_fragment.cu's
fragment (mma.h) and atomic_ref.cu's cuda::atomic_ref (libcu++, whose names
live in namespace cuda: data/namespaced_libraries.csv) are names CUDA headers
beyond the prelude declare and no rule knows: parsed, for the parse's HP1005.
A using-declaration names std's name as a use does: using_decl.cu's
`using std::cout` (its own <iostream>) settles, using_min.cu's `using std::min`
(only the CUDA headers declare it there) is parsed.
host_float.cu's fabs(f) on a float settles: no header it includes brings
std::fabs to file scope (a header the prelude included does nothing again, and
the prelude's usings are its parse's, not every branch of its text's); nor is
size_std.cu's size_t std's after `using namespace std` (the C library's typedef).
old_shim.cu settles: the cudaDeviceSynchronize its header declares stands in a
branch for toolkits before 5.0, dead here as in the parse; so does
decl_hides.cu, whose local exp and log hide what `using namespace std` brings.
cuda_version.cu's CUDA_VERSION, which no rule knows, is spelled like a CUDA
name: its tokens give the unknown use and HP1005 the parse does, and it settles.
So does qualified_member.cu, whose Vec4::size (a struct of the project's) and
std::common_type<int, long>::type are not the size and type cooperative groups'
headers declare.
host_alloc.cu's cudaHostAlloc(&pinned) of a float *pinned takes HIP's void**
cast and its cudaMallocPitch((void **)&p) keeps its own: no tree needed, where
host_alloc_void.cu's &raw of a void *raw must be known a void** to stay uncast.
device_clamp.cu's max(a, min(b, x)) settles: a call of CUDA's min is of no
type of std, so no lookup by argument finds std::max. defaults.cuh's
`#ifndef TILE` / `#define TILE 16` / `#endif`, which an includer may decide,
settles: TILE is defined after it either way and the line names nothing;
default_named.cuh's default calls sqrtf, and is parsed. std_qualified.cu's
std::min and std::max, declared in <cmath> alone, which only the CUDA headers
include there, settle with the parse's HP2501 at each first use; so does
std_min.cu's std::min (thrust_late_std.cu's std::vector after Thrust's
headers, which bring standard headers the prelude does not, still parses);
not std_sqrt.cu's std::sqrt(2.0), a name std takes from the C library too,
nor std_algorithm.cu's std::min after <algorithm>, which declares more.
verbose.cuh's `#ifdef VERBOSE_CHECKS` is decided, as no file that may include
it, nor a header those include, defines the name (lib_compat.h's LIB_MAJOR
is not: lib_user.cu defines it before including it; nor pick.cuh's PICK_FAST,
as picker.cu includes a header a macro names before it). Each
other file holds one thing only a parse settles, and is parsed: a host call
whose HIP name depends on where it is made (isnan), a name of std the file may
have only through the CUDA headers (std::vector after Thrust), an #include found nowhere, a launch in device
code, a cudaDeviceProp member read through a struct, an #if on a macro a
system header it includes defines (M_PI, <cmath>), an #if in a header on a
macro its includer defines (lib_compat.h's LIB_MAJOR, read in lib_user.cu's
tree), a CUDA name a project header #defines (renames.h). needs_tree names the
token of the file where one stands, and its line."""
import filecmp
import json
import os
import subprocess

from clicase import finish

inp, hipport, tmp = os.environ["INPUT"], os.environ["HIPPORT"], os.environ["TMP"]
tiered = json.load(open(os.environ["OUT"]))
full = json.loads(subprocess.run([hipport, "scan", inp, "--parse-all", "--rocm", "newest", "--format", "json"],
                                 capture_output=True, text=True, check=True).stdout)
errors = []


def by_file(doc, key, drop):
    out = {}
    for x in doc[key]:
        out.setdefault(x["file"], []).append({k: v for k, v in x.items() if k not in drop})
    return {f: sorted(map(json.dumps, v)) for f, v in out.items()}


for key in ("uses", "findings"):
    a, b = by_file(tiered, key, {"cursor"}), by_file(full, key, {"cursor"})
    for f in sorted(set(a) | set(b)):
        if a.get(f) != b.get(f):
            errors.append(f"{key} of {f} differ:\n  tiered {sorted(set(a.get(f, [])) - set(b.get(f, [])))}\n"
                          f"  parse  {sorted(set(b.get(f, [])) - set(a.get(f, [])))}")

files = {f["path"]: f for f in tiered["files"]}
want = {"settled.cu": None, "host_math.cu": "where it is called", "std_min.cu": None,
        "missing.cu": "#include found nowhere", "nested.cu": "launch in device code",
        "props.cu": "member read", "version.cu": None, "pi.cu": "#if its tokens cannot decide",
        "lib_compat.h": "#if its tokens cannot decide", "renamed.cu": "macro of the project's",
        "thrust_own_std.cu": None, "driver_std.cu": None, "timed.cu": None, "using_std.cu": None,
        "verbose.cuh": None, "pick.cuh": "#if its tokens cannot decide",
        "end_var.cu": None, "thrust_debug.cu": None, "paste_work.cu": None,
        "paste_kernel.cu": "where it is called", "paste_opts.cu": "#if its tokens cannot decide", "alias_min.cu": "name of std", "fnptr.cu": "name of std",
        "using_std_min.cu": "name of std", "header_using_std.cu": "name of std", "exp_host.cu": None, "math_double.cu": None,
        "math_float.cu": "name of std", "paste_math.cu": "name of std",
        "paste_swap.cu": "name of std", "header_swap.cu": "name of std", "thrust_late_std.cu": "name of std",
        "cg_index.cu": None, "own_index.cu": "member read", "own_type.cu": "type of the project's",
        "half_alias.cu": None, "graph_default.cu": None, "volatile_half.cu": None,
        "cg_unknown.cu": "no rule knows", "wmma_fragment.cu": "no rule knows", "atomic_ref.cu": "no rule knows",
        "using_decl.cu": None, "using_min.cu": "name of std", "host_float.cu": None, "size_std.cu": None,
        "old_shim.cu": None, "decl_hides.cu": None,
        "cuda_version.cu": None, "qualified_member.cu": None,
        "host_alloc.cu": None, "host_alloc_void.cu": "depends on types",
        "device_clamp.cu": None, "defaults.cuh": None, "default_named.cuh": "#if its tokens cannot decide",
        "std_qualified.cu": None, "std_sqrt.cu": "name of std", "std_algorithm.cu": "name of std"}
for name, why in want.items():
    f = files.get(name, {})
    if why is None and f.get("parser") != "tokens":
        errors.append(f"{name} was parsed ({f.get('needs_tree')}); it needs no tree")
    if why is not None and (f.get("parser") == "tokens" or why not in (f.get("needs_tree") or "")):
        errors.append(f"{name}: parser {f.get('parser')}, needs_tree {f.get('needs_tree')!r}, want a parse for '{why}'")
for name, where in (("math_float.cu", ": `exp`, line 8"), ("missing.cu", ": `nowhere.h`, line 2"),
                    ("pi.cu", ": `M_PI`, line 4")):
    if not (files.get(name, {}).get("needs_tree") or "").endswith(where):
        errors.append(f"{name}: needs_tree {files.get(name, {}).get('needs_tree')!r} does not say where ({where!r})")
settled = sum(f["parser"] == "tokens" for f in files.values())
if tiered["summary"].get("settled_files") != settled or settled < 2:
    errors.append(f"settled_files {tiered['summary'].get('settled_files')}, {settled} files read from tokens")

ports = {}
for mode in ("full", "tiered"):
    out = os.path.join(tmp, mode)
    subprocess.run([hipport, "translate", inp, "--rocm", "newest", "-o", out] + (["--tiered"] if mode == "tiered" else ["--parse-all"]),
                   check=True, capture_output=True)
    ports[mode] = out
for name in want:
    if name.endswith(".h"):
        continue
    if not filecmp.cmp(os.path.join(ports["full"], name), os.path.join(ports["tiered"], name), shallow=False):
        errors.append(f"the tiered port of {name} differs from the full one")
finish(errors)
