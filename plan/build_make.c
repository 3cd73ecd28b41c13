/* A Makefile that builds CUDA, planned to build HIP with hipcc.
 *
 * From the analyzer's logical lines it learns three sets of variables: those
 * whose value runs nvcc (NVCC = nvcc, CC = /usr/local/cuda/bin/nvcc), those an
 * nvcc line uses (their values are nvcc options: NVCCFLAGS = -arch=sm_70), and
 * those holding the CUDA toolkit's root (the rule database's cuda_path names,
 * or a value that is /usr/local/cuda). Then it rewrites: nvcc -> hipcc; nvcc's
 * options in those variables and on the lines that run nvcc -> hipcc's, from
 * the nvcc_options table; -l<CUDA library> -> -l<HIP library> on any line; the
 * CUDA root's variable -> ROCM_PATH, /usr/local/cuda -> /opt/rocm and its
 * lib64 -> lib. hipcc compiles .cu files as HIP by their suffix, so recipes
 * need nothing more for them; a C or C++ compiler that builds a source that is
 * CUDA (main.c calling the runtime) gains what HIP's headers need outside hipcc. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "plan_p.h"

#define CUDA_ROOT "/usr/local/cuda"
#define ROCM_ROOT "/opt/rocm"

typedef struct {
  BuildPort *P;
  const SourceFile *src;
  BuildToks nvcc_vars, flag_vars, path_vars, host_vars; /* host_vars: set to a C or C++ compiler */
  const BuildName *host;  /* the compiler the last of host_vars runs */
  bool arch;   /* some option names the GPU target: else hipcc is given the plan's */
  bool fragment; /* included by other Makefiles (*.mk, rodinia's make.config), which use its variables */
} Mk;

static bool eq(const char *s, size_t n, const char *word) { return strlen(word) == n && memcmp(s, word, n) == 0; }

static bool tok_in(const BuildToks *set, const char *s, size_t n) {
  for (size_t i = 0; i < set->len; i++)
    if (set->items[i].n == n && memcmp(set->items[i].s, s, n) == 0)
      return true;
  return false;
}

static bool add_tok(BuildToks *set, const char *s, size_t n) {
  if (tok_in(set, s, n))
    return false;
  vec_push(set, ((BuildTok){s, n}));
  return true;
}

static BuildTok name_of(const Mk *M, const BuildCommand *c) {
  return (BuildTok){M->P->t + c->start, c->name_end - c->start};
}

static bool assigns(const BuildCommand *c) { return c->value != BUILD_NO_VALUE; }

/* Where the program name starts in a word that runs a command: past @, - and +. */
static size_t command_lead(const char *s, size_t n) {
  size_t lead = 0;
  while (lead < n && (s[lead] == '@' || s[lead] == '-' || s[lead] == '+'))
    lead++;
  return lead;
}

/* The program of that kind a word runs, named alone or at the end of a path
 * (/usr/local/cuda/bin/nvcc, $(CUDA_PATH)/bin/nvcc, @nvcc, /usr/bin/g++);
 * NULL: none. */
static const BuildName *program_run(const Mk *M, const char *s, size_t n, BuildNameKind kind) {
  size_t lead = command_lead(s, n);
  s += lead, n -= lead;
  const char *slash = memrchr(s, '/', n);
  if (slash)
    n -= (size_t)(slash + 1 - s), s = slash + 1;
  const BuildName *b = rl_build_name(M->P->db, BS_MAKE, s, n);
  return b && b->kind == kind ? b : NULL;
}

/* The CUDA compiler a word runs (the rule database's compiler names). */
static const BuildName *compiler_run(const Mk *M, const char *s, size_t n) {
  return program_run(M, s, n, BN_COMPILER);
}

/* The C or C++ compiler a program name runs (gcc, /usr/bin/g++). */
static const BuildName *host_program(const Mk *M, const char *s, size_t n) {
  return program_run(M, s, n, BN_HOST_COMPILER);
}

