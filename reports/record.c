/* A Report as the results store keeps it: the numbers history shows, one row
 * per release and per category, library and program, and the Report itself
 * as JSON at full precision, from which `hipport report` renders it again. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports_p.h"

static void add_groups(RsScan *s, const char *kind, const RpGroups *g) {
  for (size_t i = 0; i < g->len; i++) {
    const RpGroup *x = &g->items[i];
    RsGroup row = {cm_xstrdup(kind), cm_xstrdup(x->name), x->uses, x->mapped, x->findings, x->need_work,
                   x->effort_hours};
    vec_push(&s->groups, row);
  }
}

void rp_scan_record(const Report *r, const Project *project, RsScan *s) {
  const RpSummary *sum = &r->summary;
  *s = (RsScan){.root = cm_xstrdup(r->root), .hipport_version = cm_xstrdup(r->version),
                .rules_version = rp_rules_version(r), .target = cm_xstrdup(sum->target),
                .project = {cm_xstrdup(project->name), project->commit ? cm_xstrdup(project->commit) : NULL,
                            project->dirty},
                .cuda_files = sum->cuda_files, .uses = sum->uses, .mapped_uses = sum->mapped_uses,
                .findings = sum->findings, .need_work = sum->need_work, .effort_hours = sum->effort_hours};
  for (size_t i = 0; i < sum->compat.len; i++) {
    const RpCompat *c = &sum->compat.items[i];
    RsRelease x = {cm_xstrdup(c->release), c->percent, c->percent_unique};
    vec_push(&s->releases, x);
    if (strcmp(c->release, sum->target) == 0)
      s->target_percent = c->percent;
  }
  add_groups(s, "category", &r->categories);
  add_groups(s, "library", &r->libraries);
  add_groups(s, "program", &r->programs);
  size_t len;
  FILE *mem = open_memstream(&s->report_json, &len); /* the text only, never the document too */
  if (!mem || rp_write_json(mem, r, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17)) != ST_OK) {
    if (mem)
      fclose(mem);
    free(s->report_json);
    s->report_json = NULL;
    return;
  }
  fclose(mem);
}
