/* translator: the plan's edits written out as a HIP tree.
 *
 * Takes a plan (built from a scan of SRC) and where to write; gives the ported
 * tree: each CUDA file's and build file's edits applied to its original bytes
 * (comments, layout and line endings stay), every other file copied byte for byte, each write
 * through a temporary file and a rename. It never writes into SRC unless asked
 * (--in-place, with backups), and it reports any CUDA name its output still holds. */
#ifndef HIPPORT_TRANSLATOR_H
#define HIPPORT_TRANSLATOR_H

#include "plan.h"

typedef struct {
  const char *out;           /* folder, or file when the source is one file; "-": stdout */
  bool in_place, dry_run, force, annotate;
  const char *backup_suffix; /* --in-place; NULL: no backup (hipify-clang's --no-backup) */
} TranslateOptions;

typedef struct {
  char *file;                /* relative to the source root */
  unsigned line, column;
  char *text;                /* the name left behind, or what to do */
} TrNote;

typedef VEC(TrNote) TrNotes;

typedef struct {
  size_t translated, copied, unchanged, links;
  TrNotes leftovers;         /* CUDA names the output still holds, unexplained */
  TrNotes skipped;           /* files not written (unreadable) or kept as links out of the tree */
  bool unreadable;           /* some input could not be read: an input error once all is written */
} TranslateResult;

/* tr_translate's refusals (cm_error_cause): each undoes a choice the caller made
 * in TranslateOptions, and the caller says how. */
enum {
  TR_NO_OUTPUT = 0x300,  /* no out, in_place or dry_run */
  TR_STDOUT_FOR_FOLDER,  /* out "-" for a folder */
  TR_OUTPUT_IS_SOURCE,
  TR_OUTPUT_EXISTS,      /* a file, and force not set */
  TR_OUTPUT_NOT_EMPTY,   /* a folder, and force not set */
  TR_BACKUP_EXISTS,      /* holding other bytes than the source */
};

/* `src` is what the scan was given: a folder, or one file. */
Status tr_translate(const Plan *plan, const RuleDb *db, const char *src, const TranslateOptions *opt,
                    TranslateResult *res);
void tr_result_free(TranslateResult *res);

/* A file's new bytes: its edits applied, with --annotate comments. */
char *tr_apply(const FilePlan *fp, bool annotate, size_t *len);

/* Where each line of a port came from, so that a compiler's error in the port
 * points at the CUDA line a person wrote: items[i] is the original line of port
 * line i + 1 (lines an edit inserted take the line they were inserted at). */
typedef VEC(unsigned) TrLineMap;
void tr_line_map(const FilePlan *fp, bool annotate, TrLineMap *out);
/* The original line of a port line (a line past the end maps to the last). */
unsigned tr_original_line(const TrLineMap *m, unsigned port_line);

#endif
