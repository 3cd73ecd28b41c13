/* A CMake file that builds CUDA, planned to build HIP.
 *
 * The analyzer gives the file's commands; each is ported by a handler named in
 * one table (project, enable_language, find_package, add_executable, set, ...);
 * then every argument's words are looked up in the rule database's build names
 * (variables, properties, CUDA:: targets) and its flags in its nvcc options,
 * which are rewritten option by option.
 *
 * The HIP sources' language is picked when the project configures, not here:
 * CMake's HIP language needs ROCm's hip-lang package, which a ROCm install
 * under /opt/rocm has and Debian's ROCm does not. A file with project() gets,
 * before it, a check that sets HIP_SOURCE_LANGUAGE to HIP where hip-lang is
 * found and else to CXX with hipcc as the C++ compiler, and, after it,
 * find_package(hip) with hip::device linked in the CXX case (its options make
 * hipcc compile HIP). CUDA's language-named settings (CMAKE_CUDA_FLAGS,
 * LANGUAGE CUDA, $<COMPILE_LANGUAGE:CUDA>) name that variable, so one file
 * configures either way. The architectures default to the plan's AMD target
 * before project(), so a configure needs no GPU. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "plan_p.h"

#define LANG_VAR "HIP_SOURCE_LANGUAGE"
#define LANG_REF "${" LANG_VAR "}"
#define NONE SIZE_MAX

typedef struct {
  BuildPort *P;
  const SourceFile *src;
  VEC(char *) hip_sources;     /* sources already given a language */
  VEC(const char *) packages;  /* HIP packages to find beside find_package(hip) */
  const BuildCommand *project; /* the first project() */
  const BuildCommand *find_cuda; /* the first find_package(CUDA|CUDAToolkit) */
  const BuildCommand *minimum; /* cmake_minimum_required */
  bool ported;                 /* the file already picks HIP_SOURCE_LANGUAGE (a port's output) */
  bool has_language;           /* project()/enable_language() names CUDA */
  bool nvcc_flags;             /* the file sets FindCUDA's CUDA_NVCC_FLAGS */
} Cm;

static bool ident_start(char c) { return c == '_' || isalpha((unsigned char)c); }
static bool eq(const char *s, size_t n, const char *word) { return strlen(word) == n && memcmp(s, word, n) == 0; }

static bool starts(const char *s, size_t n, const char *prefix) {
  size_t p = strlen(prefix);
  return n >= p && memcmp(s, prefix, p) == 0;
}

static bool ends(const char *s, size_t n, const char *suffix) {
  size_t p = strlen(suffix);
  return n >= p && memcmp(s + n - p, suffix, p) == 0;
}

#define NOTE(C, at, ...) bp_note((C)->P, D_BUILD_FILE, (at), __VA_ARGS__)
#define SAID(C, at, ...) bp_note((C)->P, D_BUILD_PORTED, (at), __VA_ARGS__)

static bool replace(Cm *C, size_t start, size_t end, const char *text) { return bp_replace(C->P, start, end, text); }

/* A word's text: quotes off a quoted one, a bracket one whole. */
static const char *word_str(const Cm *C, const BuildWord *w, size_t *n) {
  size_t s = w->start, e = w->end;
  if (w->kind == BW_QUOTED && e - s >= 2)
    s++, e--;
  *n = e - s;
  return C->P->t + s;
}

/* Keywords and language names are unquoted words, case-sensitive as CMake reads them. */
static bool arg_is(const Cm *C, const BuildCommand *c, size_t k, const char *word) {
  if (k >= c->words.len || c->words.items[k].kind != BW_UNQUOTED)
    return false;
  const BuildWord *w = &c->words.items[k];
  return eq(C->P->t + w->start, w->end - w->start, word);
}

static size_t find_arg(const Cm *C, const BuildCommand *c, size_t from, const char *word) {
  for (size_t k = from; k < c->words.len; k++)
    if (arg_is(C, c, k, word))
      return k;
  return NONE;
}

/* Command names are case-insensitive. */
static bool cmd_is(const Cm *C, const BuildCommand *c, const char *name) {
  size_t n = c->name_end - c->start;
  return strlen(name) == n && strncasecmp(C->P->t + c->start, name, n) == 0;
}

static bool is_hip_language(const Cm *C, const BuildCommand *c, size_t k) {
  return arg_is(C, c, k, "HIP") || arg_is(C, c, k, "CUDA") || arg_is(C, c, k, LANG_REF);
}

/* ---- Inserted lines ---- */

static const char *file_eol(const Cm *C) { return C->src->eol ? C->src->eol : "\n"; }

/* The blanks before command c on its line ("" when something else comes first). */
static void indent_of(const Cm *C, const BuildCommand *c, size_t *from, size_t *n) {
  const char *t = C->P->t;
  size_t s = c->start;
  while (s > 0 && (t[s - 1] == ' ' || t[s - 1] == '\t'))
    s--;
  bool alone = s == 0 || t[s - 1] == '\n';
  *from = s, *n = alone ? c->start - s : 0;
}

