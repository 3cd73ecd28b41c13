/* Hazards from the rule database. PCRE2 rows match over a file's code with
 * comments and strings blanked (so a name in a comment is not a hazard); AST rows
 * pick the analyzer's facts of one kind, optionally filtered by a PCRE2 pattern
 * on the fact's name ("member:^cudaDeviceProp\\.(?:warpSize|major)$"). A row
 * applies to the targets in its release window; where a match lies in a constant
 * expression, a row's constant_message says what to do there instead. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "plan_p.h"

typedef struct {
  const HazardRule *rule;
  pcre2_code *re;        /* the pattern, or an AST row's name filter; may be NULL */
  FactKind fact_kind;    /* AST rows */
  bool in_constant;      /* AST rows: only facts where a constant expression is required */
} Compiled;

struct Hazards {
  VEC(Compiled) items;
  pcre2_match_data *md;
};

/* ORDER AST_CHECKS: the names hazards.csv may use after "ast". */
static const struct {
  const char *name;
  FactKind kind;
  bool in_constant;
} ast_checks[] = {
    {"inline-asm", FK_ASM, false},
    {"device-launch", FK_DEVICE_LAUNCH, false},
    {"member", FK_MEMBER, false},
    {"constant", FK_IDENT, true},
    {"std-header", FK_STD_NAME, false},
    {"include", FK_INCLUDE, false},
};

/* Where a bad pattern is to be fixed: a user's file and line, or hazards.csv. */
static Status bad_pattern(const HazardRule *h, const char *pattern, size_t at, const char *msg) {
  if (h->origin)
    return cm_fail(ST_INPUT, "%s: bad regular expression at offset %zu: %s", h->origin, at, msg);
  return cm_fail(ST_ENV, "hazard pattern '%s' at %zu: %s (fix rules/data/hazards.csv)", pattern, at, msg);
}

static Status compile_pattern(const HazardRule *h, const char *pattern, pcre2_code **out) {
  int err;
  PCRE2_SIZE at;
  *out = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_MULTILINE, &err, &at, NULL);
  if (*out) {
    pcre2_jit_compile(*out, PCRE2_JIT_COMPLETE);
    return ST_OK;
  }
  PCRE2_UCHAR msg[256];
  pcre2_get_error_message(err, msg, sizeof msg);
  return bad_pattern(h, pattern, (size_t)at, (const char *)msg);
}

static Status compile_ast(const HazardRule *h, Compiled *c) {
  const char *colon = strchr(h->pattern, ':');
  size_t n = colon ? (size_t)(colon - h->pattern) : strlen(h->pattern);
  for (size_t i = 0; i < sizeof ast_checks / sizeof *ast_checks; i++)
    if (strlen(ast_checks[i].name) == n && strncmp(ast_checks[i].name, h->pattern, n) == 0) {
      c->fact_kind = ast_checks[i].kind;
      c->in_constant = ast_checks[i].in_constant;
      return colon ? compile_pattern(h, colon + 1, &c->re) : ST_OK;
    }
  if (h->origin)
    return cm_fail(ST_INPUT, "%s: check '%.*s' is not one the analyzer has", h->origin, (int)n, h->pattern);
  return cm_fail(ST_ENV, "hazard check '%.*s' is not one the analyzer has (fix rules/data/hazards.csv)", (int)n,
                 h->pattern);
}

Status hazards_compile(const RuleDb *db, Hazards **out) {
  Hazards *hz = cm_xcalloc(1, sizeof *hz);
  Status st = ST_OK;
  for (size_t i = 0; i < rl_hazard_count(db) && !st; i++) {
    Compiled c = {.rule = rl_hazard(db, i)};
    st = c.rule->check == HC_AST ? compile_ast(c.rule, &c) : compile_pattern(c.rule, c.rule->pattern, &c.re);
    vec_push(&hz->items, c);
  }
  hz->md = pcre2_match_data_create(4, NULL);
  if (st) {
    hazards_free(hz);
    return st;
  }
  *out = hz;
  return ST_OK;
}

void hazards_free(Hazards *hz) {
  if (!hz)
    return;
  for (size_t i = 0; i < hz->items.len; i++)
    pcre2_code_free(hz->items.items[i].re);
  vec_free(&hz->items);
  pcre2_match_data_free(hz->md);
  free(hz);
}

static bool matches(const Compiled *c, pcre2_match_data *md, const char *s) {
  return !c->re || pcre2_match(c->re, (PCRE2_SPTR)s, PCRE2_ZERO_TERMINATED, 0, 0, md, NULL) >= 0;
}

/* A user hazard reports under its own code, category, severity and effort. */
static void found(const Compiled *c, FilePlan *fp, unsigned offset, const char *subject, char *msg) {
  Finding *f = add_finding(fp, c->rule->diag, offset, subject, msg);
  if (f)
    f->info = c->rule->info;
}

static char *ast_message(const Compiled *c, const SourceFile *src, const Fact *f) {
  const char *msg = c->rule->message;
  switch (f->kind) {
  case FK_ASM:
    return *f->name ? cm_xasprintf("%s (PTX: %s)", msg, f->name) : cm_xstrdup(msg);
  case FK_IDENT:
    return cm_xasprintf("%s in %s: %s", f->name, an_constant_at(src, f->offset), msg);
  case FK_STD_NAME:
    return cm_xasprintf("'%.*s' is declared in <%s>, which this file has only through the CUDA headers: %s",
                        (int)f->length, src->text + f->offset, f->name, msg);
  case FK_INCLUDE:
    return cm_xasprintf("<%s>: %s", f->name, msg);
  default:
    return cm_xasprintf("%s: %s", strchr(f->name, '.') ? strchr(f->name, '.') + 1 : f->name, msg);
  }
}

static void apply_ast(const Compiled *c, pcre2_match_data *md, FilePlan *fp) {
  const SourceFile *src = fp->src;
  for (size_t i = 0; i < src->facts.len; i++) {
    const Fact *f = &src->facts.items[i];
    if (f->kind != c->fact_kind || f->own || !matches(c, md, f->name) || (c->in_constant && !an_constant_at(src, f->offset)))
      continue;
    found(c, fp, f->offset, *f->name ? f->name : "asm", ast_message(c, src, f));
  }
}

static void apply_pcre(const Compiled *c, pcre2_match_data *md, FilePlan *fp) {
  const char *code = fp->src->code_only;
  size_t len = fp->src->len, at = 0;
  while (at <= len && pcre2_match(c->re, (PCRE2_SPTR)code, len, at, 0, md, NULL) >= 0) {
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    size_t n = ov[1] - ov[0], line = strcspn(code + ov[0], "\r\n");
    char *text = cm_xstrndup(code + ov[0], line < n ? line : n);
    const char *constant = *c->rule->constant_message ? an_constant_at(fp->src, (unsigned)ov[0]) : NULL;
    found(c, fp, (unsigned)ov[0], text,
          constant ? cm_xasprintf("'%s' in %s: %s", text, constant, c->rule->constant_message)
                   : cm_xasprintf("'%s': %s", text, c->rule->message));
    free(text);
    at = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
  }
}

void hazards_apply(const Hazards *hz, FilePlan *fp, Version target) {
  for (size_t i = 0; i < hz->items.len; i++) {
    const Compiled *c = &hz->items.items[i];
    if (!rl_hazard_applies(c->rule, target))
      continue;
    if (c->rule->check == HC_AST)
      apply_ast(c, hz->md, fp);
    else if (fp->src->code_only)
      apply_pcre(c, hz->md, fp);
  }
}
