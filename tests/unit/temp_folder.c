/* The unit tests' temporary folder (temp_folder.h). It is named after the test
 * program, so that one a crash leaves behind says whose it is. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>

#include "common.h"
#include "temp_folder.h"

char *temp_folder;

int temp_folder_make(void **state) {
  (void)state;
  char *prefix = cm_xasprintf("hipport-%s", program_invocation_short_name);
  temp_folder = cm_make_temp_dir(prefix);
  free(prefix);
  return temp_folder ? 0 : -1;
}

int temp_folder_remove(void **state) {
  (void)state;
  cm_remove_tree(temp_folder);
  free(temp_folder);
  temp_folder = NULL;
  return 0;
}

char *temp_path(const char *name) { return cm_xasprintf("%s/%s", temp_folder, name); }
