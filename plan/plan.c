/* Building the plan: each fact joined with its rule for the target release gives
 * a use (with a status and, when HIP has the name, an edit) and, where a person
 * must look, a finding. Hazard patterns from the rule database run over each
 * file's code with comments and strings blanked. Effort follows rules/EFFORT.md:
 * per use, once per unique API, or once per file, as each diagnostic says. */
#include "plan.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "plan_p.h"

static const char *status_names[] = {
    [US_MAPPED] = "mapped",         [US_DEPRECATED] = "deprecated", [US_REMOVED] = "removed",
    [US_LATER] = "later-release",   [US_UNMAPPED] = "unmapped",     [US_UNKNOWN] = "unknown",
};

const char *pl_status_name(UseStatus s) { return status_names[s]; }

Finding *add_finding(FilePlan *fp, Diag d, unsigned offset, const char *subject, char *message) {
  for (size_t i = 0; i < fp->findings.len; i++) /* two patterns on one spot: one finding */
    if (fp->findings.items[i].diag == d && fp->findings.items[i].offset == offset) {
      free(message);
      return NULL;
    }
  Finding f = {.diag = d, .offset = offset, .subject = cm_xstrdup(subject), .message = message};
  an_location(fp->src, offset, &f.line, &f.column);
  vec_push(&fp->findings, f);
  return &fp->findings.items[fp->findings.len - 1];
}

char *version_text(Version v) {
  char buf[16];
  rl_version_format(v, buf, sizeof buf);
  return cm_xstrdup(buf);
}

/* The HIP name that arrives first: an earlier name, or the current one. */
static const char *first_name(const Rule *r) {
  return r->nearlier && (!r->hip_added || (r->earlier[0].added && r->earlier[0].added < r->hip_added))
             ? r->earlier[0].hip
             : r->hip;
}

/* The rocBLAS/rocSPARSE/MIOpen... name is written: asked for, and known. */
static bool roc_name(const Rule *r, const PlanOptions *opt) {
  return opt->backend_roc && r->backend_name && (!r->backend_added || r->backend_added <= opt->target) &&
         (!r->backend_removed || r->backend_removed > opt->target);
}

/* The name translate writes: hipify-clang's roc name for a runtime type when
 * its conventions are asked for, the backend name when roc_name, else the HIP
 * name the target release has. */
static const char *target_name(const Rule *r, const RuleDb *db, const PlanOptions *opt) {
  const char *hipify = opt->hipify_roc ? rl_hipify_roc_name(db, r->cuda, opt->hipify_roc == HR_MIOPEN) : NULL;
  return hipify ? hipify : roc_name(r, opt) ? r->backend_name : rl_hip_name(r, opt->target);
}

/* `case cudaErrorTextureNotBound:`, as a switch that names every error code
 * has it (cuda-samples' helper_cuda.h): deleting the case is the whole port. */
static bool case_label(const SourceFile *src, const Fact *f) {
  const char *code = src->code_only;
  unsigned b = f->offset, e = f->offset + f->length;
  while (b > 0 && is_space(code[b - 1]))
    b--;
  while (e < src->len && is_space(code[e]))
    e++;
  return b >= 4 && memcmp(code + b - 4, "case", 4) == 0 && (b == 4 || !ident_char(code[b - 5])) &&
         e < src->len && code[e] == ':' && code[e + 1] != ':';
}

/* The status of a known name in the target, and the findings it brings. A name
 * only the roc backend has (cusparseContext: _rocsparse_handle) is available
 * when that backend is asked for. */
