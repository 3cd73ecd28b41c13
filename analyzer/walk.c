/* Finding the files: walks folders (skipping version control and build output),
 * and tells CUDA sources from the rest: .cu/.cuh always, other C/C++ files when
 * they include a CUDA header or use a CUDA name the rules know. Build files
 * (CMakeLists.txt, *.cmake, Makefiles) are candidates too; buildfile.c keeps
 * those that mention CUDA.
 *
 * Links: one to something inside the scanned tree is skipped, since what it
 * points to is walked by its own path (so every file is read once, where it
 * is). One that leads out of the tree is not followed, so that nothing outside
 * what the user named is read or, by translate --in-place, rewritten; it is
 * listed with the reason, for the report to say. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer_p.h"

typedef struct {
  dev_t dev;
  ino_t ino;
} FileId;

/* Every folder and file already walked, by device and inode: a symlink to a
 * sibling, or two links to each other, never make a file count twice. */
typedef struct {
  FileId *slots;
  size_t mask, count;
} Seen;

static bool seen_add(Seen *s, const struct stat *st) {
  if ((s->count + 1) * 2 > s->mask + 1) {
    size_t cap = s->slots ? (s->mask + 1) * 2 : 64;
    Seen bigger = {cm_xcalloc(cap, sizeof(FileId)), cap - 1, 0};
    for (size_t i = 0; s->slots && i <= s->mask; i++)
      if (s->slots[i].ino)
        seen_add(&bigger, &(struct stat){.st_dev = s->slots[i].dev, .st_ino = s->slots[i].ino});
    free(s->slots);
    *s = bigger;
  }
  for (size_t i = ((size_t)st->st_ino * 31 + (size_t)st->st_dev) & s->mask;; i = (i + 1) & s->mask) {
    if (!s->slots[i].ino) {
      s->slots[i] = (FileId){st->st_dev, st->st_ino};
      s->count++;
      return true;
    }
    if (s->slots[i].ino == st->st_ino && s->slots[i].dev == st->st_dev)
      return false;
  }
}

typedef struct {
  Seen seen;
  Candidates *out;
  Strings *include_dirs;
  size_t walked;
  const char *root;
} Walk;

static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool is_source_name(const char *name) {
  static const char *exts[] = {".cu", ".cuh", ".c", ".cc", ".cpp", ".cxx", ".c++", ".h",
                               ".hh", ".hpp", ".hxx", ".inl", ".inc", ".tpp", ".ipp"};
  for (size_t i = 0; i < sizeof exts / sizeof *exts; i++)
    if (has_suffix(name, exts[i]))
      return true;
  return false;
}

/* Version control, dependency caches and the usual build output folders. */
static bool skip_folder(const char *dir, const char *name) {
  static const char *names[] = {".git", ".hg", ".svn", "node_modules", "__pycache__", "CMakeFiles", ".cache"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (strcmp(name, names[i]) == 0)
      return true;
  if (strncmp(name, "cmake-build-", 12) == 0)
    return true;
  char *cache = cm_xasprintf("%s/%s/CMakeCache.txt", dir, name);
  bool build = access(cache, F_OK) == 0;
  free(cache);
  return build;
}

static const char *relative(const char *root, const char *path) {
  size_t n = strlen(root);
  if (strncmp(path, root, n) == 0 && path[n] == '/')
    return path + n + 1;
  if (strcmp(path, root) == 0) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
  }
  return path;
}

bool an_regular_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool is_header_name(const char *name) {
  static const char *exts[] = {".cuh", ".h", ".hh", ".hpp", ".hxx", ".inl", ".inc", ".tpp", ".ipp"};
  for (size_t i = 0; i < sizeof exts / sizeof *exts; i++)
    if (has_suffix(name, exts[i]))
      return true;
  return false;
}

/* A folder holding headers is on the parser's include path: projects include
 * their own headers by name (<helper_cuda.h>) from wherever the build said. */
static void note_header_dir(Walk *w, const char *path) {
  size_t n = strrchr(path, '/') - path;
  Strings *dirs = w->include_dirs;
  if (dirs->len && strlen(dirs->items[dirs->len - 1]) == n && strncmp(dirs->items[dirs->len - 1], path, n) == 0)
    return; /* files of one folder come together: the last one is enough to check */
  vec_push(dirs, cm_xstrndup(path, n));
}

