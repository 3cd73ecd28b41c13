/* Internal to plan/: pattern hazards and the finding helper they share. */
#ifndef HIPPORT_PLAN_P_H
#define HIPPORT_PLAN_P_H

#include "plan.h"

typedef struct Hazards Hazards;

/* Compiles the database's hazard patterns once; ST_ENV names a bad pattern. */
Status hazards_compile(const RuleDb *db, Hazards **out);
void hazards_apply(const Hazards *hz, FilePlan *fp);
void hazards_free(Hazards *hz);

/* Takes ownership of message; a second finding of one code at one spot is dropped. */
void add_finding(FilePlan *fp, Diag d, unsigned offset, const char *subject, char *message);

#endif
