/* Verifying a project of the user's own, with no manifest: its port built unit
 * by unit (units.c says how), in parallel; each failing unit's first compiler
 * error followed back to the CUDA line a person wrote (the translation's line
 * map) and explained by what hipport had already reported there, by a HIP
 * library that is not installed, or, when neither, by HP3008: something hipport
 * did not foresee, which is the number to drive to zero. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "translator.h"
#include "verify_p.h"

enum { BUILD_SECONDS = 600, RUN_SECONDS = 300, NEAR_LINES = 2 };

const char *vf_unit_status_name(UnitStatus s) {
  static const char *const names[] = {[UNIT_COMPILES] = "COMPILES", [UNIT_REPORTED] = "FAILS-REPORTED",
                                      [UNIT_UNFORESEEN] = "FAILS-UNFORESEEN",
                                      [UNIT_MISSING_LIBRARY] = "MISSING-LIBRARY"};
  return names[s];
}

typedef struct {
  const Plan *plan;
  const RuleDb *db;
  const TreeOptions *opt;
  const char *root, *port;
  const Units *units;
  TreeResult *out;
} Tree;

/* ---- the compiler's first error ---- */

typedef struct {
  char *path;          /* as the compiler printed it; NULL: no location */
  unsigned line, column;
  const char *message; /* after "error: " */
  char *text;          /* the whole line */
  size_t at;           /* where that line starts in the output */
} CompilerError;

/* "PATH:LINE:COL: error: MESSAGE" (or "fatal error:"): the location parsed. */
static bool located(const char *b, const char *e, CompilerError *out) {
  const char *mark = memmem(b, (size_t)(e - b), ": error: ", 9), *fatal = memmem(b, (size_t)(e - b), ": fatal error: ", 15);
  const char *at = fatal && (!mark || fatal < mark) ? fatal : mark;
  if (!at)
    return false;
  out->message = at + (at == fatal ? 15 : 9);
  const char *c2 = at, *c1;
  while (c2 > b && c2[-1] != ':')
    c2--;
  for (c1 = c2 - 1; c1 > b && c1[-1] != ':';)
    c1--;
  unsigned line, column;
  if (c2 - 1 <= b || c1 - 1 <= b || sscanf(c1, "%u:%u:", &line, &column) != 2)
    return true; /* an error without a place ("clang: error: ...") */
  out->path = cm_xstrndup(b, (size_t)(c1 - 1 - b));
  out->line = line, out->column = column;
  return true;
}

/* The first error line; without one, the first line that says "error" at all
 * or make's "***", else the last line printed. */
static void first_error(const char *text, CompilerError *out) {
  *out = (CompilerError){0};
  const char *loose = NULL, *last = NULL;
  for (const char *b = text; *b;) {
    const char *e = b + strcspn(b, "\n");
    if (e > b)
      last = b;
    if (located(b, e, out)) {
      out->text = cm_xstrndup(b, (size_t)(e - b));
      out->message = out->text + (out->message - b);
      out->at = (size_t)(b - text);
      return;
    }
    if (!loose && (memmem(b, (size_t)(e - b), "rror", 4) || memmem(b, (size_t)(e - b), "*** ", 4))) /* make's "*** No rule" */
      loose = b;
    b = *e ? e + 1 : e;
  }
  const char *b = loose ? loose : last;
  size_t n = b ? strcspn(b, "\n") : 0;
  if (b && n && b[n - 1] == ':' && b[n]) /* CMake's "CMake Error at X:3 (cmd):", its message below */
    n += 1 + strcspn(b + n + 1, "\n");
  out->text = b ? cm_xstrndup(b, n) : cm_xstrdup("the build failed without a message");
  out->message = out->text;
}

/* ---- where it is in the CUDA tree ---- */

/* A path the compiler printed (relative to where it ran), relative to the port
 * root when it is in the port; NULL otherwise. */
static char *port_rel(const Tree *t, const char *path, const char *dir) {
  char *joined = path[0] == '/' ? cm_xstrdup(path) : cm_xasprintf("%s/%s", dir, path);
  char *abs = cm_resolve_path(joined), *rel = NULL;
  size_t n = strlen(t->port);
  if (strncmp(abs, t->port, n) == 0 && abs[n] == '/')
    rel = cm_xstrdup(abs + n + 1);
  free(joined), free(abs);
  return rel;
}

