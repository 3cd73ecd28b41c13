/* Build files: CMake projects and Makefiles that build CUDA, turned toward HIP.
 *
 * tr_port_cmake reads a CMake file with a small tokenizer of CMake's command
 * syntax (commands; unquoted, "quoted" and [[bracket]] arguments; # and #[[ ]]
 * comments), so comments and the free text of strings are never touched. Each
 * command is ported by a handler named in one table (project, enable_language,
 * find_package, add_executable, set, ...); then every argument's words are
 * looked up in a table of CUDA names (variables, properties, CUDA:: targets)
 * and its flags in a table of nvcc flags. What cannot be converted, and what was
 * converted but deserves a look, becomes a note. The edits are byte ranges
 * applied to the original text, so layout and line endings stay; the output
 * holds nothing that a second run would change.
 *
 * tr_check_makefile never rewrites: each logical line that runs nvcc (by name
 * or through a variable naming it) or carries nvcc flags gets one note with
 * the hipcc form of that line, from the same flag table. */
#define _GNU_SOURCE
#include "build_files_p.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

/* The AMD target that stands in for CUDA's sm numbers: MI200 (gfx90a). A
 * placeholder the notes ask the user to replace with the GPUs they build for. */
#define AMD_PLACEHOLDER "gfx90a"
#define NO_AMD_MEANING "has no AMD meaning: " AMD_PLACEHOLDER " (MI200) stands in, name the AMD GPUs to build for"
#define NONE SIZE_MAX

/* ---- Small helpers ------------------------------------------------------ */

static bool ident_start(char c) { return c == '_' || isalpha((unsigned char)c); }
static bool ident_char(char c) { return c == '_' || isalnum((unsigned char)c); }
static bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static bool eq(const char *s, size_t n, const char *word) { return strlen(word) == n && memcmp(s, word, n) == 0; }

static bool starts(const char *s, size_t n, const char *prefix) {
  size_t p = strlen(prefix);
  return n >= p && memcmp(s, prefix, p) == 0;
}

static bool ends(const char *s, size_t n, const char *suffix) {
  size_t p = strlen(suffix);
  return n >= p && memcmp(s + n - p, suffix, p) == 0;
}

static char *vformat(const char *fmt, va_list ap) {
  char *s = NULL;
  if (vasprintf(&s, fmt, ap) < 0) {
    fputs("hipport: out of memory\n", stderr);
    abort();
  }
  return s;
}

