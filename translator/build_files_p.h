/* Internal to translator/: build files that build CUDA, turned toward HIP.
 *
 * CMake files are rewritten (edits by byte range, every other byte kept);
 * Makefiles are only read, each nvcc use noted with its hipcc form. Notes point
 * into the text given (line and column are 1-based, columns count bytes). */
#ifndef HIPPORT_BUILD_FILES_P_H
#define HIPPORT_BUILD_FILES_P_H

#include "common.h"

typedef struct {
  unsigned line, column;
  char *message;
} BuildNote;
typedef VEC(BuildNote) BuildNotes;

/* A CMake file (CMakeLists.txt or *.cmake) that builds CUDA, rewritten to build HIP:
 * the new text (malloc'd, *out_len set), or NULL when there is nothing to change
 * (notes may still be added: a CUDA construct with no HIP form changes nothing).
 * Each construct it cannot convert is a note; so is each conversion worth a look.
 * Porting its own output changes nothing. */
char *tr_port_cmake(const char *text, size_t len, size_t *out_len, BuildNotes *notes);

/* A Makefile calling nvcc: one note per line that runs nvcc or carries nvcc flags,
 * naming the hipcc equivalent of that line. Never rewrites. */
void tr_check_makefile(const char *text, size_t len, BuildNotes *notes);

void tr_build_notes_free(BuildNotes *notes);

#endif
