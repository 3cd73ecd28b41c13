/* Tokens without libclang, for --lexical. Opening libclang and parsing even a
 * single file with no includes costs more than everything else a lexical read
 * does; a first look at a huge tree needs the tokens alone. These are the
 * tokens clang_tokenize gives for a CUDA file (a raw lexer's: no macro
 * expanded, comments kept, `<<<` and `>>>` one token each, a header name in
 * pieces), and the #if branches that are dead (lex_macros.c decides); test_lexer holds them
 * to clang_tokenize's on real files. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"

/* C++17's keywords and the GNU and clang ones it accepts in CUDA mode (clang's
 * TokenKinds.def): clang_tokenize calls these keywords, not identifiers. */
static const char *keywords[] = { /* sorted on first use */
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
    "char", "char16_t", "char32_t", "class", "compl", "const", "const_cast", "constexpr", "continue", "decltype",
    "default", "delete", "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false",
    "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept",
    "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
    "reinterpret_cast", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
    "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union",
    "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq", "_Alignas", "_Alignof",
    "_Atomic", "_Bool", "_Complex", "_Float16", "_Generic", "_Imaginary", "_Noreturn", "_Static_assert",
    "_Thread_local", "__alignof", "__alignof__", "__asm", "__asm__", "__attribute", "__attribute__", "__auto_type",
    "__bf16", "__builtin_offsetof", "__builtin_va_arg", "__cdecl", "__complex", "__complex__", "__const",
    "__const__", "__decltype", "__extension__", "__fp16", "__func__", "__FUNCTION__", "__imag", "__imag__",
    "__inline", "__inline__", "__int128", "__label__", "__noinline__", "__null", "__PRETTY_FUNCTION__", "__real",
    "__real__", "__restrict", "__restrict__", "__signed", "__signed__", "__stdcall", "__fastcall", "__thiscall",
    "__vectorcall", "__regcall", "__thread", "__typeof", "__typeof__", "__volatile", "__volatile__",
};

/* Longest first: the lexer takes the first that matches. */
static const char *const puncts[] = {
    "<<<", ">>>", "<<=", ">>=", "...", "->*", "::", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", ".*",
};

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool is_ident_start(unsigned char c) {
  return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}
static bool is_ident_char(unsigned char c) { return is_ident_start(c) || is_digit(c); }

/* A backslash and a line end, blanks between allowed as clang allows them: a
 * splice, as good as nothing. Its length, or 0. */
static size_t splice(const char *t, size_t len, size_t i) {
  if (i >= len || t[i] != '\\')
    return 0;
  size_t k = i + 1;
  while (k < len && (t[k] == ' ' || t[k] == '\t'))
    k++;
  if (k < len && t[k] == '\r')
    return k + 1 < len && t[k + 1] == '\n' ? k + 2 - i : k + 1 - i;
  return k < len && t[k] == '\n' ? k + 1 - i : 0;
}

static size_t line_comment(const char *t, size_t len, size_t i) {
  while (i < len && t[i] != '\n' && t[i] != '\r')
    i += splice(t, len, i) ? splice(t, len, i) : 1;
  return i;
}

static size_t block_comment(const char *t, size_t len, size_t i) {
  const char *close = len - i > 2 ? memmem(t + i + 2, len - i - 2, "*/", 2) : NULL;
  return close ? (size_t)(close - t) + 2 : len;
}

/* A quoted literal from its opening quote: to the matching quote, or the line's end. */
static size_t quoted(const char *t, size_t len, size_t i) {
  char q = t[i++];
  while (i < len && t[i] != q && t[i] != '\n') {
    size_t s = splice(t, len, i);
    i += s ? s : t[i] == '\\' && i + 1 < len ? 2 : 1;
  }
  return i < len && t[i] == q ? i + 1 : i;
}

