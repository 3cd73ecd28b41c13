/* Hazards from the rule database. PCRE2 rows match over a file's code with
 * comments and strings blanked (so a name in a comment is not a hazard); AST rows
 * pick the analyzer's facts of one kind, optionally filtered by a PCRE2 pattern
 * on the fact's name ("member:^cudaDeviceProp\\.(?:warpSize|major)$"). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "plan_p.h"

typedef struct {
  const HazardRule *rule;
  pcre2_code *re;        /* the pattern, or an AST row's name filter; may be NULL */
  FactKind fact_kind;    /* AST rows */
} Compiled;

struct Hazards {
  VEC(Compiled) items;
  pcre2_match_data *md;
};

/* ORDER AST_CHECKS: the names hazards.csv may use after "ast". */
static const struct {
  const char *name;
  FactKind kind;
} ast_checks[] = {
    {"inline-asm", FK_ASM},
    {"device-launch", FK_DEVICE_LAUNCH},
    {"member", FK_MEMBER},
};

static Status compile_pattern(const char *pattern, size_t len, pcre2_code **out) {
  int err;
  PCRE2_SIZE at;
  *out = pcre2_compile((PCRE2_SPTR)pattern, len, PCRE2_UTF | PCRE2_MULTILINE, &err, &at, NULL);
  if (*out) {
    pcre2_jit_compile(*out, PCRE2_JIT_COMPLETE);
    return ST_OK;
  }
  PCRE2_UCHAR msg[256];
  pcre2_get_error_message(err, msg, sizeof msg);
  return cm_fail(ST_ENV, "hazard pattern '%s' at %zu: %s (fix rules/data/hazards.csv)", pattern, (size_t)at, msg);
}

static Status compile_ast(const HazardRule *h, Compiled *c) {
  const char *colon = strchr(h->pattern, ':');
  size_t n = colon ? (size_t)(colon - h->pattern) : strlen(h->pattern);
  for (size_t i = 0; i < sizeof ast_checks / sizeof *ast_checks; i++)
    if (strlen(ast_checks[i].name) == n && strncmp(ast_checks[i].name, h->pattern, n) == 0) {
      c->fact_kind = ast_checks[i].kind;
      return colon ? compile_pattern(colon + 1, PCRE2_ZERO_TERMINATED, &c->re) : ST_OK;
    }
  return cm_fail(ST_ENV, "hazard check '%.*s' is not one the analyzer has (fix rules/data/hazards.csv)", (int)n,
                 h->pattern);
}

Status hazards_compile(const RuleDb *db, Hazards **out) {
  Hazards *hz = cm_xcalloc(1, sizeof *hz);
  Status st = ST_OK;
  for (size_t i = 0; i < rl_hazard_count(db) && !st; i++) {
    Compiled c = {.rule = rl_hazard(db, i)};
    st = c.rule->check == HC_AST ? compile_ast(c.rule, &c) : compile_pattern(c.rule->pattern, PCRE2_ZERO_TERMINATED, &c.re);
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

static void apply_ast(const Compiled *c, pcre2_match_data *md, FilePlan *fp) {
  const SourceFile *src = fp->src;
  for (size_t i = 0; i < src->facts.len; i++) {
    const Fact *f = &src->facts.items[i];
    if (f->kind != c->fact_kind || !matches(c, md, f->name))
      continue;
    char *msg;
    if (f->kind == FK_ASM)
      msg = *f->name ? cm_xasprintf("%s (PTX: %s)", c->rule->message, f->name) : cm_xstrdup(c->rule->message);
    else
      msg = cm_xasprintf("%s: %s", strchr(f->name, '.') ? strchr(f->name, '.') + 1 : f->name, c->rule->message);
    add_finding(fp, c->rule->diag, f->offset, *f->name ? f->name : "asm", msg);
  }
}

static void apply_pcre(const Compiled *c, pcre2_match_data *md, FilePlan *fp) {
  const char *code = fp->src->code_only;
  size_t len = fp->src->len, at = 0;
  while (at <= len && pcre2_match(c->re, (PCRE2_SPTR)code, len, at, 0, md, NULL) >= 0) {
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    size_t n = ov[1] - ov[0], line = strcspn(code + ov[0], "\r\n");
    char *text = cm_xstrndup(code + ov[0], line < n ? line : n);
    add_finding(fp, c->rule->diag, (unsigned)ov[0], text, cm_xasprintf("'%s': %s", text, c->rule->message));
    free(text);
    at = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
  }
}

void hazards_apply(const Hazards *hz, FilePlan *fp) {
  for (size_t i = 0; i < hz->items.len; i++) {
    const Compiled *c = &hz->items.items[i];
    if (c->rule->check == HC_AST)
      apply_ast(c, hz->md, fp);
    else if (fp->src->code_only)
      apply_pcre(c, hz->md, fp);
  }
}