/* Calls fn for each $(NAME) or ${NAME} in [s, s+n): at the '$', the name. */
static void each_ref(const char *s, size_t n, void (*fn)(void *ctx, size_t at, size_t len, BuildTok name), void *ctx) {
  for (size_t i = 0; i + 1 < n; i++) {
    if (s[i] != '$' || (s[i + 1] != '(' && s[i + 1] != '{'))
      continue;
    char close = s[i + 1] == '(' ? ')' : '}';
    size_t j = i + 2;
    while (j < n && s[j] != close && s[j] != '$' && s[j] != ' ' && s[j] != ':')
      j++;
    if (j < n && s[j] == close)
      fn(ctx, i, j + 1 - i, (BuildTok){s + i + 2, j - i - 2});
  }
}

typedef struct {
  const BuildToks *set;
  bool found;
} RefIn;

static void ref_in(void *ctx, size_t at, size_t len, BuildTok name) {
  RefIn *r = ctx;
  (void)at, (void)len;
  r->found |= tok_in(r->set, name.s, name.n);
}

static bool word_runs_nvcc(const Mk *M, const BuildWord *w) {
  const char *s = M->P->t + w->start;
  size_t n = w->end - w->start;
  RefIn r = {&M->nvcc_vars, false};
  each_ref(s, n, ref_in, &r);
  return compiler_run(M, s, n) || r.found;
}

static bool line_runs_nvcc(const Mk *M, const BuildCommand *c) {
  for (size_t k = 0; k < c->words.len; k++)
    if (word_runs_nvcc(M, &c->words.items[k]))
      return true;
  return false;
}

/* Lines whose words are nvcc's: those that run it, and the values of the
 * variables that do or that such a line uses. */
static bool nvcc_line(const Mk *M, const BuildCommand *c) {
  if (assigns(c)) {
    BuildTok name = name_of(M, c);
    if (tok_in(&M->nvcc_vars, name.s, name.n) || tok_in(&M->flag_vars, name.s, name.n))
      return true;
  }
  return line_runs_nvcc(M, c);
}

/* $(CUDA_HOME) used where the file never sets it (the environment does): the
 * rule database's name for the CUDA root is one wherever it comes from, unless
 * the file includes another Makefile, which may set it and keep its name. */
static void add_root_ref(void *ctx, size_t at, size_t len, BuildTok name) {
  Mk *M = ctx;
  (void)at, (void)len;
  const BuildName *bn = rl_build_name(M->P->db, BS_MAKE, name.s, name.n);
  if (bn && bn->kind == BN_CUDA_PATH && !M->src->includes_makefiles)
    add_tok(&M->path_vars, name.s, name.n);
}

/* $(CODE_GEN_$(NV_ARCH)): a name made of a prefix and another variable's value
 * names any variable of the prefix; those assigned here are the line's too. */
static bool add_prefixed(Mk *M, const BuildWord *w) {
  const char *t = M->P->t;
  bool grew = false;
  for (size_t i = w->start; i + 2 < w->end; i++) {
    if (t[i] != '$' || (t[i + 1] != '(' && t[i + 1] != '{'))
      continue;
    size_t j = i + 2;
    while (j < w->end && t[j] != '$' && t[j] != ')' && t[j] != '}' && t[j] != ' ')
      j++;
    if (j == w->end || t[j] != '$' || j == i + 2)
      continue;
    for (size_t k = 0; k < M->src->commands.len; k++) {
      const BuildCommand *c = &M->src->commands.items[k];
      BuildTok name = name_of(M, c);
      if (assigns(c) && name.n > j - i - 2 && memcmp(name.s, t + i + 2, j - i - 2) == 0)
        grew |= add_tok(&M->flag_vars, name.s, name.n);
    }
  }
  return grew;
}

static void add_ref(void *ctx, size_t at, size_t len, BuildTok name) {
  bool *grew = ((void **)ctx)[1];
  (void)at, (void)len;
  *grew |= add_tok(((void **)ctx)[0], name.s, name.n);
}

/* A flag variable's name says so (NVCCFLAGS: the rule database's flags names
 * and make's FLAGS), whether or not a line here uses it. */
static bool flag_name(const Mk *M, BuildTok n) {
  return rl_build_name_in(M->P->db, BS_MAKE, BN_FLAGS, n.s, n.n, true) && memmem(n.s, n.n, "FLAGS", 5);
}

static bool is_cuda_root(const char *s, size_t n) {
  size_t r = strlen(CUDA_ROOT);
  return n >= r && memcmp(s, CUDA_ROOT, r) == 0 && (n == r || s[r] == '/' || s[r] == '-');
}

