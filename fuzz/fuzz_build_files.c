/* Fuzz target: the build-file reader, planner and applier. The first byte picks
 * a CMakeLists.txt or a Makefile; the rest is the file, read by the analyzer's
 * build-file lexer (which never runs anything), planned and its edits applied
 * as fz_plan_and_apply checks. */
#include "analyzer_p.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2 || is_binary((const char *)data + 1, size - 1))
    return 0;
  const char *name = data[0] & 1 ? "Makefile" : "CMakeLists.txt";
  SourceFile *f = cm_xcalloc(1, sizeof *f);
  f->path = cm_xstrdup(fz_write(name, data + 1, size - 1));
  f->rel = cm_xstrdup(name);
  f->text = cm_xstrndup((const char *)data + 1, size - 1);
  f->len = size - 1;
  if (read_build_file(f, an_build_kind(name), fz_rules())) {
    if (!f->line_starts.len)
      facts_index_lines(f);
    fz_plan_and_apply(f, data[0] >> 1, data[size - 1]);
  }
  an_source_free(f);
  return 0;
}
