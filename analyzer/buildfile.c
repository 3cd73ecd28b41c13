/* Build files as facts: CMake files and Makefiles read by their lexical
 * syntax only, never run.
 *
 * CMake: commands `name(args)` with unquoted, "quoted" and [==[bracket]==]
 * arguments; # and #[[ ]] comments are skipped, so neither they nor the free
 * text of strings become words. Parentheses nested inside arguments
 * (if((A) AND B)) are not arguments.
 *
 * Make: logical lines (a backslash-newline continues one); a line is an
 * assignment (NAME = value and the other operators, export/override first), a
 * recipe (a tab first) or anything else (rules, directives); its words are
 * split like a shell's (quotes keep blanks inside a word), and a word starting
 * with '#' ends them. */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyzer_p.h"

static bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static bool ident_start(char c) { return c == '_' || isalpha((unsigned char)c); }
static bool ident_char(char c) { return c == '_' || isalnum((unsigned char)c); }

static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n > m && strcmp(s + n - m, suffix) == 0;
}

static const char *base_name(const char *name) {
  const char *slash = strrchr(name, '/');
  return slash ? slash + 1 : name;
}

bool an_build_entry(const char *name) {
  const char *base = base_name(name);
  return strcmp(base, "CMakeLists.txt") == 0 || strcmp(base, "Makefile") == 0 || strcmp(base, "makefile") == 0 ||
         strcmp(base, "GNUmakefile") == 0;
}

BuildKind an_build_kind(const char *name) {
  const char *base = base_name(name);
  if (an_build_entry(base))
    return base[0] == 'C' ? BUILD_CMAKE : BUILD_MAKE;
  return has_suffix(base, ".cmake") ? BUILD_CMAKE : has_suffix(base, ".mk") ? BUILD_MAKE : BUILD_NONE;
}

/* ---- CMake ---- */

/* At a '[' opening "[==[": the number of '=' plus one; 0 when i opens no bracket. */
static size_t bracket_open(const char *t, size_t len, size_t i) {
  if (i >= len || t[i] != '[')
    return 0;
  size_t j = i + 1;
  while (j < len && t[j] == '=')
    j++;
  return j < len && t[j] == '[' ? j - i : 0;
}

/* Past the "]==]" that closes the bracket opened at i with `level`. */
static size_t skip_bracket(const char *t, size_t len, size_t i, size_t level) {
  for (size_t j = i + level + 1; j < len; j++) {
    if (t[j] != ']')
      continue;
    size_t k = j + 1;
    while (k < len && t[k] == '=')
      k++;
    if (k - j - 1 == level - 1 && k < len && t[k] == ']')
      return k + 1;
  }
  return len;
}

/* At '#': a #[[bracket comment]] or a comment to the end of the line. */
static size_t skip_comment(const char *t, size_t len, size_t i) {
  size_t level = bracket_open(t, len, i + 1);
  if (level)
    return skip_bracket(t, len, i + 1, level);
  while (i < len && t[i] != '\n')
    i++;
  return i;
}

static size_t skip_quoted(const char *t, size_t len, size_t i) {
  for (i++; i < len && t[i] != '"'; i++)
    if (t[i] == '\\')
      i++;
  return i < len ? i + 1 : len;
}

/* An unquoted argument; a "quoted part" inside one (CMake's legacy -Da="b c") stays in it. */
static size_t skip_unquoted(const char *t, size_t len, size_t i) {
  while (i < len && !space(t[i]) && t[i] != '(' && t[i] != ')' && t[i] != '#') {
    if (t[i] == '\\')
      i += 2;
    else if (t[i] == '"')
      i = skip_quoted(t, len, i);
    else
      i++;
  }
  return i < len ? i : len;
}