static void add_note(BuildNotes *notes, const char *t, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void add_note(BuildNotes *notes, const char *t, size_t at, const char *fmt, ...) {
  BuildNote n = {1, 1, NULL};
  for (size_t i = 0; i < at; i++, n.column++)
    if (t[i] == '\n')
      n.line++, n.column = 0;
  va_list ap;
  va_start(ap, fmt);
  n.message = vformat(fmt, ap);
  va_end(ap);
  vec_push(notes, n);
}

/* Notes come from several passes; readers want them in file order (stable, so two
 * notes on one spot keep the order they were made in), and a name used twice on a
 * line ("set(X ${X} ...)") needs saying once. */
static void sort_notes(BuildNotes *notes, size_t from) {
  size_t kept = from;
  for (size_t i = from; i < notes->len; i++) {
    bool seen = false;
    for (size_t j = from; j < kept && !seen; j++)
      seen = notes->items[j].line == notes->items[i].line && !strcmp(notes->items[j].message, notes->items[i].message);
    if (seen)
      free(notes->items[i].message);
    else
      notes->items[kept++] = notes->items[i];
  }
  notes->len = kept;
  for (size_t i = from + 1; i < notes->len; i++) {
    BuildNote n = notes->items[i];
    size_t j = i;
    for (; j > from; j--) {
      const BuildNote *p = &notes->items[j - 1];
      if (p->line < n.line || (p->line == n.line && p->column <= n.column))
        break;
      notes->items[j] = *p;
    }
    notes->items[j] = n;
  }
}

void tr_build_notes_free(BuildNotes *notes) {
  for (size_t i = 0; i < notes->len; i++)
    free(notes->items[i].message);
  vec_free(notes);
}

typedef struct {
  const char *s;
  size_t n;
} Tok;
typedef VEC(Tok) Toks;

/* ---- What CUDA names become ---------------------------------------------- */

/* CUDA's libraries: CMake's CUDA::<cuda> target, the -l<link> flag, and the HIP
 * library that stands in. Target names checked against ROCm's package configs as
 * projects use them (roc::hipblas, hip::hipfft, hip::hiprand, roc::hipsparse,
 * roc::hipsolver); `why` marks a mapping to look at. */
typedef struct {
  const char *cuda, *link;  /* CUDA::<cuda>, -l<link> (NULL: none) */
  const char *target;       /* the HIP CMake target; NULL: none known */
  const char *package;      /* the find_package() that defines it */
  const char *hip_lib;      /* -l<hip_lib> for hipcc */
  const char *why;
} CudaLib;

static const CudaLib cuda_libs[] = {
    {"cudart", "cudart", "hip::host", "hip", "amdhip64", NULL},
    {"cudart_static", "cudart_static", "hip::host", "hip", "amdhip64", NULL},
    {"cuda_driver", "cuda", "hip::host", "hip", "amdhip64", NULL},
    {"cublas", "cublas", "roc::hipblas", "hipblas", "hipblas", NULL},
    {"cublas_static", "cublas_static", "roc::hipblas", "hipblas", "hipblas", NULL},
    {"cublasLt", "cublasLt", "roc::hipblaslt", "hipblaslt", "hipblaslt", "hipBLASLt's API differs from cuBLASLt's in places"},
    {"cufft", "cufft", "hip::hipfft", "hipfft", "hipfft", NULL},
    {"cufft_static", "cufft_static", "hip::hipfft", "hipfft", "hipfft", NULL},
    {"curand", "curand", "hip::hiprand", "hiprand", "hiprand", NULL},
    {"curand_static", "curand_static", "hip::hiprand", "hiprand", "hiprand", NULL},
    {"cusparse", "cusparse", "roc::hipsparse", "hipsparse", "hipsparse", NULL},
    {"cusparse_static", "cusparse_static", "roc::hipsparse", "hipsparse", "hipsparse", NULL},
    {"cusolver", "cusolver", "roc::hipsolver", "hipsolver", "hipsolver", NULL},
    {"cusolver_static", "cusolver_static", "roc::hipsolver", "hipsolver", "hipsolver", NULL},
    {"nvToolsExt", "nvToolsExt", NULL, NULL, "roctx64", "roctx (libroctx64) is the nearest"},
    {"nvtx3", NULL, NULL, NULL, NULL, "roctx (libroctx64) is the nearest"},
};

static const CudaLib *lib_named(const char *s, size_t n, bool by_link) {
  for (size_t i = 0; i < sizeof cuda_libs / sizeof *cuda_libs; i++) {
    const char *name = by_link ? cuda_libs[i].link : cuda_libs[i].cuda;
    if (name && eq(s, n, name))
      return &cuda_libs[i];
  }
  return NULL;
}

/* Variables, properties and FindCUDA results by name. NK_RENAME: CMake has the HIP
 * form; NK_LIBRARY: a library variable whose ${reference} becomes the target of the
 * CudaLib named in `hip`; NK_NOTE: no HIP form, `why` says what to do. */
typedef enum { NK_RENAME, NK_LIBRARY, NK_NOTE } NameKind;

typedef struct {
  const char *cuda;
  NameKind kind;
  const char *hip;
  const char *why;
} CudaName;

#define SEPARABLE "CMake has no HIP form: add -fgpu-rdc to the target's compile and link options"
#define NO_RUNTIME_CHOICE "CMake has no HIP form: HIP links the shared runtime (libamdhip64)"
#define HOST_COMPILER "no HIP form: clang compiles both host and device code"
#define INCLUDES "no HIP form: hip::host carries the HIP include directories"
#define ROOT "no HIP form: ROCm's root is ROCM_PATH (usually /opt/rocm)"
#define VERSION "no HIP form: hip_VERSION does not follow CUDA's numbering"
#define NVCC_PATH "no HIP form: HIP sources are compiled by CMAKE_HIP_COMPILER"

static const CudaName cuda_names[] = {
    {"CMAKE_CUDA_ARCHITECTURES", NK_RENAME, "CMAKE_HIP_ARCHITECTURES", NULL},
    {"CUDA_ARCHITECTURES", NK_RENAME, "HIP_ARCHITECTURES", NULL},
    {"CMAKE_CUDA_STANDARD", NK_RENAME, "CMAKE_HIP_STANDARD", NULL},
    {"CMAKE_CUDA_STANDARD_REQUIRED", NK_RENAME, "CMAKE_HIP_STANDARD_REQUIRED", NULL},
    {"CMAKE_CUDA_EXTENSIONS", NK_RENAME, "CMAKE_HIP_EXTENSIONS", NULL},
    {"CUDA_STANDARD", NK_RENAME, "HIP_STANDARD", NULL},
    {"CUDA_STANDARD_REQUIRED", NK_RENAME, "HIP_STANDARD_REQUIRED", NULL},
    {"CUDA_EXTENSIONS", NK_RENAME, "HIP_EXTENSIONS", NULL},
    {"CMAKE_CUDA_FLAGS", NK_RENAME, "CMAKE_HIP_FLAGS", NULL},
    {"CMAKE_CUDA_FLAGS_INIT", NK_RENAME, "CMAKE_HIP_FLAGS_INIT", NULL},
    {"CMAKE_CUDA_FLAGS_DEBUG", NK_RENAME, "CMAKE_HIP_FLAGS_DEBUG", NULL},
    {"CMAKE_CUDA_FLAGS_RELEASE", NK_RENAME, "CMAKE_HIP_FLAGS_RELEASE", NULL},
    {"CMAKE_CUDA_FLAGS_RELWITHDEBINFO", NK_RENAME, "CMAKE_HIP_FLAGS_RELWITHDEBINFO", NULL},
    {"CMAKE_CUDA_FLAGS_MINSIZEREL", NK_RENAME, "CMAKE_HIP_FLAGS_MINSIZEREL", NULL},
    {"CMAKE_CUDA_COMPILER", NK_RENAME, "CMAKE_HIP_COMPILER", NULL},
    {"CMAKE_CUDA_COMPILER_LOADED", NK_RENAME, "CMAKE_HIP_COMPILER_LOADED", NULL},
    {"CMAKE_CUDA_COMPILER_ID", NK_RENAME, "CMAKE_HIP_COMPILER_ID", "its value is Clang, not NVIDIA"},
    {"CMAKE_CUDA_COMPILER_VERSION", NK_RENAME, "CMAKE_HIP_COMPILER_VERSION", "it holds a clang version, not a CUDA one"},
    {"CMAKE_CUDA_COMPILER_LAUNCHER", NK_RENAME, "CMAKE_HIP_COMPILER_LAUNCHER", NULL},
    {"CMAKE_CUDA_VISIBILITY_PRESET", NK_RENAME, "CMAKE_HIP_VISIBILITY_PRESET", NULL},
    {"CUDA_VISIBILITY_PRESET", NK_RENAME, "HIP_VISIBILITY_PRESET", NULL},
    {"CUDA_FOUND", NK_RENAME, "hip_FOUND", NULL},
    {"CUDAToolkit_FOUND", NK_RENAME, "hip_FOUND", NULL},
    {"CUDA_LIBRARIES", NK_LIBRARY, "cudart", NULL},
    {"CUDA_CUDART_LIBRARY", NK_LIBRARY, "cudart", NULL},
    {"CUDA_cudart_static_LIBRARY", NK_LIBRARY, "cudart_static", NULL},
    {"CUDA_CUBLAS_LIBRARIES", NK_LIBRARY, "cublas", NULL},
    {"CUDA_cublas_LIBRARY", NK_LIBRARY, "cublas", NULL},
    {"CUDA_CUFFT_LIBRARIES", NK_LIBRARY, "cufft", NULL},
    {"CUDA_cufft_LIBRARY", NK_LIBRARY, "cufft", NULL},
    {"CUDA_curand_LIBRARY", NK_LIBRARY, "curand", NULL},
    {"CUDA_cusparse_LIBRARY", NK_LIBRARY, "cusparse", NULL},
    {"CUDA_cusolver_LIBRARY", NK_LIBRARY, "cusolver", NULL},
    {"CUDA_SEPARABLE_COMPILATION", NK_NOTE, NULL, SEPARABLE},
    {"CMAKE_CUDA_SEPARABLE_COMPILATION", NK_NOTE, NULL, SEPARABLE},
    {"CUDA_RESOLVE_DEVICE_SYMBOLS", NK_NOTE, NULL, "no HIP form: with -fgpu-rdc, device code is linked at the final link"},
    {"CUDA_RUNTIME_LIBRARY", NK_NOTE, NULL, NO_RUNTIME_CHOICE},
    {"CMAKE_CUDA_RUNTIME_LIBRARY", NK_NOTE, NULL, NO_RUNTIME_CHOICE},
    {"CUDA_PTX_COMPILATION", NK_NOTE, NULL, "no HIP form: AMD GPUs have no PTX"},
    {"CMAKE_CUDA_HOST_COMPILER", NK_NOTE, NULL, HOST_COMPILER},
    {"CUDA_HOST_COMPILER", NK_NOTE, NULL, HOST_COMPILER},
    {"CUDA_NVCC_FLAGS", NK_NOTE, NULL, "FindCUDA's nvcc flags: put hipcc flags in CMAKE_HIP_FLAGS or target_compile_options"},
    {"CUDA_PROPAGATE_HOST_FLAGS", NK_NOTE, NULL, "FindCUDA only: HIP sources take CMAKE_HIP_FLAGS"},
    {"CUDA_INCLUDE_DIRS", NK_NOTE, NULL, INCLUDES},
    {"CUDAToolkit_INCLUDE_DIRS", NK_NOTE, NULL, INCLUDES},
    {"CUDA_TOOLKIT_ROOT_DIR", NK_NOTE, NULL, ROOT},
    {"CUDAToolkit_ROOT", NK_NOTE, NULL, ROOT},
    {"CUDAToolkit_BIN_DIR", NK_NOTE, NULL, ROOT},
    {"CUDAToolkit_LIBRARY_DIR", NK_NOTE, NULL, ROOT},
    {"CUDA_VERSION", NK_NOTE, NULL, VERSION},
    {"CUDA_VERSION_MAJOR", NK_NOTE, NULL, VERSION},
    {"CUDA_VERSION_STRING", NK_NOTE, NULL, VERSION},
    {"CUDAToolkit_VERSION", NK_NOTE, NULL, VERSION},
    {"CUDAToolkit_VERSION_MAJOR", NK_NOTE, NULL, VERSION},
    {"CUDA_NVCC_EXECUTABLE", NK_NOTE, NULL, NVCC_PATH},
    {"CUDAToolkit_NVCC_EXECUTABLE", NK_NOTE, NULL, NVCC_PATH},
};

static const CudaName *name_of(const char *s, size_t n) {
  for (size_t i = 0; i < sizeof cuda_names / sizeof *cuda_names; i++)
    if (eq(s, n, cuda_names[i].cuda))
      return &cuda_names[i];
  return NULL;
}

/* nvcc's flags and what hipcc takes instead. FA_REPLACE: `hip`; FA_DROP: nothing;
 * FA_PASS: the value itself (-Xcompiler's host flags, commas split); FA_ARCH: the
 * placeholder AMD target; FA_RDC: -fgpu-rdc when the value is true; FA_GLUE: `hip`
 * then the value; FA_XLANG: "-x cu" -> "-x hip". `value`: the flag takes one,
 * as "-f v" or "-f=v". */
typedef enum { FA_REPLACE, FA_DROP, FA_PASS, FA_ARCH, FA_RDC, FA_GLUE, FA_XLANG } FlagAction;

typedef struct {
  const char *nvcc;
  bool value;
  FlagAction act;
  const char *hip;
  const char *why;
} NvccFlag;

#define ARCH_CODE "--offload-arch names the AMD targets"
#define RDC_LINK "with -fgpu-rdc, hipcc links device code at the final link"
#define CONSTEXPR "clang allows constexpr calls across host and device"
#define LAMBDA "clang takes __device__ lambdas as they are"
#define PTXAS "AMD GPUs have no PTX assembler"
#define REGS "no register cap flag: use __launch_bounds__"
#define CCBIN "hipcc's clang compiles the host code"
#define NO_PTX "AMD GPUs have no PTX: --cuda-device-only -S gives AMDGPU assembly"

static const NvccFlag nvcc_flags[] = {
    {"-arch", true, FA_ARCH, NULL, NULL},
    {"--gpu-architecture", true, FA_ARCH, NULL, NULL},
    {"-gencode", true, FA_ARCH, NULL, NULL},
    {"--generate-code", true, FA_ARCH, NULL, NULL},
    {"-code", true, FA_DROP, NULL, ARCH_CODE},
    {"--gpu-code", true, FA_DROP, NULL, ARCH_CODE},
    {"-Xcompiler", true, FA_PASS, NULL, NULL},
    {"--compiler-options", true, FA_PASS, NULL, NULL},
    {"-rdc", true, FA_RDC, NULL, NULL},
    {"--relocatable-device-code", true, FA_RDC, NULL, NULL},
    {"-dc", false, FA_REPLACE, "-fgpu-rdc -c", NULL},
    {"--device-c", false, FA_REPLACE, "-fgpu-rdc -c", NULL},
    {"-dlink", false, FA_DROP, NULL, RDC_LINK},
    {"--device-link", false, FA_DROP, NULL, RDC_LINK},
    {"--use_fast_math", false, FA_REPLACE, "-ffast-math", NULL},
    {"-use_fast_math", false, FA_REPLACE, "-ffast-math", NULL},
    {"--expt-relaxed-constexpr", false, FA_DROP, NULL, CONSTEXPR},
    {"-expt-relaxed-constexpr", false, FA_DROP, NULL, CONSTEXPR},
    {"--expt-extended-lambda", false, FA_DROP, NULL, LAMBDA},
    {"-expt-extended-lambda", false, FA_DROP, NULL, LAMBDA},
    {"--extended-lambda", false, FA_DROP, NULL, LAMBDA},
    {"-extended-lambda", false, FA_DROP, NULL, LAMBDA},
    {"-lineinfo", false, FA_REPLACE, "-gline-tables-only", NULL},
    {"--generate-line-info", false, FA_REPLACE, "-gline-tables-only", NULL},
    {"-G", false, FA_REPLACE, "-g", NULL},
    {"--device-debug", false, FA_REPLACE, "-g", NULL},
    {"-Xptxas", true, FA_DROP, NULL, PTXAS},
    {"--ptxas-options", true, FA_DROP, NULL, PTXAS},
    {"-maxrregcount", true, FA_DROP, NULL, REGS},
    {"--maxrregcount", true, FA_DROP, NULL, REGS},
    {"-ccbin", true, FA_DROP, NULL, CCBIN},
    {"--compiler-bindir", true, FA_DROP, NULL, CCBIN},
    {"-Xcudafe", true, FA_DROP, NULL, "nvcc's front end has no clang counterpart"},
    {"--default-stream", true, FA_GLUE, "-fgpu-default-stream=", NULL},
    {"-default-stream", true, FA_GLUE, "-fgpu-default-stream=", NULL},
    {"-x", true, FA_XLANG, NULL, NULL},
    {"--resource-usage", false, FA_REPLACE, "-Rpass-analysis=kernel-resource-usage", NULL},
    {"-res-usage", false, FA_REPLACE, "-Rpass-analysis=kernel-resource-usage", NULL},
    {"-keep", false, FA_REPLACE, "-save-temps", NULL},
    {"--keep", false, FA_REPLACE, "-save-temps", NULL},
    {"-Wno-deprecated-gpu-targets", false, FA_DROP, NULL, NULL},
    {"-cudart", true, FA_DROP, NULL, "HIP links its shared runtime"},
    {"--cudart", true, FA_DROP, NULL, "HIP links its shared runtime"},
    {"-ptx", false, FA_DROP, NULL, NO_PTX},
    {"--ptx", false, FA_DROP, NULL, NO_PTX},
    {"-cubin", false, FA_DROP, NULL, NO_PTX},
    {"-fatbin", false, FA_DROP, NULL, NO_PTX},
};

/* The table entry for token s; *val is the value glued on with '=' (NULL if none). */
static const NvccFlag *flag_of(const char *s, size_t n, const char **val, size_t *vn) {
  for (size_t i = 0; i < sizeof nvcc_flags / sizeof *nvcc_flags; i++) {
    const NvccFlag *f = &nvcc_flags[i];
    size_t fn = strlen(f->nvcc);
    if (n == fn && memcmp(s, f->nvcc, fn) == 0) {
      *val = NULL;
      return f;
    }
    if (f->value && n > fn + 1 && memcmp(s, f->nvcc, fn) == 0 && s[fn] == '=') {
      *val = s + fn + 1, *vn = n - fn - 1;
      return f;
    }
  }
  return NULL;
}

/* -Xcompiler "-O3,-fopenmp" -> -O3 -fopenmp: hipcc takes host flags as they are. */
static void pass_through(const char *v, size_t n, Buf *hip) {
  if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0])
    v++, n -= 2;
  for (size_t i = 0; i < n; i++)
    buf_append(hip, v[i] == ',' ? " " : v + i, 1);
}