static void add_file(Walk *w, const char *path) {
  w->walked++;
  BuildKind build = an_build_kind(path);
  if (!is_source_name(path) && build == BUILD_NONE)
    return;
  if (is_header_name(path))
    note_header_dir(w, path);
  Candidate c = {.path = cm_xstrdup(path), .rel = cm_xstrdup(relative(w->root, path)), .build = build};
  vec_push(w->out, c);
}

/* 0: not a link; 1: a link into the scan root; -1: a link leading out of it (or nowhere). */
static int link_kind(Walk *w, const char *path, char **target) {
  struct stat lst;
  if (lstat(path, &lst) != 0 || !S_ISLNK(lst.st_mode))
    return 0;
  char *real = realpath(path, NULL);
  size_t n = strlen(w->root);
  bool inside = real && strncmp(real, w->root, n) == 0 && (real[n] == '/' || real[n] == '\0' || n == 1);
  *target = real;
  return inside ? 1 : -1;
}

/* Listed for the report, never read: `why` is malloc'd and kept. */
static void add_skipped(Walk *w, const char *path, char *why, bool unreadable) {
  w->walked++;
  Candidate c = {.path = cm_xstrdup(path), .rel = cm_xstrdup(relative(w->root, path)), .skip = why,
                 .unreadable = unreadable};
  vec_push(w->out, c);
}

static void walk_dir(Walk *w, const char *dir, const struct stat *dst);

static int by_name(const struct dirent **a, const struct dirent **b) { return strcmp((*a)->d_name, (*b)->d_name); }

static void walk_entry(Walk *w, const char *dir, const char *name) {
  char *path = cm_xasprintf("%s/%s", dir, name), *target = NULL;
  int link = link_kind(w, path, &target);
  struct stat st;
  if (link < 0)
    add_skipped(w, path,
                target ? cm_xasprintf("a link out of the scanned tree (to %s): not followed", target)
                       : cm_xstrdup("a link to nothing: not followed"),
                false);
  else if (link == 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode) && !skip_folder(dir, name))
    walk_dir(w, path, &st);
  else if (link == 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode) && seen_add(&w->seen, &st))
    add_file(w, path);
  free(target);
  free(path);
}

static void walk_dir(Walk *w, const char *dir, const struct stat *dst) {
  if (!seen_add(&w->seen, dst))
    return; /* a folder already walked */
  struct dirent **names = NULL;
  int n = scandir(dir, &names, NULL, by_name); /* sorted: a deterministic order */
  for (int i = 0; i < n; i++) {
    if (strcmp(names[i]->d_name, ".") && strcmp(names[i]->d_name, ".."))
      walk_entry(w, dir, names[i]->d_name);
    free(names[i]);
  }
  if (n < 0)
    add_skipped(w, dir, cm_xasprintf("%s: cannot list the folder: %s", dir, strerror(errno)), true);
  free(names);
}

/* The deepest folder holding every path: what reported paths are relative to. */
char *common_root(char **real, size_t n) {
  char *root = cm_xstrdup(real[0]);
  struct stat st;
  if (stat(root, &st) == 0 && !S_ISDIR(st.st_mode))
    *strrchr(root, '/') = '\0';
  for (size_t i = 1; i < n; i++) {
    size_t len = strlen(root);
    while (len > 1 && !(strncmp(real[i], root, len) == 0 && (real[i][len] == '/' || real[i][len] == '\0'))) {
      char *slash = strrchr(root, '/');
      len = slash == root ? 1 : (size_t)(slash - root);
      root[len] = '\0';
    }
  }
  if (!root[0])
    strcpy(root, "/");
  return root;
}

Status walk_paths(const char *const *paths, size_t n, char **root, Candidates *out, Strings *include_dirs,
                  size_t *files_walked) {
  char **real = cm_xcalloc(n, sizeof *real);
  Status st = ST_OK;
  for (size_t i = 0; i < n && !st; i++)
    if (!(real[i] = realpath(paths[i], NULL)))
      st = cm_fail(ST_INPUT, "%s: %s: check the path", paths[i], strerror(errno));
  Walk w = {.out = out, .include_dirs = include_dirs};
  if (!st) {
    *root = common_root(real, n);
    w.root = *root;
    for (size_t i = 0; i < n; i++) {
      struct stat s;
      if (stat(real[i], &s) != 0)
        st = cm_fail(ST_INPUT, "%s: cannot stat: %s", paths[i], strerror(errno));
      else if (S_ISDIR(s.st_mode))
        walk_dir(&w, real[i], &s);
      else if (seen_add(&w.seen, &s))
        add_file(&w, real[i]);
    }
  }
  for (size_t i = 0; i < n; i++)
    free(real[i]);
  free(real);
  free(w.seen.slots);
  *files_walked = w.walked;
  return st;
}