/* The arguments of the command whose '(' is at i; returns the index past its ')'. */
static size_t cmake_args(const char *t, size_t len, size_t i, BuildCommand *c) {
  int depth = 0;
  for (i++; i < len;) {
    char ch = t[i];
    size_t level;
    if (space(ch)) {
      i++;
    } else if (ch == '#') {
      i = skip_comment(t, len, i);
    } else if (ch == '(' || ch == ')') {
      if (ch == ')' && depth-- == 0) {
        c->close = (unsigned)i;
        return i + 1;
      }
      depth += ch == '(';
      i++;
    } else {
      BuildWord w = {(unsigned)i, 0, BW_UNQUOTED};
      if (ch == '"')
        w.kind = BW_QUOTED, i = skip_quoted(t, len, i);
      else if ((level = bracket_open(t, len, i)))
        w.kind = BW_BRACKET, i = skip_bracket(t, len, i, level);
      else
        i = skip_unquoted(t, len, i);
      w.end = (unsigned)i;
      vec_push(&c->words, w);
    }
  }
  c->close = (unsigned)len;
  return len;
}

static void read_cmake(SourceFile *f) {
  const char *t = f->text;
  size_t len = f->len;
  for (size_t i = 0; i < len;) {
    if (t[i] == '#') {
      i = skip_comment(t, len, i);
      continue;
    }
    if (!ident_start(t[i]) || (i > 0 && ident_char(t[i - 1]))) {
      i++;
      continue;
    }
    size_t j = i;
    while (j < len && ident_char(t[j]))
      j++;
    size_t k = j;
    while (k < len && (t[k] == ' ' || t[k] == '\t'))
      k++;
    if (k >= len || t[k] != '(') {
      i = j;
      continue;
    }
    BuildCommand c = {.start = (unsigned)i, .name_end = (unsigned)j, .value = BUILD_NO_VALUE};
    i = cmake_args(t, len, k, &c);
    vec_push(&f->commands, c);
  }
}

/* ---- Make ---- */

/* The end of the logical line from i: the '\n' no backslash continues, or len. */
size_t logical_line_end(const char *t, size_t len, size_t i) {
  for (; i < len; i++) {
    if (t[i] != '\n')
      continue;
    size_t b = i > 0 && t[i - 1] == '\r' ? i - 1 : i;
    if (b == 0 || t[b - 1] != '\\')
      return i;
  }
  return len;
}

static bool continuation(const char *t, size_t i, size_t e) {
  return t[i] == '\\' && i + 1 < e && (t[i + 1] == '\n' || t[i + 1] == '\r');
}

static void make_words(const char *t, size_t s, size_t e, BuildCommand *c) {
  for (size_t i = s; i < e;) {
    if (space(t[i]) || continuation(t, i, e)) {
      i += space(t[i]) ? 1 : 2;
      continue;
    }
    if (t[i] == '#')
      break;
    size_t j = i;
    while (j < e && !space(t[j]) && !continuation(t, j, e)) {
      if (t[j] == '\'' || t[j] == '"') {
        char q = t[j++];
        while (j < e && t[j] != q)
          j++;
      } else if (t[j] == '\\') {
        j++;
      }
      j++;
    }
    j = j < e ? j : e;
    vec_push(&c->words, ((BuildWord){(unsigned)i, (unsigned)j, BW_UNQUOTED}));
    i = j;
  }
}

static bool starts(const char *s, size_t n, const char *prefix) {
  size_t p = strlen(prefix);
  return n >= p && memcmp(s, prefix, p) == 0;
}

/* NAME = value (and :=, ::=, ?=, +=, !=; export/override before it): c's name
 * and value set; false for anything else. */
