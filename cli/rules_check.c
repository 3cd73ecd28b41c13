/* hipport rules check: the rules held against the HIP headers actually installed.
 * libclang parses every installed HIP header the rules map; a HIP name the rules
 * say exists by the installed release but no header declares is "missing", and a
 * hip* name a header declares that no rule maps to is "unmapped by the rules".
 * With the CUDA Toolkit's headers at hand, a name CUDA declares that no rule knows
 * and HIP declares under the same spelling (__align__) is "same-name": the rows
 * of rules/data/overrides.csv that keep such names out of "unknown" come from it. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "analyzer.h"
#include "cli_p.h"
#include "rules.h"

typedef struct {
  const char *library;
  size_t checked, missing, extra;
} Tally;

typedef struct {
  char *name, *file;
} Decl;

typedef struct {
  Decl *items;
  size_t len, cap;
} Names;

static void add_name(void *ctx, const char *name, const char *file) {
  Names *n = ctx;
  if (n->len == n->cap) {
    n->cap = n->cap ? n->cap * 2 : 1024;
    n->items = cm_xrealloc(n->items, n->cap * sizeof *n->items);
  }
  n->items[n->len++] = (Decl){cm_xstrdup(name), cm_xstrdup(file ? file : "")};
}

static void free_names(Names *n) {
  for (size_t i = 0; i < n->len; i++) {
    free(n->items[i].name);
    free(n->items[i].file);
  }
  free(n->items);
}

static int cmp_decl(const void *a, const void *b) { return strcmp(((const Decl *)a)->name, ((const Decl *)b)->name); }

static bool declared(const Names *n, const char *name) {
  Decl key = {.name = (char *)name};
  return bsearch(&key, n->items, n->len, sizeof *n->items, cmp_decl) != NULL;
}

/* One TU including every mapped HIP header that is installed; the libraries
 * those headers belong to are the ones checked. */
static char *checked_source(const RuleDb *db, const char *include, const char **libs, size_t *nlibs) {
  Buf src = {0};
  buf_puts(&src, "#include <hip/hip_runtime.h>\n");
  for (size_t i = 0; i < rl_header_count(db); i++) {
    const HeaderRule *h = rl_header(db, i);
    char *path = h->hip ? cm_xasprintf("%s/%s", include, h->hip) : NULL;
    if (path && h->hip[strlen(h->hip) - 1] != '/' && access(path, R_OK) == 0) {
      buf_printf(&src, "#include <%s>\n", h->hip);
      size_t k = 0;
      while (k < *nlibs && strcmp(libs[k], h->library) != 0)
        k++;
      if (k == *nlibs && *nlibs < 64)
        libs[(*nlibs)++] = h->library;
    }
    free(path);
  }
  return buf_cstr(&src);
}

static Tally *tally_for(Tally *t, size_t n, const char *library) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(t[i].library, library) == 0)
      return &t[i];
  return NULL;
}

/* The library a declaring header belongs to, by the header rules; hip/ is the runtime. */
static const char *library_of(const RuleDb *db, const char *file) {
  for (size_t i = 0; i < rl_header_count(db); i++) {
    const HeaderRule *h = rl_header(db, i);
    size_t n = h->hip ? strlen(h->hip) : 0, m = strlen(file);
    if (n && m > n && strcmp(file + m - n, h->hip) == 0 && file[m - n - 1] == '/')
      return h->library;
  }
  return strstr(file, "/hip/") ? "CUDA_Runtime" : "(other)";
}

static void check_rules(const RuleDb *db, const Names *decl, Version release, Tally *t, size_t nt, bool verbose) {
  for (size_t i = 0; i < rl_rule_count(db); i++) {
    const Rule *r = rl_rule(db, i);
    Tally *lib = tally_for(t, nt, r->library);
    const char *hip = rl_hip_name(r, release);
    if (!hip || !lib || r->kind == RK_MEMBER || rl_availability(r, release) != AV_MAPPED)
      continue; /* a struct's fields are not names the headers declare on their own */
    lib->checked++;
    if (!declared(decl, hip)) {
      lib->missing++;
      if (verbose)
        printf("missing   %-14s %s (for %s)\n", r->library, hip, r->cuda);
    }
  }
}

/* hip* names the headers declare that no rule maps to, counted per library. */
static void check_headers(const RuleDb *db, const Names *decl, Tally *t, size_t *nt, bool verbose) {
  Names mapped = {0};
  for (size_t i = 0; i < rl_rule_count(db); i++) {
    const Rule *r = rl_rule(db, i);
    if (r->hip)
      add_name(&mapped, r->hip, NULL);
    for (unsigned k = 0; k < r->nearlier; k++)
      add_name(&mapped, r->earlier[k].hip, NULL);
  }
  vec_sort(&mapped, cmp_decl);
  for (size_t i = 0; i < decl->len; i++) {
    const Decl *d = &decl->items[i];
    if (strncasecmp(d->name, "hip", 3) != 0 || declared(&mapped, d->name) ||
        (i > 0 && strcmp(d->name, decl->items[i - 1].name) == 0))
      continue;
    const char *library = library_of(db, d->file);
    Tally *lib = tally_for(t, *nt, library);
    if (!lib && *nt < 64)
      t[*nt] = (Tally){.library = library}, lib = &t[(*nt)++];
    if (lib)
      lib->extra++;
    if (verbose)
      printf("unmapped  %-14s %s\n", library, d->name);
  }
  free_names(&mapped);
}