static UseStatus judge_rule(FilePlan *fp, const Fact *f, const Rule *r, const RuleDb *db, const PlanOptions *opt) {
  Version target = opt->target;
  Avail a = roc_name(r, opt) ? AV_MAPPED : rl_availability(r, target);
  const char *hip = rl_hip_name(r, target);
  /* A function of the legacy header (a macro it defines, cublasStatus, is a
   * plain alias and maps). */
  const char *legacy = f->declared_by && f->params >= 0 ? rl_legacy_call(db, f->declared_by, r->cuda) : NULL;
  if (legacy) {
    add_finding(fp, D_UNSUPPORTED_API, f->offset, r->cuda,
                cm_xasprintf("%s here is the one <%s> declares, %s", r->cuda, f->declared_by, legacy));
    return US_UNMAPPED;
  }
  if (r->cuda_removed) {
    char *v = version_text(r->cuda_removed);
    add_finding(fp, D_REMOVED_API, f->offset, r->cuda,
                cm_xasprintf("%s was removed in %s %s%s%s", r->cuda, rl_cuda_releases(db, r->library), v,
                             hip ? "; HIP still has " : "", hip ? hip : ""));
    free(v);
  }
  if ((a == AV_UNMAPPED || a == AV_HIP_REMOVED) && case_label(fp->src, f)) {
    add_finding(fp, D_UNSUPPORTED_CASE, f->offset, r->cuda,
                cm_xasprintf("%s (%s) has no HIP counterpart, so HIP never gives it: delete this case", r->cuda,
                             r->library));
    return US_UNMAPPED;
  }
  if (a == AV_UNMAPPED || a == AV_HIP_REMOVED) {
    add_finding(fp, D_UNSUPPORTED_API, f->offset, r->cuda,
                cm_xasprintf("%s (%s) has no HIP counterpart%s: rewrite this use by hand", r->cuda, r->library,
                             a == AV_HIP_REMOVED ? " any more" : ""));
    return US_UNMAPPED;
  }
  if (a == AV_LATER && case_label(fp->src, f)) {
    char *v = version_text(rl_first_release(r));
    add_finding(fp, D_UNSUPPORTED_CASE, f->offset, r->cuda,
                cm_xasprintf("%s arrives in ROCm %s, after the target, so the target never gives %s: delete this "
                             "case, or target a later ROCm",
                             first_name(r), v, r->cuda));
    free(v);
    return US_LATER;
  }
  if (a == AV_LATER) {
    char *v = version_text(rl_first_release(r));
    add_finding(fp, D_LATER_RELEASE, f->offset, r->cuda,
                r->kind == RK_MEMBER
                    ? cm_xasprintf("%s arrives in ROCm %s, after the target: target a later ROCm or do without it",
                                   first_name(r), v)
                    : cm_xasprintf("%s arrives in ROCm %s, after the target: target a later ROCm or keep %s",
                                   first_name(r), v, r->cuda));
    free(v);
    return US_LATER;
  }
  if (r->hip_experimental && r->hip_experimental <= target)
    add_finding(fp, D_EXPERIMENTAL_API, f->offset, r->cuda,
                cm_xasprintf("%s is experimental in the target ROCm release", hip));
  bool hip_deprecated = r->hip_deprecated && r->hip_deprecated <= target && hip == r->hip;
  if (r->cuda_deprecated || hip_deprecated)
    add_finding(fp, D_DEPRECATED_API, f->offset, r->cuda,
                cm_xasprintf("%s is deprecated in %s: plan its replacement", hip_deprecated ? hip : r->cuda,
                             hip_deprecated ? "HIP" : "CUDA"));
  return r->cuda_removed ? US_REMOVED : (r->cuda_deprecated || hip_deprecated) ? US_DEPRECATED : US_MAPPED;
}

/* Before ROCm 6.2 a warp *_sync call is available through its legacy form. */
static bool plan_legacy_warp(FilePlan *fp, const RuleDb *db, const Fact *f, const Rule *r, const WarpRewrite *w,
                             Version target) {
  if (!w || target >= w->native_since)
    return false;
  PlannedUse u = {.fact = f, .rule = r, .status = US_MAPPED, .available = true, .every_release = true,
                  .hip = w->legacy_name,
                  .library = r ? r->library : "CUDA_Device", .kind = "device_function"};
  plan_warp(fp, db, f, w, target);
  vec_push(&fp->uses, u);
  return true;
}

/* A cache-hinted load or store HIP lacks for the type becomes the access itself
 * in every release (cache_hints.c writes it once every other edit is known). */
static bool plan_hinted_access(FilePlan *fp, const Fact *f, const Rule *r, const RuleDb *db, Version target) {
  const CacheHint *h = rl_cache_hint(db, f->name);
  const char *form = h ? plan_hint_form(h, f, target) : NULL;
  if (!form)
    return false;
  PlannedUse u = {.fact = f, .rule = r, .status = US_MAPPED, .available = true, .every_release = true,
                  .library = r ? r->library : "CUDA_Device", .kind = "device_function"};
  u.hip = u.owned_hip = cm_xstrndup(form, form[0] == '*' ? 1 : strcspn(form, "("));
  vec_push(&fp->uses, u);
  return true;
}

/* The rule a name's use goes by: a C++ overload HIP names as another call goes
 * by that call's (cudaEventCreate(&e, flags) is cudaEventCreateWithFlags). */
