/* What a header's includers may define before it. A header is read alone by
 * a parse (or, with errors of its own, in the tree of a file that includes
 * it), so a lexical reading of it cannot take a name it does not define for
 * undefined: an includer may define it first. It can where none could: no
 * file that may include the header (one naming it in an #include, and so on
 * up, as scan.c looks for its includers) nor any project header those include
 * #defines the name, no compile flag of theirs does, and no system header
 * they include may. The same files tell whether a name of a source pasted
 * into another may be std's there: an includer's `using namespace std`, or a
 * system header of its that brings the name to file scope. The tree's files
 * are read once per scan, on the first header that asks. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

typedef struct {
  const char *path;
  Strings defines;      /* the names its #defines and -D flags name */
  Strings bases;        /* the last part of each name it #includes (kernel.h of "../kernel.h") */
  Strings headers;      /* the project headers those are (real paths) */
  SysClosures closures; /* the system headers it includes */
  bool open;            /* an `#include MACRO`: any name */
  bool using_std;       /* it uses, opens or aliases namespace std */
} FileMacros;

struct ProjectMacros {
  VEC(FileMacros) files;
};

struct Includers {
  NameSet *names;
  SysClosures closures;
  bool open;
  bool using_std;
};

static const char *base_of(const char *path, size_t n, size_t *len) {
  const char *b = path;
  for (size_t i = 0; i < n; i++)
    if (path[i] == '/')
      b = path + i + 1;
  *len = n - (size_t)(b - path);
  return b;
}

static void add_include(FileMacros *f, const ParseEnv *env, const Candidate *c, const char *name, size_t n) {
  size_t blen;
  const char *b = base_of(name, n, &blen);
  vec_push(&f->bases, cm_xstrndup(b, blen));
  char *real = lex_find_header(env, c, c->path, name, n, name[-1] == '<');
  if (real && lex_project_header(env, real)) {
    vec_push(&f->headers, real);
    return;
  }
  if (real)
    vec_push(&f->closures, sys_headers_closure(env->sys, real));
  free(real);
}

static void add_flags(FileMacros *f, const Candidate *c) {
  for (int i = 0; i < c->nargs; i++)
    if (strncmp(c->args[i], "-D", 2) == 0 || strncmp(c->args[i], "-U", 2) == 0) {
      const char *name = c->args[i][2] ? c->args[i] + 2 : (i + 1 < c->nargs ? c->args[i + 1] : "");
      vec_push(&f->defines, cm_xstrndup(name, strcspn(name, "=")));
    }
}

static bool std_at(const char *q, const char *eol) {
  return eol - q >= 3 && strncmp(q, "std", 3) == 0 && (eol - q == 3 || !(q[3] == '_' || isalnum((unsigned char)q[3])));
}

/* `namespace std` (using it or opening it), `namespace x = std` or `using
 * std::x` on the line. */
static bool names_std_namespace(const char *line, const char *eol) {
  for (const char *p = line; (p = memmem(p, (size_t)(eol - p), "using", 5)); p += 5) {
    const char *q = p + 5;
    while (q < eol && (*q == ' ' || *q == '\t'))
      q++;
    if (std_at(q, eol))
      return true;
  }
  for (const char *p = line; (p = memmem(p, (size_t)(eol - p), "namespace", 9)); p += 9) {
    const char *q = p + 9;
    while (q < eol && (*q == ' ' || *q == '\t'))
      q++;
    if (q < eol && *q != 's') { /* an alias: skip its name and the = */
      while (q < eol && *q != '=' && *q != ';' && *q != '{')
        q++;
      q += q < eol && *q == '=';
      while (q < eol && (*q == ' ' || *q == '\t'))
        q++;
    }
    if (std_at(q, eol))
      return true;
  }
  return false;
}

static void read_file(FileMacros *f, const ParseEnv *env, const Candidate *c) {
  char *text;
  size_t len;
  f->path = c->path;
  add_flags(f, c);
  if (c->skip || c->build || cm_read_file(c->path, &text, &len) != ST_OK)
    return;
  for (const char *line = text, *end = text + len; line < end;) {
    const char *eol = memchr(line, '\n', (size_t)(end - line));
    eol = eol ? eol : end;
    size_t n;
    const char *name = an_line_define(line, eol, &n);
    if (name)
      vec_push(&f->defines, cm_xstrndup(name, n));
    else if ((name = an_line_include(line, eol, &n)) && n)
      add_include(f, env, c, name, n);
    else
      f->open |= an_line_computed_include(line, eol);
    f->using_std |= names_std_namespace(line, eol);
    line = eol + 1;
  }
  free(text);
}