/* An error in a header outside the port (a HIP header) is placed at the port's
 * line that included it: the "In file included from P:L:" lines above it, the
 * nearest first. */
static char *includer_in_port(const Tree *t, const char *text, size_t at, const char *dir, unsigned *line) {
  char *rel = NULL;
  while (at > 0 && !rel) {
    size_t b = at - 1;
    while (b > 0 && text[b - 1] != '\n')
      b--;
    const char *l = text + b, *from = strstr(l, "from ");
    size_t len = at - 1 - b;
    if (!from || from - l > 24 || (size_t)(from - l) > len || (strncmp(l, "In file included", 16) != 0 && l[0] != ' '))
      break;
    from += 5;
    const char *colon = memchr(from, ':', len - (size_t)(from - l));
    if (colon) {
      char *path = cm_xstrndup(from, (size_t)(colon - from));
      if ((rel = port_rel(t, path, dir)))
        *line = (unsigned)strtoul(colon + 1, NULL, 10);
      free(path);
    }
    at = b;
  }
  return rel;
}

static const FilePlan *plan_of(const Plan *plan, const char *rel) {
  for (size_t i = 0; rel && i < plan->files.len; i++)
    if (strcmp(plan->files.items[i].src->rel, rel) == 0)
      return &plan->files.items[i];
  return NULL;
}

/* The error's file and line in the CUDA tree. */
static const FilePlan *locate(const Tree *t, const Unit *u, const char *text, const CompilerError *e, UnitResult *r) {
  unsigned line = e->line;
  char *rel = e->path ? port_rel(t, e->path, u->dir) : NULL;
  if (!rel)
    rel = includer_in_port(t, text, e->at, u->dir, &line);
  const FilePlan *fp = plan_of(t->plan, rel);
  if (rel) {
    TrLineMap map = {0};
    if (fp)
      tr_line_map(fp, false, &map);
    r->file = rel;
    r->line = fp ? tr_original_line(&map, line) : line;
    r->column = rel && e->path && line == e->line ? e->column : 0;
    vec_free(&map);
  }
  return fp;
}

/* ---- why ---- */

static bool needs_person(const Finding *f) { return f->info->severity == SEV_ERROR || f->info->severity == SEV_WARNING; }

/* A finding at or near the line, the nearest first; else one about a name the
 * error quotes ('meta_group_rank'), anywhere in the file. */
static const Finding *reported(const FilePlan *fp, unsigned line, const char *message) {
  const Finding *best = NULL;
  unsigned best_d = NEAR_LINES + 1;
  for (size_t i = 0; fp && line && i < fp->findings.len; i++) {
    const Finding *f = &fp->findings.items[i];
    unsigned d = f->line > line ? f->line - line : line - f->line;
    if (needs_person(f) && d < best_d)
      best = f, best_d = d;
  }
  for (size_t i = 0; fp && !best && i < fp->findings.len; i++) {
    const Finding *f = &fp->findings.items[i];
    char *quoted = f->subject ? cm_xasprintf("'%s'", f->subject) : NULL;
    if (quoted && needs_person(f) && strstr(message, quoted))
      best = f;
    free(quoted);
  }
  return best;
}

/* "'hipblas.h' file not found" for a HIP library the rules know and this
 * machine lacks. */
static const CudaLibrary *missing_library(const RuleDb *db, const char *message) {
  const char *end = strstr(message, "' file not found");
  if (message[0] != '\'' || !end)
    return NULL;
  char *header = cm_xstrndup(message + 1, (size_t)(end - message - 1));
  const CudaLibrary *lib = vf_library_of_header(db, header);
  free(header);
  return lib && !vf_header_installed(lib->header) ? lib : NULL;
}

/* The port's paths in an error as the port's own ("port/a.cu:3:1: error: ..."):
 * the work folder they were in is gone when the report is read. */
static void strip_port(const char *port, char *text) {
  size_t n = strlen(port);
  const char *base = strrchr(port, '/');
  size_t keep = base ? strlen(base + 1) : 0;
  if (strncmp(text, port, n) == 0 && text[n] == '/' && base)
    memmove(text, text + (n - keep), strlen(text + n - keep) + 1);
}