/* Lines, each indented like c, from text whose lines end in '\n'. */
static char *indented(const Cm *C, const BuildCommand *c, const char *text, bool lead_eol, bool trail_eol) {
  size_t from, n;
  indent_of(C, c, &from, &n);
  Buf b = {0};
  if (lead_eol)
    buf_puts(&b, file_eol(C));
  for (const char *p = text; *p;) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    buf_printf(&b, "%.*s%.*s", (int)n, C->P->t + from, (int)len, p);
    p += len;
    if (*p == '\n')
      p++;
    if (*p || trail_eol)
      buf_puts(&b, file_eol(C));
  }
  return buf_cstr(&b);
}

/* `text` on lines of their own after the line where c ends. Trailing comments
 * stay on the line they annotate. */
static void insert_after(Cm *C, const BuildCommand *c, const char *text) {
  size_t at = c->close;
  while (at < C->P->len && C->P->t[at] != '\n' && C->P->t[at] != '\r')
    at++;
  char *lines = indented(C, c, text, true, false);
  replace(C, at, at, lines);
  free(lines);
}

/* `text` on lines of their own before the line where c starts. */
static void insert_before(Cm *C, const BuildCommand *c, const char *text) {
  size_t from, n;
  indent_of(C, c, &from, &n);
  char *lines = indented(C, c, text, false, true);
  replace(C, n ? from : c->start, n ? from : c->start, lines);
  free(lines);
}

/* ---- What the whole file says, read before porting ---- */

static bool has_hip_source(const Cm *C, const char *s, size_t n) {
  for (size_t i = 0; i < C->hip_sources.len; i++)
    if (eq(s, n, C->hip_sources.items[i]))
      return true;
  return false;
}

static bool finds_package(const Cm *C, const char *pkg) {
  for (size_t i = 0; i < C->src->commands.len; i++) {
    const BuildCommand *c = &C->src->commands.items[i];
    if (!cmd_is(C, c, "find_package") || !c->words.len)
      continue;
    const BuildWord *w = &c->words.items[0];
    if (w->end - w->start == strlen(pkg) && strncasecmp(C->P->t + w->start, pkg, strlen(pkg)) == 0)
      return true;
  }
  return false;
}

/* set_source_files_properties(files... PROPERTIES ... LANGUAGE lang ...) and
 * set_property(SOURCE files... PROPERTY LANGUAGE lang): sources with a language
 * already (a CUDA one becomes HIP's by the LANGUAGE rule). */
static void collect_hip_sources(Cm *C, const BuildCommand *c) {
  size_t first, kw;
  if (cmd_is(C, c, "set_source_files_properties"))
    first = 0, kw = find_arg(C, c, 0, "PROPERTIES");
  else if (cmd_is(C, c, "set_property") && arg_is(C, c, 0, "SOURCE"))
    first = 1, kw = find_arg(C, c, 1, "PROPERTY");
  else
    return;
  size_t lang = kw == NONE ? NONE : find_arg(C, c, kw, "LANGUAGE");
  if (lang == NONE || !is_hip_language(C, c, lang + 1))
    return;
  for (size_t k = first; k < kw; k++) {
    size_t n;
    const char *s = word_str(C, &c->words.items[k], &n);
    vec_push(&C->hip_sources, cm_xstrndup(s, n));
  }
}

static bool mentions(const Cm *C, const BuildCommand *c, const char *word) {
  for (size_t k = 0; k < c->words.len; k++) {
    size_t n;
    const char *s = word_str(C, &c->words.items[k], &n);
    if (memmem(s, n, word, strlen(word)))
      return true;
  }
  return false;
}

/* find_package(CUDA|CUDAToolkit ...): the row of the CUDA package it finds
 * (build_names.csv's package rows); NULL for any other command or package. */
static const BuildName *cuda_package(const Cm *C, const BuildCommand *c) {
  if (!cmd_is(C, c, "find_package") || !c->words.len || c->words.items[0].kind != BW_UNQUOTED)
    return NULL;
  const BuildWord *w = &c->words.items[0];
  const BuildName *nm = rl_build_name(C->P->db, BS_CMAKE, C->P->t + w->start, w->end - w->start);
  return nm && nm->kind == BN_PACKAGE ? nm : NULL;
}

static void collect(Cm *C) {
  for (size_t i = 0; i < C->src->commands.len; i++) {
    const BuildCommand *c = &C->src->commands.items[i];
    collect_hip_sources(C, c);
    bool langs = cmd_is(C, c, "project") || cmd_is(C, c, "enable_language");
    for (size_t k = cmd_is(C, c, "project"); langs && k < c->words.len; k++)
      C->has_language |= arg_is(C, c, k, "CUDA");
    if (cmd_is(C, c, "project") && !C->project)
      C->project = c;
    if (!C->find_cuda && cuda_package(C, c))
      C->find_cuda = c;
    if (cmd_is(C, c, "cmake_minimum_required"))
      C->minimum = c;
    C->ported |= mentions(C, c, LANG_VAR);
    C->nvcc_flags |= mentions(C, c, "CUDA_NVCC_FLAGS");
  }
}

