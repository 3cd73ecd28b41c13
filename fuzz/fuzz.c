/* The fuzz targets' shared pieces (see fuzz.h). Failures here are the harness's,
 * not hipport's: they abort, which libFuzzer reports with the message. */
#include <stdio.h>
#include <stdlib.h>

#include "analyzer_p.h"
#include "common.h"
#include "fuzz.h"
#include "plan.h"
#include "translator.h"

static RuleDb *rules;
static char *dir;

RuleDb *fz_rules(void) {
  if (!rules && rl_open(HP_FUZZ_RULES_DB, &rules)) {
    fprintf(stderr, "fuzz: %s\n", cm_error());
    abort();
  }
  return rules;
}

void fz_rules_reopen(void) {
  rl_close(rules);
  rules = NULL;
  fz_rules();
}

static void remove_dir(void) { cm_remove_tree(dir); }

const char *fz_dir(void) {
  if (dir)
    return dir;
  if (!(dir = cm_make_temp_dir("hipport-fuzz"))) {
    fprintf(stderr, "fuzz: %s\n", cm_error());
    abort();
  }
  atexit(remove_dir); /* libFuzzer exits when its time is up */
  return dir;
}

const char *fz_write(const char *name, const uint8_t *data, size_t size) {
  static char path[4096];
  snprintf(path, sizeof path, "%s/%s", fz_dir(), name);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
    perror(path);
    abort();
  }
  return path;
}

static ParseEnv env;
static CXIndex index;

/* What the lexical reader consults besides the rules: no CUDA headers were
 * parsed, so the CUDA names are one stand-in. */
static void lexical_env(void) {
  env = (ParseEnv){.db = fz_rules(), .cuda_include = "/usr/local/cuda/include", .compat_include = "/nonexistent",
                   .cuda_names = nameset_new(), .project_files = nameset_new(), .std_via_cuda = std_map_new()};
  nameset_add(env.cuda_names, "cudaMalloc");
  index = libclang_index();
}

SourceFile *fz_read_lexically(const uint8_t *data, size_t size, FzReading how) {
  if (is_binary((const char *)data, size))
    return NULL;
  if (!index)
    lexical_env();
  SourceFile *f = cm_xcalloc(1, sizeof *f);
  f->path = cm_xstrdup(fz_write("input.cu", data, size));
  f->rel = cm_xstrdup("input.cu");
  f->text = cm_xstrndup((const char *)data, size);
  f->len = size;
  CXTranslationUnit tu = how == FZ_LEXER ? NULL : lexical_tu(index, f->path, f->text, f->len);
  if (how == FZ_LEXER)
    collect_lexical_facts(&env, NULL, f);
  if (tu) {
    collect_facts(&env, tu, how == FZ_TREE, f);
    clang_disposeTranslationUnit(tu);
  }
  if (!f->line_starts.len)
    facts_index_lines(f);
  return f;
}

static void check_edits(const FilePlan *fp) {
  unsigned end = 0;
  for (size_t i = 0; i < fp->edits.len; i++) {
    const Edit *e = &fp->edits.items[i];
    if (e->offset < end || e->offset + e->length > fp->src->len)
      abort(); /* overlapping, out of order or past the end */
    end = e->offset + e->length;
  }
}

void fz_plan_and_apply(SourceFile *f, uint8_t flags, uint8_t release) {
  const RuleDb *db = fz_rules();
  Facts facts = {.root = cm_xstrdup(fz_dir())};
  vec_push(&facts.files, f);
  PlanOptions opt = {.target = rl_release(db, release % rl_release_count(db)), .target_why = "fuzz",
                     .launch_ggl = flags & 1, .backend_roc = flags & 2};
  Plan plan;
  if (!pl_build(&facts, db, &opt, &plan)) {
    for (size_t i = 0; i < plan.files.len; i++) {
      check_edits(&plan.files.items[i]);
      for (int annotate = 0; annotate < 2; annotate++) {
        size_t len;
        free(tr_apply(&plan.files.items[i], annotate, &len));
      }
    }
    pl_free(&plan);
  }
  vec_free(&facts.files);
  free(facts.root);
}