static void learn(Mk *M) {
  const SourceFile *f = M->src;
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < f->commands.len; i++) {
      const BuildCommand *c = &f->commands.items[i];
      BuildTok name = name_of(M, c);
      if (assigns(c) && line_runs_nvcc(M, c))
        grew |= add_tok(&M->nvcc_vars, name.s, name.n);
      if (assigns(c) && flag_name(M, name))
        grew |= add_tok(&M->flag_vars, name.s, name.n);
      const BuildName *host = assigns(c) && c->words.len ? host_program(M, M->P->t + c->words.items[0].start,
                                                                       c->words.items[0].end - c->words.items[0].start)
                                                         : NULL;
      if (host && add_tok(&M->host_vars, name.s, name.n))
        M->host = host;
      if (!nvcc_line(M, c))
        continue;
      void *ctx[2] = {&M->flag_vars, &grew};
      for (size_t k = 0; k < c->words.len; k++) {
        each_ref(M->P->t + c->words.items[k].start, c->words.items[k].end - c->words.items[k].start, add_ref, ctx);
        grew |= add_prefixed(M, &c->words.items[k]);
      }
    }
  }
  for (size_t i = 0; i < f->commands.len; i++) {
    const BuildCommand *c = &f->commands.items[i];
    for (size_t k = 0; k < c->words.len; k++) {
      each_ref(M->P->t + c->words.items[k].start, c->words.items[k].end - c->words.items[k].start, add_root_ref, M);
      const char *s = M->P->t + c->words.items[k].start, *val;
      size_t n = c->words.items[k].end - c->words.items[k].start, vn;
      const NvccOption *o = rl_nvcc_option(M->P->db, s, n, &val, &vn);
      M->arch |= (o && o->action == NA_ARCH) || memmem(s, n, "--offload-arch", 14);
    }
    BuildTok name = name_of(M, c);
    const BuildName *bn = assigns(c) ? rl_build_name(M->P->db, BS_MAKE, name.s, name.n) : NULL;
    const BuildWord *v = c->words.len ? &c->words.items[0] : NULL;
    if ((bn && bn->kind == BN_CUDA_PATH) ||
        (assigns(c) && v && is_cuda_root(M->P->t + v->start, v->end - v->start) && !compiler_run(M, M->P->t + v->start, v->end - v->start)))
      add_tok(&M->path_vars, name.s, name.n);
  }
}

/* ---- Rewrites ---- */

#define SAID(M, at, ...) bp_note((M)->P, D_BUILD_PORTED, (at), __VA_ARGS__)

/* nvcc -> hipcc, whatever path named it: hipcc is found on PATH. Where no
 * option names the GPU, nvcc's default (an sm number) has an AMD counterpart
 * only by choice: the plan's target, so that no GPU is needed to build. */
static void port_compiler(Mk *M, const BuildWord *w) {
  const char *s = M->P->t + w->start;
  size_t n = w->end - w->start, lead = command_lead(s, n);
  const BuildName *cc = compiler_run(M, s, n);
  if (!cc)
    return;
  char *hip = M->arch ? cm_xstrdup(cc->hip) : cm_xasprintf("%s --offload-arch=%s", cc->hip, M->P->arch);
  if (bp_replace(M->P, w->start + lead, w->end, hip))
    SAID(M, w->start, "%.*s -> %s%s", (int)(n - lead), s + lead, hip,
         M->arch ? "" : ": nothing named the GPU, so the AMD target is named here");
  free(hip);
}

typedef struct {
  Mk *M;
  size_t base, end;   /* the word in the text */
} PathCtx;

/* The root ends at e: its lib64 is ROCm's lib. */
static void port_lib64(Mk *M, size_t e, size_t end) {
  const char *t = M->P->t;
  if (e + 6 <= end && memcmp(t + e, "/lib64", 6) == 0 && (e + 6 == end || t[e + 6] == '/' || t[e + 6] == '"'))
    bp_replace(M->P, e, e + 6, "/lib");
}

static void port_path_ref(void *ctx, size_t at, size_t len, BuildTok name) {
  PathCtx *p = ctx;
  if (!tok_in(&p->M->path_vars, name.s, name.n))
    return;
  if (!eq(name.s, name.n, "ROCM_PATH") && !p->M->fragment)
    bp_replace(p->M->P, p->base + at, p->base + at + len, "$(ROCM_PATH)");
  port_lib64(p->M, p->base + at + len, p->end);
}

