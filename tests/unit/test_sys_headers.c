/* sys_headers.c: whether a CUDA header brings in a standard header the prelude
 * has not. Headers are written to a folder of their own: cuda/ holds the
 * "CUDA" ones, std/ the system folder <names> are looked for in. Only a step
 * from the CUDA side to a header spelled without an extension counts, and a
 * header a cycle reaches is answered as though asked first. A closure brings
 * std's names to file scope by the usings its headers make there, not in a
 * namespace (those count apart, for a file that uses such a namespace); where
 * a header's braces do not balance, by all of its usings.
 * A computed #include is followed through the bodies the closure's headers
 * give its macro (every branch's), also one a computed include reached
 * defines; a macro no header of the closure defines leaves any name possible.
 * A closure declares what its CUDA API headers declare (functions, types,
 * enumerators, typedefs, function pointer typedefs), but for the headers a
 * left-out root (the prelude) reaches; and a left-out root's closure brings
 * the usings the prelude's parse found, a header that parse included none. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analyzer_p.h"
#include "temp_folder.h"

static void write(const char *name, const char *text) {
  char *path = temp_path(name);
  assert_int_equal(cm_write_atomically(path, text, strlen(text), 0644), ST_OK);
  free(path);
}

static bool in_cuda(const char *real, void *ctx) {
  (void)ctx;
  return strstr(real, "/cuda/") != NULL;
}

/* The prelude's parse reached std/known already. */
static bool known(const char *real, void *ctx) {
  (void)ctx;
  const char *base = strrchr(real, '/');
  return strcmp(base, "/known") == 0;
}

static const SysSide side = {in_cuda, known, NULL};

static bool brings(SysHeaders *s, const char *name) {
  char *path = temp_path(name);
  bool b = sys_headers_brings_std(s, path, &side);
  free(path);
  return b;
}

static SysHeaders *tree(void) {
  char *cuda = temp_path("cuda"), *std = temp_path("std");
  assert_int_equal(mkdir(cuda, 0755), 0);
  assert_int_equal(mkdir(std, 0755), 0);
  write("std/vector", "#pragma once\n#include <bits/vec.h>\n");
  write("std/known", "#pragma once\n");
  write("std/stdlib.h", "#pragma once\n#include <vector>\n");
  write("cuda/dotted.h", "#include <stdlib.h>\n#include \"plain.h\"\n");
  write("cuda/plain.h", "#define PLAIN 1\n#include <known>\n");
  write("cuda/bare.h", "#include <vector>\n");
  write("cuda/a.h", "#include \"b.h\"\n#include \"bare.h\"\n");
  write("cuda/b.h", "#include \"a.h\"\n");
  write("cuda/computed.h", "#include HEADER\n");
  Strings dirs = {0};
  vec_push(&dirs, std);
  const Strings *lists[] = {&dirs};
  SysHeaders *s = sys_headers_new(lists, 1, (SysApi){0});
  cm_strings_free(&dirs);
  free(cuda);
  return s;
}

static void dotted_and_known_headers_bring_none(void **state) {
  (void)state;
  SysHeaders *s = tree();
  assert_false(brings(s, "cuda/dotted.h")); /* <stdlib.h>'s own <vector> is the C library's step, not CUDA's */
  assert_false(brings(s, "cuda/plain.h"));
  sys_headers_free(s);
}

static void a_bare_unknown_header_brings_one(void **state) {
  (void)state;
  SysHeaders *s = tree();
  assert_true(brings(s, "cuda/bare.h"));
  assert_true(brings(s, "cuda/computed.h")); /* it may name any header */
  sys_headers_free(s);
}

static bool uses_in(SysHeaders *s, const char *header, const char *name, bool inner) {
  char *path = temp_path(header);
  bool b = sys_closure_may_use_std(sys_headers_closure(s, path), name, strlen(name), inner);
  free(path);
  return b;
}

static bool uses(SysHeaders *s, const char *header, const char *name) { return uses_in(s, header, name, false); }