static const Rule *rule_for(const Fact *f, const RuleDb *db) {
  const char *as = rl_overload(db, f->name, f->params);
  const Rule *r = as ? rl_lookup(db, as, strlen(as)) : NULL;
  return r ? r : rl_lookup(db, f->name, strlen(f->name));
}

/* `std::isfinite`, `v.isnan`: the name is already qualified or a member. */
static bool qualified(const SourceFile *src, unsigned offset) {
  while (offset > 0 && is_space(src->code_only[offset - 1]))
    offset--;
  return offset > 0 && strchr(":.>", src->code_only[offset - 1]);
}

/* isfinite(x) in host code -> std::isfinite(x), where HIP's runtime header
 * declares the name for device code only (data/host_names.csv). */
static const char *host_name(const SourceFile *src, const Fact *f, const Rule *r, const RuleDb *db) {
  const char *host = f->host_code ? rl_host_name(db, r->cuda) : NULL;
  return host && !qualified(src, f->offset) ? host : NULL;
}

static void plan_ident(FilePlan *fp, const Fact *f, const RuleDb *db, const PlanOptions *opt) {
  if (f->own && !opt->rename_own)
    return;
  Version target = opt->target;
  const Rule *r = rule_for(f, db);
  if (!r && f->aliased)
    r = rl_lookup(db, f->aliased, strlen(f->aliased)); /* nv_half is __half under another name */
  const WarpRewrite *w = rl_warp_rewrite(db, f->name);
  if (plan_legacy_warp(fp, db, f, r, w, target) || plan_hinted_access(fp, f, r, db, target))
    return;
  PlannedUse u = {.fact = f, .rule = r, .every_release = w != NULL};
  if (!r) {
    u.status = US_UNKNOWN;
    u.library = "unknown";
    u.kind = "unknown";
    add_finding(fp, D_UNKNOWN_API, f->offset, f->name,
                cm_xasprintf("%s is declared by the CUDA headers but the rules do not know it: check HIP by hand",
                             f->name));
  } else {
    u.status = judge_rule(fp, f, r, db, opt);
    u.library = r->library;
    u.kind = rl_kind_name(r->kind);
    u.available = u.status <= US_REMOVED;
    u.hip = u.available ? target_name(r, db, opt) : first_name(r);
    if (u.available && host_name(fp->src, f, r, db))
      u.hip = host_name(fp->src, f, r, db);
    if (u.available && !u.hip)
      plan_erase(fp, f); /* an annotation HIP needs nothing for */
    else if (u.available && (strcmp(u.hip, f->name) != 0 || f->aliased))
      add_edit(fp, f->offset, f->length, u.hip);
    if (u.available && w)
      plan_warp(fp, db, f, w, target);
    for (const ArgCast *c = NULL; u.available && (c = rl_arg_cast(db, r->cuda, c));)
      plan_arg_cast(fp, f, c, opt->hip_symbol);
    if (u.available) {
      plan_default_args(fp, f, r->cuda, db, opt->explicit_defaults);
      plan_arg_edits(fp, f, r->cuda, db, roc_name(r, opt), target);
      plan_signature(fp, f, r->cuda, db);
    }
  }
  vec_push(&fp->uses, u);
}

/* A field of a CUDA struct that the rules know: most need nothing, some arrive
 * in a later ROCm or have another name. */
static void plan_member(FilePlan *fp, const Fact *f, const RuleDb *db, const PlanOptions *opt) {
  const MemberWrap *w = rl_member_wrap(db, f->name);
  if (w && !f->in_macro)
    plan_member_wrap(fp, f, w);
  const Rule *r = rl_lookup(db, f->name, strlen(f->name));
  if (!r)
    return;
  PlannedUse u = {.fact = f, .rule = r, .library = r->library, .kind = rl_kind_name(r->kind),
                  .hip = rl_hip_name(r, opt->target)};
  u.status = judge_rule(fp, f, r, db, opt);
  u.available = u.status <= US_REMOVED;
  const char *cuda_field = strchr(f->name, '.'), *hip_field = u.hip ? strchr(u.hip, '.') : NULL;
  if (u.available && cuda_field && hip_field && strcmp(cuda_field, hip_field) != 0)
    add_edit(fp, f->offset, f->length, hip_field + 1);
  vec_push(&fp->uses, u);
}

/* The header written for `name`: the roc* one for --backend roc where there is
 * one, in hipify-clang's spelling when asked for. */
