/* lex_scopes.c: which names a file's tokens declare, and where they are seen,
 * on the forms that are declarations (a local named like CUDA's max, a
 * parameter, `T a(4), b(64)`) and those an expression or a call writes the
 * same way (`a * b`, `y & mask`, `return a * max(b)`, a macro used as a
 * statement before a call), with the scopes of blocks, bodies and prototypes.
 * lex_args.c: what a call's arguments are, by those declarations: a double,
 * another built-in type, of no type of std (a call of CUDA's min), or untyped
 * (a named type, another call, a member, auto). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"
#include "rules_fixture.h"

typedef struct {
  SourceFile f;
  LexTokens t;
  LexRange *tok;
  CXTokenKind *kind;
  LexScopes *scopes;
} Read;

static Read *read_text(const char *text) {
  Read *r = calloc(1, sizeof *r);
  r->f = (SourceFile){.text = (char *)text, .len = strlen(text)};
  an_lex(text, r->f.len, &r->t);
  r->tok = calloc(r->t.len + 1, sizeof *r->tok);
  r->kind = calloc(r->t.len + 1, sizeof *r->kind);
  for (size_t i = 0; i < r->t.len; i++) {
    r->tok[i] = (LexRange){r->t.items[i].begin, r->t.items[i].end};
    r->kind[i] = r->t.items[i].kind;
  }
  r->scopes = lex_scopes_read(&r->f, text, r->tok, r->kind, (unsigned)r->t.len);
  return r;
}

static void done(Read *r) {
  lex_scopes_free(r->scopes);
  vec_free(&r->t);
  free(r->tok);
  free(r->kind);
  free(r);
}

/* The nth (from 0) token spelled `name`. */
static unsigned nth(const Read *r, const char *name, int n) {
  for (unsigned i = 0; i < r->t.len; i++)
    if (r->tok[i].end - r->tok[i].begin == strlen(name) && !memcmp(r->f.text + r->tok[i].begin, name, strlen(name)) &&
        n-- == 0)
      return i;
  fail_msg("no token %s", name);
  return 0;
}

/* "-" where the nth `name` is declared by nothing in scope; else its type's
 * spelling ("" for a keyword type), with "const " before it where so. */
static char *seen(const char *text, const char *name, int n) {
  Read *r = read_text(text);
  LexDeclared d;
  char *out;
  if (!lex_scopes_declared(r->scopes, nth(r, name, n), &d))
    out = strdup("-");
  else if (d.type == LEX_NO_TYPE)
    out = strdup(d.is_const ? "const " : "");
  else
    out = cm_xasprintf("%s%.*s", d.is_const ? "const " : "", (int)(r->tok[d.type].end - r->tok[d.type].begin),
                       text + r->tok[d.type].begin);
  done(r);
  return out;
}

#define assert_seen(text, name, n, want)                                                                              \
  do {                                                                                                                \
    char *got_ = seen(text, name, n);                                                                                 \
    if (strcmp(got_, want) != 0)                                                                                      \
      fail_msg("`%s` #%d in <<%s>>: got '%s', want '%s'", name, n, text, got_, want);                              \
    free(got_);                                                                                                       \
  } while (0)

static void locals_and_parameters(void **state) {
  (void)state;
  const char *k = "void f() { float *max = g(); x = max[0]; }\nvoid h() { y = max(1, 2); }";
  assert_seen(k, "max", 0, "");
  assert_seen(k, "max", 1, "");
  assert_seen(k, "max", 2, "-"); /* another function's: CUDA's */
  const char *p = "__global__ void g(float min) { return min; }\nvoid h() { min(1, 2); }";
  assert_seen(p, "min", 1, "");
  assert_seen(p, "min", 2, "-");
  const char *proto = "void p(float max);\nvoid q() { max(1.f, 2.f); }";
  assert_seen(proto, "max", 0, "");
  assert_seen(proto, "max", 1, "-");
  const char *dims = "void m() { dim3 gridDim(4), blockDim(64); k<<<gridDim, blockDim>>>(); }\n"
                     "__global__ void k() { int i = gridDim.x; }";
  assert_seen(dims, "gridDim", 1, "dim3");
  assert_seen(dims, "blockDim", 1, "dim3");
  assert_seen(dims, "gridDim", 2, "-");
  const char *prop = "void m(const cudaDeviceProp &p, std::vector<float> exp) { int w = p.warpSize; exp[0] = 1; }";
  assert_seen(prop, "p", 1, "const cudaDeviceProp");
  assert_seen(prop, "exp", 1, "");
}