static void explain(const Tree *t, const Unit *u, const char *text, UnitResult *r) {
  CompilerError e;
  first_error(text, &e);
  r->error = e.text;
  const FilePlan *fp = locate(t, u, text, &e, r);
  if (!fp) /* an error that names no file (make's "No rule to make target"): the unit's own file's findings */
    fp = plan_of(t->plan, u->name);
  const CudaLibrary *lib = missing_library(t->db, e.message);
  const Finding *f = lib ? NULL : reported(fp, r->line, e.message);
  if (lib) {
    r->status = UNIT_MISSING_LIBRARY;
    r->explanation = cm_xasprintf("needs %s, which is not installed here (%s not found)", lib->hip_library, lib->header);
  } else if (f) {
    r->status = UNIT_REPORTED;
    r->code = cm_xstrdup(f->info->code);
    r->explanation = cm_xasprintf("expected: %s reported before translating (line %u: %s)", f->info->code, f->line,
                                  f->message);
  } else {
    r->status = UNIT_UNFORESEEN;
    r->code = cm_xstrdup(rl_diag(D_PORT_NO_COMPILE)->code);
    r->explanation = cm_xstrdup(rl_diag(D_PORT_NO_COMPILE)->title);
  }
  strip_port(t->port, r->error);
  free(e.path);
}

/* ---- building ---- */

static void build_unit(void *ctx, size_t i) {
  Tree *t = ctx;
  const Unit *u = &t->units->items[i];
  UnitResult *r = &t->out->units.items[i];
  r->name = cm_xstrdup(u->name);
  CmRun run;
  Status st;
  if (u->argv.len) {
    char **argv = cm_xcalloc(u->argv.len + 1, sizeof *argv);
    memcpy(argv, u->argv.items, u->argv.len * sizeof *argv);
    st = cm_run(u->dir, argv, BUILD_SECONDS, &run);
    free(argv);
  } else {
    char *build = cm_xasprintf("%s/build", t->opt->work);
    st = vf_port_build_run(vf_port_build(t->port), t->port, t->opt->arches.items[0], build, &run);
    free(build);
  }
  if (st) {
    r->status = UNIT_UNFORESEEN;
    r->error = cm_xstrdup(cm_error());
    r->explanation = cm_xstrdup("the compiler did not start");
    return;
  }
  if (!cm_run_ok(&run)) {
    char *both = cm_xasprintf("%s\n%s", run.err, run.out); /* make and cmake print compilers' errors on either */
    explain(t, u, run.exit.timed_out ? "error: timed out" : both, r);
    free(both);
  }
  cm_run_free(&run);
}

/* ---- running ---- */

static void run_failed(const CmRun *r, TreeRun *out) {
  size_t n = strlen(r->err);
  out->status = VS_RUN_FAIL;
  out->detail = r->exit.timed_out ? cm_xasprintf("timed out after %d s", RUN_SECONDS)
                                  : cm_xasprintf("exit code %d; stderr: %s", r->exit.exit_code, r->err + (n > 400 ? n - 400 : 0));
}

/* The command in the HIP build, and in the user's CUDA build where an NVIDIA
 * GPU is here to run it; both outputs compared. */
static void run_both(const Tree *t, const Machine *m, char **argv, TreeRun *out) {
  char *build = cm_xasprintf("%s/build", t->opt->work);
  CmRun hip, cuda;
  Status st = cm_run(vf_port_build(t->port) == PB_CMAKE ? build : t->port, argv, RUN_SECONDS, &hip);
  free(build);
  if (st) {
    *out = (TreeRun){.command = out->command, .status = VS_RUN_FAIL, .detail = cm_xstrdup(cm_error())};
    return;
  }
  if (!cm_run_ok(&hip)) {
    run_failed(&hip, out);
  } else if (!m->nvidia || cm_run(t->root, argv, RUN_SECONDS, &cuda)) {
    out->status = VS_COMPILED;
    out->detail = cm_xasprintf("ran on %s; not compared: no CUDA run here (no NVIDIA GPU)", m->amd_name);
  } else {
    Comparison cmp = {0};
    Tolerance tol = {.rtol = 1e-6};
    bool same = cm_run_ok(&cuda) && vf_same_output(cuda.out, hip.out, &tol, &cmp);
    out->status = same ? VS_PASS : VS_MISMATCH;
    out->detail = same ? cm_xasprintf("%zu numbers matched", cmp.numbers)
                       : cm_xasprintf("line %u: CUDA '%s', HIP '%s' (%s)", cmp.line, cmp.expected ? cmp.expected : "",
                                      cmp.actual ? cmp.actual : "", cmp.why ? cmp.why : "the CUDA run failed");
    vf_comparison_free(&cmp);
    cm_run_free(&cuda);
  }
  cm_run_free(&hip);
}