static char *header_target(const HeaderRule *h, const char *name, const PlanOptions *opt) {
  const char *roc = opt->hipify_headers && h->hipify_roc ? h->hipify_roc : h->roc;
  if (opt->backend_roc && roc)
    return cm_xstrdup(roc);
  return opt->hipify_headers && h->hipify ? cm_xstrdup(h->hipify) : rl_header_target(h, name);
}

static void plan_include(FilePlan *fp, const Fact *f, const RuleDb *db, const PlanOptions *opt) {
  const HeaderRule *h = rl_lookup_header(db, f->name, strlen(f->name));
  PlannedUse u = {.fact = f, .header = h, .library = h ? h->library : "unknown", .kind = "header"};
  if (!h) {
    u.status = US_UNKNOWN;
    add_finding(fp, D_UNKNOWN_API, f->offset, f->name,
                cm_xasprintf("<%s> is a CUDA header the rules do not map: find its HIP counterpart by hand", f->name));
  } else if (!h->hip && !(opt->hipify_headers && h->hipify)) {
    u.status = US_UNMAPPED;
    add_finding(fp, D_LIBRARY_UNAVAILABLE, f->offset, f->name,
                cm_xasprintf("<%s> (%s) has no HIP counterpart%s%s", f->name, h->library, *h->note ? ": " : "",
                             h->note));
  } else {
    u.status = US_MAPPED;
    u.available = true;
    u.hip = u.owned_hip = header_target(h, f->name, opt);
  }
  vec_push(&fp->uses, u);
  PlannedUse *added = &fp->uses.items[fp->uses.len - 1];
  if (added->hip && !plan_duplicate_include(fp, added) && strcmp(added->hip, f->name) != 0)
    add_edit(fp, f->offset, f->length, added->hip);
}

/* The launch in a function-like macro's body, and each use of the macro, are
 * facts with the body's chevrons at `open`: the launch is written in one place,
 * the body or (as hipify-clang does) the uses. */
static bool launch_fact(const SourceFile *src, unsigned open, bool at_use) {
  for (size_t i = 0; i < src->facts.len; i++) {
    const Fact *g = &src->facts.items[i];
    if (g->kind == FK_LAUNCH && g->open == open && (at_use ? g->expansion != NULL : g->in_macro))
      return true;
  }
  return false;
}

static void plan_launch(FilePlan *fp, const Fact *f, const PlanOptions *opt) {
  bool at_uses = opt->launch_ggl && opt->launches_at_uses;
  if (f->expansion && launch_fact(fp->src, f->open, false) && !at_uses)
    return; /* the body's launch is the one written, and counted */
  if (at_uses && f->in_macro && launch_fact(fp->src, f->open, true)) {
    plan_join_chevrons(fp, f); /* the uses are written, and counted */
    return;
  }
  bool ggl = opt->launch_ggl && (f->expansion ? plan_launch_at_use(fp, f, opt->kernel_name_templates)
                                              : plan_launch_ggl(fp, f, opt->kernel_name_templates));
  if (!ggl && !f->expansion)
    plan_join_chevrons(fp, f);
  PlannedUse u = {.fact = f, .status = US_MAPPED, .available = true,
                  .hip = ggl ? "hipLaunchKernelGGL" : "<<<>>>", .library = "CUDA_Runtime", .kind = "launch"};
  vec_push(&fp->uses, u);
}

/* At one offset: insertions first, then the larger edit before one inside it. */
static int by_edit_offset(const void *a, const void *b) {
  const Edit *x = a, *y = b;
  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  if ((x->length == 0) != (y->length == 0))
    return x->length == 0 ? -1 : 1;
  return x->length != y->length ? (x->length > y->length ? -1 : 1) : 0;
}

/* Edits in order. An edit inside a larger one goes with it: the mask argument
 * a legacy warp call drops (`__ballot_sync(__activemask(), p)` -> `__ballot(p)`)
 * takes the rewrite of __activemask() inside it along. Edits that cross would
 * corrupt the text: a broken invariant, and the later one is dropped. */
static void order_edits(FilePlan *fp) {
  vec_sort(&fp->edits, by_edit_offset);
  size_t kept = 0;
  unsigned end = 0;
  for (size_t i = 0; i < fp->edits.len; i++) {
    Edit *e = &fp->edits.items[i];
    if (kept > 0 && e->offset < end) {
      assert(e->offset + e->length <= end);
      free(e->text);
      continue;
    }
    end = e->offset + e->length;
    fp->edits.items[kept++] = *e;
  }
  fp->edits.len = kept;
}

