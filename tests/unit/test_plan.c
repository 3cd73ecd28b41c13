/* pl_build: facts + rules for one ROCm release -> uses, edits, findings,
 * compatibility and effort. Most tests build the facts by hand (a SourceFile
 * with its text, line index and the identifier facts the analyzer would give),
 * so they prove the plan alone; the last ones run the real analyzer over small
 * files in a temporary folder, to prove that text in comments and strings is
 * neither a use nor a hazard. argv: hipport-rules.db, CUDA Toolkit root, the
 * parser's compatibility include folder. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer.h"
#include "plan.h"

static const char *db_path, *cuda_path, *compat_include;
static RuleDb *db;

static Version ver(const char *s) {
  Version v;
  if (!rl_version_parse(s, &v))
    fail_msg("bad version literal %s", s);
  return v;
}

/* ---- facts by hand ---- */

static SourceFile *add_file(Facts *facts, const char *rel, const char *text) {
  SourceFile *f = cm_xcalloc(1, sizeof *f);
  f->path = cm_xasprintf("/virtual/%s", rel);
  f->rel = cm_xstrdup(rel);
  f->text = cm_xstrdup(text);
  f->len = strlen(text);
  f->parser = PARSER_LIBCLANG;
  f->eol = "\n";
  f->code_only = cm_xstrdup(text); /* no comments or strings in hand-made files */
  vec_push(&f->line_starts, 0u);
  for (size_t i = 0; i < f->len; i++)
    if (text[i] == '\n')
      vec_push(&f->line_starts, (unsigned)(i + 1));
  if (!facts->root)
    facts->root = cm_xstrdup("/virtual");
  facts->files_scanned++;
  vec_push(&facts->files, f);
  return f;
}

