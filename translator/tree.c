/* tr_translate: the whole run. Checks where the output may go before anything is
 * written, then mirrors the source: translated bytes for the files the plan
 * covers, a byte-for-byte copy for the rest. --dry-run prints a unified diff
 * (diffutils' diff -u) instead; --in-place rewrites the sources, each after a
 * backup that must not already exist. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "translator_p.h"

typedef struct {
  const Plan *plan;
  const RuleDb *db;
  const TranslateOptions *opt;
  TranslateResult *res;
  char *src_root;     /* resolved */
  char *out_root;     /* resolved parent + name (it may not exist yet) */
} Run;

static bool is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool empty_dir(const char *p) {
  DIR *d = opendir(p);
  if (!d)
    return true;
  struct dirent *e;
  bool empty = true;
  while (empty && (e = readdir(d)))
    empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
  closedir(d);
  return empty;
}

static bool inside(const char *path, const char *root) {
  size_t n = strlen(root);
  return strncmp(path, root, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* A single file's output: never the source itself, whatever the flags (--force
 * overwrites other files, never the input). */
static Status check_file_destination(const Run *r) {
  const TranslateOptions *o = r->opt;
  if (strcmp(o->out, "-") == 0 || cm_is_special_file(o->out))
    return ST_OK;
  char *out = cm_resolve_path(o->out);
  bool same = strcmp(out, r->src_root) == 0 || cm_same_file(o->out, r->src_root);
  free(out);
  if (same)
    return cm_fail_cause(ST_USAGE, TR_OUTPUT_IS_SOURCE, "the output %s is the source itself", o->out);
  return o->force || access(o->out, F_OK) != 0 ? ST_OK
                                               : cm_fail_cause(ST_USAGE, TR_OUTPUT_EXISTS, "%s exists", o->out);
}

static Status check_destination(Run *r, bool src_is_dir) {
  const TranslateOptions *o = r->opt;
  if (o->in_place || o->dry_run)
    return ST_OK;
  if (!o->out)
    return cm_fail_cause(ST_USAGE, TR_NO_OUTPUT, "the HIP tree has nowhere to go");
  if (src_is_dir && strcmp(o->out, "-") == 0)
    return cm_fail_cause(ST_USAGE, TR_STDOUT_FOR_FOLDER, "standard output takes one file, and the source is a folder");
  if (!src_is_dir)
    return check_file_destination(r);
  r->out_root = cm_resolve_path(o->out);
  if (strcmp(r->out_root, r->src_root) == 0)
    return cm_fail_cause(ST_USAGE, TR_OUTPUT_IS_SOURCE, "the output %s is the source itself", o->out);
  if (inside(r->out_root, r->src_root))
    return cm_fail(ST_USAGE, "the output %s is inside the source %s: pick a folder outside it", o->out, r->src_root);
  if (inside(r->src_root, r->out_root))
    return cm_fail(ST_USAGE, "the output %s holds the source %s: pick a folder outside it", o->out, r->src_root);
  if (is_dir(r->out_root) && !empty_dir(r->out_root) && !o->force)
    return cm_fail_cause(ST_USAGE, TR_OUTPUT_NOT_EMPTY, "%s is not empty", o->out);
  if (access(r->out_root, F_OK) == 0 && !is_dir(r->out_root))
    return cm_fail(ST_USAGE, "the output %s is a file, not a folder", o->out);
  return ST_OK;
}

static const FilePlan *plan_for(const Plan *p, const char *rel) {
  for (size_t i = 0; i < p->files.len; i++)
    if (strcmp(p->files.items[i].src->rel, rel) == 0)
      return &p->files.items[i];
  return NULL;
}

static Status print_diff(const char *rel, const char *orig_path, const char *text, size_t len) {
  char *tmp = cm_xasprintf("%s/hipport-diff-XXXXXX", cm_temp_base());
  int fd = mkstemp(tmp);
  if (fd < 0 || write(fd, text, len) != (ssize_t)len) {
    if (fd >= 0)
      close(fd), unlink(tmp);
    free(tmp);
    return cm_fail(ST_ENV, "cannot write a temporary file for the diff: check TMPDIR");
  }
  close(fd);
  fflush(stdout);
  char *a = cm_xasprintf("a/%s", rel), *b = cm_xasprintf("b/%s", rel);
  char *argv[] = {"diff", "-u", "--label", a, "--label", b, (char *)orig_path, tmp, NULL};
  pid_t pid;
  CmExit done = {.exit_code = -1};
  if (cm_spawn(&(CmCommand){.argv = argv}, &pid) == ST_OK)
    cm_wait(pid, 0, &done);
  unlink(tmp);
  free(tmp), free(a), free(b);
  return done.exit_code == 0 || done.exit_code == 1 ? ST_OK : cm_fail(ST_ENV, "diff failed (install diffutils)");
}

static Status write_translation(Run *r, const FilePlan *fp, const char *dest) {
  size_t len;
  char *text = tr_apply(fp, r->opt->annotate, &len);
  find_leftovers(fp, r->db, text, len, r->res);
  bool changed = len != fp->src->len || memcmp(text, fp->src->text, len) != 0;
  Status st = ST_OK;
  struct stat sb;
  mode_t mode = stat(fp->src->path, &sb) == 0 ? sb.st_mode : 0644;
  if (r->opt->dry_run) {
    if (changed)
      st = print_diff(fp->src->rel, fp->src->path, text, len);
  } else if (dest && strcmp(dest, "-") == 0) {
    st = fwrite(text, 1, len, stdout) == len ? ST_OK : cm_fail(ST_ENV, "writing to standard output failed");
  } else if (r->opt->in_place) {
    if (changed)
      st = write_atomically(dest, text, len, mode);
  } else {
    st = write_atomically(dest, text, len, mode);
  }
  r->res->translated += changed;
  r->res->unchanged += !changed;
  free(text);
  return st;
}

/* The bytes of a file equal `text`. */
static bool holds(const char *path, const char *text, size_t len) {
  char *data;
  size_t n;
  if (cm_read_file(path, &data, &n))
    return false;
  bool same = n == len && memcmp(data, text, len) == 0;
  free(data);
  return same;
}

/* In place, every backup is checked before any source is touched. A backup that
 * holds the file as it is now is what an interrupted run left: the re-run goes on
 * over it. Any other is the user's, and stops the run. */
static Status check_backups(Run *r) {
  for (size_t i = 0; i < r->plan->files.len && r->opt->backup_suffix; i++) {
    const FilePlan *fp = &r->plan->files.items[i];
    if (!fp->edits.len && !r->opt->annotate)
      continue;
    char *backup = cm_xasprintf("%s%s", fp->src->path, r->opt->backup_suffix);
    bool theirs = access(backup, F_OK) == 0 && !holds(backup, fp->src->text, fp->src->len);
    Status st = theirs ? cm_fail_cause(ST_USAGE, TR_BACKUP_EXISTS, "the backup %s exists and holds something else", backup)
                       : ST_OK;
    free(backup);
    if (st)
      return st;
  }
  return ST_OK;
}

/* Only regular files are rewritten: never a link, nor what it points to. */
static bool rewritable(const FilePlan *fp) {
  struct stat st;
  return !fp->src->skip_reason && lstat(fp->src->path, &st) == 0 && S_ISREG(st.st_mode);
}

/* What a run killed outright (kill -9) left beside a source: hipport's own name. */
static void remove_stale_temporary(const FilePlan *fp) {
  char *tmp = cm_xasprintf("%s.hipport-tmp", fp->src->path);
  unlink(tmp);
  free(tmp);
}

static Status translate_in_place(Run *r) {
  Status st = check_backups(r);
  for (size_t i = 0; i < r->plan->files.len && !st; i++) {
    const FilePlan *fp = &r->plan->files.items[i];
    if (rewritable(fp))
      remove_stale_temporary(fp);
    size_t len;
    char *text = tr_apply(fp, r->opt->annotate, &len);
    bool changed = len != fp->src->len || memcmp(text, fp->src->text, len) != 0;
    free(text);
    if (!changed || !rewritable(fp))
      continue;
    if (r->opt->backup_suffix) {
      char *backup = cm_xasprintf("%s%s", fp->src->path, r->opt->backup_suffix);
      st = copy_file(fp->src->path, backup);
      free(backup);
    }
    if (!st)
      st = write_translation(r, fp, fp->src->path);
  }
  return st;
}

static bool skip_name(const char *name) {
  return strcmp(name, ".") == 0 || strcmp(name, "..") == 0 || strcmp(name, ".git") == 0 ||
         strcmp(name, ".hg") == 0 || strcmp(name, ".svn") == 0;
}

static Status mirror(Run *r, const char *rel);

/* A file the output holds only as a link, and why. */
static void note_skipped(Run *r, const char *rel, char *why) {
  TrNote n = {cm_xstrdup(rel), 0, 0, why};
  vec_push(&r->res->skipped, n);
}

/* Something the output goes without because it could not be read. */
static void note_unread(Run *r, const char *rel, const char *why) {
  note_skipped(r, rel, cm_xasprintf("not written: %s", why));
  r->res->unreadable = true;
}

/* From the folder of `from` (relative to the root) to `to`, both under the root. */
static char *relative_target(const char *from, const char *to) {
  Buf b = {0};
  for (const char *p = from; (p = strchr(p, '/')); p++)
    buf_puts(&b, "../");
  buf_puts(&b, *to ? to : ".");
  return buf_cstr(&b);
}

/* A link inside the tree stays a link, to the same place in the output (so to
 * the translated file); one leading out keeps pointing where it points, is never
 * followed and is said. Nothing is written through a link. */
static Status mirror_link(Run *r, const char *rel, const char *from, const char *to) {
  char *real = realpath(from, NULL), *target;
  if (real && inside(real, r->src_root)) {
    target = relative_target(rel, real[strlen(r->src_root)] ? real + strlen(r->src_root) + 1 : "");
  } else {
    char raw[PATH_MAX];
    ssize_t n = readlink(from, raw, sizeof raw - 1);
    raw[n < 0 ? 0 : n] = '\0';
    target = cm_xstrdup(real ? real : raw);
    note_skipped(r, rel, real ? cm_xasprintf("a link out of the tree (to %s): kept as a link, not translated", real)
                              : cm_xasprintf("a link to nothing (%s): kept as it is", raw));
  }
  unlink(to);
  Status s = make_parents(to);
  if (!s && symlink(target, to) != 0)
    s = cm_fail(ST_INPUT, "%s: cannot make the link: %s", to, strerror(errno));
  r->res->links += !s;
  free(target);
  free(real);
  return s;
}

/* A regular file: translated (a CUDA source or build file the plan covers) or copied. One that cannot be
 * read is left out of the output and said, and the run goes on. */
static Status mirror_file(Run *r, const char *rel, const char *from, const char *to) {
  const FilePlan *fp = plan_for(r->plan, rel);
  if (fp && fp->src->unreadable) {
    note_unread(r, rel, fp->src->skip_reason);
    return ST_OK;
  }
  if (!fp && access(from, R_OK) != 0) {
    note_unread(r, rel, strerror(errno));
    return ST_OK;
  }
  if (fp)
    return write_translation(r, fp, to);
  r->res->copied++;
  return copy_file(from, to);
}

static Status mirror_entry(Run *r, const char *rel) {
  char *from = cm_xasprintf("%s/%s", r->src_root, rel), *to = cm_xasprintf("%s/%s", r->out_root, rel);
  struct stat st;
  Status s = ST_OK;
  if (lstat(from, &st) != 0)
    s = cm_fail(ST_INPUT, "%s: %s", from, strerror(errno));
  else if (S_ISLNK(st.st_mode))
    s = mirror_link(r, rel, from, to);
  else if (S_ISDIR(st.st_mode))
    s = mirror(r, rel);
  else if (S_ISREG(st.st_mode))
    s = mirror_file(r, rel, from, to);
  free(from);
  free(to);
  return s;
}

/* Sorted, so that the same input writes in the same order. A folder that cannot
 * be listed is said, and the rest is written. */
static Status mirror(Run *r, const char *rel) {
  char *dir = *rel ? cm_xasprintf("%s/%s", r->src_root, rel) : cm_xstrdup(r->src_root);
  struct dirent **names = NULL;
  int n = scandir(dir, &names, NULL, alphasort);
  Status st = ST_OK;
  if (n < 0) {
    char *why = cm_xasprintf("cannot list the folder: %s", strerror(errno));
    note_unread(r, *rel ? rel : ".", why);
    free(why);
  }
  for (int i = 0; i < n; i++) {
    if (!st && !skip_name(names[i]->d_name)) {
      char *child = *rel ? cm_xasprintf("%s/%s", rel, names[i]->d_name) : cm_xstrdup(names[i]->d_name);
      st = mirror_entry(r, child);
      free(child);
    }
    free(names[i]);
  }
  free(names);
  free(dir);
  if (!st && !*rel)
    mkdir(r->out_root, 0777); /* an empty source still gives an (empty) tree */
  return st;
}

/* A single file: its translation, or (not CUDA) its bytes as they are. */
static Status translate_one_file(Run *r) {
  const FilePlan *fp = r->plan->files.len ? &r->plan->files.items[0] : NULL;
  if (fp && fp->src->unreadable)
    return cm_fail(ST_INPUT, "%s: fix its permissions; nothing was written", fp->src->skip_reason);
  if (fp)
    return write_translation(r, fp, r->opt->out);
  if (strcmp(r->opt->out, "-") != 0)
    return copy_file(r->src_root, r->opt->out);
  char *text;
  size_t len;
  Status st = cm_read_file(r->src_root, &text, &len);
  if (st)
    return st;
  if (fwrite(text, 1, len, stdout) != len)
    st = cm_fail(ST_ENV, "writing to standard output failed");
  free(text);
  return st;
}

Status tr_translate(const Plan *plan, const RuleDb *db, const char *src, const TranslateOptions *opt,
                    TranslateResult *res) {
  *res = (TranslateResult){0};
  Run r = {.plan = plan, .db = db, .opt = opt, .res = res, .src_root = realpath(src, NULL)};
  if (!r.src_root)
    return cm_fail(ST_INPUT, "%s: %s: check the path", src, strerror(errno));
  bool src_is_dir = is_dir(r.src_root);
  Status st = check_destination(&r, src_is_dir);
  if (!st && opt->in_place)
    st = translate_in_place(&r);
  else if (!st && opt->dry_run)
    for (size_t i = 0; i < plan->files.len && !st; i++)
      st = write_translation(&r, &plan->files.items[i], NULL);
  else if (!st && !src_is_dir)
    st = translate_one_file(&r);
  else if (!st)
    st = mirror(&r, "");
  free(r.src_root);
  free(r.out_root);
  return st;
}

static void free_notes(TrNotes *notes) {
  for (size_t i = 0; i < notes->len; i++)
    free(notes->items[i].file), free(notes->items[i].text);
  vec_free(notes);
}

void tr_result_free(TranslateResult *res) {
  free_notes(&res->leftovers);
  free_notes(&res->skipped);
}
