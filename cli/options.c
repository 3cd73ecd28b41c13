/* The option reader every subcommand shares: getopt_long over the tables of
 * the groups a command reads (its own, the pipeline's, the terminal's), so
 * `--opt value`, `--opt=value`, `-kVALUE`, `-k VALUE`, options after operands and
 * `--` ending options work alike everywhere. Long names must be given whole: an
 * abbreviation that is unambiguous today becomes ambiguous when an option is
 * added, and scripts would break. Each usage error is one line naming the
 * argument, exit code 2. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli_p.h"

/* What getopt_long needs, built from the groups: an option's val is 256 + its
 * index in the flattened list, so long options find their group at once. */
typedef struct {
  VEC(struct option) longopts;
  VEC(const CliOption *) all;
  VEC(size_t) group_of;
  Buf shorts;
} Getopt;

static void add_option(Getopt *g, const CliOption *o, size_t group) {
  int index = (int)g->all.len;
  vec_push(&g->all, o);
  vec_push(&g->group_of, group);
  if (o->name)
    vec_push(&g->longopts, ((struct option){o->name, o->value ? required_argument : no_argument, NULL, 256 + index}));
  if (o->key > 0 && o->key < 256)
    buf_printf(&g->shorts, "%c%s", o->key, o->value ? ":" : "");
}

/* -h and --help, which every command reads: getopt finds them like any option,
 * so "-h" as an option's value (--cache-dir -h) stays a value, and after `--`
 * an operand. cli_parse stops there, with cause CLI_HELP. */
static const CliOption help_option = {"help", 'h', false, false};

/* "-" reads operands in order (no permutation, whatever POSIXLY_CORRECT says),
 * ":" reports a missing value apart from an unknown option, and getopt itself
 * prints nothing: the messages are ours. */
static void build(Getopt *g, const CliParse *p) {
  *g = (Getopt){0};
  buf_puts(&g->shorts, "-:");
  for (size_t i = 0; i < p->ngroups; i++)
    for (size_t j = 0; j < p->groups[i].n; j++)
      add_option(g, &p->groups[i].options[j], i);
  add_option(g, &help_option, p->ngroups);
  vec_push(&g->longopts, ((struct option){0}));
}

static void getopt_free(Getopt *g) {
  vec_free(&g->longopts);
  vec_free(&g->all);
  vec_free(&g->group_of);
  buf_free(&g->shorts);
}

/* The first option with this key (a short option's letter), or -1. */
static int find_key(const Getopt *g, int key) {
  for (size_t i = 0; i < g->all.len; i++)
    if (g->all.items[i]->key == key)
      return (int)i;
  return -1;
}

/* clang spells some long options with one dash (-include FILE): such an
 * argument is read as its two-dash form. */
static char *one_dash_form(const Getopt *g, const char *arg) {
  if (arg[0] != '-' || arg[1] == '-' || !arg[1])
    return NULL;
  size_t n = strcspn(arg + 1, "=");
  for (size_t i = 0; i < g->all.len; i++) {
    const CliOption *o = g->all.items[i];
    if (o->one_dash && o->name && strlen(o->name) == n && strncmp(o->name, arg + 1, n) == 0)
      return cm_xasprintf("-%s", arg);
  }
  return NULL;
}

/* A long option given whole, not abbreviated. */
static bool whole_name(const char *arg, const char *name) {
  size_t n = strcspn(arg + 2, "=");
  return strncmp(arg, "--", 2) == 0 && strlen(name) == n && strncmp(arg + 2, name, n) == 0;
}

typedef struct {
  const CliParse *p;
  const char *cmd;
  Getopt g;
  char **orig, **argv;   /* as given, and a copy with one-dash forms rewritten */
  VEC(char *) owned;
} Reader;

static Status unknown(const Reader *r, const char *arg) {
  if (r->p->unknown)
    return r->p->unknown(r->p->groups[0].ctx, arg);
  return opt_unknown(r->cmd, arg);
}

/* A value joined to a rewritten argument (-o=X read as --o=X) lies in the
 * copy, which goes when reading ends: the same bytes of the argument as given
 * last as long as the caller needs them. */
