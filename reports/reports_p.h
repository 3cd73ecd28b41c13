/* Internal to reports/: the formats reporters.c lists. */
#ifndef HIPPORT_REPORTS_P_H
#define HIPPORT_REPORTS_P_H

#include <string.h>

#include "reports.h"

extern const Reporter rp_text, rp_json;

#endif