/* R"delim( ... )delim", from the quote. */
static size_t raw_string(const char *t, size_t len, size_t i) {
  size_t d = i + 1;
  while (d < len && d - i <= 17 && t[d] != '(' && t[d] != ' ' && t[d] != ')' && t[d] != '\\' && t[d] != '\n')
    d++;
  if (d >= len || t[d] != '(')
    return quoted(t, len, i);
  size_t n = d - i - 1;
  for (size_t k = d + 1; k + n + 1 < len; k++)
    if (t[k] == ')' && memcmp(t + k + 1, t + i + 1, n) == 0 && t[k + n + 1] == '"')
      return k + n + 2;
  return len;
}

/* A pp-number: digits, letters, dots, exponent signs and digit separators. */
static size_t number(const char *t, size_t len, size_t i) {
  for (i++; i < len; i++) {
    unsigned char c = (unsigned char)t[i];
    if ((c == '+' || c == '-') && strchr("eEpP", t[i - 1]))
      continue;
    if (c == '\'' && i + 1 < len && is_ident_char((unsigned char)t[i + 1]))
      continue;
    if (!is_ident_char(c) && c != '.')
      break;
  }
  return i;
}

enum { NKEYWORDS = sizeof keywords / sizeof *keywords };
static pthread_once_t keywords_sorted = PTHREAD_ONCE_INIT;

static int by_text(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }
static void sort_keywords(void) { qsort(keywords, NKEYWORDS, sizeof *keywords, by_text); }

typedef struct {
  const char *s;
  size_t n;
} Word;

/* strcmp's order, for a word that is not NUL-terminated. */
static int word_vs(const void *key, const void *entry) {
  const Word *w = key;
  const char *k = *(const char *const *)entry;
  int c = strncmp(w->s, k, w->n);
  return c ? c : k[w->n] ? -1 : 0;
}

static bool is_keyword(const char *s, size_t n) {
  pthread_once(&keywords_sorted, sort_keywords);
  Word w = {s, n};
  return bsearch(&w, keywords, NKEYWORDS, sizeof *keywords, word_vs) != NULL;
}

/* An encoding prefix before a quote: u8, u, U, L, and their raw R forms. */
static bool literal_prefix(const char *s, size_t n, char quote, bool *raw) {
  *raw = n > 0 && s[n - 1] == 'R';
  size_t p = *raw ? n - 1 : n;
  bool enc = p == 0 || (p == 1 && strchr("uUL", s[0])) || (p == 2 && s[0] == 'u' && s[1] == '8');
  return enc && (quote == '"' || !*raw) && n > 0;
}

static size_t punct(const char *t, size_t len, size_t i) {
  for (size_t k = 0; k < sizeof puncts / sizeof *puncts; k++) {
    size_t n = strlen(puncts[k]);
    if (len - i >= n && memcmp(t + i, puncts[k], n) == 0)
      return i + n;
  }
  return i + 1;
}

/* A literal whose closing quote is missing is no literal: clang makes it an
 * unknown token, which clang_tokenize calls punctuation. */
static size_t unterminated(const char *t, size_t quote, size_t end, CXTokenKind *kind) {
  if (end < quote + 2 || t[end - 1] != t[quote])
    *kind = CXToken_Punctuation;
  return end;
}

/* The token at i (past blanks): its end and kind. */
static size_t next_token(const char *t, size_t len, size_t i, CXTokenKind *kind) {
  unsigned char c = (unsigned char)t[i];
  *kind = CXToken_Literal;
  if (c == '/' && i + 1 < len && (t[i + 1] == '/' || t[i + 1] == '*')) {
    *kind = CXToken_Comment;
    return t[i + 1] == '/' ? line_comment(t, len, i) : block_comment(t, len, i);
  }
  if (is_digit(c) || (c == '.' && i + 1 < len && is_digit((unsigned char)t[i + 1])))
    return number(t, len, i);
  if (c == '"' || c == '\'')
    return unterminated(t, i, quoted(t, len, i), kind);
  if (is_ident_start(c)) {
    size_t e = i + 1;
    while (e < len && is_ident_char((unsigned char)t[e]))
      e++;
    bool raw;
    if (e < len && (t[e] == '"' || t[e] == '\'') && literal_prefix(t + i, e - i, t[e], &raw))
      return unterminated(t, e, raw ? raw_string(t, len, e) : quoted(t, len, e), kind);
    *kind = is_keyword(t + i, e - i) ? CXToken_Keyword : CXToken_Identifier;
    return e;
  }
  *kind = CXToken_Punctuation;
  return punct(t, len, i);
}

