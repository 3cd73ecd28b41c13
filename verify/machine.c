/* What this machine can build and run: the compilers on PATH, and the GPUs the
 * vendors' own tools report (rocminfo lists gfx agents; nvidia-smi -L lists
 * NVIDIA GPUs). A tool that is missing or finds nothing means no GPU of that kind. */
#include <stdlib.h>
#include <string.h>

#include "verify_p.h"

/* The value after `key` on the first line holding it, trimmed. */
static char *field_after(const char *text, const char *key) {
  const char *p = strstr(text, key);
  if (!p)
    return NULL;
  p += strlen(key);
  while (*p == ' ' || *p == ':' || *p == '\t')
    p++;
  size_t n = strcspn(p, "\n(");
  while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\r'))
    n--;
  return n ? cm_xstrndup(p, n) : NULL;
}

static void probe_amd(Machine *m) {
  CmRun r;
  char *argv[] = {"rocminfo", NULL};
  if (!cm_on_path("rocminfo") || cm_run(NULL, argv, 30, &r) != ST_OK)
    return;
  const char *agent = strstr(r.out, "Name:");
  for (; agent && !m->amd; agent = strstr(agent + 5, "Name:")) {
    char *name = field_after(agent, "Name:");
    if (name && strncmp(name, "gfx", 3) == 0) {
      m->amd = true;
      m->amd_arch = cm_xstrdup(name);
      char *marketing = field_after(agent, "Marketing Name:");
      m->amd_name = marketing ? marketing : cm_xstrdup(name);
    }
    free(name);
  }
  cm_run_free(&r);
}

static void probe_nvidia(Machine *m) {
  CmRun r;
  char *argv[] = {"nvidia-smi", "-L", NULL};
  if (!cm_on_path("nvidia-smi") || cm_run(NULL, argv, 30, &r) != ST_OK)
    return;
  if (r.exit.exit_code == 0 && strncmp(r.out, "GPU ", 4) == 0) {
    m->nvidia = true;
    char *colon = strchr(r.out, ':');
    m->nvidia_name = colon ? field_after(colon, ":") : cm_xstrdup("NVIDIA GPU");
  }
  cm_run_free(&r);
}

void vf_probe_machine(Machine *m) {
  *m = (Machine){.nvcc = cm_on_path("nvcc"), .hipcc = cm_on_path("hipcc")};
  probe_amd(m);
  probe_nvidia(m);
}

void vf_machine_free(Machine *m) {
  free(m->amd_name);
  free(m->amd_arch);
  free(m->nvidia_name);
}