/* One flag's hipcc form into `hip`, the reason into `why`; false if it is no nvcc flag after all. */
static bool flag_form(const NvccFlag *f, const char *val, size_t vn, Buf *hip, Buf *why) {
  switch (f->act) {
  case FA_REPLACE: buf_puts(hip, f->hip); break;
  case FA_DROP: break;
  case FA_PASS: pass_through(val, vn, hip); break;
  case FA_GLUE: buf_printf(hip, "%s%.*s", f->hip, (int)vn, val); break;
  case FA_RDC:
    if (eq(val, vn, "true"))
      buf_puts(hip, "-fgpu-rdc");
    break;
  case FA_ARCH:
    for (const char *code; (code = memmem(val, vn, "code=", 5));) /* -gencode arch=compute_70,code=sm_70 */
      vn -= (size_t)(code + 5 - val), val = code + 5;
    buf_puts(hip, "--offload-arch=" AMD_PLACEHOLDER);
    buf_printf(why, "%.*s " NO_AMD_MEANING, (int)vn, val);
    break;
  case FA_XLANG:
    if (!eq(val, vn, "cu"))
      return false;
    buf_puts(hip, "-x hip");
    break;
  }
  if (f->why)
    buf_puts(why, f->why);
  return true;
}

/* The nvcc flag at toks[*k] in hipcc's spelling (appended to `hip`, nothing when hipcc
 * needs none) and why (appended to `why`). A value given as the next token is taken
 * too: *k is left on the flag's last token. False when toks[*k] is no nvcc flag. */
static bool map_flag(const Tok *toks, size_t n, size_t *k, Buf *hip, Buf *why) {
  const Tok *t = &toks[*k];
  const CudaLib *lib = starts(t->s, t->n, "-l") ? lib_named(t->s + 2, t->n - 2, true) : NULL;
  if (lib && lib->hip_lib) {
    buf_printf(hip, "-l%s", lib->hip_lib);
    if (lib->why)
      buf_puts(why, lib->why);
    return true;
  }
  const char *val = NULL;
  size_t vn = 0, last = *k;
  const NvccFlag *f = flag_of(t->s, t->n, &val, &vn);
  if (!f)
    return false;
  if (f->value && !val) {
    if (*k + 1 >= n)
      return false;
    last = *k + 1, val = toks[last].s, vn = toks[last].n;
  }
  if (!flag_form(f, val ? val : "", vn, hip, why))
    return false;
  *k = last;
  return true;
}

/* ---- CMake's command syntax ---------------------------------------------- */

typedef enum { ARG_UNQUOTED, ARG_QUOTED, ARG_BRACKET } ArgKind;

typedef struct {
  size_t start, end;  /* the whole token, quotes included */
  ArgKind kind;
} Arg;

typedef struct {
  size_t name, name_end;
  size_t close;       /* the ')' (len when the file ends first) */
  VEC(Arg) args;
} Command;
typedef VEC(Command) Commands;

/* At a '[' opening "[==[": the number of '=' plus one; 0 when i opens no bracket. */
static size_t bracket_open(const char *t, size_t len, size_t i) {
  if (i >= len || t[i] != '[')
    return 0;
  size_t j = i + 1;
  while (j < len && t[j] == '=')
    j++;
  return j < len && t[j] == '[' ? j - i : 0;
}

/* Past the "]==]" that closes the bracket opened at i with `level`. */
static size_t skip_bracket(const char *t, size_t len, size_t i, size_t level) {
  for (size_t j = i + level + 1; j < len; j++) {
    if (t[j] != ']')
      continue;
    size_t k = j + 1;
    while (k < len && t[k] == '=')
      k++;
    if (k - j - 1 == level - 1 && k < len && t[k] == ']')
      return k + 1;
  }
  return len;
}

/* At '#': a #[[bracket comment]] or a comment to the end of the line. */
static size_t skip_comment(const char *t, size_t len, size_t i) {
  size_t level = bracket_open(t, len, i + 1);
  if (level)
    return skip_bracket(t, len, i + 1, level);
  while (i < len && t[i] != '\n')
    i++;
  return i;
}