/* ---- Targets and the packages they come from ---- */

/* A HIP target exists only once its package is found: hip's is found after
 * project(), the others beside it. */
static void need_package(Cm *C, size_t at, const CudaLibrary *lib) {
  if (!*lib->package || strcmp(lib->package, "hip") == 0 || finds_package(C, lib->package))
    return;
  if (!C->project && !C->find_cuda) {
    NOTE(C, at, "%s comes from find_package(%s REQUIRED), which this file does not call", lib->target, lib->package);
    return;
  }
  for (size_t i = 0; i < C->packages.len; i++)
    if (strcmp(C->packages.items[i], lib->package) == 0)
      return;
  vec_push(&C->packages, lib->package);
}

/* CUDA::name at [i, end): its HIP target, or a finding when none is known. */
static void port_cuda_target(Cm *C, size_t i, size_t name, size_t end) {
  const char *t = C->P->t;
  const CudaLibrary *lib = rl_cuda_library(C->P->db, t + name, end - name, false);
  if (!lib || !*lib->target) {
    NOTE(C, i, "CUDA::%.*s has no known HIP target%s%s", (int)(end - name), t + name, lib && *lib->why ? ": " : "",
         lib ? lib->why : "");
    return;
  }
  if (!replace(C, i, end, lib->target))
    return;
  need_package(C, i, lib);
  SAID(C, i, "CUDA::%s -> %s%s%s", lib->cuda, lib->target, *lib->why ? ": " : "", lib->why);
}

/* ---- Command handlers ---- */

/* Language names: project(NAME ... CXX CUDA), enable_language(CUDA), check_language(CUDA). */
static void port_languages(Cm *C, const BuildCommand *c, size_t first) {
  for (size_t k = first; k < c->words.len; k++) {
    const BuildWord *w = &c->words.items[k];
    if (arg_is(C, c, k, "CUDA") && replace(C, w->start, w->end, LANG_REF))
      SAID(C, w->start, "the CUDA language -> " LANG_REF ": HIP where CMake's HIP language is installed, else CXX with hipcc");
  }
}

static void port_project(Cm *C, const BuildCommand *c) { port_languages(C, c, 1); }
static void port_enable_language(Cm *C, const BuildCommand *c) { port_languages(C, c, 0); }

/* find_package(CUDA|CUDAToolkit [version] [REQUIRED] [COMPONENTS ...]) ->
 * find_package(hip [REQUIRED]): the version and components are CUDA's, so they go. */
static void port_find_package(Cm *C, const BuildCommand *c) {
  const BuildName *package = cuda_package(C, c);
  if (!package)
    return;
  bool required = find_arg(C, c, 1, "REQUIRED") != NONE, quiet = find_arg(C, c, 1, "QUIET") != NONE;
  char *text = cm_xasprintf("%s%s%s", package->hip, required ? " REQUIRED" : "", quiet ? " QUIET" : "");
  if (replace(C, c->words.items[0].start, c->words.items[c->words.len - 1].end, text))
    SAID(C, c->start, "find_package(%.*s) -> find_package(%s)", (int)(c->words.items[0].end - c->words.items[0].start),
         C->P->t + c->words.items[0].start, text);
  free(text);
}

/* .cu sources are CUDA to CMake by their suffix; each is given the HIP sources'
 * language, once per file (sources are a directory's, not a target's). */
static void mark_cu_sources(Cm *C, const BuildCommand *c, size_t first, size_t end) {
  Buf files = {0};
  for (size_t k = first; k < end; k++) {
    const BuildWord *w = &c->words.items[k];
    size_t n;
    const char *s = word_str(C, w, &n);
    if (w->kind == BW_BRACKET || !ends(s, n, ".cu") || has_hip_source(C, s, n))
      continue;
    vec_push(&C->hip_sources, cm_xstrndup(s, n));
    buf_printf(&files, "%s%.*s", files.len ? " " : "", (int)(w->end - w->start), C->P->t + w->start);
  }
  if (files.len) {
    char *line = cm_xasprintf("set_source_files_properties(%s PROPERTIES LANGUAGE " LANG_REF ")", files.data);
    insert_after(C, c, line);
    SAID(C, c->start, "%s compiled as HIP", files.data);
    free(line);
  }
  buf_free(&files);
}

/* add_executable/add_library(NAME ... sources), target_sources(NAME ... sources);
 * IMPORTED and ALIAS targets have no sources of their own. */