/* The CUDA root in a word: its variable -> $(ROCM_PATH), /usr/local/cuda[-12.2] ->
 * /opt/rocm, and the root's lib64 -> lib (ROCm's libraries are in lib). */
static void port_paths(Mk *M, const BuildWord *w) {
  const char *t = M->P->t;
  PathCtx ctx = {M, w->start, w->end};
  each_ref(t + w->start, w->end - w->start, port_path_ref, &ctx);
  for (size_t i = w->start; i < w->end; i++) {
    if (!is_cuda_root(t + i, w->end - i) || (i > w->start && strchr("=LI,:\"'", t[i - 1]) == NULL))
      continue;
    size_t e = i + strlen(CUDA_ROOT);
    if (e < w->end && t[e] == '-')
      while (e < w->end && t[e] != '/' && t[e] != '"' && t[e] != '\'')
        e++;
    if (bp_replace(M->P, i, e, ROCM_ROOT))
      SAID(M, i, "%.*s -> " ROCM_ROOT, (int)(e - i), t + i);
    port_lib64(M, e, w->end);
  }
}

/* NAME of the CUDA root -> ROCM_PATH; in a fragment the name stays (its value
 * becomes ROCm's), as the Makefiles that include it use it by that name. */
static void port_path_var(Mk *M, const BuildCommand *c) {
  BuildTok name = name_of(M, c);
  if (!assigns(c) || !tok_in(&M->path_vars, name.s, name.n) || eq(name.s, name.n, "ROCM_PATH") || M->fragment)
    return;
  if (bp_replace(M->P, c->start, c->name_end, "ROCM_PATH"))
    SAID(M, c->start, "%.*s -> ROCM_PATH: ROCm's root", (int)name.n, name.s);
}

/* nvcc's options on an nvcc line (any line: -l<CUDA library>), in hipcc's spelling.
 * Several -gencode options become one --offload-arch. */
static void port_options(Mk *M, const BuildCommand *c, bool nvcc) {
  BuildToks toks = {0};
  for (size_t k = 0; k < c->words.len; k++)
    vec_push(&toks, ((BuildTok){M->P->t + c->words.items[k].start, c->words.items[k].end - c->words.items[k].start}));
  bool arch = false;
  for (size_t k = 0; k < toks.len; k++) {
    const BuildTok *f = &toks.items[k];
    if (!nvcc && !(f->n > 2 && memcmp(f->s, "-l", 2) == 0))
      continue;
    Buf hip = {0}, why = {0};
    if (bp_map_option(M->P, toks.items, toks.len, &k, &hip, &why)) {
      const BuildTok *l = &toks.items[k];
      size_t from = (size_t)(f->s - M->P->t), to = (size_t)(l->s + l->n - M->P->t);
      bool again = hip.len && strstr(buf_cstr(&hip), "--offload-arch=") && arch;
      arch |= hip.len && strstr(buf_cstr(&hip), "--offload-arch=");
      if (again) {
        hip.len = why.len = 0;
        buf_puts(&why, "the line names its AMD target once already");
      }
      if (bp_rewrite_option(M->P, from, to, hip.len ? buf_cstr(&hip) : ""))
        bp_say_option(M->P, from, f->s, to - from, &hip, &why);
    } else if (f->n > 4 && (memcmp(f->s, "-lcu", 4) == 0 || memcmp(f->s, "-lnv", 4) == 0)) {
      bp_note(M->P, D_BUILD_FILE, (size_t)(f->s - M->P->t), "%.*s: no HIP library stands in that hipport knows",
              (int)f->n, f->s);
    }
    buf_free(&hip);
    buf_free(&why);
  }
  vec_free(&toks);
}

/* The compiler a recipe's first word runs when it is C or C++'s: gcc, $(CXX),
 * or $(C_C) where C_C = gcc; NULL for anything else (nvcc, cp, $(AR)). */