static bool assignment(const char *t, size_t s, size_t e, BuildCommand *c) {
  size_t i = s;
  while (i < e && t[i] == ' ')
    i++;
  static const char *const prefixes[] = {"export ", "override "};
  for (size_t p = 0; p < 2; p++)
    if (starts(t + i, e - i, prefixes[p]))
      i += strlen(prefixes[p]);
  size_t name = i;
  while (i < e && (ident_char(t[i]) || t[i] == '.' || t[i] == '-'))
    i++;
  size_t name_end = i;
  while (i < e && (t[i] == ' ' || t[i] == '\t'))
    i++;
  static const char *const ops[] = {"::=", ":=", "?=", "+=", "!=", "="};
  for (size_t o = 0; o < sizeof ops / sizeof *ops; o++)
    if (name_end > name && starts(t + i, e - i, ops[o])) {
      c->start = (unsigned)name, c->name_end = (unsigned)name_end, c->value = (unsigned)(i + strlen(ops[o]));
      return true;
    }
  return false;
}

static void read_make(SourceFile *f) {
  const char *t = f->text;
  for (size_t i = 0; i < f->len;) {
    size_t e = logical_line_end(t, f->len, i);
    BuildCommand c = {.start = (unsigned)i, .name_end = (unsigned)i, .close = (unsigned)e, .value = BUILD_NO_VALUE,
                      .recipe = t[i] == '\t'};
    bool assigns = !c.recipe && assignment(t, i, e, &c);
    make_words(t, assigns ? c.value : i, e, &c);
    if (c.words.len || assigns)
      vec_push(&f->commands, c);
    else
      vec_free(&c.words);
    i = e + 1;
  }
}

static bool word_is(const char *t, const BuildWord *w, const char *word) {
  return w->end - w->start == strlen(word) && memcmp(t + w->start, word, w->end - w->start) == 0;
}

/* `include a.mk b.mk` (-include, sinclude). */
static bool include_line(const char *t, const BuildCommand *c) {
  return !c->recipe && c->value == BUILD_NO_VALUE && c->words.len >= 2 &&
         (word_is(t, &c->words.items[0], "include") || word_is(t, &c->words.items[0], "-include") ||
          word_is(t, &c->words.items[0], "sinclude"));
}

void make_includes(const char *path, const char *text, size_t len, MakeIncludes *out) {
  SourceFile f = {.text = (char *)text, .len = len};
  read_make(&f);
  const char *slash = strrchr(path, '/');
  int dir = slash ? (int)(slash - path) : 0;
  for (size_t i = 0; i < f.commands.len; i++) {
    const BuildCommand *c = &f.commands.items[i];
    if (!include_line(text, c))
      continue;
    for (size_t k = 1; k < c->words.len; k++) {
      const BuildWord *w = &c->words.items[k];
      const char *word = text + w->start;
      size_t n = w->end - w->start;
      if (memchr(word, '$', n) || memchr(word, '*', n) || memchr(word, '?', n) || memchr(word, '~', n))
        continue; /* a variable or a pattern: no file to name without running make */
      char *named = word[0] == '/' ? cm_xstrndup(word, n) : cm_xasprintf("%.*s/%.*s", dir, path, (int)n, word);
      vec_push(out, ((MakeInclude){named, w->start}));
    }
  }
  free_build_commands(&f);
}

void make_includes_free(MakeIncludes *m) {
  for (size_t i = 0; i < m->len; i++)
    free(m->items[i].path);
  vec_free(m);
}

static bool host_source_name(const char *word, size_t n) {
  static const char *const exts[] = {".c", ".cc", ".cpp", ".cxx", ".c++", ".C"};
  for (size_t i = 0; i < sizeof exts / sizeof *exts; i++) {
    size_t e = strlen(exts[i]);
    if (n > e && memcmp(word + n - e, exts[i], e) == 0)
      return true;
  }
  return false;
}

enum { INCLUDE_DEPTH = 3 };

/* A source that is CUDA, or includes ("...", from its folder) a file that is,
 * a few levels down: mummergpu_gold.cpp includes mummergpu.h, which includes
 * common.cu; the port of each then includes HIP's headers. */