static void port_sources(Cm *C, const BuildCommand *c) {
  if (find_arg(C, c, 1, "IMPORTED") == NONE && find_arg(C, c, 1, "ALIAS") == NONE)
    mark_cu_sources(C, c, 1, c->words.len);
}

/* The hipcc form of the options in words [from, to), each said. */
static void options_form(Cm *C, const BuildCommand *c, size_t from, size_t to, Buf *out) {
  BuildToks toks = {0};
  for (size_t k = from; k < to; k++) {
    size_t n;
    const char *s = word_str(C, &c->words.items[k], &n);
    vec_push(&toks, ((BuildTok){s, n}));
  }
  for (size_t k = 0; k < toks.len; k++) {
    Buf hip = {0}, why = {0};
    size_t k0 = k;
    if (bp_map_option(C->P, toks.items, toks.len, &k, &hip, &why)) {
      bp_say_option(C->P, (size_t)(toks.items[k0].s - C->P->t), toks.items[k0].s,
                    (size_t)(toks.items[k].s + toks.items[k].n - toks.items[k0].s), &hip, &why);
      if (hip.len)
        buf_printf(out, " %s", hip.data);
    } else {
      buf_printf(out, " %.*s", (int)toks.items[k].n, toks.items[k].s);
    }
    buf_free(&hip);
    buf_free(&why);
  }
  vec_free(&toks);
}

/* cuda_add_executable/cuda_add_library(NAME ... sources [OPTIONS nvcc options]) ->
 * add_executable/add_library: FindCUDA's wrapper (its first `lead` bytes) goes,
 * the .cu sources are compiled as HIP, and CUDA_NVCC_FLAGS and the OPTIONS (in
 * hipcc's spelling) become the target's compile options. */
static void port_cuda_add(Cm *C, const BuildCommand *c, size_t lead) {
  size_t n = c->name_end - c->start, opt = find_arg(C, c, 1, "OPTIONS");
  if (!replace(C, c->start, c->start + lead, ""))
    return;
  Buf options = {0};
  if (opt != NONE && opt > 0) {
    replace(C, c->words.items[opt - 1].end, c->words.items[c->words.len - 1].end, "");
    options_form(C, c, opt + 1, c->words.len, &options);
  }
  SAID(C, c->start, "%.*s -> %.*s", (int)n, C->P->t + c->start, (int)(n - lead), C->P->t + c->start + lead);
  mark_cu_sources(C, c, 1, opt != NONE ? opt : c->words.len);
  if ((C->nvcc_flags || options.len) && c->words.len) {
    const BuildWord *name = &c->words.items[0];
    char *line = cm_xasprintf("target_compile_options(%.*s PRIVATE%s%s)", (int)(name->end - name->start),
                              C->P->t + name->start, C->nvcc_flags ? " ${CUDA_NVCC_FLAGS}" : "",
                              options.len ? options.data : "");
    insert_after(C, c, line);
    free(line);
  }
  buf_free(&options);
}

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

/* CUDA architecture values (words [from, to)) have no AMD meaning: they become
 * the plan's AMD target. A ${variable}'s value is out of reach, so it is said. */
static void port_arch_values(Cm *C, const BuildCommand *c, size_t from, size_t to) {
  if (from >= to)
    return;
  Buf v = {0};
  bool literal = true;
  for (size_t k = from; k < to; k++) {
    size_t n;
    const char *s = word_str(C, &c->words.items[k], &n);
    buf_printf(&v, "%s%.*s", k > from ? ";" : "", (int)n, s);
    literal &= c->words.items[k].kind != BW_BRACKET && cuda_arch_list(s, n);
  }
  size_t at = c->words.items[from].start;
  if (literal && replace(C, at, c->words.items[to - 1].end, C->P->arch))
    SAID(C, at, "CUDA architectures %s -> %s: sm numbers have no AMD meaning, name the AMD GPUs to build for", v.data,
         C->P->arch);
  else if (!literal && strchr(v.data, '$'))
    NOTE(C, at, "architectures %s are set elsewhere: give HIP_ARCHITECTURES AMD targets (e.g. %s)", v.data, C->P->arch);
  buf_free(&v);
}

/* set(CMAKE_CUDA_ARCHITECTURES v... [CACHE ...|PARENT_SCOPE]) ports its value;
 * set(SRCS a.cu ...) marks the sources the variable will carry into a target. */
static void port_set(Cm *C, const BuildCommand *c) {
  size_t end = 1;
  while (end < c->words.len && !arg_is(C, c, end, "CACHE") && !arg_is(C, c, end, "PARENT_SCOPE"))
    end++;
  if (arg_is(C, c, 0, "CMAKE_CUDA_ARCHITECTURES"))
    port_arch_values(C, c, 1, end);
  else
    mark_cu_sources(C, c, 1, end);
}

