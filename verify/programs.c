/* Verifying corpus-style programs (a folder with manifest.json each): found
 * under the folders given, each ported by the caller's function (translating
 * is the pipeline's, which the caller runs), then built and run side by side
 * on -j threads (each is compilers run as child processes in folders of its
 * own), and kept in the results database in order. */
#define _GNU_SOURCE
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "verify.h"

static bool has_manifest(const char *dir) {
  char *m = cm_xasprintf("%s/manifest.json", dir);
  bool found = access(m, R_OK) == 0;
  free(m);
  return found;
}

void vf_find_programs(const char *dir, StrList *out) {
  if (has_manifest(dir)) {
    vec_push(out, realpath(dir, NULL));
    return;
  }
  struct dirent **names = NULL;
  int n = scandir(dir, &names, NULL, alphasort);
  for (int i = 0; i < n; i++) {
    char *sub = cm_xasprintf("%s/%s", dir, names[i]->d_name);
    if (names[i]->d_name[0] != '.' && has_manifest(sub))
      vec_push(out, realpath(sub, NULL));
    free(sub);
    free(names[i]);
  }
  free(names);
}

typedef struct {
  ProgramRuns *runs;
  char **hip_dirs;
  const Machine *m;
  const VerifyOptions *vo;
  char **errors;       /* a build that could not be tried at all (no temporary folder...) */
} Builds;

static void build_one(void *ctx, size_t i) {
  Builds *b = ctx;
  if (vf_verify(&b->runs->programs.items[i], b->hip_dirs[i], b->m, b->vo, &b->runs->results.items[i]))
    b->errors[i] = cm_xstrdup(cm_error()); /* cm_error is per thread */
}

static Status build_all(ProgramRuns *runs, char **hip_dirs, const Machine *m, const VerifyOptions *vo, int jobs) {
  size_t n = runs->programs.len;
  for (size_t i = 0; i < n; i++)
    vec_push(&runs->results, (VerifyResult){0});
  Builds b = {runs, hip_dirs, m, vo, cm_xcalloc(n + 1, sizeof(char *))};
  cm_parallel_for(n, jobs, build_one, &b);
  Status st = ST_OK;
  for (size_t i = 0; i < n; i++) {
    if (b.errors[i] && !st)
      st = cm_fail(ST_ENV, "%s", b.errors[i]);
    free(b.errors[i]);
  }
  free(b.errors);
  return st;
}

/* Ports one by one (translating has its own threads), builds in parallel, records in order. */
Status vf_verify_programs(const RuleDb *rules, const StrList *dirs, const Machine *m, const VerifyOptions *vo,
                          const ProgramPorter *porter, int jobs, ResultDb *db, ProgramRuns *runs) {
  Status st = ST_OK;
  char **hip_dirs = cm_xcalloc(dirs->len + 1, sizeof *hip_dirs);
  for (size_t i = 0; i < dirs->len && !st; i++) {
    Program p;
    if ((st = vf_load_program(dirs->items[i], rules, &p)))
      break;
    if ((st = porter->port(porter->ctx, &p, &hip_dirs[runs->programs.len]))) {
      vf_program_free(&p);
      break;
    }
    vec_push(&runs->programs, p);
  }
  if (!st)
    st = build_all(runs, hip_dirs, m, vo, jobs);
  for (size_t i = 0; !st && i < runs->results.len; i++)
    st = vf_record(db, &runs->programs.items[i], vo->arches.items[0], m, &runs->results.items[i]);
  for (size_t i = 0; i < dirs->len; i++)
    free(hip_dirs[i]);
  free(hip_dirs);
  return st;
}

void vf_program_runs_free(ProgramRuns *runs) {
  for (size_t i = 0; i < runs->programs.len; i++)
    vf_program_free(&runs->programs.items[i]);
  for (size_t i = 0; i < runs->results.len; i++)
    vf_result_free(&runs->results.items[i]);
  vec_free(&runs->programs);
  vec_free(&runs->results);
}