static size_t skip_quoted(const char *t, size_t len, size_t i) {
  for (i++; i < len && t[i] != '"'; i++)
    if (t[i] == '\\')
      i++;
  return i < len ? i + 1 : len;
}

/* An unquoted argument; a "quoted part" inside one (CMake's legacy -Da="b c") stays in it. */
static size_t skip_unquoted(const char *t, size_t len, size_t i) {
  while (i < len && !space(t[i]) && t[i] != '(' && t[i] != ')' && t[i] != '#') {
    if (t[i] == '\\')
      i += 2;
    else if (t[i] == '"')
      i = skip_quoted(t, len, i);
    else
      i++;
  }
  return i < len ? i : len;
}

/* The arguments of the command whose '(' is at i; returns the index past its ')'.
 * Parentheses inside (if((A) AND B)) nest; they are not arguments. */
static size_t parse_args(const char *t, size_t len, size_t i, Command *c) {
  int depth = 0;
  for (i++; i < len;) {
    char ch = t[i];
    size_t level;
    if (space(ch)) {
      i++;
    } else if (ch == '#') {
      i = skip_comment(t, len, i);
    } else if (ch == '(' || ch == ')') {
      if (ch == ')' && depth-- == 0) {
        c->close = i;
        return i + 1;
      }
      depth += ch == '(';
      i++;
    } else {
      Arg a = {i, 0, ARG_UNQUOTED};
      if (ch == '"')
        a.kind = ARG_QUOTED, i = skip_quoted(t, len, i);
      else if ((level = bracket_open(t, len, i)))
        a.kind = ARG_BRACKET, i = skip_bracket(t, len, i, level);
      else
        i = skip_unquoted(t, len, i);
      a.end = i;
      vec_push(&c->args, a);
    }
  }
  c->close = len;
  return len;
}

static void parse_commands(const char *t, size_t len, Commands *cmds) {
  for (size_t i = 0; i < len;) {
    if (t[i] == '#') {
      i = skip_comment(t, len, i);
      continue;
    }
    if (!ident_start(t[i])) {
      i++;
      continue;
    }
    size_t j = i;
    while (j < len && ident_char(t[j]))
      j++;
    size_t k = j;
    while (k < len && (t[k] == ' ' || t[k] == '\t'))
      k++;
    if (k >= len || t[k] != '(') {
      i = j;
      continue;
    }
    Command c = {.name = i, .name_end = j};
    i = parse_args(t, len, k, &c);
    vec_push(cmds, c);
  }
}

/* ---- Porting state and edits --------------------------------------------- */

typedef struct {
  size_t start, end;
  char *text;
  size_t seq;         /* insertions at one spot keep the order they were made in */
} Edit;

typedef struct {
  const char *t;
  size_t len;
  BuildNotes *notes;
  Commands cmds;
  VEC(Edit) edits;
  VEC(char *) hip_sources;    /* sources already set to LANGUAGE HIP (or CUDA, which becomes HIP) */
  VEC(const char *) packages; /* HIP packages to find next to find_package(hip) */
  const Command *find_cuda;   /* the first find_package(CUDA|CUDAToolkit) */
  const Command *minimum;     /* cmake_minimum_required */
  bool has_language;          /* project()/enable_language() names CUDA or HIP */
  bool hip_language;          /* ... and this port made it HIP */
  bool legacy_language;       /* enable_language(HIP) added for FindCUDA */
} Port;

#define NOTE(P, at, ...) add_note((P)->notes, (P)->t, (at), __VA_ARGS__)

/* Records an edit unless an earlier one owns some of its bytes: command handlers run
 * before the word pass, so the more specific edit wins. */
static bool replace(Port *P, size_t start, size_t end, const char *text) {
  for (size_t i = 0; i < P->edits.len; i++) {
    const Edit *e = &P->edits.items[i];
    if (start < e->end && e->start < end)
      return false;
  }
  Edit e = {start, end, cm_xstrdup(text), P->edits.len};
  vec_push(&P->edits, e);
  return true;
}