/* list(APPEND|PREPEND VAR a.cu ...), list(INSERT VAR i a.cu ...). */
static void port_list(Cm *C, const BuildCommand *c) {
  if (arg_is(C, c, 0, "APPEND") || arg_is(C, c, 0, "PREPEND"))
    mark_cu_sources(C, c, 2, c->words.len);
  else if (arg_is(C, c, 0, "INSERT"))
    mark_cu_sources(C, c, 3, c->words.len);
}

/* CUDA_ARCHITECTURES as a property: set_property(... PROPERTY CUDA_ARCHITECTURES v...)
 * takes every value after it, set_target_properties(... CUDA_ARCHITECTURES v ...) one. */
static void port_properties(Cm *C, const BuildCommand *c) {
  bool all = cmd_is(C, c, "set_property");
  for (size_t k = 0; k < c->words.len; k++)
    if (arg_is(C, c, k, "CUDA_ARCHITECTURES"))
      port_arch_values(C, c, k + 1, all ? c->words.len : (k + 2 < c->words.len ? k + 2 : c->words.len));
}

/* target_link_libraries(NAME ... cudart cublas ...): CUDA's plain library names. */
static void port_link_libraries(Cm *C, const BuildCommand *c) {
  for (size_t k = cmd_is(C, c, "target_link_libraries"); k < c->words.len; k++) {
    const BuildWord *w = &c->words.items[k];
    const CudaLibrary *lib =
        w->kind == BW_UNQUOTED ? rl_cuda_library(C->P->db, C->P->t + w->start, w->end - w->start, true) : NULL;
    if (lib && *lib->target && replace(C, w->start, w->end, lib->target)) {
      need_package(C, w->start, lib);
      SAID(C, w->start, "%s -> %s", lib->link, lib->target);
    }
  }
}

/* file(GLOB VAR *.cu): the globbed sources are compiled as HIP through the
 * variable; a glob that also takes other files is a finding (they would be too). */
static void port_file_glob(Cm *C, const BuildCommand *c) {
  if (!(arg_is(C, c, 0, "GLOB") || arg_is(C, c, 0, "GLOB_RECURSE")) || c->words.len < 3)
    return;
  size_t cu = 0, patterns = 0;
  for (size_t k = 2; k < c->words.len; k++) {
    size_t n;
    const char *s = word_str(C, &c->words.items[k], &n);
    if (arg_is(C, c, k, "LIST_DIRECTORIES") || arg_is(C, c, k, "RELATIVE")) {
      k++;
      continue;
    }
    if (arg_is(C, c, k, "FOLLOW_SYMLINKS") || arg_is(C, c, k, "CONFIGURE_DEPENDS"))
      continue;
    patterns++, cu += ends(s, n, ".cu");
  }
  const BuildWord *var = &c->words.items[1];
  char *ref = cm_xasprintf("${%.*s}", (int)(var->end - var->start), C->P->t + var->start);
  if (cu && cu == patterns && !has_hip_source(C, ref, strlen(ref))) {
    char *line = cm_xasprintf("set_source_files_properties(%s PROPERTIES LANGUAGE " LANG_REF ")", ref);
    insert_after(C, c, line);
    free(line);
  } else if (cu && cu < patterns && !has_hip_source(C, ref, strlen(ref))) {
    NOTE(C, c->start, "%s globs .cu sources with others: give the .cu ones LANGUAGE " LANG_REF, ref);
  }
  free(ref);
}

typedef struct {
  const char *name;
  void (*port)(Cm *, const BuildCommand *);
} Handler;

static const Handler handlers[] = {
    {"project", port_project},
    {"enable_language", port_enable_language},
    {"check_language", port_enable_language},
    {"find_package", port_find_package},
    {"add_executable", port_sources},
    {"add_library", port_sources},
    {"target_sources", port_sources},
    {"set", port_set},
    {"list", port_list},
    {"set_target_properties", port_properties},
    {"set_property", port_properties},
    {"target_link_libraries", port_link_libraries},
    {"link_libraries", port_link_libraries},
    {"file", port_file_glob},
};

/* The build_names row of c's command: CMake reads command names in any case,
 * the rows spell them in lower case. */
static const BuildName *command_row(const Cm *C, const BuildCommand *c) {
  size_t n = c->name_end - c->start;
  char *lower = cm_xstrndup(C->P->t + c->start, n);
  for (size_t i = 0; i < n; i++)
    lower[i] = (char)tolower((unsigned char)lower[i]);
  const BuildName *nm = rl_build_name(C->P->db, BS_CMAKE, lower, n);
  free(lower);
  return nm;
}

/* A FindCUDA wrapper (build_names.csv's wrapper rows) -> the command it wraps,
 * whose name ends its own: the rest of the name stays, in its case
 * (cuda_include_directories -> include_directories). A wrapper of a command
 * that makes a target from sources also takes nvcc OPTIONS. */