/* The ROCm root to check: --hip-path (a root, or its include folder), else the
 * first installation found as the target is (plan/target.c). */
static char *hip_root(const char *hip_path, const char *rocm_path) {
  unsigned major, minor;
  if (hip_path) {
    char *up = cm_xasprintf("%s/..", hip_path);
    char *root = pl_hip_at(hip_path, &major, &minor) ? realpath(hip_path, NULL) : pl_hip_at(up, &major, &minor) ? realpath(up, NULL) : NULL;
    free(up);
    return root;
  }
  const char *roots[4];
  size_t n = pl_hip_roots(rocm_path, roots);
  for (size_t i = 0; i < n; i++)
    if (pl_hip_at(roots[i], &major, &minor))
      return cm_xstrdup(roots[i]);
  return NULL;
}

/* What the toolkit itself declares: clang's CUDA wrappers (__clang_*) declare
 * device printf, malloc and the math library, which are no CUDA entities, and an
 * operator is no name a scan reports. */
static void add_cuda_name(void *ctx, const char *name, const char *file) {
  const char *base = strrchr(file, '/');
  if (strncmp(base ? base + 1 : file, "__clang_", 8) != 0 && strncmp(name, "operator", 8) != 0)
    add_name(ctx, name, file);
}

/* The names CUDA's runtime prelude declares (clang's CUDA wrapper pulls in
 * cuda_runtime.h and the device headers), as a scan's parse sees them. */
static Status cuda_declared(const char *cuda_path, const char *compat, Names *out) {
  char *flag = cm_xasprintf("--cuda-path=%s", cuda_path), *under = cm_xasprintf("%s/include", cuda_path);
  const char *args[] = {"-x", "cuda", "--cuda-host-only", "-nocudalib", flag, "-std=c++17",
                        "-Wno-unknown-cuda-version", "-isystem", compat, "-Wno-everything"};
  Status st = an_declared_names("#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n", args, 10, under, add_cuda_name, out);
  vec_sort(out, cmp_decl);
  free(flag);
  free(under);
  return st;
}

/* CUDA names no rule knows that HIP declares as they are: a scan would call them unknown. */
static void check_same_names(const RuleDb *db, const Names *hip, const Names *cuda, bool verbose) {
  size_t same = 0;
  for (size_t i = 0; i < cuda->len; i++) {
    const char *name = cuda->items[i].name;
    if ((i > 0 && strcmp(name, cuda->items[i - 1].name) == 0) || rl_lookup(db, name, strlen(name)) ||
        !declared(hip, name))
      continue;
    same++;
    if (verbose)
      printf("same-name %-14s %s\n", "", name);
  }
  printf("CUDA names no rule knows that HIP declares under the same spelling: %zu%s\n\n", same,
         verbose || !same ? "" : " (--list names them)");
}

Status rules_check(RuleDb *db, const char *hip_path, const char *rocm_path, const char *cuda_path,
                   const char *compat, bool verbose) {
  char *root = hip_root(hip_path, rocm_path);
  if (!root)
    return cm_fail(ST_INPUT, "%s: no HIP headers there (include/hip/hip_version.h): pass --hip-path DIR (a ROCm root)",
                   hip_path ? hip_path : "--rocm-path, $ROCM_PATH, /opt/rocm, /usr");
  Target target;
  Status st = pl_target(db, NULL, (const char *const[]){root}, 1, &target);
  char *dir = cm_xasprintf("%s/include", root);
  free(root);
  if (st) {
    free(dir);
    return st;
  }
  Version release = target.release;
  pl_target_free(&target);
  const char *libs[64];
  size_t nlibs = 0;
  char *source = checked_source(db, dir, libs, &nlibs);
  char *inc_flag = cm_xasprintf("-I%s", dir);
  const char *args[] = {"-x", "hip", "--cuda-host-only", "-nogpulib", "-std=c++17", "-D__HIP_PLATFORM_AMD__", inc_flag, "-Wno-everything"};
  Names decl = {0};
  st = an_declared_names(source, args, 8, dir, add_name, &decl);
  if (!st) {
    vec_sort(&decl, cmp_decl);
    Tally t[64];
    for (size_t i = 0; i < nlibs; i++)
      t[i] = (Tally){.library = libs[i]};
    char v[16];
    rl_version_format(release, v, sizeof v);
    printf("rules against the HIP %s headers in %s (%zu declarations)\n\n", v, dir, decl.len);
    check_rules(db, &decl, release, t, nlibs, verbose);
    check_headers(db, &decl, t, &nlibs, verbose);
    Names cuda = {0};
    if (cuda_path && !cuda_declared(cuda_path, compat, &cuda))
      check_same_names(db, &decl, &cuda, verbose);
    free_names(&cuda);
    printf("%-14s %8s %22s %26s\n", "library", "checked", "missing from headers", "declared, not in rules");
    for (size_t i = 0; i < nlibs; i++)
      printf("%-14s %8zu %22zu %26zu\n", t[i].library, t[i].checked, t[i].missing, t[i].extra);
  }
  free_names(&decl);
  free(source);
  free(inc_flag);
  free(dir);
  return st;
}