static int edit_order(const void *a, const void *b) {
  const Edit *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static char *apply_edits(Port *P, size_t *out_len) {
  qsort(P->edits.items, P->edits.len, sizeof *P->edits.items, edit_order);
  Buf b = {0};
  size_t at = 0;
  for (size_t i = 0; i < P->edits.len; i++) {
    const Edit *e = &P->edits.items[i];
    buf_append(&b, P->t + at, e->start - at);
    buf_puts(&b, e->text);
    at = e->end;
  }
  buf_append(&b, P->t + at, P->len - at);
  *out_len = b.len;
  return buf_cstr(&b);
}

/* An argument's text: quotes off a quoted one, a bracket one whole. */
static const char *arg_str(const Port *P, const Arg *a, size_t *n) {
  size_t s = a->start, e = a->end;
  if (a->kind == ARG_QUOTED && e - s >= 2)
    s++, e--;
  *n = e - s;
  return P->t + s;
}

/* Keywords and language names are unquoted words, case-sensitive as CMake reads them. */
static bool arg_is(const Port *P, const Command *c, size_t k, const char *word) {
  if (k >= c->args.len || c->args.items[k].kind != ARG_UNQUOTED)
    return false;
  const Arg *a = &c->args.items[k];
  return eq(P->t + a->start, a->end - a->start, word);
}

static size_t find_arg(const Port *P, const Command *c, size_t from, const char *word) {
  for (size_t k = from; k < c->args.len; k++)
    if (arg_is(P, c, k, word))
      return k;
  return NONE;
}

/* Command names are case-insensitive. */
static bool cmd_is(const Port *P, const Command *c, const char *name) {
  size_t n = c->name_end - c->name;
  return strlen(name) == n && strncasecmp(P->t + c->name, name, n) == 0;
}

static const char *file_eol(const Port *P) {
  const char *nl = memchr(P->t, '\n', P->len);
  return nl && nl > P->t && nl[-1] == '\r' ? "\r\n" : "\n";
}

/* The blanks before command c on its line ("" when something else comes first). */
static void indent_of(const Port *P, const Command *c, size_t *from, size_t *n) {
  size_t s = c->name;
  while (s > 0 && (P->t[s - 1] == ' ' || P->t[s - 1] == '\t'))
    s--;
  bool alone = s == 0 || P->t[s - 1] == '\n';
  *from = s, *n = alone ? c->name - s : 0;
}

/* `text` on a line of its own after the line where c ends, indented like c, with
 * that line's ending. Trailing comments stay on the line they annotate. */
static void insert_after(Port *P, const Command *c, const char *text) {
  size_t at = c->close, from, n;
  while (at < P->len && P->t[at] != '\n' && P->t[at] != '\r')
    at++;
  const char *eol = at >= P->len ? file_eol(P) : P->t[at] == '\r' ? "\r\n" : "\n";
  indent_of(P, c, &from, &n);
  char *line = cm_xasprintf("%s%.*s%s", eol, (int)n, P->t + from, text);
  replace(P, at, at, line);
  free(line);
}

/* `text` on a line of its own before the line where c starts. */
static void insert_before(Port *P, const Command *c, const char *text) {
  size_t from, n, at = c->name;
  indent_of(P, c, &from, &n);
  while (at < P->len && P->t[at] != '\n')
    at++;
  const char *eol = at > 0 && at < P->len && P->t[at - 1] == '\r' ? "\r\n" : "\n";
  char *line = cm_xasprintf("%.*s%s%s", (int)n, P->t + from, text, eol);
  replace(P, n ? from : c->name, n ? from : c->name, line);
  free(line);
}

static bool has_hip_source(const Port *P, const char *s, size_t n) {
  for (size_t i = 0; i < P->hip_sources.len; i++)
    if (eq(s, n, P->hip_sources.items[i]))
      return true;
  return false;
}

static bool finds_package(const Port *P, const char *pkg) {
  for (size_t i = 0; i < P->cmds.len; i++) {
    const Command *c = &P->cmds.items[i];
    if (!cmd_is(P, c, "find_package") || !c->args.len)
      continue;
    const Arg *a = &c->args.items[0];
    if (a->end - a->start == strlen(pkg) && strncasecmp(P->t + a->start, pkg, strlen(pkg)) == 0)
      return true;
  }
  return false;
}

/* ---- What the whole file says, read before porting ------------------------ */

/* set_source_files_properties(files... PROPERTIES ... LANGUAGE HIP|CUDA ...) and
 * set_property(SOURCE files... PROPERTY LANGUAGE HIP|CUDA): these sources need no
 * new LANGUAGE HIP line (a CUDA one becomes HIP by the LANGUAGE rule). */
static void collect_hip_sources(Port *P, const Command *c) {
  size_t first, kw;
  if (cmd_is(P, c, "set_source_files_properties"))
    first = 0, kw = find_arg(P, c, 0, "PROPERTIES");
  else if (cmd_is(P, c, "set_property") && arg_is(P, c, 0, "SOURCE"))
    first = 1, kw = find_arg(P, c, 1, "PROPERTY");
  else
    return;
  size_t lang = kw == NONE ? NONE : find_arg(P, c, kw, "LANGUAGE");
  if (lang == NONE || !(arg_is(P, c, lang + 1, "HIP") || arg_is(P, c, lang + 1, "CUDA")))
    return;
  for (size_t k = first; k < kw; k++) {
    size_t n;
    const char *s = arg_str(P, &c->args.items[k], &n);
    vec_push(&P->hip_sources, cm_xstrndup(s, n));
  }
}

static void collect(Port *P) {
  for (size_t i = 0; i < P->cmds.len; i++) {
    const Command *c = &P->cmds.items[i];
    collect_hip_sources(P, c);
    bool langs = cmd_is(P, c, "project") || cmd_is(P, c, "enable_language");
    for (size_t k = cmd_is(P, c, "project"); langs && k < c->args.len; k++)
      P->has_language |= arg_is(P, c, k, "CUDA") || arg_is(P, c, k, "HIP");
    if (cmd_is(P, c, "find_package") && !P->find_cuda && (arg_is(P, c, 0, "CUDA") || arg_is(P, c, 0, "CUDAToolkit")))
      P->find_cuda = c;
    if (cmd_is(P, c, "cmake_minimum_required"))
      P->minimum = c;
  }
}

/* ---- Targets and the packages they come from ----------------------------- */

/* A HIP target exists only once its package is found. find_package(hip) replaces
 * find_package(CUDAToolkit); other packages are found next to it, or noted when the
 * file finds no CUDA package to put them by. */
static void need_package(Port *P, size_t at, const CudaLib *lib) {
  if (finds_package(P, lib->package) || (P->find_cuda && strcmp(lib->package, "hip") == 0))
    return;
  if (!P->find_cuda) {
    NOTE(P, at, "%s comes from find_package(%s REQUIRED), which this file does not call", lib->target, lib->package);
    return;
  }
  for (size_t i = 0; i < P->packages.len; i++)
    if (strcmp(P->packages.items[i], lib->package) == 0)
      return;
  vec_push(&P->packages, lib->package);
}

/* CUDA::name at [i, end): its HIP target, or a note when none is known. */
static void port_cuda_target(Port *P, size_t i, size_t name, size_t end) {
  const char *t = P->t;
  const CudaLib *lib = lib_named(t + name, end - name, false);
  if (!lib || !lib->target) {
    NOTE(P, i, "CUDA::%.*s has no known HIP target%s%s", (int)(end - name), t + name, lib ? ": " : "",
         lib ? lib->why : "");
    return;
  }
  if (!replace(P, i, end, lib->target))
    return;
  need_package(P, i, lib);
  if (lib->why)
    NOTE(P, i, "CUDA::%s -> %s: %s", lib->cuda, lib->target, lib->why);
}

/* ---- Command handlers ---------------------------------------------------- */

/* Language names: project(NAME ... CXX CUDA), enable_language(CUDA), check_language(CUDA). */
static void port_languages(Port *P, const Command *c, size_t first) {
  for (size_t k = first; k < c->args.len; k++) {
    const Arg *a = &c->args.items[k];
    if (arg_is(P, c, k, "CUDA") && replace(P, a->start, a->end, "HIP"))
      P->hip_language = true;
  }
}

static void port_project(Port *P, const Command *c) { port_languages(P, c, 1); }
static void port_enable_language(Port *P, const Command *c) { port_languages(P, c, 0); }

/* find_package(CUDA|CUDAToolkit [version] [REQUIRED] [COMPONENTS ...]) -> find_package(hip
 * [REQUIRED]): the version and components are CUDA's, so they go. FindCUDA compiled
 * .cu files without a CMake language; HIP sources need one, so a FindCUDA file that
 * enables none gets enable_language(HIP). (CUDAToolkit alone is often host-only.) */
static void port_find_package(Port *P, const Command *c) {
  if (!arg_is(P, c, 0, "CUDA") && !arg_is(P, c, 0, "CUDAToolkit"))
    return;
  bool required = find_arg(P, c, 1, "REQUIRED") != NONE, quiet = find_arg(P, c, 1, "QUIET") != NONE;
  char *text = cm_xasprintf("hip%s%s", required ? " REQUIRED" : "", quiet ? " QUIET" : "");
  replace(P, c->args.items[0].start, c->args.items[c->args.len - 1].end, text);
  free(text);
  if (!P->has_language && arg_is(P, c, 0, "CUDA") && !P->legacy_language) {
    insert_before(P, c, "enable_language(HIP)");
    P->hip_language = P->legacy_language = true;
    NOTE(P, c->name, "FindCUDA -> find_package(hip), with enable_language(HIP) before it for the HIP sources");
  }
}

/* .cu sources are CUDA to CMake by their suffix; under HIP each needs LANGUAGE HIP,
 * set once per file (sources are a directory's, not a target's). */
static void mark_cu_sources(Port *P, const Command *c, size_t first, size_t end) {
  Buf files = {0};
  for (size_t k = first; k < end; k++) {
    const Arg *a = &c->args.items[k];
    size_t n;
    const char *s = arg_str(P, a, &n);
    if (a->kind == ARG_BRACKET || !ends(s, n, ".cu") || has_hip_source(P, s, n))
      continue;
    vec_push(&P->hip_sources, cm_xstrndup(s, n));
    buf_printf(&files, "%s%.*s", files.len ? " " : "", (int)(a->end - a->start), P->t + a->start);
  }
  if (files.len) {
    char *line = cm_xasprintf("set_source_files_properties(%s PROPERTIES LANGUAGE HIP)", files.data);
    insert_after(P, c, line);
    free(line);
  }
  buf_free(&files);
}

/* add_executable/add_library(NAME ... sources), target_sources(NAME ... sources);
 * IMPORTED and ALIAS targets have no sources of their own. */
static void port_sources(Port *P, const Command *c) {
  if (find_arg(P, c, 1, "IMPORTED") == NONE && find_arg(P, c, 1, "ALIAS") == NONE)
    mark_cu_sources(P, c, 1, c->args.len);
}

/* cuda_add_executable/cuda_add_library(NAME ... sources [OPTIONS nvcc flags]) ->
 * add_executable/add_library: FindCUDA's wrapper goes, the .cu sources become
 * LANGUAGE HIP, and the nvcc OPTIONS go (each flag gets its own note). */
static void port_cuda_add(Port *P, const Command *c) {
  size_t n = c->name_end - c->name, opt = find_arg(P, c, 1, "OPTIONS");
  replace(P, c->name, c->name + 5, ""); /* "cuda_": the rest is the plain command, in its case */
  if (opt != NONE && opt > 0)
    replace(P, c->args.items[opt - 1].end, c->args.items[c->args.len - 1].end, "");
  NOTE(P, c->name, "%.*s -> %.*s: its .cu sources are set to LANGUAGE HIP%s", (int)n, P->t + c->name, (int)n - 5,
       P->t + c->name + 5, opt != NONE ? "; its nvcc OPTIONS were dropped" : "");
  mark_cu_sources(P, c, 1, opt != NONE ? opt : c->args.len);
}

/* cuda_include_directories(...) -> include_directories(...): the same arguments. */
static void port_cuda_include(Port *P, const Command *c) { replace(P, c->name, c->name + 5, ""); }

/* An element of a CUDA architecture list: 70, 80-real, 90a-virtual, sm_75, compute_80,
 * all, all-major, native. OFF is HIP's as well, so it is not one. */
static bool cuda_arch(const char *s, size_t n) {
  if (eq(s, n, "all") || eq(s, n, "all-major") || eq(s, n, "native"))
    return true;
  if (starts(s, n, "sm_"))
    s += 3, n -= 3;
  else if (starts(s, n, "compute_"))
    s += 8, n -= 8;
  if (ends(s, n, "-real"))
    n -= 5;
  else if (ends(s, n, "-virtual"))
    n -= 8;
  size_t d = 0;
  while (d < n && isdigit((unsigned char)s[d]))
    d++;
  return d > 0 && (d == n || (d + 1 == n && isalpha((unsigned char)s[d])));
}

static bool cuda_arch_list(const char *s, size_t n) {
  bool any = false;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && s[j] != ';')
      j++;
    if (j > i && !cuda_arch(s + i, j - i))
      return false;
    any |= j > i;
    i = j + 1;
  }
  return any;
}

