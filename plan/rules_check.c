/* hipport rules check's findings: libclang parses every installed HIP header
 * the rules map, and the declarations are held against the rules; with the
 * CUDA Toolkit's headers at hand, the names CUDA declares are held against both
 * (the rows of rules/data/overrides.csv that keep such names out of "unknown"
 * come from that). reports/ words what is found. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "plan.h"

typedef struct {
  char *name, *file;
} Decl;
typedef VEC(Decl) Names;

static void add_name(void *ctx, const char *name, const char *file) {
  vec_push((Names *)ctx, ((Decl){cm_xstrdup(name), cm_xstrdup(file ? file : "")}));
}

static void free_names(Names *n) {
  for (size_t i = 0; i < n->len; i++) {
    free(n->items[i].name);
    free(n->items[i].file);
  }
  vec_free(n);
}

static int cmp_decl(const void *a, const void *b) { return strcmp(((const Decl *)a)->name, ((const Decl *)b)->name); }

static bool declared(const Names *n, const char *name) {
  Decl key = {.name = (char *)name};
  return n->len && bsearch(&key, n->items, n->len, sizeof *n->items, cmp_decl) != NULL;
}

static CheckTally *tally_for(RulesCheck *c, const char *library) {
  for (size_t i = 0; i < c->tallies.len; i++)
    if (strcmp(c->tallies.items[i].library, library) == 0)
      return &c->tallies.items[i];
  return NULL;
}

static void add_found(RulesCheck *c, CheckNameKind kind, const char *library, const char *name, const char *cuda) {
  vec_push(&c->names, ((CheckName){kind, library, cm_xstrdup(name), cuda}));
}

/* One TU including every mapped HIP header that is installed; the libraries
 * those headers belong to are the ones checked. */
static char *checked_source(const RuleDb *db, RulesCheck *c) {
  Buf src = {0};
  buf_puts(&src, "#include <hip/hip_runtime.h>\n");
  for (size_t i = 0; i < rl_header_count(db); i++) {
    const HeaderRule *h = rl_header(db, i);
    char *path = h->hip ? cm_xasprintf("%s/%s", c->include_dir, h->hip) : NULL;
    if (path && h->hip[strlen(h->hip) - 1] != '/' && access(path, R_OK) == 0) {
      buf_printf(&src, "#include <%s>\n", h->hip);
      if (!tally_for(c, h->library))
        vec_push(&c->tallies, ((CheckTally){.library = h->library}));
    }
    free(path);
  }
  return buf_cstr(&src);
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

static void check_rules(const RuleDb *db, const Names *decl, RulesCheck *c) {
  for (size_t i = 0; i < rl_rule_count(db); i++) {
    const Rule *r = rl_rule(db, i);
    CheckTally *lib = tally_for(c, r->library);
    const char *hip = rl_hip_name(r, c->release);
    if (!hip || !lib || r->kind == RK_MEMBER || rl_availability(r, c->release) != AV_MAPPED)
      continue; /* a struct's fields are not names the headers declare on their own */
    lib->checked++;
    if (!declared(decl, hip)) {
      lib->missing++;
      add_found(c, CN_MISSING, r->library, hip, r->cuda);
    }
  }
}

/* hip* names the headers declare that no rule maps to, counted per library. */
static void check_headers(const RuleDb *db, const Names *decl, RulesCheck *c) {
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
    CheckTally *lib = tally_for(c, library);
    if (!lib) {
      vec_push(&c->tallies, ((CheckTally){.library = library}));
      lib = &c->tallies.items[c->tallies.len - 1];
    }
    lib->extra++;
    add_found(c, CN_UNMAPPED, library, d->name, NULL);
  }
  free_names(&mapped);
}

/* The ROCm root to check: hip_path (a root, or its include folder), else the
 * first installation found as the target is (target.c). */
static char *hip_root(const char *hip_path, const char *rocm_path) {
  unsigned major, minor;
  if (hip_path) {
    char *up = cm_xasprintf("%s/..", hip_path);
    char *root = pl_hip_at(hip_path, &major, &minor) ? realpath(hip_path, NULL)
                 : pl_hip_at(up, &major, &minor)      ? realpath(up, NULL)
                                                      : NULL;
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
static void check_same_names(const RuleDb *db, const Names *hip, const Names *cuda, RulesCheck *c) {
  for (size_t i = 0; i < cuda->len; i++) {
    const char *name = cuda->items[i].name;
    if ((i > 0 && strcmp(name, cuda->items[i - 1].name) == 0) || rl_lookup(db, name, strlen(name)) ||
        !declared(hip, name))
      continue;
    c->same_names++;
    add_found(c, CN_SAME_NAME, "", name, NULL);
  }
}

/* The release the installed headers are, as the target would be. */
static Status check_release(const RuleDb *db, char *root, RulesCheck *out) {
  Target target;
  Status st = pl_target(db, NULL, (const char *const[]){root}, 1, &target);
  if (!st)
    out->release = target.release;
  pl_target_free(&target);
  out->include_dir = cm_xasprintf("%s/include", root);
  free(root);
  return st;
}

Status pl_rules_check(const RuleDb *db, const char *hip_path, const char *rocm_path, const char *cuda_path,
                      const char *compat, RulesCheck *out) {
  *out = (RulesCheck){0};
  char *root = hip_root(hip_path, rocm_path);
  if (!root)
    return cm_fail_cause(ST_INPUT, PL_NO_HIP, "%s: no HIP headers there (include/hip/hip_version.h)",
                         hip_path ? hip_path : rocm_path ? rocm_path : "$ROCM_PATH, /opt/rocm, /usr");
  Status st = check_release(db, root, out);
  if (st)
    return st;
  char *source = checked_source(db, out);
  char *inc_flag = cm_xasprintf("-I%s", out->include_dir);
  const char *args[] = {"-x", "hip", "--cuda-host-only", "-nogpulib", "-std=c++17", "-D__HIP_PLATFORM_AMD__",
                        inc_flag, "-Wno-everything"};
  Names decl = {0}, cuda = {0};
  st = an_declared_names(source, args, 8, out->include_dir, add_name, &decl);
  if (!st) {
    vec_sort(&decl, cmp_decl);
    out->declarations = decl.len;
    check_rules(db, &decl, out);
    check_headers(db, &decl, out);
    out->cuda_checked = cuda_path && !cuda_declared(cuda_path, compat, &cuda);
    if (out->cuda_checked)
      check_same_names(db, &decl, &cuda, out);
  }
  free_names(&cuda);
  free_names(&decl);
  free(source);
  free(inc_flag);
  return st;
}

void pl_rules_check_free(RulesCheck *c) {
  for (size_t i = 0; i < c->names.len; i++)
    free(c->names.items[i].name);
  vec_free(&c->names);
  vec_free(&c->tallies);
  free(c->include_dir);
}
