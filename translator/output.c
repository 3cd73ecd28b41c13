/* Writing the output tree: parents made as needed, each file written beside its
 * target under a temporary name, flushed, and renamed into place. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
  if (st)
    return st;
  bool special = cm_is_special_file(path); /* -o /dev/stdout: written to, not replaced */
  char *tmp = special ? cm_xstrdup(path) : cm_xasprintf("%s.hipport-tmp", path);
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, mode & 07777);
  if (fd < 0) {
    st = cm_fail(ST_INPUT, "%s: cannot write: %s", path, strerror(errno));
    free(tmp);
    return st;
  }
  size_t done = 0;
  while (done < len) {
    ssize_t n = write(fd, data + done, len - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      st = cm_fail(ST_ENV, "%s: write failed: %s", path, strerror(errno));
      break;
    }
    done += (size_t)n;
  }
  if (close(fd) != 0 && !st)
    st = cm_fail(ST_ENV, "%s: write failed: %s", path, strerror(errno));
  if (!st && !special && rename(tmp, path) != 0)
    st = cm_fail(ST_ENV, "%s: cannot rename into place: %s", path, strerror(errno));
  if (st && !special)
    unlink(tmp);
  free(tmp);
  return st;
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