static bool port_wrapper(Cm *C, const BuildCommand *c) {
  const BuildName *nm = command_row(C, c);
  if (!nm || nm->kind != BN_WRAPPER)
    return false;
  size_t lead = c->name_end - c->start - strlen(nm->hip);
  for (size_t h = 0; h < sizeof handlers / sizeof *handlers; h++)
    if (strcmp(handlers[h].name, nm->hip) == 0 && handlers[h].port == port_sources) {
      port_cuda_add(C, c, lead);
      return true;
    }
  replace(C, c->start, c->start + lead, "");
  return true;
}

/* ---- Words inside arguments ---- */

/* ${CUDA_LIBRARIES} -> hip::host: a target, so only where the reference stands for
 * itself (an unquoted argument, or a quoted one holding nothing else). */
static void port_library_var(Cm *C, const BuildWord *a, size_t i, size_t j, size_t s, size_t e, const BuildName *nm) {
  const char *t = C->P->t;
  const CudaLibrary *lib = rl_cuda_library(C->P->db, nm->hip, strlen(nm->hip), false);
  bool ref = i >= s + 2 && t[i - 2] == '$' && t[i - 1] == '{' && j < e && t[j] == '}';
  bool alone = ref && (a->kind == BW_UNQUOTED || (i - 2 == s && j + 1 == e));
  if (!lib || !*lib->target) {
    NOTE(C, i, "%s: no HIP library stands in", nm->cuda);
  } else if (alone) {
    if (replace(C, i - 2, j + 1, lib->target)) {
      need_package(C, i - 2, lib);
      SAID(C, i - 2, "${%s} -> %s", nm->cuda, lib->target);
    }
  } else {
    NOTE(C, i, "%s: link %s instead", nm->cuda, lib->target);
  }
}

/* CMAKE_CUDA_FLAGS -> CMAKE_${HIP_SOURCE_LANGUAGE}_FLAGS: the table's <LANG>. */
static char *hip_name(const char *hip) {
  const char *lang = strstr(hip, "<LANG>");
  return lang ? cm_xasprintf("%.*s" LANG_REF "%s", (int)(lang - hip), hip, lang + 6) : cm_xstrdup(hip);
}

/* $<COMPILE_LANG_AND_ID:CUDA,NVIDIA>: HIP's compiler is Clang, so a CUDA,NVIDIA test
 * guards nvcc-only options and is left to be false; one that names Clang is HIP's. */
static void port_lang_and_id(Cm *C, size_t i, size_t j, size_t e, const char *genex) {
  size_t k = j;
  while (k < e && C->P->t[k] != '>')
    k++;
  if (memmem(C->P->t + j, k - j, "Clang", 5))
    replace(C, i, j, LANG_REF);
  else
    NOTE(C, i, "$<%sCUDA,%.*s> never holds for HIP sources (their compiler id is Clang): what it guards is nvcc's", genex,
         (int)(k > j ? k - j - 1 : 0), C->P->t + j + 1);
}

/* The word CUDA: a CUDA:: target, or a language in a generator expression
 * ($<COMPILE_LANGUAGE:CUDA>). Language arguments belong to the command handlers;
 * anywhere else the word is text and stays. */
static void port_cuda_word(Cm *C, size_t i, size_t j, size_t e) {
  static const char *const genex[] = {"COMPILE_LANGUAGE:", "LINK_LANGUAGE:", "COMPILE_LANG_AND_ID:", "LINK_LANG_AND_ID:"};
  const char *t = C->P->t;
  if (j + 2 < e && t[j] == ':' && t[j + 1] == ':' && ident_start(t[j + 2])) {
    size_t m = j + 2;
    while (m < e && ident_char(t[m]))
      m++;
    port_cuda_target(C, i, j + 2, m);
    return;
  }
  for (size_t g = 0; g < sizeof genex / sizeof *genex; g++) {
    size_t n = strlen(genex[g]);
    if (i < n || memcmp(t + i - n, genex[g], n) != 0)
      continue;
    if (strstr(genex[g], "_AND_ID"))
      port_lang_and_id(C, i, j, e, genex[g]);
    else
      replace(C, i, j, LANG_REF);
  }
}

static void port_word(Cm *C, const BuildWord *a, size_t i, size_t j, size_t s, size_t e) {
  const char *w = C->P->t + i;
  size_t n = j - i;
  if (eq(w, n, "CUDA")) {
    port_cuda_word(C, i, j, e);
    return;
  }
  const BuildName *nm = rl_build_name(C->P->db, BS_CMAKE, w, n);
  if (!nm || nm->kind == BN_PREFIX) {
    if (rl_build_name_in(C->P->db, BS_CMAKE, BN_PREFIX, w, n, false))
      NOTE(C, i, "%.*s has no HIP form that hipport knows", (int)n, w);
    return;
  }
  char *hip = hip_name(nm->hip);
  switch (nm->kind) {
  case BN_RENAME:
    if (replace(C, i, j, hip))
      SAID(C, i, "%s -> %s%s%s", nm->cuda, hip, *nm->why ? ": " : "", nm->why);
    break;
  case BN_LIBRARY: port_library_var(C, a, i, j, s, e, nm); break;
  case BN_NOTE: NOTE(C, i, "%s: %s", nm->cuda, nm->why); break;
  case BN_COMMAND:
  case BN_WRAPPER:
  case BN_PACKAGE:
  case BN_PREFIX:
  case BN_CUDA_PATH:
  case BN_COMPILER:
  case BN_FLAGS:
  case BN_HOST_COMPILER: break; /* commands and packages are named by command; paths, compilers and flags are Make's */
  }
  free(hip);
}

