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

/* Takes ownership of message; a second finding of one code at one spot is
 * dropped (NULL). */
Finding *add_finding(FilePlan *fp, Diag d, unsigned offset, const char *subject, char *message);
void add_edit(FilePlan *fp, unsigned offset, unsigned length, const char *text);

/* rewrite.c: the edits beyond renames. */
enum { MAX_ARGS = 16 };
typedef struct {
  unsigned begin, end;
} ArgRange;
typedef struct {
  unsigned lparen, rparen, n;
  ArgRange arg[MAX_ARGS];
} Args;

bool call_args(const SourceFile *src, unsigned from, Args *out);
bool bracketed_args(const SourceFile *src, unsigned open, char close, Args *out);
void plan_warp(FilePlan *fp, const Fact *f, const WarpRewrite *w, Version target);
bool plan_launch_ggl(FilePlan *fp, const Fact *f, bool kernel_name_templates);
void plan_erase(FilePlan *fp, const Fact *f);
void plan_arg_cast(FilePlan *fp, const Fact *f, const ArgCast *c);
void plan_default_args(FilePlan *fp, const Fact *f, const char *name, const RuleDb *db, bool hipify_too);
bool plan_duplicate_include(FilePlan *fp, const PlannedUse *u);
void plan_runtime_include(FilePlan *fp, bool in_place);
void plan_fenced_regions(FilePlan *fp);

/* release.c: the edits a target release asks for beyond renames. */
void plan_member_orders(FilePlan *fp, const RuleDb *db, Version target);
void plan_warp_enable(FilePlan *fp, const RuleDb *db, Version target);
void plan_wave_size(FilePlan *fp);
void plan_std_includes(FilePlan *fp);
void plan_type_headers(FilePlan *fp, const RuleDb *db);
void plan_hazard_fixes(FilePlan *fp);
/* cache_hints.c: __ldcs(p) and kin where HIP lacks them for the type. The form
 * translate writes for the call (data/cache_hints.csv), or NULL where HIP has it. */
const char *plan_hint_form(const CacheHint *h, const Fact *f, Version target);
void plan_cache_hints(FilePlan *fp, const RuleDb *db, Version target);
/* Lines (ending in \n) right before or after the runtime include, where the plan
 * puts it; where the file has none, where it would go. */
void plan_beside_runtime_include(FilePlan *fp, const char *lines, bool before);

#endif
