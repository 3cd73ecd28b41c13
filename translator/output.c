/* Writing the output tree: parents made as needed, each file written beside its
 * target under a temporary name, flushed to disk, and renamed into place
 * (common's cm_write_atomically). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "translator_p.h"

Status make_parents(const char *path) {
  char *dir = cm_xstrdup(path);
  Status st = ST_OK;
  for (char *p = dir + 1; *p && !st; p++) {
    if (*p != '/')
      continue;
    *p = '\0';
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
      st = cm_fail(ST_INPUT, "%s: cannot create the folder: %s", dir, strerror(errno));
    *p = '/';
  }
  free(dir);
  return st;
}

Status write_atomically(const char *path, const char *data, size_t len, mode_t mode) {
  Status st = make_parents(path);
  return st ? st : cm_write_atomically(path, data, len, mode);
}

Status copy_file(const char *from, const char *to) {
  char *data;
  size_t len;
  struct stat st;
  if (stat(from, &st) != 0)
    return cm_fail(ST_INPUT, "%s: %s", from, strerror(errno));
  Status s = cm_read_file(from, &data, &len);
  if (s)
    return s;
  s = write_atomically(to, data, len, st.st_mode);
  free(data);
  return s;
}