static bool is_blank(char c) { return c == '\0' || strchr(" \t\n\r\v\f", c); }

/* A token right after a splice starts at the splice's backslash, as clang
 * lexes it; a splice before blanks is a blank. */
void an_lex(const char *text, size_t len, LexTokens *out) {
  for (size_t i = 0; i < len;) {
    size_t start = i;
    while (splice(text, len, i))
      i += splice(text, len, i);
    if (i >= len || is_blank(text[i])) {
      i += i < len;
      continue;
    }
    LexToken tok = {(unsigned)start, 0, CXToken_Punctuation};
    size_t at = i;
    i = next_token(text, len, i, &tok.kind);
    tok.end = (unsigned)i;
    bool open_comment = tok.kind == CXToken_Comment && text[at + 1] == '*' &&
                        (i < at + 4 || text[i - 2] != '*' || text[i - 1] != '/');
    if (!open_comment) /* clang gives no token for a comment the file ends in */
      vec_push(out, tok);
  }
}

/* ---- #if branches that are dead ---- */

/* The directive word after a `#` that starts a line, or NULL. */
static const LexToken *directive(const char *text, const LexTokens *t, size_t i, const SourceFile *f) {
  if (i + 1 >= t->len || t->items[i].end - t->items[i].begin != 1 || text[t->items[i].begin] != '#' ||
      !an_first_on_line(f, t->items[i].begin))
    return NULL;
  return &t->items[i + 1];
}

bool an_lex_word_is(const char *text, const LexToken *w, const char *s) {
  return w->end - w->begin == strlen(s) && memcmp(text + w->begin, s, w->end - w->begin) == 0;
}

enum { MAX_DEPTH = 64 };

typedef struct {
  int taken;     /* a branch of the level was surely taken (1), surely none yet (0), perhaps (-1) */
  bool dead;     /* the branch is surely not taken */
  unsigned from; /* then where it began: the `#` of its directive, as clang's skipped ranges begin */
  bool sure;     /* the branch is surely the one taken */
} Level;

static bool opens_level(const char *text, const LexToken *w) {
  return an_lex_word_is(text, w, "if") || an_lex_word_is(text, w, "ifdef") || an_lex_word_is(text, w, "ifndef");
}

static bool all_sure(const Level *lv, size_t depth) {
  for (size_t i = 0; i < depth; i++)
    if (!lv[i].sure)
      return false;
  return true;
}

/* The next branch of level l, whose condition is c (1 for #else). */
static void turn(Level *l, int c, unsigned hash) {
  l->sure = l->taken == 0 && c == 1;
  l->dead = l->taken == 1 || c == 0;
  l->from = hash;
  l->taken = l->taken == 1 || c == 1 ? 1 : l->taken == -1 || c == -1 ? -1 : 0;
}

static bool same_word(const char *text, const LexToken *a, const LexToken *b) {
  return a->end - a->begin == b->end - b->begin && memcmp(text + a->begin, text + b->begin, a->end - a->begin) == 0;
}

/* The token after the comments from k on. */
static size_t past_comments(const LexTokens *t, size_t k) {
  while (k < t->len && t->items[k].kind == CXToken_Comment)
    k++;
  return k;
}

/* `#ifndef X`, `#define X` naming nothing but its parameters, `#endif` (a
 * default: `#ifndef BLOCK` / `#define BLOCK 256`): however the condition
 * goes, X is defined after it and the line holds no name a fact is read of
 * (X is no CUDA name: m), so a tree would tell nothing the tokens do not. */