/* What lex_declared_names gives as types: the enumerators of an enum's body,
 * not the names in a function body after a parameter of an enum type. */
static bool declares_type(const char *text, const char *name) {
  SourceFile f = {.text = (char *)text, .len = strlen(text)};
  NameSet *functions = nameset_new(), *types = nameset_new();
  lex_declared_names(&f, functions, types);
  bool has = nameset_has(types, name, strlen(name));
  nameset_free(functions);
  nameset_free(types);
  return has;
}

static void enumerators_of_enum_bodies_only(void **state) {
  (void)state;
  const char *k = "enum Mode : unsigned int { MODE_A, MODE_B = 2 };\n"
                  "int cvt(const enum Mode rounding)\n{\n  check((rounding == MODE_A) || lo);\n  return 0;\n}\n";
  assert_true(declares_type(k, "MODE_A"));
  assert_true(declares_type(k, "MODE_B"));
  assert_true(declares_type(k, "Mode"));
  assert_false(declares_type(k, "check"));
  assert_false(declares_type(k, "lo"));
}

static void expressions_declare_nothing(void **state) {
  (void)state;
  assert_seen("void f() { int c = a * b; }", "b", 0, "-");
  assert_seen("void f() { x = y * max(z); }", "max", 0, "-");
  assert_seen("void f() { return a * max(b); }", "max", 0, "-");
  assert_seen("void f() { if (y & mask) g(); }", "mask", 0, "-");
  assert_seen("void f() { g(T & x); }", "x", 0, "-");
  assert_seen("void f() { if (a < b && c > max) g(); }", "max", 0, "-");
  assert_seen("void f() { g(a < b, c > d); }", "d", 0, "-");
  assert_seen("void f() { CHECK\n  cudaMalloc(&p, 4); }", "cudaMalloc", 0, "-");
  assert_seen("void f() {\n#ifdef USE_X\n  cudaFree(p);\n#endif\n}", "cudaFree", 0, "-");
  /* a function of the file's: a call may still pick CUDA's overload of the name */
  assert_seen("__device__ float3 make_float3(float2 a) { return make_float3(a.x, a.y, 0); }", "make_float3", 1, "-");
  /* ...but its name where it declares the function is the file's, no use of CUDA's */
  assert_seen("__device__ float3 make_float3(float2 a) { return make_float3(a.x, a.y, 0); }", "make_float3", 0,
              "float3");
  assert_seen("inline float fminf(float a, float b);\nvoid g() { fminf(1, 2); }", "fminf", 0, "");
  assert_seen("inline float fminf(float a, float b);\nvoid g() { fminf(1, 2); }", "fminf", 1, "-");
  assert_seen("__global__ void __launch_bounds__(256, 2) k(float *x) {}", "__launch_bounds__", 0, "-");
  assert_seen("static __global__ __launch_bounds__(256, 2)\nvoid k(float *x) {}", "__launch_bounds__", 0, "-");
  /* a template's arguments after a declaration declare nothing */
  assert_seen("void f() { float2 c = mul<float2, float2, float2>(a, b); }", "float2", 2, "-");
  assert_seen("void f(T & x) { use(x); }", "x", 1, "T");
  /* a comment line before a declaration */
  assert_seen("void f() {\n  // grid (B, T)\n  dim3 gridDim(n, 2);\n  k<<<gridDim, 1>>>(); }", "gridDim", 1, "dim3");
}

/* The nth call of `callee`: each argument D (a double), B (built-in) or ?. */
static char *args_of(const char *text, const char *callee) {
  Read *r = read_text(text);
  LexArgType a[8];
  LexNumbers numbers = {nameset_new(), nameset_new()};
  nameset_add(numbers.builtin, "BLOCK");
  nameset_add(numbers.doubles, "HALF");
  NameSet *own = nameset_new();
  nameset_add(own, "make_float3"); /* helper_math.h's overloads */
  int n = lex_call_arguments(r->scopes, &numbers, db, own, text, r->tok, r->kind, (unsigned)r->t.len,
                             nth(r, callee, 0) + 1, a, 8);
  nameset_free(own);
  nameset_free(numbers.builtin);
  nameset_free(numbers.doubles);
  char *out = calloc(20, 1);
  for (int i = 0; i < n; i++)
    out[i] = a[i] == LEX_ARG_DOUBLE ? 'D' : a[i] == LEX_ARG_BUILTIN ? 'B' : a[i] == LEX_ARG_NO_STD ? 'N' : '?';
  if (n < 0)
    strcpy(out, "-1");
  done(r);
  return out;
}

