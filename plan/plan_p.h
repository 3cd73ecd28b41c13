/* Internal to plan/: pattern hazards and the finding helper they share. */
#ifndef HIPPORT_PLAN_P_H
#define HIPPORT_PLAN_P_H

#include "plan.h"

typedef struct Hazards Hazards;

/* Compiles the database's hazard patterns once; ST_ENV names a bad pattern
 * (ST_INPUT with FILE:LINE for a user rule's). */
Status hazards_compile(const RuleDb *db, Hazards **out);
/* The hazards whose release window holds the target. */
void hazards_apply(const Hazards *hz, FilePlan *fp, Version target);
void hazards_free(Hazards *hz);

/* "6.2.0" (malloc'd), for messages. */
char *version_text(Version v);
static inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static inline bool ident_char(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Takes ownership of message; a second finding of one code at one spot is
 * dropped (NULL). */
Finding *add_finding(FilePlan *fp, Diag d, unsigned offset, const char *subject, char *message);
void add_edit(FilePlan *fp, unsigned offset, unsigned length, const char *text);

/* rewrite.c: the edits beyond renames. */
enum { MAX_ARGS = 32 }; /* cuSPARSE calls take up to 25; a full list may be cut */
typedef struct {
  unsigned begin, end;
} ArgRange;
typedef struct {
  unsigned lparen, rparen, n;
  ArgRange arg[MAX_ARGS];
} Args;

bool call_args(const SourceFile *src, unsigned from, Args *out);
bool bracketed_args(const SourceFile *src, unsigned open, char close, Args *out);
void plan_warp(FilePlan *fp, const RuleDb *db, const Fact *f, const WarpRewrite *w, Version target);
bool plan_launch_ggl(FilePlan *fp, const Fact *f, bool kernel_name_templates);
bool plan_launch_at_use(FilePlan *fp, const Fact *f, bool kernel_name_templates);
unsigned chevrons_end(const SourceFile *src, unsigned at);
void plan_join_chevrons(FilePlan *fp, const Fact *f);
void plan_erase(FilePlan *fp, const Fact *f);
void plan_arg_cast(FilePlan *fp, const Fact *f, const ArgCast *c, bool hipify);
void plan_member_wrap(FilePlan *fp, const Fact *f, const MemberWrap *w);
void plan_default_args(FilePlan *fp, const Fact *f, const char *name, const RuleDb *db, bool hipify_too);
void plan_arg_edits(FilePlan *fp, const Fact *f, const char *name, const RuleDb *db, bool roc, Version target);
/* signatures.c: HP1008 where HIP's parameter list cannot take the call's arguments. */
void plan_signature(FilePlan *fp, const Fact *f, const char *name, const RuleDb *db);
bool plan_duplicate_include(FilePlan *fp, const PlannedUse *u);
void plan_runtime_include(FilePlan *fp, bool in_place);
void plan_fenced_regions(FilePlan *fp);

/* release.c: the edits a target release asks for beyond renames. */
void plan_member_orders(FilePlan *fp, const RuleDb *db, Version target);
void plan_warp_enable(FilePlan *fp, const RuleDb *db, Version target);
void plan_wave_size(FilePlan *fp);
void plan_std_includes(FilePlan *fp);
void plan_type_headers(FilePlan *fp, const RuleDb *db);
void plan_hazard_fixes(FilePlan *fp, const RuleDb *db);
/* cache_hints.c: __ldcs(p) and kin where HIP lacks them for the type. The form
 * translate writes for the call (data/cache_hints.csv), or NULL where HIP has it. */
const char *plan_hint_form(const CacheHint *h, const Fact *f, Version target);
void plan_cache_hints(FilePlan *fp, const RuleDb *db, Version target);
/* Lines (ending in \n) right before or after the runtime include, where the plan
 * puts it; where the file has none, where it would go. */
void plan_beside_runtime_include(FilePlan *fp, const char *lines, bool before);

/* build.c: build files' edits and findings, shared by build_cmake.c and build_make.c. */
typedef struct {
  size_t start, end;
  char *text;
  size_t seq;          /* insertions at one spot keep the order they were made in */
} BuildEdit;

typedef struct {
  const char *s;
  size_t n;
} BuildTok;
typedef VEC(BuildTok) BuildToks;

typedef struct {
  FilePlan *fp;
  const RuleDb *db;
  const char *t;       /* the file's text */
  size_t len;
  const char *arch;    /* the AMD target that stands in for CUDA's sm numbers */
  VEC(BuildEdit) edits;
} BuildPort;

void plan_build_file(FilePlan *fp, const RuleDb *db, const PlanOptions *opt);
/* Records an edit unless an earlier one owns some of its bytes: false then. */
bool bp_replace(BuildPort *P, size_t start, size_t end, const char *text);
/* A finding at byte `at`; the same message twice on one line is said once. */
void bp_note(BuildPort *P, Diag d, size_t at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The same about a subject of its own (a file the build names), not the build file. */
void bp_note_on(BuildPort *P, Diag d, size_t at, const char *subject, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* The nvcc option (or -l<CUDA library>) at toks[*k] in hipcc's spelling, appended
 * to hip ("" when hipcc needs none), and why; a value given as the next token is
 * taken too, *k left on it. False when toks[*k] is not nvcc's. */
bool bp_map_option(const BuildPort *P, const BuildTok *toks, size_t n, size_t *k, Buf *hip, Buf *why);
bool bp_rewrite_option(BuildPort *P, size_t from, size_t to, const char *hip);
void bp_say_option(BuildPort *P, size_t at, const char *nvcc, size_t n, const Buf *hip, const Buf *why);
void port_cmake(BuildPort *P);  /* build_cmake.c */
void port_make(BuildPort *P);   /* build_make.c */

#endif