static void usings_at_file_scope_bring_std_names(void **state) {
  (void)state;
  SysHeaders *s = tree();
  write("std/math.h", "#pragma once\n#include <cmath>\nextern \"C++\" {\nusing std::exp;\n}\nusing std::sqrt;\n"
                      "namespace gnu {\nusing std::size_t;\n}\n");
  write("std/inner_all.h", "namespace lib {\nusing namespace std;\n}\n");
  write("std/cmath", "namespace std { float exp(float); }\n");
  write("cuda/math_user.h", "#include <math.h>\n");
  write("std/odd.h", "#ifdef A\nnamespace a {\n#else\nnamespace b {\n#endif\nusing std::min;\n}\n");
  write("std/all.h", "using namespace std;\n");
  assert_true(uses(s, "cuda/math_user.h", "exp"));
  assert_true(uses(s, "cuda/math_user.h", "sqrt"));
  assert_false(uses(s, "cuda/math_user.h", "size_t")); /* gnu::size_t */
  assert_true(uses_in(s, "cuda/math_user.h", "size_t", true)); /* after `using namespace gnu` */
  assert_false(uses_in(s, "cuda/math_user.h", "min", true));
  assert_false(uses(s, "std/inner_all.h", "min"));
  assert_true(uses_in(s, "std/inner_all.h", "min", true));
  assert_false(uses(s, "cuda/math_user.h", "min"));
  assert_true(uses(s, "std/odd.h", "min"));            /* the braces of both branches: no depth is sure */
  assert_true(uses(s, "std/all.h", "anything"));
  assert_false(uses(s, "cuda/plain.h", "exp"));
  sys_headers_free(s);
}

/* The prelude's parse says which usings its headers made: its roots bring
 * those alone, and a header it included brings none when included again; one
 * it did not include (a branch it did not take) keeps its own. */
static void the_prelude_brings_what_its_parse_found(void **state) {
  (void)state;
  SysHeaders *s = tree();
  write("cuda/root.h", "#include \"arm.h\"\n#if RTC\n#include <math.h>\n#endif\nusing std::sqrt;\n");
  write("cuda/arm.h", "#pragma once\n#if ARM\nusing std::fabs;\n#endif\n");
  write("std/math.h", "#pragma once\nusing std::exp;\n");
  write("cuda/user.h", "#include \"arm.h\"\nusing std::abs;\n");
  write("cuda/user_math.h", "#include <math.h>\n");
  Strings roots = {0};
  vec_push(&roots, temp_path("cuda/root.h"));
  PreludeScope scope = {nameset_new(), nameset_new(), false};
  for (const char *const *h = (const char *const[]){"cuda/root.h", "cuda/arm.h", NULL}; *h; h++) {
    char *path = temp_path(*h), *real = realpath(path, NULL);
    nameset_add(scope.files, real);
    free(real);
    free(path);
  }
  nameset_add(scope.usings, "sqrt");
  sys_headers_leave_out(s, &roots, &scope);
  assert_true(uses(s, "cuda/root.h", "sqrt"));
  assert_false(uses(s, "cuda/root.h", "fabs"));      /* ARM's branch */
  assert_false(uses(s, "cuda/root.h", "exp"));       /* RTC's */
  assert_true(uses(s, "cuda/user.h", "abs"));
  assert_false(uses(s, "cuda/user.h", "fabs"));      /* arm.h was included: again, it adds nothing */
  assert_true(uses(s, "cuda/user_math.h", "exp"));   /* math.h was not */
  nameset_free(scope.files);
  nameset_free(scope.usings);
  cm_strings_free(&roots);
  sys_headers_free(s);
}

static bool defines(SysHeaders *s, const char *header, const char *name) {
  char *path = temp_path(header);
  bool b = sys_closure_may_define(sys_headers_closure(s, path), name, strlen(name));
  free(path);
  return b;
}

