/* Internal to translator/. */
#ifndef HIPPORT_TRANSLATOR_P_H
#define HIPPORT_TRANSLATOR_P_H

#include "translator.h"

/* output.c: writing files so that a failed or interrupted run never leaves half a file. */
Status write_atomically(const char *path, const char *data, size_t len, mode_t mode);
Status make_parents(const char *path);
Status copy_file(const char *from, const char *to);

/* leftovers.c: CUDA names still in a translated file that no finding explains. */
void find_leftovers(const FilePlan *fp, const RuleDb *db, const char *text, size_t len, TranslateResult *res);

#endif
