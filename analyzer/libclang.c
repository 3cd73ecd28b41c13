/* Opens libclang on first use: see libclang.h. */
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "libclang.h"

static LibClang table;
static pthread_once_t opened = PTHREAD_ONCE_INIT;

static _Noreturn void unusable(const char *why) {
  fprintf(stderr, "hipport: %s: %s: reinstall libclang1-16, or build hipport against another LLVM (-DLLVM_CONFIG=)\n",
          HP_LIBCLANG_PATH, why);
  exit(ST_ENV);
}

static void open_libclang(void) {
  void *lib = dlopen(HP_LIBCLANG_PATH, RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    unusable(dlerror());
#define HP_LIBCLANG_FILL(name)                       \
  {                                                  \
    void *sym = dlsym(lib, #name);                   \
    if (!sym)                                        \
      unusable("it has no " #name);                  \
    memcpy(&table.fn_##name, &sym, sizeof sym); /* POSIX's way from dlsym to a function */ \
  }
  HP_LIBCLANG_FUNCTIONS(HP_LIBCLANG_FILL)
#undef HP_LIBCLANG_FILL
}

const LibClang *libclang(void) {
  pthread_once(&opened, open_libclang);
  return &table;
}

Status libclang_check(void) {
  if (access(HP_LIBCLANG_PATH, R_OK) != 0)
    return cm_fail(ST_ENV, "%s: libclang is not there: reinstall libclang1-16, or build hipport against another LLVM "
                           "(-DLLVM_CONFIG=)", HP_LIBCLANG_PATH);
  return ST_OK;
}

const char *libclang_path(void) { return HP_LIBCLANG_PATH; }

/* LLVM installs its handlers without SA_ONSTACK, and a stack overflow can only
 * be caught on another stack: they are installed again with it. */
static void handlers_on_signal_stack(void) {
  int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
    struct sigaction sa;
    if (sigaction(sigs[i], NULL, &sa) == 0 && sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN &&
        !(sa.sa_flags & SA_ONSTACK)) {
      sa.sa_flags |= SA_ONSTACK;
      sigaction(sigs[i], &sa, NULL);
    }
  }
}

/* Declarations from a PCH left out of a walk of the tree: the walk wants the
 * file's own, and reading back every top-level declaration of a Thrust or CUB
 * PCH cost a fifth of a parse. The walk may then meet a template member twice,
 * which the plan takes once. */
CXIndex libclang_index(void) {
  CXIndex index = clang_createIndex(1, 0);
  handlers_on_signal_stack();
  return index;
}