/* CUDA architecture values (args [from, to)) have no AMD meaning: they become the
 * placeholder, and the note asks for real AMD targets. A ${variable}'s value is out
 * of reach, so it is only noted. */
static void port_arch_values(Port *P, const Command *c, size_t from, size_t to) {
  if (from >= to)
    return;
  Buf v = {0};
  bool literal = true;
  for (size_t k = from; k < to; k++) {
    size_t n;
    const char *s = arg_str(P, &c->args.items[k], &n);
    buf_printf(&v, "%s%.*s", k > from ? ";" : "", (int)n, s);
    literal &= c->args.items[k].kind != ARG_BRACKET && cuda_arch_list(s, n);
  }
  size_t at = c->args.items[from].start;
  if (literal && replace(P, at, c->args.items[to - 1].end, AMD_PLACEHOLDER))
    NOTE(P, at, "CUDA architectures %s -> " AMD_PLACEHOLDER ": sm numbers have no AMD meaning, name the AMD GPUs to build for",
         v.data);
  else if (!literal && strchr(v.data, '$'))
    NOTE(P, at, "architectures %s are set elsewhere: give HIP_ARCHITECTURES AMD targets (e.g. " AMD_PLACEHOLDER ")", v.data);
  buf_free(&v);
}

/* set(CMAKE_CUDA_ARCHITECTURES v... [CACHE ...|PARENT_SCOPE]) ports its value;
 * set(SRCS a.cu ...) marks the sources the variable will carry into a target. */
static void port_set(Port *P, const Command *c) {
  size_t end = 1;
  while (end < c->args.len && !arg_is(P, c, end, "CACHE") && !arg_is(P, c, end, "PARENT_SCOPE"))
    end++;
  if (arg_is(P, c, 0, "CMAKE_CUDA_ARCHITECTURES"))
    port_arch_values(P, c, 1, end);
  else
    mark_cu_sources(P, c, 1, end);
}

/* list(APPEND|PREPEND VAR a.cu ...), list(INSERT VAR i a.cu ...). */
static void port_list(Port *P, const Command *c) {
  if (arg_is(P, c, 0, "APPEND") || arg_is(P, c, 0, "PREPEND"))
    mark_cu_sources(P, c, 2, c->args.len);
  else if (arg_is(P, c, 0, "INSERT"))
    mark_cu_sources(P, c, 3, c->args.len);
}

/* CUDA_ARCHITECTURES as a property: set_property(... PROPERTY CUDA_ARCHITECTURES v...)
 * takes every value after it, set_target_properties(... CUDA_ARCHITECTURES v ...) one. */
static void port_properties(Port *P, const Command *c) {
  bool all = cmd_is(P, c, "set_property");
  for (size_t k = 0; k < c->args.len; k++)
    if (arg_is(P, c, k, "CUDA_ARCHITECTURES"))
      port_arch_values(P, c, k + 1, all ? c->args.len : (k + 2 < c->args.len ? k + 2 : c->args.len));
}

/* target_link_libraries(NAME ... cudart cublas ...): CUDA's plain library names. */
static void port_link_libraries(Port *P, const Command *c) {
  for (size_t k = cmd_is(P, c, "target_link_libraries"); k < c->args.len; k++) {
    const Arg *a = &c->args.items[k];
    const CudaLib *lib = a->kind == ARG_UNQUOTED ? lib_named(P->t + a->start, a->end - a->start, true) : NULL;
    if (lib && lib->target && replace(P, a->start, a->end, lib->target))
      need_package(P, a->start, lib);
  }
}

/* file(GLOB VAR *.cu): the globbed sources get LANGUAGE HIP through the variable;
 * a glob that also takes other files is only noted (they would become HIP too). */
static void port_file_glob(Port *P, const Command *c) {
  if (!(arg_is(P, c, 0, "GLOB") || arg_is(P, c, 0, "GLOB_RECURSE")) || c->args.len < 3)
    return;
  size_t cu = 0, patterns = 0;
  for (size_t k = 2; k < c->args.len; k++) {
    size_t n;
    const char *s = arg_str(P, &c->args.items[k], &n);
    if (arg_is(P, c, k, "LIST_DIRECTORIES") || arg_is(P, c, k, "RELATIVE")) {
      k++;
      continue;
    }
    if (arg_is(P, c, k, "FOLLOW_SYMLINKS") || arg_is(P, c, k, "CONFIGURE_DEPENDS"))
      continue;
    patterns++, cu += ends(s, n, ".cu");
  }
  const Arg *var = &c->args.items[1];
  char *ref = cm_xasprintf("${%.*s}", (int)(var->end - var->start), P->t + var->start);
  if (cu && cu == patterns && !has_hip_source(P, ref, strlen(ref))) {
    char *line = cm_xasprintf("set_source_files_properties(%s PROPERTIES LANGUAGE HIP)", ref);
    insert_after(P, c, line);
    free(line);
  } else if (cu && cu < patterns && !has_hip_source(P, ref, strlen(ref))) {
    NOTE(P, c->name, "%s globs .cu sources with others: set LANGUAGE HIP on the .cu ones", ref);
  }
  free(ref);
}

typedef struct {
  const char *name;
  void (*port)(Port *, const Command *);
} Handler;

static const Handler handlers[] = {
    {"project", port_project},
    {"enable_language", port_enable_language},
    {"check_language", port_enable_language},
    {"find_package", port_find_package},
    {"add_executable", port_sources},
    {"add_library", port_sources},
    {"target_sources", port_sources},
    {"cuda_add_executable", port_cuda_add},
    {"cuda_add_library", port_cuda_add},
    {"cuda_include_directories", port_cuda_include},
    {"set", port_set},
    {"list", port_list},
    {"set_target_properties", port_properties},
    {"set_property", port_properties},
    {"target_link_libraries", port_link_libraries},
    {"link_libraries", port_link_libraries},
    {"file", port_file_glob},
};

/* ---- Words inside arguments ---------------------------------------------- */

/* ${CUDA_LIBRARIES} -> hip::host: a target, so only where the reference stands for
 * itself (an unquoted argument, or a quoted one holding nothing else). */
static void port_library_var(Port *P, const Arg *a, size_t i, size_t j, size_t s, size_t e, const CudaName *nm) {
  const char *t = P->t;
  const CudaLib *lib = lib_named(nm->hip, strlen(nm->hip), false);
  bool ref = i >= s + 2 && t[i - 2] == '$' && t[i - 1] == '{' && j < e && t[j] == '}';
  bool alone = ref && (a->kind == ARG_UNQUOTED || (i - 2 == s && j + 1 == e));
  if (alone) {
    if (replace(P, i - 2, j + 1, lib->target))
      need_package(P, i - 2, lib);
  } else {
    NOTE(P, i, "%s: link %s instead", nm->cuda, lib->target);
  }
}

/* $<COMPILE_LANG_AND_ID:CUDA,NVIDIA>: HIP's compiler is Clang, so a CUDA,NVIDIA test
 * guards nvcc-only options and is left to be false; one that names Clang becomes HIP. */
static void port_lang_and_id(Port *P, size_t i, size_t j, size_t e, const char *genex) {
  size_t k = j;
  while (k < e && P->t[k] != '>')
    k++;
  if (memmem(P->t + j, k - j, "Clang", 5))
    replace(P, i, j, "HIP");
  else
    NOTE(P, i, "$<%sCUDA,%.*s> never holds for HIP sources (their compiler id is Clang): what it guards is nvcc's", genex,
         (int)(k > j ? k - j - 1 : 0), P->t + j + 1);
}

/* The word CUDA: a CUDA:: target, or a language in a generator expression
 * ($<COMPILE_LANGUAGE:CUDA>). Language arguments belong to the command handlers;
 * anywhere else the word is text and stays. */
static void port_cuda_word(Port *P, size_t i, size_t j, size_t e) {
  static const char *const genex[] = {"COMPILE_LANGUAGE:", "LINK_LANGUAGE:", "COMPILE_LANG_AND_ID:", "LINK_LANG_AND_ID:"};
  const char *t = P->t;
  if (j + 2 < e && t[j] == ':' && t[j + 1] == ':' && ident_start(t[j + 2])) {
    size_t m = j + 2;
    while (m < e && ident_char(t[m]))
      m++;
    port_cuda_target(P, i, j + 2, m);
    return;
  }
  for (size_t g = 0; g < sizeof genex / sizeof *genex; g++) {
    size_t n = strlen(genex[g]);
    if (i < n || memcmp(t + i - n, genex[g], n) != 0)
      continue;
    if (strstr(genex[g], "_AND_ID"))
      port_lang_and_id(P, i, j, e, genex[g]);
    else
      replace(P, i, j, "HIP");
  }
}