/* Words of one argument. All of an unquoted one is code; in a quoted one only what
 * sits inside ${...} or $<...> is (the rest is text), except a string that is just
 * a target ("CUDA::cudart"). Bracket arguments are literal text. */
static void port_arg_words(Cm *C, const BuildWord *a) {
  const char *t = C->P->t;
  size_t s = a->start, e = a->end;
  bool quoted = a->kind == BW_QUOTED;
  if (a->kind == BW_BRACKET)
    return;
  if (quoted && e - s >= 2)
    s++, e--;
  if (quoted && starts(t + s, e - s, "CUDA::")) {
    size_t m = s + 6;
    while (m < e && ident_char(t[m]))
      m++;
    if (m == e && m > s + 6)
      port_cuda_target(C, s, s + 6, e);
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
        port_word(C, a, i, j, s, e);
      i = j;
    }
  }
}

/* The flag-like tokens of all of c's arguments, in order (a flag's value may be the
 * next argument): split at blanks, list ';' and generator-expression punctuation,
 * so $<$<COMPILE_LANGUAGE:CUDA>:-lineinfo> yields -lineinfo. */
static void flag_tokens(const Cm *C, const BuildCommand *c, BuildToks *toks) {
  for (size_t a = 0; a < c->words.len; a++) {
    size_t n;
    const char *s = word_str(C, &c->words.items[a], &n);
    if (c->words.items[a].kind == BW_BRACKET)
      continue;
    for (size_t i = 0; i < n;) {
      size_t j = i;
      while (j < n && !strchr(" \t\r\n;:<>$\"", s[j]))
        j++;
      if (j > i)
        vec_push(toks, ((BuildTok){s + i, j - i}));
      i = j + 1;
    }
  }
}

/* nvcc options in arguments (CMAKE_CUDA_FLAGS, target_compile_options, CUDA_NVCC_FLAGS
 * ...), rewritten one by one in hipcc's spelling. */
static void port_flags(Cm *C, const BuildCommand *c) {
  if (cmd_is(C, c, "message") || cmd_is(C, c, "execute_process")) /* text; cmake -G */
    return;
  BuildToks toks = {0};
  flag_tokens(C, c, &toks);
  for (size_t k = 0; k < toks.len; k++) {
    Buf hip = {0}, why = {0};
    size_t k0 = k;
    if (bp_map_option(C->P, toks.items, toks.len, &k, &hip, &why)) {
      const BuildTok *f = &toks.items[k0], *l = &toks.items[k];
      size_t from = (size_t)(f->s - C->P->t), to = (size_t)(l->s + l->n - C->P->t);
      if (bp_rewrite_option(C->P, from, to, hip.len ? hip.data : ""))
        bp_say_option(C->P, from, f->s, to - from, &hip, &why);
    }
    buf_free(&hip);
    buf_free(&why);
  }
  vec_free(&toks);
}

/* ---- One command, the whole file ---- */

static void note_findcuda_command(Cm *C, const BuildCommand *c) {
  const BuildName *nm = command_row(C, c);
  const char *instead = nm && nm->kind == BN_COMMAND ? nm->why : "";
  NOTE(C, c->start, "%.*s is FindCUDA's and has no HIP form%s%s", (int)(c->name_end - c->start), C->P->t + c->start,
       *instead ? ": " : "", instead);
}

static void port_command(Cm *C, const BuildCommand *c) {
  if (c->close >= C->P->len) { /* a port would land inside it, and again on every pass */
    NOTE(C, c->start, "%.*s( is never closed: CMake cannot read this file; close it and port again",
         (int)(c->name_end - c->start), C->P->t + c->start);
    return;
  }
  bool handled = port_wrapper(C, c);
  for (size_t h = 0; h < sizeof handlers / sizeof *handlers; h++)
    if (cmd_is(C, c, handlers[h].name)) {
      handlers[h].port(C, c);
      handled = true;
    }
  /* LANGUAGE CUDA / LINKER_LANGUAGE CUDA as property values, in any command. */
  for (size_t k = 1; k < c->words.len; k++)
    if (arg_is(C, c, k, "CUDA") && (arg_is(C, c, k - 1, "LANGUAGE") || arg_is(C, c, k - 1, "LINKER_LANGUAGE")))
      replace(C, c->words.items[k].start, c->words.items[k].end, LANG_REF);
  if (!handled && c->name_end - c->start > 5 && strncasecmp(C->P->t + c->start, "cuda_", 5) == 0)
    note_findcuda_command(C, c);
  for (size_t k = 0; k < c->words.len; k++)
    port_arg_words(C, &c->words.items[k]);
  port_flags(C, c);
}

