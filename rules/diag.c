/* The diagnostic table (diagnostics.def) as data, and the names of the rule enums. */
#include "rules.h"

#include <string.h>

static const DiagInfo diags[D_COUNT] = {
#define DIAG(id, code_, category_, sev, effort, per_, title_) \
  [id] = {.code = code_, .category = category_, .title = title_, .severity = sev, .effort_hours = effort, .per = per_},
#include "diagnostics.def"
#undef DIAG
};

const DiagInfo *rl_diag(Diag d) { return &diags[d]; }

bool rl_diag_by_code(const char *code, Diag *out) {
  for (int d = 0; d < D_COUNT; d++) {
    if (strcmp(diags[d].code, code) == 0) {
      *out = (Diag)d;
      return true;
    }
  }
  return false;
}

const char *rl_severity_name(Severity s) {
  static const char *names[] = {[SEV_ERROR] = "error", [SEV_WARNING] = "warning", [SEV_NOTE] = "note"};
  return names[s];
}

static const char *kind_names[] = {
    [RK_FUNCTION] = "function", [RK_DEVICE_FUNCTION] = "device_function",
    [RK_TYPE] = "type",         [RK_CONSTANT] = "constant",
    [RK_ANNOTATION] = "annotation", [RK_MEMBER] = "member",
    [RK_NAMESPACE] = "namespace",   [RK_UNKNOWN] = "unknown",
};

const char *rl_kind_name(RuleKind k) { return kind_names[k]; }

bool rl_kind_parse(const char *s, RuleKind *out) {
  for (int k = 0; k <= RK_UNKNOWN; k++) {
    if (strcmp(kind_names[k], s) == 0) {
      *out = (RuleKind)k;
      return true;
    }
  }
  return false;
}

/* ORDER AVAIL */
const char *rl_avail_name(Avail a) {
  static const char *names[] = {[AV_MAPPED] = "mapped", [AV_UNMAPPED] = "unmapped",
                                [AV_LATER] = "later-release", [AV_HIP_REMOVED] = "removed-in-hip"};
  return names[a];
}

static bool serves(const HipName *h, Version release) {
  return (h->added == VERSION_NONE || h->added <= release) && release < h->until;
}

const char *rl_hip_name(const Rule *r, Version release) {
  for (unsigned i = 0; i < r->nearlier; i++)
    if (serves(&r->earlier[i], release))
      return r->earlier[i].hip;
  return r->hip;
}

Version rl_first_release(const Rule *r) {
  Version first = r->hip_added;
  for (unsigned i = 0; i < r->nearlier; i++)
    if (r->earlier[i].added == VERSION_NONE || (first && r->earlier[i].added < first))
      first = r->earlier[i].added;
  return first;
}

bool rl_hazard_applies(const HazardRule *h, Version target) {
  return (h->since == VERSION_NONE || h->since <= target) && (h->until == VERSION_NONE || target < h->until);
}

/* A counterpart with no recorded release is taken as present from the start: the
 * source tables leave the release out for the oldest HIP APIs. */
Avail rl_availability(const Rule *r, Version release) {
  for (unsigned i = 0; i < r->nearlier; i++)
    if (serves(&r->earlier[i], release))
      return AV_MAPPED;
  if (!r->hip && r->kind != RK_ANNOTATION)
    return AV_UNMAPPED;
  if (r->hip_removed != VERSION_NONE && r->hip_removed <= release)
    return AV_HIP_REMOVED;
  if (r->hip_added != VERSION_NONE && r->hip_added > release)
    return AV_LATER;
  return AV_MAPPED;
}