static void run_command(const Tree *t, const Machine *m, const char *command, TreeRun *out) {
  *out = (TreeRun){.command = cm_xstrdup(command)};
  size_t failing = t->out->units.len - t->out->count[UNIT_COMPILES];
  if (failing) {
    out->status = VS_BUILD_FAIL;
    out->detail = cm_xasprintf("not run: %zu of %zu units do not compile", failing, t->out->units.len);
    return;
  }
  if (!m->amd) {
    out->status = VS_COMPILED;
    out->detail = cm_xstrdup("built for every target; not run: no AMD GPU found (rocminfo shows no gfx agent)");
    return;
  }
  StrList words = {0};
  cm_split_command(command, &words);
  vec_push(&words, NULL);
  run_both(t, m, words.items, out);
  for (size_t i = 0; words.items[i]; i++)
    free(words.items[i]);
  vec_free(&words);
}

/* ---- the whole run ---- */

static Status make_port(const Plan *plan, const RuleDb *db, const TreeOptions *opt, const char *root, char **port) {
  if (opt->port) {
    struct stat sb;
    if (stat(opt->port, &sb) != 0 || !S_ISDIR(sb.st_mode))
      return cm_fail(ST_INPUT, "%s: not a folder: name the port of the tree to build", opt->port);
    *port = realpath(opt->port, NULL);
    return ST_OK;
  }
  char *out = opt->port_out ? cm_xstrdup(opt->port_out) : cm_xasprintf("%s/port", opt->work);
  TranslateResult res;
  Status st = tr_translate(plan, db, root, &(TranslateOptions){.out = out, .force = true}, &res);
  tr_result_free(&res);
  *port = st ? NULL : realpath(out, NULL);
  free(out);
  return st ? st : *port ? ST_OK : cm_fail(ST_ENV, "the port was not written: %s", strerror(errno));
}

static bool needs_hipcc(const Units *u) { return u->len && u->items[0].argv.len; }

Status vf_verify_tree(const Plan *plan, const RuleDb *db, const Machine *m, const TreeOptions *opt, TreeResult *out) {
  *out = (TreeResult){.root = realpath(plan->facts->root, NULL)};
  if (!out->root)
    return cm_fail(ST_INPUT, "%s: %s", plan->facts->root, strerror(errno));
  Units units = {0};
  Status st = make_port(plan, db, opt, out->root, &out->port);
  if (!st)
    st = vf_find_units(plan, out->root, out->port, opt, &units, &out->built_with);
  if (!st && needs_hipcc(&units) && !m->hipcc)
    st = cm_fail(ST_ENV, "hipcc is not on PATH: install HIP (scripts/setup.sh installs Debian's) to build the port");
  if (!st) {
    char *objects = cm_xasprintf("%s/objects", opt->work);
    mkdir(objects, 0777);
    free(objects);
    for (size_t i = 0; i < units.len; i++)
      vec_push(&out->units, (UnitResult){0});
    Tree t = {plan, db, opt, out->root, out->port, &units, out};
    cm_parallel_for(units.len, opt->jobs > 0 ? opt->jobs : 2, build_unit, &t);
    for (size_t i = 0; i < out->units.len; i++)
      out->count[out->units.items[i].status]++;
    for (size_t i = 0; opt->runs && i < opt->runs->len; i++) {
      vec_push(&out->runs, (TreeRun){0});
      run_command(&t, m, opt->runs->items[i], &out->runs.items[i]);
    }
  }
  vf_units_free(&units);
  return st;
}

bool vf_tree_fails(const TreeResult *r) {
  for (size_t i = 0; i < r->runs.len; i++)
    if (vf_status_fails(r->runs.items[i].status))
      return true;
  return r->count[UNIT_REPORTED] + r->count[UNIT_UNFORESEEN] > 0;
}

void vf_tree_result_free(TreeResult *r) {
  for (size_t i = 0; i < r->units.len; i++) {
    UnitResult *u = &r->units.items[i];
    free(u->name), free(u->error), free(u->file), free(u->code), free(u->explanation);
  }
  for (size_t i = 0; i < r->runs.len; i++)
    free(r->runs.items[i].command), free(r->runs.items[i].detail);
  vec_free(&r->units);
  vec_free(&r->runs);
  free(r->root);
  free(r->port);
  *r = (TreeResult){0};
}