static const BuildName *host_compiler_of(const Mk *M, const BuildWord *w) {
  const char *s = M->P->t + w->start;
  size_t n = w->end - w->start, lead = command_lead(s, n);
  s += lead, n -= lead;
  if (n > 3 && s[0] == '$' && (s[1] == '(' || s[1] == '{') && s[n - 1] == (s[1] == '(' ? ')' : '}')) {
    BuildTok v = {s + 2, n - 3};
    if (tok_in(&M->nvcc_vars, v.s, v.n))
      return NULL;
    const BuildName *b = rl_build_name(M->P->db, BS_MAKE, v.s, v.n);
    if (b && b->kind == BN_HOST_COMPILER)
      return b; /* make's own CC and CXX */
    return tok_in(&M->host_vars, v.s, v.n) ? M->host : NULL;
  }
  return host_program(M, s, n);
}

/* The first word of c that names a CUDA C or C++ source; NULL: none. */
static const BuildWord *host_source_in(const Mk *M, const BuildCommand *c) {
  for (size_t k = 0; k < c->words.len; k++)
    for (size_t i = 0; i < M->src->host_sources.len; i++)
      if (M->src->host_sources.items[i] == c->words.items[k].start)
        return &c->words.items[k];
  return NULL;
}

/* The source recipe i compiles: one it names, or through $< (or $^) one its
 * rule names (main.o: main.c common.h). */
static const BuildWord *compiled_source(const Mk *M, size_t i) {
  const BuildCommand *c = &M->src->commands.items[i];
  const BuildWord *w = host_source_in(M, c);
  const char *line = M->P->t + c->start;
  if (w || (!memmem(line, c->close - c->start, "$<", 2) && !memmem(line, c->close - c->start, "$^", 2)))
    return w;
  while (i > 0 && M->src->commands.items[i - 1].recipe)
    i--;
  return i > 0 && !assigns(&M->src->commands.items[i - 1]) ? host_source_in(M, &M->src->commands.items[i - 1]) : NULL;
}

/* A recipe that compiles a CUDA source with a C or C++ compiler (rodinia's
 * b+tree: `$(C_C) ./main.c -c`, C_C = gcc): the port of that source includes
 * HIP's headers, which outside hipcc need the platform named. */
static void port_host_compile(Mk *M, size_t i) {
  const BuildCommand *c = &M->src->commands.items[i];
  const BuildName *hc = c->recipe && c->words.len ? host_compiler_of(M, &c->words.items[0]) : NULL;
  const BuildWord *w = hc ? compiled_source(M, i) : NULL;
  if (!w)
    return;
  const BuildWord *cmd = &c->words.items[0];
  char *flag = cm_xasprintf(" %s", hc->hip);
  if (bp_replace(M->P, cmd->end, cmd->end, flag))
    SAID(M, cmd->start, "%s added: %.*s compiles %.*s, whose port includes HIP's headers, which need it outside hipcc",
         hc->hip, (int)(cmd->end - cmd->start), M->P->t + cmd->start, (int)(w->end - w->start), M->P->t + w->start);
  free(flag);
}

/* A file the Makefile includes from outside the tree: where the port is written,
 * the same relative name leads nowhere (or elsewhere). */
static void note_includes_outside(Mk *M) {
  const char *t = M->P->t;
  for (size_t i = 0; i < M->src->includes_outside.len; i++) {
    size_t at = M->src->includes_outside.items[i], n = strcspn(t + at, " \t\r\n#");
    char *name = cm_xstrndup(t + at, n);
    bp_note_on(M->P, D_BUILD_FILE, at, name,
               "%s is outside the tree ported: make in the port will not find it there; port the folder that "
               "holds both, or give the port its own copy", name);
    free(name);
  }
}

void port_make(BuildPort *P) {
  Mk M = {.P = P, .src = P->fp->src, .fragment = !an_build_entry(P->fp->src->path)};
  learn(&M);
  note_includes_outside(&M);
  for (size_t i = 0; i < M.src->commands.len; i++) {
    const BuildCommand *c = &M.src->commands.items[i];
    bool nvcc = nvcc_line(&M, c);
    port_path_var(&M, c);
    for (size_t k = 0; k < c->words.len; k++) {
      port_compiler(&M, &c->words.items[k]);
      port_paths(&M, &c->words.items[k]);
    }
    port_options(&M, c, nvcc);
    if (!nvcc)
      port_host_compile(&M, i);
  }
  vec_free(&M.nvcc_vars);
  vec_free(&M.flag_vars);
  vec_free(&M.path_vars);
  vec_free(&M.host_vars);
}
