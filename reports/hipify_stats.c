/* hipify-clang's statistics (--print-stats, --print-stats-csv) from a plan: per
 * file, the references converted and not, the bytes and lines the edits touch,
 * the time taken, and the references by type, by API and by name; then, for
 * several files, the totals. The text goes where hipify-clang prints it ("[HIPIFY]
 * info:" lines on stderr), the CSV as `name;value` rows. The type and API labels
 * are hipify-clang's, from the rule data (hipify_types.csv, libraries.csv). */
#include <stdlib.h>
#include <string.h>

#include "reports.h"

static void stat_line(FILE *text, FILE *csv, const char *name, const char *value) {
  if (text)
    fprintf(text, "  %s: %s\n", name, value);
  if (csv)
    fprintf(csv, "%s;%s\n", name, value);
}

static void stat_count(FILE *text, FILE *csv, const char *name, size_t n) {
  char v[32];
  snprintf(v, sizeof v, "%zu", n);
  stat_line(text, csv, name, v);
}

static void stat_real(FILE *text, FILE *csv, const char *name, double x, int digits) {
  char v[32];
  snprintf(v, sizeof v, "%.*f", digits, x);
  stat_line(text, csv, name, v);
}

static void heading(FILE *text, FILE *csv, const char *csv_head, const char *text_head) {
  if (csv)
    fprintf(csv, "\n%s\n", csv_head);
  if (text)
    fprintf(text, "[HIPIFY] info: %s\n", text_head);
}

typedef struct {
  const char *name;
  size_t count;
} Tally;

typedef VEC(Tally) Tallies;

static void tally(Tallies *t, const char *name) {
  for (size_t i = 0; i < t->len; i++)
    if (strcmp(t->items[i].name, name) == 0) {
      t->items[i].count++;
      return;
    }
  Tally x = {name, 1};
  vec_push(t, x);
}

static int by_name(const void *a, const void *b) { return strcmp(((const Tally *)a)->name, ((const Tally *)b)->name); }

static void print_tallies(FILE *text, FILE *csv, Tallies *t, const char *csv_head, const char *text_head) {
  if (!t->len)
    return;
  qsort(t->items, t->len, sizeof *t->items, by_name);
  heading(text, csv, csv_head, text_head);
  for (size_t i = 0; i < t->len; i++)
    stat_count(text, csv, t->items[i].name, t->items[i].count);
}

/* hipify-clang's type of a use: by its rule's section, or a header's name. */
static const char *use_type(const RuleDb *db, const PlannedUse *u) {
  const char *section = u->rule ? u->rule->section : u->fact->kind == FK_INCLUDE ? u->fact->name : NULL;
  const char *type = rl_hipify_type(db, u->library, section, u->kind);
  return type ? type : u->kind;
}

/* CONVERTED and UNCONVERTED references, by type, by API and by name. */
static void print_refs(FILE *text, FILE *csv, const RuleDb *db, const FilePlan *const *files, size_t n,
                       bool converted) {
  Tallies by_type = {0}, by_api = {0}, by_ref = {0};
  for (size_t f = 0; f < n; f++)
    for (size_t i = 0; i < files[f]->uses.len; i++) {
      const PlannedUse *u = &files[f]->uses.items[i];
      if (u->available != converted)
        continue;
      tally(&by_type, use_type(db, u));
      tally(&by_api, rl_hipify_api(db, u->library));
      tally(&by_ref, u->fact->kind == FK_LAUNCH ? "<<<>>>" : u->fact->name);
    }
  const char *what = converted ? "CONVERTED" : "UNCONVERTED";
  char head[64];
  snprintf(head, sizeof head, "%s refs by type:", what);
  print_tallies(text, csv, &by_type, "CUDA ref type;Count", head);
  snprintf(head, sizeof head, "%s refs by API:", what);
  print_tallies(text, csv, &by_api, "CUDA API;Count", head);
  snprintf(head, sizeof head, "%s refs by names:", what);
  print_tallies(text, csv, &by_ref, "CUDA ref name;Count", head);
  vec_free(&by_type);
  vec_free(&by_api);
  vec_free(&by_ref);
}

/* Lines of the original that an edit touches, each once. */
static size_t changed_lines(const FilePlan *fp) {
  size_t n = 0;
  unsigned last = 0;
  for (size_t i = 0; i < fp->edits.len; i++) {
    const Edit *e = &fp->edits.items[i];
    unsigned first, end, col;
    an_location(fp->src, e->offset, &first, &col);
    an_location(fp->src, e->offset + (e->length ? e->length - 1 : 0), &end, &col);
    for (unsigned l = first > last ? first : last + 1; l <= end; l++)
      n++;
    last = end > last ? end : last;
  }
  return n;
}

static size_t total_lines(const SourceFile *src) {
  size_t n = 0;
  for (size_t i = 0; i < src->len; i++)
    n += src->text[i] == '\n';
  return n;
}

void rp_hipify_stats(FILE *text, FILE *csv, const RuleDb *db, const char *title, const FilePlan *const *files,
                     size_t n, double seconds) {
  if (text)
    fprintf(text, "\n[HIPIFY] info: %s statistics:\n", title);
  if (csv)
    fprintf(csv, "\n%s statistics:\n", title);
  size_t conv = 0, unconv = 0, replaced = 0, bytes = 0, changed = 0, lines = 0;
  for (size_t f = 0; f < n; f++) {
    for (size_t i = 0; i < files[f]->uses.len; i++)
      files[f]->uses.items[i].available ? conv++ : unconv++;
    for (size_t i = 0; i < files[f]->edits.len; i++)
      replaced += files[f]->edits.items[i].length;
    bytes += files[f]->src->len;
    changed += changed_lines(files[f]);
    lines += total_lines(files[f]->src);
  }
  stat_count(text, csv, "CONVERTED refs count", conv);
  stat_count(text, csv, "UNCONVERTED refs count", unconv);
  stat_real(text, csv, "CONVERSION %", conv + unconv ? 100.0 * (double)conv / (double)(conv + unconv) : 100.0, 1);
  stat_count(text, csv, "REPLACED bytes", replaced);
  stat_count(text, csv, "TOTAL bytes", bytes);
  stat_count(text, csv, "CHANGED lines of code", changed);
  stat_count(text, csv, "TOTAL lines of code", lines);
  stat_real(text, csv, "CODE CHANGED (in bytes) %", bytes ? 100.0 * (double)replaced / (double)bytes : 0.0, 1);
  stat_real(text, csv, "CODE CHANGED (in lines) %", lines ? 100.0 * (double)changed / (double)lines : 0.0, 1);
  stat_real(text, csv, "TIME ELAPSED s", seconds, 2);
  print_refs(text, csv, db, files, n, true);
  print_refs(text, csv, db, files, n, false);
}

void rp_hipify_totals(FILE *text, FILE *csv, size_t converted_files, size_t processed_files) {
  if (text)
    fprintf(text, "\n[HIPIFY] info: TOTAL statistics:\n");
  if (csv)
    fprintf(csv, "\nTOTAL statistics:\n");
  stat_count(text, csv, "CONVERTED files", converted_files);
  stat_count(text, csv, "PROCESSED files", processed_files);
}