static void computed_includes_are_followed_through_macro_bodies(void **state) {
  (void)state;
  SysHeaders *s = tree();
  char *sys = temp_path("std/sys"), *one = temp_path("std/sys/one"), *two = temp_path("std/sys/two");
  assert_int_equal(mkdir(sys, 0755) | mkdir(one, 0755) | mkdir(two, 0755), 0);
  write("std/sys/config.h", "#define ROOT sys/NS\n#ifdef USE_ONE\n#define NS one\n#else\n#define NS two // default\n#endif\n");
  write("std/sys/adl.h", "#include <sys/config.h>\n#define SORT_HEADER <ROOT/sort.h>\n#include SORT_HEADER\n");
  write("std/sys/one/sort.h", "#define ONE_SORT 1\n");
  write("std/sys/two/sort.h", "#define TWO_SORT 1\n");
  write("std/late.h", "#define FIRST <sys/first.h>\n#include FIRST\n#include SECOND\n");
  write("std/sys/first.h", "#define SECOND \"sys/second.h\"\n");
  write("std/sys/second.h", "#define SECOND_HERE 1\n");
  write("std/nowhere.h", "#include NOWHERE\n");
  write("std/loop.h", "#define A B\n#define B A\n#include A\n");
  assert_true(defines(s, "std/sys/adl.h", "ONE_SORT"));
  assert_true(defines(s, "std/sys/adl.h", "TWO_SORT"));
  assert_false(defines(s, "std/sys/adl.h", "DEBUG"));
  assert_true(defines(s, "std/late.h", "SECOND_HERE")); /* SECOND is defined where FIRST leads */
  assert_false(defines(s, "std/late.h", "DEBUG"));
  assert_true(defines(s, "std/nowhere.h", "DEBUG"));
  assert_true(defines(s, "std/loop.h", "DEBUG"));
  free(sys);
  free(one);
  free(two);
  sys_headers_free(s);
}

static void a_cycle_answers_each_header_whole(void **state) {
  (void)state;
  SysHeaders *s = tree();
  assert_true(brings(s, "cuda/a.h"));
  assert_true(brings(s, "cuda/b.h")); /* b.h reaches bare.h through a.h */
  sys_headers_free(s);
}

static bool declares(SysHeaders *s, const char *header, const char *name) {
  char *path = temp_path(header);
  bool b = sys_closure_declares(sys_headers_closure(s, path), name, strlen(name));
  free(path);
  return b;
}

static void api_headers_declare_their_names_but_the_left_out(void **state) {
  (void)state;
  char *cuda = temp_path("cuda");
  assert_int_equal(mkdir(cuda, 0755), 0);
  write("cuda/api.h", "#include \"prelude.h\"\ntypedef struct frame_st { int w; } frame_t;\n"
                      "typedef void (*callback_t)(int status);\nenum mode { MODE_A, MODE_B = 2 };\n"
                      "namespace groups { class tile { public: void sync(); }; int partition(int x); }\n");
  write("cuda/prelude.h", "#if RTC\ntypedef unsigned size_t;\n#endif\nint runtime_call(int);\n");
  Strings dirs = {0};
  vec_push(&dirs, cuda);
  const Strings *lists[] = {&dirs};
  SysHeaders *s = sys_headers_new(lists, 1, (SysApi){in_cuda, NULL});
  Strings roots = {0};
  vec_push(&roots, temp_path("cuda/prelude.h"));
  PreludeScope scope = {nameset_new(), nameset_new(), false};
  sys_headers_leave_out(s, &roots, &scope);
  const char *const names[] = {"frame_t", "frame_st", "callback_t", "MODE_A", "MODE_B", "tile", "partition", NULL};
  for (const char *const *n = names; *n; n++)
    assert_true(declares(s, "cuda/api.h", *n));
  assert_false(declares(s, "cuda/api.h", "status")); /* a parameter */
  assert_false(declares(s, "cuda/api.h", "w"));      /* a field */
  assert_false(declares(s, "cuda/api.h", "size_t")); /* the prelude's */
  assert_false(declares(s, "cuda/api.h", "runtime_call"));
  nameset_free(scope.files);
  nameset_free(scope.usings);
  cm_strings_free(&roots);
  cm_strings_free(&dirs);
  sys_headers_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      TEMP_FOLDER_TEST(api_headers_declare_their_names_but_the_left_out),
      TEMP_FOLDER_TEST(dotted_and_known_headers_bring_none),
      TEMP_FOLDER_TEST(a_bare_unknown_header_brings_one),
      TEMP_FOLDER_TEST(a_cycle_answers_each_header_whole),
      TEMP_FOLDER_TEST(usings_at_file_scope_bring_std_names),
      TEMP_FOLDER_TEST(the_prelude_brings_what_its_parse_found),
      TEMP_FOLDER_TEST(computed_includes_are_followed_through_macro_bodies),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
