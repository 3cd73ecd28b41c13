/* Fuzz target: the rule-file loader. The bytes are a user rules file (YAML,
 * docs/user-rules.md) loaded on top of the build's rule database, which is
 * opened afresh after a file that loaded, so that each input starts clean. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *path = fz_write("rules.yaml", data, size);
  if (rl_load_user_rules(fz_rules(), path, "fuzz") == ST_OK)
    fz_rules_reopen();
  return 0;
}