static bool ident_char(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/* Offset of the nth (0-based) whole-word occurrence of name in text. */
static unsigned find_word(const char *text, const char *name, int nth) {
  size_t n = strlen(name);
  for (const char *p = text; (p = strstr(p, name)); p++)
    if ((p == text || !ident_char(p[-1])) && !ident_char(p[n]) && nth-- == 0)
      return (unsigned)(p - text);
  fail_msg("'%s' is not in the test text", name);
  return 0;
}

/* An identifier fact as the analyzer gives one: a CUDA name resolved in the headers. */
static const Fact *add_ident(SourceFile *f, const char *name, int nth) {
  Fact fact = {.kind = FK_IDENT, .offset = find_word(f->text, name, nth), .length = (unsigned)strlen(name),
               .name = cm_xstrdup(name), .cursor = "DeclRefExpr", .cuda_declared = true};
  an_location(f, fact.offset, &fact.line, &fact.column);
  vec_push(&f->facts, fact);
  return &f->facts.items[f->facts.len - 1];
}

typedef struct {
  Facts facts;
  Plan plan;
  bool built;
} Fixture;

static int new_fixture(void **state) {
  *state = cm_xcalloc(1, sizeof(Fixture));
  return 0;
}

static int free_fixture(void **state) {
  Fixture *fx = *state;
  if (fx->built)
    pl_free(&fx->plan);
  an_facts_free(&fx->facts);
  free(fx);
  return 0;
}

static Plan *build(Fixture *fx, const char *target) {
  if (fx->built)
    pl_free(&fx->plan);
  PlanOptions opt = {.target = ver(target)};
  assert_int_equal(pl_build(&fx->facts, db, &opt, &fx->plan), ST_OK);
  fx->built = true;
  assert_int_equal(fx->plan.target, opt.target);
  return &fx->plan;
}

static size_t count_diag(const FilePlan *fp, Diag d) {
  size_t n = 0;
  for (size_t i = 0; i < fp->findings.len; i++)
    n += fp->findings.items[i].diag == d;
  return n;
}

static const Finding *find_diag(const FilePlan *fp, Diag d) {
  for (size_t i = 0; i < fp->findings.len; i++)
    if (fp->findings.items[i].diag == d)
      return &fp->findings.items[i];
  return NULL;
}

static void expect_location(const Finding *f, unsigned line, unsigned column) {
  assert_non_null(f);
  if (f->line != line || f->column != column)
    fail_msg("%s at %u:%u, expected %u:%u", rl_diag(f->diag)->code, f->line, f->column, line, column);
}

/* The edit that replaces exactly the fact's bytes; NULL when none. Other edits
 * (an added runtime include) may sit elsewhere in the file. */
static const Edit *edit_at(const FilePlan *fp, const Fact *f) {
  const Edit *found = NULL;
  for (size_t i = 0; i < fp->edits.len; i++) {
    const Edit *e = &fp->edits.items[i];
    if (e->offset == f->offset && e->length == f->length) {
      assert_null(found);
      found = e;
    } else if (e->offset < f->offset + f->length && f->offset < e->offset + e->length) {
      fail_msg("an edit overlaps '%s' without replacing it", f->name);
    }
  }
  return found;
}

/* ---- the plan alone ---- */

static void mapped_use_gets_an_edit(void **state) {
  Fixture *fx = *state;
  SourceFile *f = add_file(&fx->facts, "alloc.cu", "void f() {\n  float *p;\n  cudaMalloc(&p, 4);\n}\n");
  const Fact *fact = add_ident(f, "cudaMalloc", 0);
  Plan *p = build(fx, "6.2.0");
  assert_int_equal(p->files.len, 1);
  const FilePlan *fp = &p->files.items[0];
  assert_ptr_equal(fp->src, f);
  assert_int_equal(fp->uses.len, 1);
  const PlannedUse *u = &fp->uses.items[0];
  assert_ptr_equal(u->fact, fact);
  assert_int_equal(u->status, US_MAPPED);
  assert_string_equal(pl_status_name(u->status), "mapped");
  assert_string_equal(u->hip, "hipMalloc");
  assert_string_equal(u->library, "CUDA_Runtime");
  assert_string_equal(u->kind, "function");
  assert_true(u->available);
  const Edit *e = edit_at(fp, fact);
  assert_non_null(e);
  assert_string_equal(e->text, "hipMalloc");
  assert_int_equal(fp->findings.len, 0);
  assert_int_equal(p->uses, 1);
  assert_int_equal(p->mapped_uses, 1);
  assert_int_equal(p->unmapped_uses, 0);
  assert_int_equal(p->unique_apis, 1);
  assert_true(p->effort_hours == 0.0);
}

static void later_release_is_a_finding_and_no_edit(void **state) {
  Fixture *fx = *state;
  SourceFile *f = add_file(&fx->facts, "async.cu", "void f(void *s) {\n  void *p;\n  cudaMallocAsync(&p, 4, s);\n}\n");
  const Fact *fact = add_ident(f, "cudaMallocAsync", 0);
  Plan *p = build(fx, "5.1.0");
  const FilePlan *fp = &p->files.items[0];
  assert_int_equal(fp->uses.len, 1);
  assert_int_equal(fp->uses.items[0].status, US_LATER);
  assert_false(fp->uses.items[0].available);
  assert_null(edit_at(fp, fact));
  assert_int_equal(count_diag(fp, D_LATER_RELEASE), 1);
  const Finding *fd = find_diag(fp, D_LATER_RELEASE);
  expect_location(fd, 3, 3);
  assert_string_equal(rl_diag(fd->diag)->code, "HP1002");
  assert_non_null(strstr(fd->message, "5.2.0"));
  assert_int_equal(p->mapped_uses, 0);
  assert_int_equal(p->unmapped_uses, 1);

  /* The release that brings it: mapped, renamed, no finding. */
  p = build(fx, "5.2.0");
  fp = &p->files.items[0];
  assert_int_equal(fp->uses.items[0].status, US_MAPPED);
  assert_non_null(edit_at(fp, fact));
  assert_string_equal(edit_at(fp, fact)->text, "hipMallocAsync");
  assert_int_equal(count_diag(fp, D_LATER_RELEASE), 0);
}

static void unmapped_use_is_unsupported(void **state) {
  Fixture *fx = *state;
  SourceFile *f = add_file(&fx->facts, "req.cu", "void f() { cudaArrayGetMemoryRequirements(0, 0, 0); }\n");
  const Fact *fact = add_ident(f, "cudaArrayGetMemoryRequirements", 0);
  const FilePlan *fp = &build(fx, "6.2.0")->files.items[0];
  assert_int_equal(fp->uses.items[0].status, US_UNMAPPED);
  assert_null(fp->uses.items[0].hip);
  assert_null(edit_at(fp, fact));
  expect_location(find_diag(fp, D_UNSUPPORTED_API), 1, 12);
}

static void cuda_removed_api_is_reported(void **state) {
  Fixture *fx = *state;
  SourceFile *f = add_file(&fx->facts, "tex.cu", "void f() { cudaBindTexture(0, 0, 0, 0); }\n");
  add_ident(f, "cudaBindTexture", 0);
  const FilePlan *fp = &build(fx, "6.2.0")->files.items[0];
  assert_int_equal(fp->uses.items[0].status, US_REMOVED);
  const Finding *fd = find_diag(fp, D_REMOVED_API);
  expect_location(fd, 1, 12);
  assert_non_null(strstr(fd->message, "12.0.0"));
}

static void unknown_name_is_unknown(void **state) {
  Fixture *fx = *state;
  SourceFile *f = add_file(&fx->facts, "u.cu", "int x = cudaNotARealName;\n");
  const Fact *fact = add_ident(f, "cudaNotARealName", 0);
  const FilePlan *fp = &build(fx, "6.2.0")->files.items[0];
  assert_int_equal(fp->uses.items[0].status, US_UNKNOWN);
  assert_null(edit_at(fp, fact));
  expect_location(find_diag(fp, D_UNKNOWN_API), 1, 9);
}

static void full_mask_shuffle_is_a_warp_hazard(void **state) {
  Fixture *fx = *state;
  const char *text = "__global__ void k(float *o, float v) {\n"
                     "  v += __shfl_down_sync(0xffffffff, v, 1);\n"
                     "  v += __shfl_down_sync(mask, v, 1);\n"
                     "  o[0] = v;\n}\n";
  add_file(&fx->facts, "shfl.cu", text);
  const FilePlan *fp = &build(fx, "6.2.0")->files.items[0];
  assert_int_equal(count_diag(fp, D_WARP_MASK), 1);
  const Finding *fd = find_diag(fp, D_WARP_MASK);
  expect_location(fd, 2, 8);
  assert_string_equal(rl_diag(fd->diag)->code, "HP2002");
  assert_string_equal(rl_diag(fd->diag)->category, "warp-size");
}

static void lane_modulo_32_is_a_warp_hazard(void **state) {
  Fixture *fx = *state;
  const char *text = "__global__ void k(int *o) {\n"
                     "  int lane = threadIdx.x % 32;\n"
                     "  int ok = threadIdx.x % warpSize;\n"
                     "  o[lane] = ok;\n}\n";
  add_file(&fx->facts, "lane.cu", text);
  const FilePlan *fp = &build(fx, "6.2.0")->files.items[0];
  assert_int_equal(count_diag(fp, D_WARP_LITERAL), 1);
  const Finding *fd = find_diag(fp, D_WARP_LITERAL);
  expect_location(fd, 2, 14);
  assert_string_equal(rl_diag(fd->diag)->code, "HP2001");
}

/* A member read as the analyzer gives one: `in->y` has its member `y` at
 * offset and the access start (`in`) at open. */
static void add_member(SourceFile *f, const char *name, unsigned open, unsigned offset) {
  Fact fact = {.kind = FK_MEMBER, .offset = offset, .length = 1, .name = cm_xstrdup(name), .cursor = "MemberRefExpr",
               .open = open};
  an_location(f, fact.offset, &fact.line, &fact.column);
  vec_push(&f->facts, fact);
}

static size_t count_edits(const FilePlan *fp, unsigned offset, const char *text) {
  size_t n = 0;
  for (size_t i = 0; i < fp->edits.len; i++)
    n += fp->edits.items[i].offset == offset && strcmp(fp->edits.items[i].text, text) == 0;
  return n;
}

/* An index made with clang_createIndex(1, 0) gave each member read in a
 * kernel template twice: the read is still wrapped once. */
static void a_member_read_given_twice_is_wrapped_once(void **state) {
  Fixture *fx = *state;
  SourceFile *f =
      add_file(&fx->facts, "h2.cu", "__global__ void k(float *o, __half2 *in) {\n  o[0] = (float)in->y;\n}\n");
  unsigned open = find_word(f->text, "in", 1), member = find_word(f->text, "y", 0);
  add_member(f, "__half2.y", open, member);
  add_member(f, "__half2.y", open, member);
  const FilePlan *fp = &build(fx, "6.2.0")->files.items[0];
  assert_int_equal(count_edits(fp, open, "reinterpret_cast<half&>("), 1);
  assert_int_equal(count_edits(fp, member + 1, ")"), 1);
}

static void compatibility_covers_every_release_and_never_falls(void **state) {
  Fixture *fx = *state;
  SourceFile *f = add_file(&fx->facts, "mix.cu",
                           "cudaMalloc cudaMallocAsync cudaSetValidDevices cudaArrayGetMemoryRequirements\n");
  add_ident(f, "cudaMalloc", 0);
  add_ident(f, "cudaMallocAsync", 0);     /* HIP 5.2.0 */
  add_ident(f, "cudaSetValidDevices", 0); /* HIP 6.2.0 */
  add_ident(f, "cudaArrayGetMemoryRequirements", 0);
  Plan *p = build(fx, "6.2.0");
  assert_int_equal(p->compat.len, rl_release_count(db));
  for (size_t i = 0; i < p->compat.len; i++) {
    assert_int_equal(p->compat.items[i].release, rl_release(db, i));
    assert_true(p->compat.items[i].percent >= 0.0 && p->compat.items[i].percent <= 100.0);
    if (i > 0) {
      assert_true(p->compat.items[i].percent >= p->compat.items[i - 1].percent);
      assert_true(p->compat.items[i].percent_unique >= p->compat.items[i - 1].percent_unique);
    }
  }
  for (size_t i = 0; i < p->compat.len; i++) {
    Version v = p->compat.items[i].release;
    double want = v < ver("5.2.0") ? 25.0 : v < ver("6.2.0") ? 50.0 : 75.0;
    char text[16];
    rl_version_format(v, text, sizeof text);
    if (p->compat.items[i].percent != want)
      fail_msg("compatibility in %s is %.2f%%, expected %.2f%%", text, p->compat.items[i].percent, want);
  }
  assert_int_equal(p->uses, 4);
  assert_int_equal(p->unique_apis, 4);
}

/* The report shows both numbers side by side: for the target release, the share
 * of uses the plan counts as mapped is the compatibility of that release. */
static void compatibility_at_the_target_agrees_with_mapped_uses(void **state) {
  Fixture *fx = *state;
  SourceFile *f = add_file(&fx->facts, "warp.cu",
                           "__global__ void k(float *o, float v) {\n"
                           "  v += __shfl_down_sync(0xffffffffffffffffull, v, 1);\n"
                           "  o[0] = v; cudaMallocAsync(0, 0, 0); cudaMalloc(0, 0);\n}\n");
  add_ident(f, "__shfl_down_sync", 0);
  add_ident(f, "cudaMallocAsync", 0);
  add_ident(f, "cudaMalloc", 0);
  static const char *targets[] = {"5.1.0", "5.2.0", "6.1.0", "6.2.0"};
  for (size_t t = 0; t < sizeof targets / sizeof *targets; t++) {
    Plan *p = build(fx, targets[t]);
    double want = 100.0 * (double)p->mapped_uses / (double)p->uses;
    for (size_t i = 0; i < p->compat.len; i++)
      if (p->compat.items[i].release == p->target && p->compat.items[i].percent != want)
        fail_msg("target %s: %zu of %zu uses mapped (%.2f%%) but compatibility[%s] is %.2f%%", targets[t],
                 p->mapped_uses, p->uses, want, targets[t], p->compat.items[i].percent);
  }
}

/* The compatibility list does not depend on the target: only uses and findings do. */
static void compatibility_is_the_same_for_every_target(void **state) {
  Fixture *fx = *state;
  SourceFile *f = add_file(&fx->facts, "mix.cu", "cudaMalloc cudaMallocAsync\n");
  add_ident(f, "cudaMalloc", 0);
  add_ident(f, "cudaMallocAsync", 0);
  Plan *p = build(fx, "5.1.0");
  size_t n = p->compat.len;
  double *first = cm_xmalloc(n * sizeof *first);
  for (size_t i = 0; i < n; i++)
    first[i] = p->compat.items[i].percent;
  p = build(fx, "6.3.0");
  assert_int_equal(p->compat.len, n);
  for (size_t i = 0; i < n; i++)
    assert_true(p->compat.items[i].percent == first[i]);
  free(first);
}

static double effort_of(const Plan *p, Diag d, size_t *count) {
  double sum = 0.0;
  *count = 0;
  for (size_t i = 0; i < p->files.len; i++)
    for (size_t j = 0; j < p->files.items[i].findings.len; j++)
      if (p->files.items[i].findings.items[j].diag == d) {
        sum += p->files.items[i].findings.items[j].effort_hours;
        (*count)++;
      }
  return sum;
}

/* HP1002 costs once per API per project, however many uses and files. */
static void effort_per_api_is_counted_once(void **state) {
  Fixture *fx = *state;
  assert_int_equal(rl_diag(D_LATER_RELEASE)->per, EP_API);
  SourceFile *a = add_file(&fx->facts, "a.cu", "cudaMallocAsync(&p, n, s);\ncudaMallocAsync(&q, n, s);\n");
  add_ident(a, "cudaMallocAsync", 0);
  add_ident(a, "cudaMallocAsync", 1);
  SourceFile *b = add_file(&fx->facts, "b.cu", "cudaMallocAsync(&r, n, s);\n");
  add_ident(b, "cudaMallocAsync", 0);
  Plan *p = build(fx, "5.1.0");
  size_t n;
  double hours = effort_of(p, D_LATER_RELEASE, &n);
  assert_int_equal(n, 3);
  assert_true(hours == rl_diag(D_LATER_RELEASE)->effort_hours);
  assert_true(p->effort_hours == hours);
  /* The contributor list says so too: one entry, three uses. */
  size_t found = 0;
  for (size_t i = 0; i < p->top.len; i++)
    if (strcmp(p->top.items[i].name, "cudaMallocAsync") == 0) {
      found++;
      assert_int_equal(p->top.items[i].uses, 3);
      assert_true(p->top.items[i].effort_hours == hours);
    }
  assert_int_equal(found, 1);
}

/* HP2001 costs at every use. */
static void effort_per_use_is_counted_each_time(void **state) {
  Fixture *fx = *state;
  assert_int_equal(rl_diag(D_WARP_LITERAL)->per, EP_USE);
  add_file(&fx->facts, "l.cu", "int a = threadIdx.x % 32;\nint b = threadIdx.x % 32;\n");
  Plan *p = build(fx, "6.2.0");
  size_t n;
  double hours = effort_of(p, D_WARP_LITERAL, &n);
  assert_int_equal(n, 2);
  assert_true(hours == 2 * rl_diag(D_WARP_LITERAL)->effort_hours);
  assert_true(p->effort_hours == hours);
}

static void categories_are_counted_and_checked(void **state) {
  Fixture *fx = *state;
  add_file(&fx->facts, "l.cu", "int a = threadIdx.x % 32;\n");
  SourceFile *f = add_file(&fx->facts, "m.cu", "cudaMalloc(&p, 4);\n");
  add_ident(f, "cudaMalloc", 0);
  Plan *p = build(fx, "6.2.0");
  assert_int_equal(pl_count_categories(p, "warp-size"), 1);
  assert_int_equal(pl_count_categories(p, "inline-asm"), 0);
  assert_int_equal(pl_count_categories(p, "inline-asm,warp-size"), 1);
  assert_int_equal(pl_count_categories(p, "any"), 1);
  const char *bad = NULL;
  assert_true(pl_known_categories(NULL, "warp-size,unsupported-api,any", &bad));
  assert_false(pl_known_categories(NULL, "warp-size,nosuchcategory", &bad));
  assert_string_equal(bad, "nosuchcategory");
  assert_false(pl_known_categories(NULL, "warp", &bad)); /* a prefix is not a category */
}

/* ---- with the real analyzer ---- */

static char *tmpdir;

static void write_file(const char *name, const char *text) {
  char *path = cm_xasprintf("%s/%s", tmpdir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  free(path);
}

static void remove_tmpdir(const char *const *names, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char *path = cm_xasprintf("%s/%s", tmpdir, names[i]);
    unlink(path);
    free(path);
  }
  rmdir(tmpdir);
  free(tmpdir);
}

static const FilePlan *plan_of(const Plan *p, const char *rel) {
  for (size_t i = 0; i < p->files.len; i++)
    if (strcmp(p->files.items[i].src->rel, rel) == 0)
      return &p->files.items[i];
  fail_msg("no plan for %s", rel);
  return NULL;
}

static bool uses_name(const FilePlan *fp, const char *name) {
  for (size_t i = 0; i < fp->uses.len; i++)
    if (strcmp(fp->uses.items[i].fact->name, name) == 0)
      return true;
  return false;
}

/* The same text in code is found, in a comment or a string it is not. */
static void comments_and_strings_are_not_code(void **state) {
  Fixture *fx = *state;
  assert_non_null(tmpdir = cm_make_temp_dir("hipport-test-plan"));
  static const char *names[] = {"code.cu", "quoted.cu"};
  write_file("code.cu", "#include <cuda_runtime.h>\n"
                        "__global__ void k(float *o, float v) {\n"
                        "  int lane = threadIdx.x % 32;\n"
                        "  v += __shfl_down_sync(0xffffffff, v, 1);\n"
                        "  o[lane] = v;\n"
                        "}\n"
                        "void f(float **p) { cudaMalloc(p, 4); }\n");
  write_file("quoted.cu", "#include <cuda_runtime.h>\n"
                          "// int lane = threadIdx.x % 32; __shfl_down_sync(0xffffffff, v, 1); cudaMalloc(p, 4);\n"
                          "/* threadIdx.x % 32\n"
                          "   __shfl_down_sync(0xffffffff, v, 1) cudaMalloc(p, 4) */\n"
                          "const char *s = \"threadIdx.x % 32 __shfl_down_sync(0xffffffff, v, 1) cudaMalloc(p, 4)\";\n"
                          "__global__ void k(float *o) { o[0] = 1.0f; }\n");
  ScanOptions opt = {.cuda_path = cuda_path, .compat_include = compat_include, .jobs = 1};
  const char *paths[] = {tmpdir};
  Status st = an_scan(paths, 1, &opt, db, &fx->facts);
  remove_tmpdir(names, 2); /* the facts hold the text: the files can go */
  if (st)
    fail_msg("an_scan: %s", cm_error());
  Plan *p = build(fx, "6.2.0");
  assert_int_equal(p->files.len, 2);

  const FilePlan *code = plan_of(p, "code.cu");
  expect_location(find_diag(code, D_WARP_LITERAL), 3, 14);
  expect_location(find_diag(code, D_WARP_MASK), 4, 8);
  assert_true(uses_name(code, "cudaMalloc"));
  bool edited = false;
  for (size_t i = 0; i < code->edits.len; i++)
    edited |= strcmp(code->edits.items[i].text, "hipMalloc") == 0 &&
              memcmp(code->src->text + code->edits.items[i].offset, "cudaMalloc", 10) == 0;
  assert_true(edited);

  const FilePlan *quoted = plan_of(p, "quoted.cu");
  for (size_t i = 0; i < quoted->findings.len; i++) {
    const Finding *fd = &quoted->findings.items[i];
    fail_msg("quoted.cu:%u:%u: %s in a comment or string: %s", fd->line, fd->column, rl_diag(fd->diag)->code,
             fd->message);
  }
  assert_false(uses_name(quoted, "cudaMalloc"));
  assert_false(uses_name(quoted, "__shfl_down_sync"));
  for (size_t i = 0; i < quoted->edits.len; i++) {
    const Edit *e = &quoted->edits.items[i];
    unsigned line, col;
    an_location(quoted->src, e->offset, &line, &col);
    if (line >= 2 && line <= 5)
      fail_msg("quoted.cu:%u:%u: an edit to '%s' inside a comment or string", line, col, e->text);
  }
}

/* ---- the target release ---- */

static char *fake_root(const char *name, const char *version_h, const char *hipconfig) {
  char *root = cm_xasprintf("%s/%s", tmpdir, name), *cmd;
  cmd = cm_xasprintf("mkdir -p %s/include/hip %s/bin", root, root);
  assert_int_equal(system(cmd), 0);
  free(cmd);
  if (version_h) {
    char *path = cm_xasprintf("%s/include/hip/hip_version.h", root);
    FILE *f = fopen(path, "w");
    fputs(version_h, f);
    fclose(f);
    free(path);
  }
  if (hipconfig) {
    char *path = cm_xasprintf("%s/bin/hipconfig", root);
    FILE *f = fopen(path, "w");
    fprintf(f, "#!/bin/sh\necho '%s'\n", hipconfig);
    fclose(f);
    chmod(path, 0755);
    free(path);
  }
  return root;
}

static void expect_target(const char *asked, const char *const *roots, size_t n, const char *release, const char *why) {
  Target t;
  assert_int_equal(pl_target(db, asked, roots, n, &t), ST_OK);
  char v[16];
  rl_version_format(t.release, v, sizeof v);
  if (strcmp(v, release) != 0 || strncmp(t.why, why, strlen(why)) != 0)
    fail_msg("target %s (%s); expected %s (%s...)", v, t.why, release, why);
  pl_target_free(&t);
}

/* Asked for, else the first HIP found (its hip_version.h, else hipconfig), else
 * the newest release the rules know; each with its reason. */
static void target_is_the_installed_hip_else_the_newest(void **state) {
  assert_non_null(tmpdir = cm_make_temp_dir("hipport-test-target"));
  char *r63 = fake_root("r63", "#define HIP_VERSION_MAJOR 6\n#define HIP_VERSION_MINOR 3\n#define HIP_VERSION_PATCH 42131\n", NULL);
  char *r71 = fake_root("r71", NULL, "7.1.25424-abc");
  char *r65 = fake_root("r65", "#define HIP_VERSION_MAJOR 6\n#define HIP_VERSION_MINOR 5\n", NULL);
  char *none = fake_root("none", NULL, NULL);
  char newest[16];
  rl_version_format(rl_newest_release(db), newest, sizeof newest);
  char *at63 = cm_xasprintf("installed at %s", r63);
  expect_target(NULL, (const char *[]){none, r63, r71}, 3, "6.3.0", at63);
  expect_target(NULL, (const char *[]){r71, r63}, 2, "7.1.0", "installed at ");
  expect_target(NULL, (const char *[]){r65}, 1, "6.4.0", "newest known up to the HIP 6.5 installed at ");
  expect_target(NULL, (const char *[]){none, "/nonexistent"}, 2, newest, "newest known; no HIP found");
  expect_target("newest", (const char *[]){r63}, 1, newest, "newest known, as asked");
  expect_target("7.1", (const char *[]){r63}, 1, "7.1.0", "asked for");
  Target t;
  assert_int_equal(pl_target(db, "4.0", NULL, 0, &t), ST_USAGE);
  assert_int_equal(cm_error_cause(), PL_UNKNOWN_RELEASE);
  assert_null(strstr(cm_error(), "hipport")); /* the command line says where to look */
  /* --rocm-path comes before $ROCM_PATH, which comes before /opt/rocm and /usr */
  setenv("ROCM_PATH", r71, 1);
  const char *roots[4];
  size_t n = pl_hip_roots(r63, roots);
  assert_true(n == 4 && strcmp(roots[0], r63) == 0 && strcmp(roots[1], r71) == 0);
  assert_string_equal(roots[2], "/opt/rocm");
  assert_string_equal(roots[3], "/usr");
  unsetenv("ROCM_PATH");
  cm_remove_tree(tmpdir);
  free(tmpdir);
  free(at63);
  free(r63);
  free(r71);
  free(r65);
  free(none);
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s hipport-rules.db CUDA_PATH COMPAT_INCLUDE\n", argv[0]);
    return 2;
  }
  db_path = argv[1];
  cuda_path = argv[2];
  compat_include = argv[3];
  if (rl_open(db_path, &db)) {
    fprintf(stderr, "%s\n", cm_error());
    return 1;
  }
#define T(f) cmocka_unit_test_setup_teardown(f, new_fixture, free_fixture)
  const struct CMUnitTest tests[] = {
      T(mapped_use_gets_an_edit),
      T(later_release_is_a_finding_and_no_edit),
      T(unmapped_use_is_unsupported),
      T(cuda_removed_api_is_reported),
      T(unknown_name_is_unknown),
      T(full_mask_shuffle_is_a_warp_hazard),
      T(lane_modulo_32_is_a_warp_hazard),
      T(a_member_read_given_twice_is_wrapped_once),
      T(compatibility_covers_every_release_and_never_falls),
      T(compatibility_at_the_target_agrees_with_mapped_uses),
      T(compatibility_is_the_same_for_every_target),
      T(effort_per_api_is_counted_once),
      T(effort_per_use_is_counted_each_time),
      T(categories_are_counted_and_checked),
      T(comments_and_strings_are_not_code),
      T(target_is_the_installed_hip_else_the_newest),
  };
  int failed = cmocka_run_group_tests(tests, NULL, NULL);
  rl_close(db);
  return failed;
}