static bool default_define(const char *text, const LexTokens *t, size_t i, const SourceFile *f, LexMacros *m) {
  const LexToken *w = directive(text, t, i, f);
  if (!w || !an_lex_word_is(text, w, "ifndef") || i + 2 >= t->len ||
      !lex_macros_plain_name(m, text + t->items[i + 2].begin, t->items[i + 2].end - t->items[i + 2].begin))
    return false;
  size_t k = past_comments(t, i + 3);
  const LexToken *d = directive(text, t, k, f);
  if (!d || !an_lex_word_is(text, d, "define") || k + 2 >= t->len || !same_word(text, &t->items[i + 2], &t->items[k + 2]))
    return false;
  unsigned end = an_directive_end(f, t->items[k].begin);
  size_t b = k + 3, body = b; /* X(a, b): the parameters from b to the `)`, the body after it */
  if (b < t->len && an_lex_word_is(text, &t->items[b], "(") && t->items[b].begin == t->items[k + 2].end) {
    while (body < t->len && !an_lex_word_is(text, &t->items[body], ")"))
      body++;
    body++;
  }
  size_t e = body;
  for (; e < t->len && t->items[e].begin < end; e++) {
    bool param = false;
    for (size_t p = b; p < body && !param; p++)
      param = same_word(text, &t->items[p], &t->items[e]);
    if (t->items[e].kind == CXToken_Identifier && !param)
      return false;
  }
  const LexToken *closing = directive(text, t, past_comments(t, e), f);
  return closing && an_lex_word_is(text, closing, "endif");
}

/* `#ifndef X` then `#define X` as a file's first directives: its include guard,
 * which a parse of the file finds undefined, whatever X is not known to be
 * (only a header included before, which the reading follows, defines it). */
static bool include_guard(const char *text, const LexTokens *t, size_t i, const SourceFile *f) {
  const LexToken *w = directive(text, t, i, f);
  if (!w || !an_lex_word_is(text, w, "ifndef") || i + 2 >= t->len)
    return false;
  size_t k = past_comments(t, i + 3);
  const LexToken *d = directive(text, t, k, f);
  return d && an_lex_word_is(text, d, "define") && k + 2 < t->len && same_word(text, &t->items[i + 2], &t->items[k + 2]);
}

size_t an_lex_branches(const SourceFile *f, const char *text, const LexTokens *t, LexMacros *m, LexRanges *out) {
  Level lv[MAX_DEPTH];
  size_t depth = 0, untracked = 0, undecided = 0;
  bool first = true;
  for (size_t i = 0; i < t->len; i++) {
    const LexToken *w = directive(text, t, i, f);
    if (!w)
      continue;
    bool guard = first && include_guard(text, t, i, f);
    first = false;
    unsigned hash = t->items[i].begin;
    bool dead = untracked || (depth && lv[depth - 1].dead);
    if (opens_level(text, w)) {
      if (dead || depth == MAX_DEPTH) {
        untracked++;
        continue;
      }
      int c = lex_macros_condition(m, f, text, t, i + 1);
      c = guard && c == -1 ? 1 : c;
      bool either = c == -1 && default_define(text, t, i, f, m);
      undecided = undecided || c != -1 || either ? undecided : i + 3; /* its condition's first token */
      lv[depth++] = (Level){c, c == 0, hash, c == 1};
      continue;
    }
    bool closes = an_lex_word_is(text, w, "endif"), turns = an_lex_word_is(text, w, "else") || an_lex_word_is(text, w, "elif");
    if (!dead && !closes && !turns)
      lex_macros_directive(m, f, text, t, i + 1, all_sure(lv, depth));
    if (untracked || !depth || !(closes || turns)) {
      untracked -= untracked && closes;
      continue;
    }
    Level *l = &lv[depth - 1];
    if (l->dead && out)
      vec_push(out, ((LexRange){l->from, hash}));
    if (closes)
      depth--;
    else {
      int c = an_lex_word_is(text, w, "else") ? 1 : lex_macros_condition(m, f, text, t, i + 1);
      undecided = undecided || c != -1 || l->taken == 1 ? undecided : i + 3;
      turn(l, c, hash);
    }
  }
  return undecided;
}