/* Before project(): the HIP sources' language, picked where the project
 * configures, and the AMD targets, so that no GPU is needed to configure. */
static char *language_check(const Cm *C) {
  return cm_xasprintf(
      "# hipport: HIP sources compile as CMake's HIP language where ROCm's hip-lang package is\n"
      "# installed (as under /opt/rocm); elsewhere (Debian's ROCm) hipcc is the C++ compiler.\n"
      "if(NOT DEFINED " LANG_VAR ")\n"
      "  set(" LANG_VAR " CXX)\n"
      "  foreach(rocm_root \"$ENV{ROCM_PATH}\" /opt/rocm /usr)\n"
      "    if(EXISTS \"${rocm_root}/lib/cmake/hip-lang/hip-lang-config.cmake\")\n"
      "      set(" LANG_VAR " HIP)\n"
      "    endif()\n"
      "  endforeach()\n"
      "endif()\n"
      "if(NOT DEFINED CMAKE_HIP_ARCHITECTURES)\n"
      "  set(CMAKE_HIP_ARCHITECTURES %s)\n"
      "endif()\n"
      "if(" LANG_VAR " STREQUAL \"CXX\" AND NOT CMAKE_CXX_COMPILER)\n"
      "  set(CMAKE_CXX_COMPILER hipcc)\n"
      "  set(GPU_TARGETS \"${CMAKE_HIP_ARCHITECTURES}\" CACHE STRING \"AMD GPU targets\")\n"
      "endif()",
      C->P->arch);
}

/* After project(): the HIP package; with hipcc as the C++ compiler, hip::device
 * brings -x hip and the --offload-arch options to every target. */
static const char after_project[] = "enable_language(" LANG_REF ")\n"
                                    "find_package(hip REQUIRED)\n"
                                    "if(" LANG_VAR " STREQUAL \"CXX\")\n"
                                    "  link_libraries(hip::device)\n"
                                    "endif()";

static void add_language(Cm *C) {
  if (!C->project || C->ported || (!C->P->edits.len && !C->has_language && !C->find_cuda))
    return;
  char *check = language_check(C);
  insert_before(C, C->project, check);
  insert_after(C, C->project, after_project);
  SAID(C, C->project->start, "the HIP sources' language is picked when the project configures: HIP where CMake's HIP "
                             "language is installed, else CXX with hipcc; AMD target %s unless CMAKE_HIP_ARCHITECTURES "
                             "is given", C->P->arch);
  free(check);
}

/* The packages new targets come from, found beside the ported find_package or after project(). */
static void add_packages(Cm *C) {
  const BuildCommand *at = C->find_cuda ? C->find_cuda : C->project;
  bool required = !C->find_cuda || find_arg(C, C->find_cuda, 1, "REQUIRED") != NONE;
  for (size_t i = 0; at && i < C->packages.len; i++) {
    char *line = cm_xasprintf("find_package(%s%s)", C->packages.items[i], required ? " REQUIRED" : "");
    insert_after(C, at, line);
    free(line);
  }
}

/* The HIP language came with CMake 3.21; an older minimum is worth a note. */
static void check_minimum(Cm *C) {
  const BuildCommand *c = C->minimum;
  size_t k = c ? find_arg(C, c, 0, "VERSION") : NONE;
  if (!C->project || !C->P->edits.len || k == NONE || k + 1 >= c->words.len)
    return;
  const BuildWord *a = &c->words.items[k + 1];
  unsigned major = 0, minor = 0, *part = &major;
  for (size_t i = a->start; i < a->end && (isdigit((unsigned char)C->P->t[i]) || (C->P->t[i] == '.' && part == &major)); i++)
    if (C->P->t[i] == '.')
      part = &minor;
    else
      *part = *part * 10 + (unsigned)(C->P->t[i] - '0');
  if (major && (major < 3 || (major == 3 && minor < 21)))
    SAID(C, a->start, "CMake's HIP language needs CMake 3.21 or newer to configure; this file asks for %u.%u", major,
         minor);
}

void port_cmake(BuildPort *P) {
  Cm C = {.P = P, .src = P->fp->src};
  collect(&C);
  for (size_t i = 0; i < C.src->commands.len; i++)
    port_command(&C, &C.src->commands.items[i]);
  add_language(&C);
  add_packages(&C);
  check_minimum(&C);
  for (size_t i = 0; i < C.hip_sources.len; i++)
    free(C.hip_sources.items[i]);
  vec_free(&C.hip_sources);
  vec_free(&C.packages);
}