static const char *lasting(const Reader *r, int at, const char *value) {
  const char *copy = r->argv[at];
  if (!value || copy == r->orig[at] || value < copy || value > copy + strlen(copy))
    return value;
  return r->orig[at] + (value - copy) - 1;
}

/* One getopt_long step's result, handed to its group. */
static Status dispatch(Reader *r, int c, int at, int longindex) {
  const char *arg = r->orig[at];
  if (c == 1)
    return r->p->groups[0].set(r->p->groups[0].ctx, r->cmd, CLI_OPERAND, optarg);
  if (c == ':')
    return cm_fail(ST_USAGE, "%s: option %s needs a value (see hipport %s --help)", r->cmd, arg, r->cmd);
  int index = c >= 256 ? c - 256 : c == '?' ? -1 : find_key(&r->g, c);
  if (index < 0 || (longindex >= 0 && !whole_name(r->argv[at], r->g.all.items[index]->name)))
    return unknown(r, arg);
  if (r->g.all.items[index] == &help_option)
    return cm_fail_cause(ST_USAGE, CLI_HELP, "%s: help asked for", r->cmd);
  const CliGroup *grp = &r->p->groups[r->g.group_of.items[index]];
  return grp->set(grp->ctx, r->cmd, r->g.all.items[index]->key, lasting(r, at, optarg));
}

static Status read_options(Reader *r, int argc) {
  Status st = ST_OK;
  int c = 0, in_cluster = -1;
  optind = 0; /* glibc: start afresh, whatever an earlier parse left */
  opterr = 0;
  while (c != -1) {
    int at = optind ? optind : 1, longindex = -1;
    char *rewritten = at < argc && at != in_cluster ? one_dash_form(&r->g, r->argv[at]) : NULL;
    if (rewritten) {
      vec_push(&r->owned, rewritten);
      r->argv[at] = rewritten;
    }
    c = getopt_long(argc, r->argv, buf_cstr(&r->g.shorts), r->g.longopts.items, &longindex);
    in_cluster = optind == at ? at : -1; /* -qx: getopt stays on the argument */
    if (c != -1 && (st = dispatch(r, c, at, longindex)))
      return st;
    while (c == '?' && in_cluster == at && optind == at) /* the rest of an unknown cluster goes with it */
      c = getopt_long(argc, r->argv, buf_cstr(&r->g.shorts), r->g.longopts.items, &longindex);
  }
  return ST_OK;
}

/* After `--`: operands, or the caller's (hipify's clang options). */
static Status read_rest(Reader *r, int argc) {
  if (r->p->rest) {
    *r->p->rest = optind;
    return ST_OK;
  }
  Status st = ST_OK;
  for (int i = optind; i < argc && !st; i++)
    st = r->p->groups[0].set(r->p->groups[0].ctx, r->cmd, CLI_OPERAND, r->orig[i]);
  return st;
}

Status cli_parse(const CliParse *p, int argc, char **argv) {
  Reader r = {.p = p, .cmd = argv[0], .orig = argv};
  build(&r.g, p);
  r.argv = cm_xcalloc((size_t)argc + 1, sizeof *r.argv);
  memcpy(r.argv, argv, (size_t)argc * sizeof *argv);
  Status st = read_options(&r, argc);
  if (!st)
    st = read_rest(&r, argc);
  for (size_t i = 0; i < r.owned.len; i++)
    free(r.owned.items[i]);
  vec_free(&r.owned);
  free(r.argv);
  getopt_free(&r.g);
  return st;
}

Status opt_unknown(const char *cmd, const char *arg) {
  if (arg[0] == '-')
    return cm_fail(ST_USAGE, "%s: unknown option '%s' (see hipport %s --help)", cmd, arg, cmd);
  return cm_fail(ST_USAGE, "%s: unexpected argument '%s' (see hipport %s --help)", cmd, arg, cmd);
}

Status print_usage(const Command *c) {
  fputs(c->usage, stdout);
  return ST_OK;
}
