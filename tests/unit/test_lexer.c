/* lexer.c against libclang: on every source of the corpus and on a text of the
 * corners (literal prefixes, raw strings, splices, digit separators, CUDA's
 * chevrons, keywords), an_lex gives the tokens clang_tokenize gives, range and
 * kind; and an_lex_branches finds the dead #if branches, nested or not,
 * and no others. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

static const char *corpus;

static const char CORNERS[] =
    "#include <cuda/std/atomic>\n"
    "auto s = u8\"a\" u\"b\" U'c' L\"d\" R\"x(raw \" )\" )x\" uR\"(r)\";\n"
    "int n = 1'000'000 + 0x1.8p+3 + .5e-2f + 07ULL; char c = '\\'';\n"
    "#define LONG_MACRO(a) \\\n  (a) + \\\r\n  1 + \\  \n  2\n"
    "k<<<grid, block, 0, stream>>>(x); a >>= 1; b <<= 2; p->*q; ::f(); x...;\n"
    "template <typename T> __global__ void g(T *__restrict__ p) noexcept { return; } // end\n"
    "/* block\n comment */ @ ` $dollar and or not_eq __attribute__((unused)) typeof(x) _Float16 h;\n"
    "\"unterminated\n";

/* The tokens libclang gives for text, as LexTokens. */
static LexTokens clang_tokens(CXIndex index, const char *text, size_t len) {
  char *dir = cm_make_temp_dir("hipport-test-lexer"), *path = cm_xasprintf("%s/t.cu", dir);
  assert_int_equal(cm_write_atomically(path, text, len, 0600), ST_OK);
  CXTranslationUnit tu = lexical_tu(index, path, text, len);
  assert_non_null(tu);
  CXFile file = clang_getFile(tu, path);
  CXSourceRange all = clang_getRange(clang_getLocationForOffset(tu, file, 0),
                                     clang_getLocationForOffset(tu, file, (unsigned)len));
  CXToken *toks;
  unsigned n;
  clang_tokenize(tu, all, &toks, &n);
  LexTokens out = {0};
  for (unsigned i = 0; i < n; i++) {
    CXSourceRange ext = clang_getTokenExtent(tu, toks[i]);
    unsigned b, e;
    clang_getFileLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &b);
    clang_getFileLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &e);
    vec_push(&out, ((LexToken){b, e, clang_getTokenKind(toks[i])}));
  }
  clang_disposeTokens(tu, toks, n);
  clang_disposeTranslationUnit(tu);
  cm_remove_tree(dir);
  free(dir);
  free(path);
  return out;
}

/* Whether an_lex gives the tokens libclang gives; the first that differs is printed. */
static bool same_tokens(CXIndex index, const char *name, const char *text, size_t len) {
  LexTokens want = clang_tokens(index, text, len), got = {0};
  an_lex(text, len, &got);
  size_t n = want.len < got.len ? want.len : got.len, i = 0;
  while (i < n && want.items[i].begin == got.items[i].begin && want.items[i].end == got.items[i].end &&
         want.items[i].kind == got.items[i].kind)
    i++;
  bool same = i == n && want.len == got.len;
  if (!same) {
    const LexToken *w = i < want.len ? &want.items[i] : NULL, *g = i < got.len ? &got.items[i] : NULL;
    print_error("%s: token %zu differs: libclang %u-%u kind %d `%.*s`, an_lex %u-%u kind %d `%.*s`\n", name, i,
                w ? w->begin : 0, w ? w->end : 0, w ? (int)w->kind : -1, w ? (int)(w->end - w->begin) : 0,
                w ? text + w->begin : "", g ? g->begin : 0, g ? g->end : 0, g ? (int)g->kind : -1,
                g ? (int)(g->end - g->begin) : 0, g ? text + g->begin : "");
  }
  vec_free(&want);
  vec_free(&got);
  return same;
}

static void corners_lex_as_clang_does(void **state) {
  (void)state;
  CXIndex index = libclang_index();
  assert_true(same_tokens(index, "corners", CORNERS, sizeof CORNERS - 1));
  const char open[] = "int __stdcall f(); /* a comment the file ends in";
  assert_true(same_tokens(index, "open comment", open, sizeof open - 1));
  clang_disposeIndex(index);
}

static bool is_source(const char *name) {
  const char *dot = strrchr(name, '.');
  return dot && (!strcmp(dot, ".cu") || !strcmp(dot, ".cuh") || !strcmp(dot, ".h") || !strcmp(dot, ".cpp"));
}

static void corpus_lexes_as_clang_does(void **state) {
  (void)state;
  CXIndex index = libclang_index();
  DIR *top = opendir(corpus);
  assert_non_null(top);
  size_t files = 0, differ = 0;
  for (struct dirent *p; (p = readdir(top));) {
    char *dir = cm_xasprintf("%s/%s", corpus, p->d_name);
    DIR *d = p->d_name[0] == '.' ? NULL : opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
      char *path = cm_xasprintf("%s/%s", dir, e->d_name), *text;
      size_t len;
      if (is_source(e->d_name) && cm_read_file(path, &text, &len) == ST_OK) {
        differ += !same_tokens(index, path, text, len);
        files++;
        free(text);
      }
      free(path);
    }
    if (d)
      closedir(d);
    free(dir);
  }
  closedir(top);
  assert_true(files >= 30);
  assert_int_equal(differ, 0);
  clang_disposeIndex(index);
}

static LexRanges skipped(const char *text) {
  SourceFile f = {.text = (char *)text, .len = strlen(text)};
  LexTokens t = {0};
  LexRanges out = {0};
  an_lex(text, f.len, &t);
  LexMacros *m = lex_macros_new(NULL, NULL);
  an_lex_branches(&f, text, &t, m, &out);
  lex_macros_free(m);
  vec_free(&t);
  return out;
}

/* The text from each range's start to its end, joined with | */
static char *skipped_text(const char *text) {
  LexRanges r = skipped(text);
  Buf b = {0};
  for (size_t i = 0; i < r.len; i++)
    buf_printf(&b, "%s%.*s", i ? "|" : "", (int)(r.items[i].end - r.items[i].begin), text + r.items[i].begin);
  vec_free(&r);
  char *s = cm_xstrdup(b.len ? buf_cstr(&b) : "");
  buf_free(&b);
  return s;
}

static void dead_branches_are_skipped(void **state) {
  (void)state;
  struct {
    const char *text, *dead;
  } cases[] = {
      {"#if 0\nA\n#endif\nB\n", "#if 0\nA\n"},
      {"#if 1\nA\n#else\nB\n#endif\n", "#else\nB\n"},
      {"#if 0\nA\n#elif 0\nB\n#else\nC\n#endif\n", "#if 0\nA\n|#elif 0\nB\n"},
      {"#ifdef X\nA\n#else\nB\n#endif\n", ""},
      {"#if X\nA\n#elif 1\nB\n#else\nC\n#endif\n", "#else\nC\n"},
      {"#if 0\n#if 1\nA\n#else\nB\n#endif\n#endif\nC\n", "#if 0\n#if 1\nA\n#else\nB\n#endif\n"},
      {"  #  if 0\nA\n  #  endif\n", "#  if 0\nA\n  "},
      {"#if 0 // off\nA\n#endif\n", "#if 0 // off\nA\n"},
      {"#endif\n#else\n#if 0\nA\n", ""},
      /* the file's own macros decide; a name it does not define may be a header's */
      {"#define N 4\n#if N > 2\nA\n#else\nB\n#endif\n", "#else\nB\n"},
      {"#define N 4\n#undef N\n#ifdef N\nA\n#endif\n", "#ifdef N\nA\n"},
      {"#ifdef X\n#define N 1\n#endif\n#if N\nA\n#endif\n", ""},
      {"#define A B\n#define B 0\n#if A\nX\n#endif\n", "#if A\nX\n"},
      {"#define A A\n#if A\nX\n#endif\n", ""},
      {"#define F(x) x\n#if F(0)\nA\n#endif\n", ""},
      {"#if defined(X) && 0\nA\n#endif\n", "#if defined(X) && 0\nA\n"},
      {"#if X || 1\nA\n#else\nB\n#endif\n", "#else\nB\n"},
      {"#if 1 / 0\nA\n#endif\n", ""},
      {"#define N 2\n#if N == 2 ? 0 : 1\nA\n#endif\n", "#if N == 2 ? 0 : 1\nA\n"},
      {"#define W (4 * (2 + 1))\n#if W % 5 != 2 || (1 << 3) != 8\nA\n#endif\n", "#if W % 5 != 2 || (1 << 3) != 8\nA\n"},
      {"#ifndef G\n#define G\n#define ON 1\n#endif\n#if !ON\nA\n#endif\n", "#if !ON\nA\n"},
      {"#define N 0\n#include \"x.h\"\n#if N\nA\n#endif\n", ""},
      {"#define N 0\n#include <x.h>\n#if N\nA\n#endif\n", "#if N\nA\n"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char *got = skipped_text(cases[i].text);
    if (strcmp(got, cases[i].dead) != 0)
      fail_msg("case %zu: skipped `%s`, want `%s`", i, got, cases[i].dead);
    free(got);
  }
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: test_lexer CORPUS\n");
    return 2;
  }
  corpus = argv[1];
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(corners_lex_as_clang_does),
      cmocka_unit_test(corpus_lexes_as_clang_does),
      cmocka_unit_test(dead_branches_are_skipped),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