static ProjectMacros *project_macros_read(const ParseEnv *env) {
  ProjectMacros *p = cm_xcalloc(1, sizeof *p);
  for (size_t i = 0; env->cands && i < env->cands->len; i++) {
    FileMacros f = {0};
    read_file(&f, env, &env->cands->items[i]);
    vec_push(&p->files, f);
  }
  return p;
}

static bool in(const Strings *s, const char *x) {
  for (size_t i = 0; i < s->len; i++)
    if (strcmp(s->items[i], x) == 0)
      return true;
  return false;
}

enum { ROUNDS = 8 };

/* Adds to `set` the files that may include one of its files (an #include
 * naming the file's last part), round after round. */
static void add_includers(const ProjectMacros *p, bool *set) {
  for (int round = 0, grew = 1; grew && round < ROUNDS; round++) {
    grew = 0;
    for (size_t i = 0; i < p->files.len; i++) {
      size_t blen;
      const char *b = set[i] ? base_of(p->files.items[i].path, strlen(p->files.items[i].path), &blen) : NULL;
      for (size_t j = 0; b && j < p->files.len; j++)
        if (!set[j] && in(&p->files.items[j].bases, b))
          set[j] = true, grew = 1;
    }
  }
}

/* Adds to `set` the project headers its files include, round after round. */
static void add_included(const ProjectMacros *p, bool *set) {
  for (int round = 0, grew = 1; grew && round < ROUNDS; round++) {
    grew = 0;
    for (size_t i = 0; i < p->files.len; i++)
      for (size_t j = 0; set[i] && j < p->files.len; j++)
        if (!set[j] && in(&p->files.items[i].headers, p->files.items[j].path))
          set[j] = true, grew = 1;
  }
}

static const ProjectMacros *project_macros(ParseEnv *env) {
  pthread_mutex_lock(&env->project_lock);
  if (!env->project_macros)
    env->project_macros = project_macros_read(env);
  pthread_mutex_unlock(&env->project_lock);
  return env->project_macros;
}

bool project_file_included(ParseEnv *env, const char *path) {
  const ProjectMacros *p = project_macros(env);
  size_t blen;
  const char *b = base_of(path, strlen(path), &blen);
  for (size_t i = 0; i < p->files.len; i++)
    if (strcmp(p->files.items[i].path, path) != 0 && in(&p->files.items[i].bases, b))
      return true;
  return false;
}

Includers *project_includers(ParseEnv *env, const char *header) {
  const ProjectMacros *p = project_macros(env);
  bool *set = cm_xcalloc(p->files.len + 1, sizeof *set);
  for (size_t i = 0; i < p->files.len; i++)
    set[i] = strcmp(p->files.items[i].path, header) == 0;
  add_includers(p, set);
  add_included(p, set);
  Includers *r = cm_xcalloc(1, sizeof *r);
  r->names = nameset_new();
  for (size_t i = 0; i < p->files.len; i++) {
    const FileMacros *f = &p->files.items[i];
    if (!set[i] || strcmp(f->path, header) == 0)
      continue; /* the header's own names are defined where it defines them */
    r->open |= f->open;
    r->using_std |= f->using_std;
    for (size_t k = 0; k < f->defines.len; k++)
      nameset_add(r->names, f->defines.items[k]);
    for (size_t k = 0; k < f->closures.len; k++)
      vec_push(&r->closures, f->closures.items[k]);
  }
  free(set);
  return r;
}

bool includers_may_define(const Includers *r, const char *name, size_t n) {
  if (r->open || nameset_has(r->names, name, n))
    return true;
  for (size_t i = 0; i < r->closures.len; i++)
    if (sys_closure_may_define(r->closures.items[i], name, n))
      return true;
  return false;
}

bool includers_use_std(const Includers *r) { return r->open || r->using_std; }

bool includers_may_use_std(const Includers *r, const char *name, size_t n) {
  for (size_t i = 0; i < r->closures.len; i++)
    if (sys_closure_may_use_std(r->closures.items[i], name, n, true))
      return true;
  return false;
}

void includers_free(Includers *r) {
  if (!r)
    return;
  nameset_free(r->names);
  vec_free(&r->closures);
  free(r);
}

void project_macros_free(ProjectMacros *p) {
  for (size_t i = 0; p && i < p->files.len; i++) {
    FileMacros *f = &p->files.items[i];
    cm_strings_free(&f->defines);
    cm_strings_free(&f->bases);
    cm_strings_free(&f->headers);
    vec_free(&f->closures);
  }
  if (p)
    vec_free(&p->files);
  free(p);
}