#define assert_args(text, callee, want)                                                                               \
  do {                                                                                                                \
    char *got_ = args_of(text, callee);                                                                               \
    if (strcmp(got_, want) != 0)                                                                                      \
      fail_msg("%s in <<%s>>: got '%s', want '%s'", callee, text, got_, want);                                      \
    free(got_);                                                                                                       \
  } while (0)

static void call_arguments_by_declarations(void **state) {
  (void)state;
  assert_args("void f() { double d = 1; sqrt(d); }", "sqrt", "D");
  assert_args("void f() { float x; sqrt(x); }", "sqrt", "B");
  assert_args("void f(long double x) { sqrt(x); }", "sqrt", "B");
  assert_args("void f(double *p, int i) { sqrt(p[i]) + sqrt(*p); }", "sqrt", "D");
  assert_args("void f(double *p) { swap(p, *p); }", "swap", "BD");
  assert_args("void f(int n, double h) { pow(n * h, 2.0); }", "pow", "DD");
  assert_args("void f(int n) { pow(n, 2); }", "pow", "BB");
  assert_args("void f(float x) { exp(1.0f * x); }", "exp", "B");
  assert_args("void f() { exp(2.5); }", "exp", "D");
  assert_args("void f() { exp(2.5L); }", "exp", "B");
  assert_args("void f(float x) { sqrt((double)x); }", "sqrt", "D");
  assert_args("void f(double x) { sqrt((float)x); }", "sqrt", "B");
  assert_args("void f(double x) { sqrt(-x / 2); }", "sqrt", "D");
  assert_args("void f(double x, double y) { fabs(x < y); }", "fabs", "B");
  assert_args("void f() { unsigned i = threadIdx.x; min(i, blockDim.x); }", "min", "BB");
  assert_args("void f() { min(gridDim.y, grid.x); }", "min", "B?"); /* grid: no built-in variable */
  assert_args("void f(int i) { sqrt(sizeof(int) * i); }", "sqrt", "B");
  assert_args("void f(int a, int b) { g(a < b, b > a); }", "g", "BB");
  /* untyped: a name the file does not declare, a named type, auto, a call, a member */
  assert_args("void f(double x) { fabs(x - y); }", "fabs", "?");
  assert_args("void f(std::vector<double> v) { swap(v, v); }", "swap", "??");
  assert_args("void f() { auto x = 1.0; sqrt(x); }", "sqrt", "?");
  assert_args("void f(double x) { sqrt(g(x)); }", "sqrt", "?");
  assert_args("void f(double2 v) { sqrt(v.x); }", "sqrt", "?");
  assert_args("void f(double *p) { sqrt(p[0][1]); }", "sqrt", "?");
  assert_args("void f(double x) { sqrt(x > 0 ? x : -x); }", "sqrt", "?");
  assert_args("void f(double x) { sqrt(x; }", "sqrt", "-1");
  /* a call of a CUDA function: of no type of std, the type untold; not the project's, nor a member of one */
  assert_args("__device__ float f(float a, float b, float x) { return max(a, min(b, x)); }", "max", "BN");
  assert_args("void f(float a) { g(2 * min(a, 1.f), make_int2(1, 2)); }", "g", "NN");
  assert_args("void f(float2 v) { g(make_float3(v, 1.f)); }", "g", "?");
  assert_args("void f(int2 v) { g(make_int2(1, 2).x, *min(v)); }", "g", "??");
  /* macros that stand for numbers; a cast whatever its operand is */
  assert_args("void f(int i) { max(BLOCK * i, HALF); }", "max", "BD");
  assert_args("void f(int n) { ceil(n / (double)NODES); }", "ceil", "D");
  assert_args("void f(int n) { ceil((float)g(n).x[1] + 1); }", "ceil", "B");
  assert_args("void f() { ceil(NODES); }", "ceil", "?");
}

int main(int argc, char **argv) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(locals_and_parameters),
      cmocka_unit_test(enumerators_of_enum_bodies_only),
      cmocka_unit_test(expressions_declare_nothing),
      cmocka_unit_test(call_arguments_by_declarations),
  };
  return RULES_FIXTURE_MAIN(tests);
}