static void port_word(Port *P, const Arg *a, size_t i, size_t j, size_t s, size_t e) {
  const char *w = P->t + i;
  size_t n = j - i;
  if (eq(w, n, "CUDA")) {
    port_cuda_word(P, i, j, e);
    return;
  }
  const CudaName *nm = name_of(w, n);
  if (!nm) {
    if (starts(w, n, "CMAKE_CUDA_") || starts(w, n, "CUDAToolkit_"))
      NOTE(P, i, "%.*s has no HIP form that hipport knows", (int)n, w);
    return;
  }
  switch (nm->kind) {
  case NK_RENAME:
    if (replace(P, i, j, nm->hip) && nm->why)
      NOTE(P, i, "%s -> %s: %s", nm->cuda, nm->hip, nm->why);
    break;
  case NK_LIBRARY: port_library_var(P, a, i, j, s, e, nm); break;
  case NK_NOTE: NOTE(P, i, "%s: %s", nm->cuda, nm->why); break;
  }
}

/* Words of one argument. All of an unquoted one is code; in a quoted one only what
 * sits inside ${...} or $<...> is (the rest is text), except a string that is just
 * a target ("CUDA::cudart"). Bracket arguments are literal text. */
static void port_arg_words(Port *P, const Arg *a) {
  const char *t = P->t;
  size_t s = a->start, e = a->end;
  bool quoted = a->kind == ARG_QUOTED;
  if (a->kind == ARG_BRACKET)
    return;
  if (quoted && e - s >= 2)
    s++, e--;
  if (quoted && starts(t + s, e - s, "CUDA::")) {
    size_t m = s + 6;
    while (m < e && ident_char(t[m]))
      m++;
    if (m == e && m > s + 6)
      port_cuda_target(P, s, s + 6, e);
    return;
  }
  int depth = 0;
  for (size_t i = s; i < e;) {
    if (t[i] == '$' && i + 1 < e && (t[i + 1] == '{' || t[i + 1] == '<')) {
      depth++, i += 2;
    } else if ((t[i] == '}' || t[i] == '>') && depth) {
      depth--, i++;
    } else if (t[i] == '\\') {
      i += 2;
    } else if (!ident_start(t[i]) || (i > s && ident_char(t[i - 1]))) {
      i++;
    } else {
      size_t j = i;
      while (j < e && ident_char(t[j]))
        j++;
      if (!quoted || depth)
        port_word(P, a, i, j, s, e);
      i = j;
    }
  }
}

/* The flag-like tokens of all of c's arguments, in order (a flag's value may be the
 * next argument): split at blanks, list ';' and generator-expression punctuation,
 * so $<$<COMPILE_LANGUAGE:CUDA>:-lineinfo> yields -lineinfo. */
static void flag_tokens(const Port *P, const Command *c, Toks *toks) {
  for (size_t a = 0; a < c->args.len; a++) {
    size_t n;
    const char *s = arg_str(P, &c->args.items[a], &n);
    if (c->args.items[a].kind == ARG_BRACKET)
      continue;
    for (size_t i = 0; i < n;) {
      size_t j = i;
      while (j < n && !strchr(" \t\r\n;:<>$\"", s[j]))
        j++;
      if (j > i)
        vec_push(toks, ((Tok){s + i, j - i}));
      i = j + 1;
    }
  }
}

/* nvcc flags in arguments (CMAKE_CUDA_FLAGS, target_compile_options, OPTIONS ...):
 * noted with hipcc's form, never rewritten. */
static void check_flags(Port *P, const Command *c) {
  if (cmd_is(P, c, "message") || cmd_is(P, c, "execute_process")) /* text; cmake -G */
    return;
  Toks toks = {0};
  flag_tokens(P, c, &toks);
  for (size_t k = 0; k < toks.len; k++) {
    Buf hip = {0}, why = {0};
    size_t k0 = k;
    if (toks.items[k].s[0] == '-' && map_flag(toks.items, toks.len, &k, &hip, &why)) {
      const Tok *f = &toks.items[k0], *l = &toks.items[k];
      NOTE(P, (size_t)(f->s - P->t), "nvcc flag `%.*s` %s%s%s%s%s", (int)(l->s + l->n - f->s), f->s,
           hip.len ? "-> `" : "has no hipcc form", hip.len ? buf_cstr(&hip) : "", hip.len ? "`" : "",
           why.len ? ": " : "", why.len ? buf_cstr(&why) : "");
    }
    buf_free(&hip);
    buf_free(&why);
  }
  vec_free(&toks);
}

/* ---- One command, the whole file ------------------------------------------ */

/* FindCUDA's other commands and what to do instead. */
static const struct {
  const char *name, *instead;
} findcuda_commands[] = {
    {"cuda_add_cublas_to_target", "link roc::hipblas"},
    {"cuda_add_cufft_to_target", "link hip::hipfft"},
    {"cuda_select_nvcc_arch_flags", "set HIP_ARCHITECTURES to AMD targets"},
    {"cuda_compile", "compile the sources as LANGUAGE HIP"},
    {"cuda_compile_ptx", "AMD GPUs have no PTX"},
    {"cuda_wrap_srcs", "compile the sources as LANGUAGE HIP"},
};

static void note_findcuda_command(Port *P, const Command *c) {
  const char *instead = "";
  for (size_t i = 0; i < sizeof findcuda_commands / sizeof *findcuda_commands; i++)
    if (cmd_is(P, c, findcuda_commands[i].name))
      instead = findcuda_commands[i].instead;
  NOTE(P, c->name, "%.*s is FindCUDA's and has no HIP form%s%s", (int)(c->name_end - c->name), P->t + c->name,
       *instead ? ": " : "", instead);
}

static void port_command(Port *P, const Command *c) {
  bool handled = false;
  for (size_t h = 0; h < sizeof handlers / sizeof *handlers; h++)
    if (cmd_is(P, c, handlers[h].name)) {
      handlers[h].port(P, c);
      handled = true;
    }
  /* LANGUAGE CUDA / LINKER_LANGUAGE CUDA as property values, in any command. */
  for (size_t k = 1; k < c->args.len; k++)
    if (arg_is(P, c, k, "CUDA") && (arg_is(P, c, k - 1, "LANGUAGE") || arg_is(P, c, k - 1, "LINKER_LANGUAGE")))
      replace(P, c->args.items[k].start, c->args.items[k].end, "HIP");
  if (!handled && c->name_end - c->name > 5 && strncasecmp(P->t + c->name, "cuda_", 5) == 0)
    note_findcuda_command(P, c);
  for (size_t k = 0; k < c->args.len; k++)
    port_arg_words(P, &c->args.items[k]);
  check_flags(P, c);
}

/* The packages new targets come from, found next to the ported find_package. */
static void add_packages(Port *P) {
  for (size_t i = 0; i < P->packages.len; i++) {
    bool required = find_arg(P, P->find_cuda, 1, "REQUIRED") != NONE; /* as strict as the CUDA find was */
    char *line = cm_xasprintf("find_package(%s%s)", P->packages.items[i], required ? " REQUIRED" : "");
    insert_after(P, P->find_cuda, line);
    free(line);
  }
}

/* The HIP language came with CMake 3.21; an older minimum is worth a note. */
static void check_minimum(Port *P) {
  const Command *c = P->minimum;
  size_t k = c ? find_arg(P, c, 0, "VERSION") : NONE;
  if (!P->hip_language || k == NONE || k + 1 >= c->args.len)
    return;
  const Arg *a = &c->args.items[k + 1];
  unsigned major = 0, minor = 0, *part = &major;
  for (size_t i = a->start; i < a->end && (isdigit((unsigned char)P->t[i]) || (P->t[i] == '.' && part == &major)); i++)
    if (P->t[i] == '.')
      part = &minor;
    else
      *part = *part * 10 + (unsigned)(P->t[i] - '0');
  if (major && (major < 3 || (major == 3 && minor < 21)))
    NOTE(P, c->args.items[k + 1].start, "the HIP language needs CMake 3.21 or newer; this file asks for %u.%u", major, minor);
}

static void port_free(Port *P) {
  for (size_t i = 0; i < P->cmds.len; i++)
    vec_free(&P->cmds.items[i].args);
  vec_free(&P->cmds);
  for (size_t i = 0; i < P->edits.len; i++)
    free(P->edits.items[i].text);
  vec_free(&P->edits);
  for (size_t i = 0; i < P->hip_sources.len; i++)
    free(P->hip_sources.items[i]);
  vec_free(&P->hip_sources);
  vec_free(&P->packages);
}