/* Whether fact i repeats an earlier one of its kind over the same bytes: an
 * index made with clang_createIndex(1, 0) gave each member read in an
 * instantiated template twice, which planned twice was wrapped twice. The
 * facts are in offset order, so an earlier twin sits just before. */
static bool repeats_earlier(const SourceFile *src, size_t i) {
  const Fact *f = &src->facts.items[i];
  for (size_t k = i; k-- > 0 && src->facts.items[k].offset == f->offset;) {
    const Fact *g = &src->facts.items[k];
    if (g->kind == f->kind && g->length == f->length && g->open == f->open)
      return true;
  }
  return false;
}

static void plan_file(FilePlan *fp, const RuleDb *db, const Hazards *hz, const PlanOptions *opt) {
  const SourceFile *src = fp->src;
  if (src->skip_reason) {
    add_finding(fp, D_SKIPPED_FILE, 0, src->rel, cm_xasprintf("not scanned: %s", src->skip_reason));
    return;
  }
  if (src->build) {
    plan_build_file(fp, db, opt);
    order_edits(fp);
    return;
  }
  if (src->not_utf8)
    add_finding(fp, D_NOT_UTF8, src->not_utf8_at, src->rel,
                cm_xstrdup("bytes that are not UTF-8 (Latin-1?): read and translated as they are, kept byte for byte"));
  if (src->parser == PARSER_LEXICAL && src->fallback_reason) /* a fallback, not the lexical mode asked for */
    add_finding(fp, D_PARSE_FALLBACK, src->fallback_offset, src->rel,
                cm_xasprintf("scanned lexically: %s", src->fallback_reason));
  for (size_t i = 0; i < src->facts.len; i++) {
    const Fact *f = &src->facts.items[i];
    if ((opt->skip_disabled && f->disabled) || repeats_earlier(src, i))
      continue;
    if (f->kind == FK_IDENT)
      plan_ident(fp, f, db, opt);
    else if (f->kind == FK_INCLUDE)
      plan_include(fp, f, db, opt);
    else if (f->kind == FK_LAUNCH)
      plan_launch(fp, f, opt);
    else if (f->kind == FK_MEMBER)
      plan_member(fp, f, db, opt);
  }
  plan_member_orders(fp, db, opt->target);
  hazards_apply(hz, fp, opt->target);
  plan_hazard_fixes(fp, db);
  plan_cache_hints(fp, db, opt->target);
  plan_runtime_include(fp, opt->runtime_in_place);
  plan_warp_enable(fp, db, opt->target);
  plan_wave_size(fp);
  plan_std_includes(fp);
  plan_type_headers(fp, db);
  plan_fenced_regions(fp);
  order_edits(fp);
}

/* Each finding reads its code, category, severity and effort from the rules. */
static void attach_info(FilePlan *fp, const RuleDb *db) {
  for (size_t i = 0; i < fp->findings.len; i++)
    if (!fp->findings.items[i].info)
      fp->findings.items[i].info = rl_diag_in(db, fp->findings.items[i].diag);
}

/* ---- effort, compatibility and the summary ---- */

static Contributor *contributor(Plan *p, const char *name, const char *category) {
  for (size_t i = 0; i < p->top.len; i++)
    if (strcmp(p->top.items[i].name, name) == 0 && strcmp(p->top.items[i].category, category) == 0)
      return &p->top.items[i];
  Contributor c = {.name = name, .category = category};
  vec_push(&p->top, c);
  return &p->top.items[p->top.len - 1];
}

/* EP_USE findings each cost; EP_API and EP_FILE cost once per subject. */
static void estimate(Plan *p) {
  for (size_t i = 0; i < p->files.len; i++) {
    FilePlan *fp = &p->files.items[i];
    for (size_t j = 0; j < fp->findings.len; j++) {
      Finding *f = &fp->findings.items[j];
      const DiagInfo *d = f->info;
      const char *subject = d->per == EP_FILE ? fp->src->rel : f->subject;
      Contributor *c = contributor(p, d->per == EP_USE ? d->code : subject, d->category);
      bool first = c->uses++ == 0;
      f->effort_hours = d->per == EP_USE || first ? d->effort_hours : 0.0;
      c->effort_hours += f->effort_hours;
      p->effort_hours += f->effort_hours;
    }
  }
}

static int by_effort(const void *a, const void *b) {
  const Contributor *x = a, *y = b;
  if (x->effort_hours != y->effort_hours)
    return x->effort_hours < y->effort_hours ? 1 : -1;
  return strcmp(x->name, y->name);
}