static bool cuda_file(const char *path, const RuleDb *db, int depth) {
  char *text;
  size_t len;
  /* a name a Makefile gives may be a FIFO or a link to /dev/zero: read only regular files */
  if (!an_regular_file(path) || cm_read_file(path, &text, &len) != ST_OK)
    return false;
  bool cuda = looks_like_cuda(path, text, len, db);
  const char *slash = strrchr(path, '/'), *end = text + len;
  int dir = slash ? (int)(slash - path) : 0;
  for (const char *p = text; !cuda && depth > 0 && p < end;) {
    size_t n;
    const char *name = an_line_include(p, end, &n);
    if (name && name[-1] == '"') {
      char *inc = cm_xasprintf("%.*s/%.*s", dir, path, (int)n, name);
      cuda = cuda_file(inc, db, depth - 1);
      free(inc);
    }
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    p = eol ? eol + 1 : end;
  }
  free(text);
  return cuda;
}

/* A pattern rule's source (`%.o: %.cpp`, `$(OBJ)/%.o: $(SRC)%.cpp`) may be any
 * file of that suffix: one of the Makefile's folder that is CUDA makes it so. */
static bool pattern_names_cuda(const char *dir, const char *suffix, size_t n, const RuleDb *db) {
  DIR *d = opendir(dir);
  bool cuda = false;
  for (struct dirent *e; d && !cuda && (e = readdir(d));) {
    size_t len = strlen(e->d_name);
    if (len > n && memcmp(e->d_name + len - n, suffix, n) == 0) {
      char *path = cm_xasprintf("%s/%s", dir, e->d_name);
      cuda = cuda_file(path, db, INCLUDE_DEPTH);
      free(path);
    }
  }
  if (d)
    closedir(d);
  return cuda;
}

/* The C and C++ sources recipes and rules name (./main.c, main.o: main.c, a
 * pattern rule's %.cpp) that are CUDA: a host compiler that builds their port
 * reads HIP's headers. */
static void make_host_sources(SourceFile *f, const RuleDb *db) {
  const char *slash = strrchr(f->path, '/');
  char *dir = slash ? cm_xstrndup(f->path, (size_t)(slash - f->path)) : cm_xstrdup(".");
  for (size_t i = 0; i < f->commands.len; i++) {
    const BuildCommand *c = &f->commands.items[i];
    for (size_t k = 0; c->value == BUILD_NO_VALUE && k < c->words.len; k++) {
      const char *word = f->text + c->words.items[k].start, *pct = memrchr(word, '%', c->words.items[k].end -
                                                                                        c->words.items[k].start);
      size_t n = c->words.items[k].end - c->words.items[k].start;
      bool cuda;
      if (!host_source_name(word, n))
        continue;
      if (pct) {
        cuda = pattern_names_cuda(dir, pct + 1, n - (size_t)(pct + 1 - word), db);
      } else if (memchr(word, '$', n)) {
        continue; /* a variable's value: no file to name without running make */
      } else {
        char *path = word[0] == '/' ? cm_xstrndup(word, n) : cm_xasprintf("%s/%.*s", dir, (int)n, word);
        cuda = cuda_file(path, db, INCLUDE_DEPTH);
        free(path);
      }
      if (cuda)
        vec_push(&f->host_sources, c->words.items[k].start);
    }
  }
  free(dir);
}

/* A build file worth reading mentions CUDA: its toolkit, nvcc or a .cu source. */
bool read_build_file(SourceFile *f, BuildKind kind, const RuleDb *db) {
  if (!rl_marked(db, MF_BUILD, f->text, f->len))
    return false;
  f->build = kind;
  if (kind == BUILD_CMAKE) {
    read_cmake(f);
  } else {
    read_make(f);
    make_host_sources(f, db);
    for (size_t i = 0; i < f->commands.len && !f->includes_makefiles; i++)
      f->includes_makefiles = include_line(f->text, &f->commands.items[i]);
  }
  return true;
}

void free_build_commands(SourceFile *f) {
  for (size_t i = 0; i < f->commands.len; i++)
    vec_free(&f->commands.items[i].words);
  vec_free(&f->commands);
  vec_free(&f->includes_outside);
  vec_free(&f->host_sources);
}