char *tr_port_cmake(const char *text, size_t len, size_t *out_len, BuildNotes *notes) {
  Port P = {.t = text, .len = len, .notes = notes};
  size_t first_note = notes->len;
  parse_commands(text, len, &P.cmds);
  collect(&P);
  for (size_t i = 0; i < P.cmds.len; i++)
    port_command(&P, &P.cmds.items[i]);
  add_packages(&P);
  check_minimum(&P);
  sort_notes(notes, first_note);
  char *out = P.edits.len ? apply_edits(&P, out_len) : NULL;
  port_free(&P);
  return out;
}

/* ---- Makefiles ----------------------------------------------------------- */

typedef struct {
  const char *t;
  BuildNotes *notes;
  VEC(Tok) nvcc_vars; /* variables whose value runs nvcc */
} Make;

/* The end of the logical line from i: the '\n' no backslash continues, or len. */
static size_t logical_end(const char *t, size_t len, size_t i) {
  for (; i < len; i++) {
    if (t[i] != '\n')
      continue;
    size_t b = i > 0 && t[i - 1] == '\r' ? i - 1 : i;
    if (b == 0 || t[b - 1] != '\\')
      return i;
  }
  return len;
}

static bool continuation(const char *t, size_t i, size_t e) {
  return t[i] == '\\' && i + 1 < e && (t[i + 1] == '\n' || t[i + 1] == '\r');
}

/* Shell-ish words of [s, e): quotes keep blanks inside a word, backslash-newline
 * is a blank, and a word starting with '#' ends the line (a comment). */
static void make_words(const char *t, size_t s, size_t e, Toks *out) {
  for (size_t i = s; i < e;) {
    if (space(t[i]) || continuation(t, i, e)) {
      i += space(t[i]) ? 1 : 2;
      continue;
    }
    if (t[i] == '#')
      break;
    size_t j = i;
    while (j < e && !space(t[j]) && !continuation(t, j, e)) {
      if (t[j] == '\'' || t[j] == '"') {
        char q = t[j++];
        while (j < e && t[j] != q)
          j++;
      } else if (t[j] == '\\') {
        j++;
      }
      j++;
    }
    j = j < e ? j : e;
    vec_push(out, ((Tok){t + i, j - i}));
    i = j;
  }
}

/* NAME = value (and :=, ::=, ?=, +=, !=; export/override before it): the offset of the
 * value, *name set; NONE for rules and recipes. */
static size_t assignment(const char *t, size_t s, size_t e, Tok *name) {
  if (s < e && t[s] == '\t')
    return NONE;
  size_t i = s;
  while (i < e && t[i] == ' ')
    i++;
  static const char *const prefixes[] = {"export ", "override "};
  for (size_t p = 0; p < 2; p++)
    if (starts(t + i, e - i, prefixes[p]))
      i += strlen(prefixes[p]);
  size_t n0 = i;
  while (i < e && (ident_char(t[i]) || t[i] == '.' || t[i] == '-'))
    i++;
  *name = (Tok){t + n0, i - n0};
  while (i < e && (t[i] == ' ' || t[i] == '\t'))
    i++;
  static const char *const ops[] = {"::=", ":=", "?=", "+=", "!=", "="};
  for (size_t o = 0; o < sizeof ops / sizeof *ops; o++)
    if (name->n && starts(t + i, e - i, ops[o]))
      return i + strlen(ops[o]);
  return NONE;
}

/* A word that runs nvcc: nvcc, /usr/local/cuda/bin/nvcc, @nvcc in a recipe. */
static bool runs_nvcc(const Tok *w) {
  const char *s = w->s;
  size_t n = w->n;
  while (n && (*s == '@' || *s == '-' || *s == '+'))
    s++, n--;
  const char *slash = memrchr(s, '/', n);
  if (slash)
    n -= (size_t)(slash + 1 - s), s = slash + 1;
  return eq(s, n, "nvcc") || eq(s, n, "nvcc.exe");
}

/* The variable naming nvcc that word w expands ($(NVCC) or ${NVCC}), if any. */
static const Tok *nvcc_var_in(const Make *M, const Tok *w) {
  for (size_t i = 0; i + 2 < w->n; i++) {
    if (w->s[i] != '$' || (w->s[i + 1] != '(' && w->s[i + 1] != '{'))
      continue;
    for (size_t v = 0; v < M->nvcc_vars.len; v++) {
      const Tok *var = &M->nvcc_vars.items[v];
      size_t end = i + 2 + var->n;
      if (end < w->n && memcmp(w->s + i + 2, var->s, var->n) == 0 && (w->s[end] == ')' || w->s[end] == '}'))
        return var;
    }
  }
  return NULL;
}

static void learn_nvcc_var(Make *M, size_t s, size_t e) {
  Tok name;
  size_t v = assignment(M->t, s, e, &name);
  if (v == NONE)
    return;
  Toks words = {0};
  make_words(M->t, v, e, &words);
  for (size_t k = 0; k < words.len; k++)
    if (runs_nvcc(&words.items[k]) || nvcc_var_in(M, &words.items[k])) {
      vec_push(&M->nvcc_vars, name);
      break;
    }
  vec_free(&words);
}

static void add_hint(Buf *why, const char *hint) {
  if (!*hint || (why->len && strstr(why->data, hint)))
    return;
  buf_printf(why, "%s%s", why->len ? "; " : "", hint);
}

static void put_word(Buf *out, const char *s, size_t n) {
  if (!n)
    return;
  if (out->len && out->data[out->len - 1] != ' ')
    buf_puts(out, " ");
  buf_append(out, s, n);
}

/* One word of a line into its hipcc form; *first is the earliest word that is nvcc's. */
static void map_word(const Make *M, const Toks *words, size_t *k, Buf *out, Buf *why, size_t *first, bool *runs) {
  const Tok *w = &words->items[*k];
  size_t at = (size_t)(w->s - M->t);
  const Tok *var = nvcc_var_in(M, w);
  Buf hip = {0}, because = {0};
  if (runs_nvcc(w)) {
    size_t lead = 0;
    while (lead < w->n && (w->s[lead] == '@' || w->s[lead] == '-' || w->s[lead] == '+'))
      lead++;
    buf_printf(&hip, "%.*shipcc", (int)lead, w->s);
    *runs = true;
  } else if (var) {
    buf_append(&hip, w->s, w->n);
    buf_printf(&because, "$(%.*s) must name hipcc", (int)var->n, var->s);
    *runs = true;
  } else if (w->s[0] != '-' || !map_flag(words->items, words->len, k, &hip, &because)) {
    put_word(out, w->s, w->n);
    return;
  }
  *first = at < *first ? at : *first;
  /* several -gencode flags: one --offload-arch says it, once */
  bool again = hip.len && strstr(buf_cstr(&hip), "--offload-arch=") && out->len && strstr(buf_cstr(out), "--offload-arch=");
  if (!again) {
    put_word(out, hip.data, hip.len);
    add_hint(why, because.data ? because.data : "");
  }
  buf_free(&hip);
  buf_free(&because);
}

static void check_make_line(Make *M, size_t s, size_t e) {
  Tok name;
  size_t v = assignment(M->t, s, e, &name), first = NONE;
  Buf out = {0}, why = {0};
  Toks words = {0};
  bool runs = false;
  if (v != NONE) {
    size_t lead = s;
    while (lead < v && space(M->t[lead]))
      lead++;
    buf_append(&out, M->t + lead, v - lead);
  }
  make_words(M->t, v != NONE ? v : s, e, &words);
  for (size_t k = 0; k < words.len; k++)
    map_word(M, &words, &k, &out, &why, &first, &runs);
  if (first != NONE)
    add_note(M->notes, M->t, first, "%s: hipcc equivalent: `%s`%s%s", runs ? "nvcc" : "nvcc flags", buf_cstr(&out),
             why.len ? "; " : "", why.len ? why.data : "");
  buf_free(&out);
  buf_free(&why);
  vec_free(&words);
}

void tr_check_makefile(const char *text, size_t len, BuildNotes *notes) {
  Make M = {.t = text, .notes = notes};
  for (size_t i = 0; i < len;) {
    size_t e = logical_end(text, len, i);
    learn_nvcc_var(&M, i, e);
    i = e + 1;
  }
  for (size_t i = 0; i < len;) {
    size_t e = logical_end(text, len, i);
    check_make_line(&M, i, e);
    i = e + 1;
  }
  vec_free(&M.nvcc_vars);
}