static bool available_in(const PlannedUse *u, Version release) {
  if (u->every_release)
    return true;
  if (u->rule)
    return rl_availability(u->rule, release) == AV_MAPPED;
  return u->status == US_MAPPED; /* headers and launches carry no release */
}

static const char *use_key(const PlannedUse *u) { return u->fact->kind == FK_LAUNCH ? "<<<>>>" : u->fact->name; }

/* Unique APIs: each distinct name once, available when its first use is. */
static void compatibility(Plan *p, const RuleDb *db) {
  VEC(const PlannedUse *) unique = {0};
  for (size_t i = 0; i < p->files.len; i++)
    for (size_t j = 0; j < p->files.items[i].uses.len; j++) {
      const PlannedUse *u = &p->files.items[i].uses.items[j];
      size_t k = 0;
      while (k < unique.len && strcmp(use_key(unique.items[k]), use_key(u)) != 0)
        k++;
      if (k == unique.len)
        vec_push(&unique, u);
    }
  p->unique_apis = unique.len;
  for (size_t r = 0; r < rl_release_count(db); r++) {
    Version v = rl_release(db, r);
    size_t avail = 0, avail_unique = 0;
    for (size_t i = 0; i < p->files.len; i++)
      for (size_t j = 0; j < p->files.items[i].uses.len; j++)
        avail += available_in(&p->files.items[i].uses.items[j], v);
    for (size_t k = 0; k < unique.len; k++)
      avail_unique += available_in(unique.items[k], v);
    Compat c = {v, p->uses ? 100.0 * (double)avail / (double)p->uses : 100.0,
                unique.len ? 100.0 * (double)avail_unique / (double)unique.len : 100.0};
    vec_push(&p->compat, c);
  }
  vec_free(&unique);
}

Status pl_build(const Facts *facts, const RuleDb *db, const PlanOptions *opt, Plan *out) {
  Hazards *hz;
  Status st = hazards_compile(db, &hz);
  if (st)
    return st;
  *out = (Plan){.target = opt->target, .target_why = cm_xstrdup(opt->target_why ? opt->target_why : "asked for"),
                .facts = facts};
  for (size_t i = 0; i < facts->files.len; i++) {
    FilePlan fp = {.src = facts->files.items[i]};
    plan_file(&fp, db, hz, opt);
    attach_info(&fp, db);
    out->build_files += fp.src->build != BUILD_NONE;
    for (size_t j = 0; j < fp.uses.len; j++) {
      out->uses++;
      out->mapped_uses += fp.uses.items[j].available;
    }
    vec_push(&out->files, fp);
  }
  out->unmapped_uses = out->uses - out->mapped_uses;
  hazards_free(hz);
  estimate(out);
  vec_sort(&out->top, by_effort);
  compatibility(out, db);
  return ST_OK;
}

void pl_free(Plan *p) {
  for (size_t i = 0; i < p->files.len; i++) {
    FilePlan *fp = &p->files.items[i];
    for (size_t j = 0; j < fp->uses.len; j++)
      free(fp->uses.items[j].owned_hip);
    for (size_t j = 0; j < fp->findings.len; j++) {
      free(fp->findings.items[j].subject);
      free(fp->findings.items[j].message);
    }
    for (size_t j = 0; j < fp->edits.len; j++)
      free(fp->edits.items[j].text);
    vec_free(&fp->uses);
    vec_free(&fp->findings);
    vec_free(&fp->edits);
  }
  vec_free(&p->files);
  vec_free(&p->compat);
  vec_free(&p->top);
  free(p->target_why);
}


static bool in_list(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *p = list; *p;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (len == n && strncmp(p, name, n) == 0)
      return true;
    p += len + (comma != NULL);
  }
  return false;
}

bool pl_known_categories(const RuleDb *db, const char *categories, const char **bad) {
  static _Thread_local char first_bad[64];
  for (const char *p = categories; *p;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (!rl_known_category(db, p, len) && !(len == 3 && strncmp(p, "any", 3) == 0)) {
      snprintf(first_bad, sizeof first_bad, "%.*s", (int)len, p);
      *bad = first_bad;
      return false;
    }
    p += len + (comma != NULL);
  }
  return true;
}

size_t pl_count_categories(const Plan *p, const char *categories) {
  size_t n = 0;
  for (size_t i = 0; i < p->files.len; i++)
    for (size_t j = 0; j < p->files.items[i].findings.len; j++) {
      const char *cat = p->files.items[i].findings.items[j].info->category;
      n += in_list(categories, "any") || in_list(categories, cat);
    }
  return n;
}