/* NUL bytes make a file binary: nothing to parse or rewrite. */
bool is_binary(const char *text, size_t len) { return memchr(text, 0, len) != NULL; }

/* The offset of the first byte that is not UTF-8 (a Latin-1 comment, say), or -1.
 * Such a file is still read and translated byte for byte; the report says so. */
long first_non_utf8(const char *text, size_t len) {
  const unsigned char *start = (const unsigned char *)text, *p = start, *end = p + len;
  while (p < end) {
    if (*p < 0x80) {
      p++;
      continue;
    }
    int extra = (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2 : (*p & 0xF8) == 0xF0 ? 3 : -1;
    if (extra < 0 || end - p <= extra)
      return p - start;
    for (int i = 1; i <= extra; i++)
      if ((p[i] & 0xC0) != 0x80)
        return p - start;
    p += extra + 1;
  }
  return -1;
}

static bool is_ident_char(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/* `#include <cuda_runtime.h>` or `#include "cublas_v2.h"`: a header the rules map. */
static bool includes_cuda_header(const char *text, size_t len, const RuleDb *db) {
  for (const char *p = text, *end = text + len; (p = memmem(p, (size_t)(end - p), "include", 7)); p += 7) {
    const char *q = p + 7;
    while (q < end && (*q == ' ' || *q == '\t'))
      q++;
    if (q >= end || (*q != '<' && *q != '"'))
      continue;
    const char *name = ++q;
    while (q < end && *q != '>' && *q != '"' && *q != '\n')
      q++;
    if (rl_lookup_header(db, name, (size_t)(q - name)))
      return true;
  }
  return false;
}

/* A source mark (__global__, <<<) in the file's code, not in a comment or a
 * string: rodinia's common.c prints ">>>>>LU<<<<<<<" in a comment. */
static bool marked_in_code(const char *text, size_t len, const RuleDb *db) {
  if (!rl_marked(db, MF_SOURCE, text, len))
    return false;
  LexTokens toks = {0};
  an_lex(text, len, &toks);
  char *code = cm_xmalloc(len + 1);
  memcpy(code, text, len + 1);
  for (size_t i = 0; i < toks.len; i++)
    if (toks.items[i].kind == CXToken_Comment || toks.items[i].kind == CXToken_Literal)
      memset(code + toks.items[i].begin, ' ', toks.items[i].end - toks.items[i].begin);
  bool marked = rl_marked(db, MF_SOURCE, code, len);
  free(code);
  vec_free(&toks);
  return marked;
}

/* A C/C++ file is CUDA when it includes a CUDA header, names a CUDA API the rules know, a CUDA keyword or
 * a launch (unless it includes HIP's runtime: HIP has those too). Cheap on purpose: it runs on every
 * source file of a repository. */
bool looks_like_cuda(const char *path, const char *text, size_t len, const RuleDb *db) {
  if (has_suffix(path, ".cu") || has_suffix(path, ".cuh"))
    return true;
  if (includes_cuda_header(text, len, db) || (marked_in_code(text, len, db) && !rl_marked(db, MF_HIP, text, len)))
    return true;
  for (size_t i = 0; i < len;) {
    if (!is_ident_char(text[i]) || (i > 0 && is_ident_char(text[i - 1]))) {
      i++;
      continue;
    }
    size_t j = i;
    while (j < len && is_ident_char(text[j]))
      j++;
    if (rl_cuda_like_name(db, text + i, j - i) && rl_lookup(db, text + i, j - i))
      return true;
    i = j;
  }
  return false;
}

/* ---- the repository around the scan, for includes the scan's folders lack ---- */

struct RepoIndex {
  char *root;
  Strings headers;   /* every header under root, by path */
  char *unfetched;   /* the git submodules not checked out, "a, b"; NULL: none */
};

/* The folder holding .git at or above `from`; else `from` itself. */
static char *repository_root(const char *from) {
  char *dir = cm_xstrdup(from);
  for (;;) {
    char *git = cm_xasprintf("%s/.git", dir);
    bool found = access(git, F_OK) == 0;
    free(git);
    if (found)
      return dir;
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
      break;
    *slash = '\0';
  }
  free(dir);
  return cm_xstrdup(from);
}

static void index_dir(RepoIndex *ix, const char *dir, int depth) {
  struct dirent **names = NULL;
  int n = depth < 32 ? scandir(dir, &names, NULL, by_name) : -1;
  for (int i = 0; i < n; i++) {
    const char *name = names[i]->d_name;
    char *path = cm_xasprintf("%s/%s", dir, name);
    unsigned char type = names[i]->d_type; /* the folder's own word, without a stat per entry */
    struct stat lst;
    if (type == DT_UNKNOWN && lstat(path, &lst) == 0)
      type = S_ISDIR(lst.st_mode) ? DT_DIR : S_ISREG(lst.st_mode) ? DT_REG : DT_LNK;
    if (name[0] != '.') { /* links are not followed: the walk's rule */
      if (type == DT_DIR && !skip_folder(dir, name))
        index_dir(ix, path, depth + 1);
      else if (type == DT_REG && is_header_name(name))
        vec_push(&ix->headers, cm_xstrdup(path));
    }
    free(path);
    free(names[i]);
  }
  free(names);
}

static bool empty_folder(const char *path) {
  DIR *d = opendir(path);
  struct dirent *e;
  while (d && (e = readdir(d)))
    if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
      closedir(d);
      return false;
    }
  if (d)
    closedir(d);
  return true;
}

/* The `path = X` lines of root/.gitmodules whose folder is empty or absent: a
 * clone made without --recurse-submodules. */
static char *unfetched_submodules(const char *root) {
  char *gitmodules = cm_xasprintf("%s/.gitmodules", root), *text;
  size_t len;
  Buf out = {0};
  if (cm_read_file(gitmodules, &text, &len) == ST_OK) {
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
      line += strspn(line, " \t");
      if (strncmp(line, "path", 4) != 0 || line[4 + strspn(line + 4, " \t")] != '=')
        continue;
      char *path = line + 4 + strspn(line + 4, " \t") + 1;
      path += strspn(path, " \t");
      path[strcspn(path, " \t\r")] = '\0';
      char *folder = cm_xasprintf("%s/%s", root, path);
      if (*path && empty_folder(folder))
        buf_printf(&out, "%s%s", out.len ? ", " : "", path);
      free(folder);
    }
    free(text);
  }
  free(gitmodules);
  char *list = out.len ? cm_xstrdup(buf_cstr(&out)) : NULL;
  buf_free(&out);
  return list;
}

RepoIndex *repo_index_build(const char *scan_root) {
  RepoIndex *ix = cm_xcalloc(1, sizeof *ix);
  ix->root = repository_root(scan_root);
  index_dir(ix, ix->root, 0);
  ix->unfetched = unfetched_submodules(ix->root);
  return ix;
}

const char *repo_index_unfetched(const RepoIndex *ix) { return ix->unfetched; }

const char *repo_index_root(const RepoIndex *ix) { return ix->root; }

static size_t common_prefix(const char *a, const char *b) {
  size_t n = 0;
  while (a[n] && a[n] == b[n])
    n++;
  return n;
}

/* The folder from which `spelling` (as written in #include, "helper_cuda.h" or
 * "sub/x.h") names a header of the repository; of several, the one nearest to
 * the including file. NULL when none. */
char *repo_index_find(const RepoIndex *ix, const char *spelling, const char *from) {
  size_t n = strlen(spelling), best_shared = 0;
  const char *best = NULL;
  for (size_t i = 0; i < ix->headers.len; i++) {
    const char *h = ix->headers.items[i];
    size_t len = strlen(h);
    if (len <= n || strcmp(h + len - n, spelling) != 0 || h[len - n - 1] != '/')
      continue;
    size_t shared = common_prefix(h, from);
    if (!best || shared > best_shared)
      best = h, best_shared = shared;
  }
  return best ? cm_xstrndup(best, strlen(best) - n - 1) : NULL;
}

void repo_index_free(RepoIndex *ix) {
  if (!ix)
    return;
  for (size_t i = 0; i < ix->headers.len; i++)
    free(ix->headers.items[i]);
  vec_free(&ix->headers);
  free(ix->root);
  free(ix->unfetched);
  free(ix);
}
