/* compare: does the port's output say what the CUDA original's output says?
 *
 * Takes two program outputs (the recorded CUDA one and the HIP port's) and a
 * Tolerance; gives a Comparison. Each output is split into lines (CRLF read as
 * LF, trailing whitespace and trailing blank lines dropped, lines starting with
 * an ignored prefix such as "time_ms:" removed) and each line into tokens:
 * numbers and the text between them. Text must be identical; two numbers match
 * when equal, or within atol, rtol or ulp. The walk stops at the first token
 * that differs and says where (the line in the actual output), what, and why,
 * and keeps the largest absolute, relative and ULP error among the numbers.
 *
 * What is a number: decimal integers, every printf float form (%f %e %E %g,
 * "1.5", "-2.", ".5", "6.02E+23"), %a hex floats ("0x1.8p+1"), inf, infinity,
 * nan (any case, with a sign: glibc prints "-nan"). In an output, a number
 * never starts right after a letter, digit or '_' (so "sm_90", "x2", "float4"
 * are text, while "c[17]" holds the number 17), and a sign is part of the
 * number only when it does not follow a letter, digit, '_' or '.': then it
 * reads as an operator, so "a-1" is text "a-" and 1, and "3-4" is 3, text "-",
 * and 4. A number ends where its grammar ends ("10ms" is 10 and text "ms"). */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "verify.h"

static bool is_ident(char c) { return isalnum((unsigned char)c) || c == '_'; }
static bool is_sign(char c) { return c == '+' || c == '-'; }

static size_t skip_digits(const char *s, size_t n, size_t i, bool hex) {
  while (i < n && (hex ? isxdigit((unsigned char)s[i]) : isdigit((unsigned char)s[i])))
    i++;
  return i;
}

/* digits ('.' digits?)? | '.' digits: the end, or 0 when there is no digit at all
 * (so "." and "0x." are not numbers). */
static size_t scan_mantissa(const char *s, size_t n, size_t i, bool hex) {
  size_t j = skip_digits(s, n, i, hex), count = j - i;
  if (j < n && s[j] == '.') {
    size_t k = skip_digits(s, n, j + 1, hex);
    count += k - (j + 1);
    j = k;
  }
  return count ? j : 0;
}

/* [eE|pP] [+-] digits, taken only with its digits: "1e" is 1 and text "e". */
static size_t scan_exponent(const char *s, size_t n, size_t i, char mark) {
  if (i >= n || tolower((unsigned char)s[i]) != mark)
    return i;
  size_t k = i + 1 < n && is_sign(s[i + 1]) ? i + 2 : i + 1;
  size_t end = skip_digits(s, n, k, false);
  return end > k ? end : i;
}

/* %a always writes the binary exponent, so a hex float needs one; without it
 * ("0x", "0x1f") strtod would read a hex integer or a bare 0 that printf's
 * float forms never produce. Those fall back to the decimal 0 and text. */
static size_t scan_hex(const char *s, size_t n, size_t i) {
  if (i + 2 > n || s[i] != '0' || tolower((unsigned char)s[i + 1]) != 'x')
    return 0;
  size_t m = scan_mantissa(s, n, i + 2, true);
  if (!m)
    return 0;
  size_t e = scan_exponent(s, n, m, 'p');
  return e > m ? e : 0;
}

static size_t scan_decimal(const char *s, size_t n, size_t i) {
  size_t m = scan_mantissa(s, n, i, false);
  return m ? scan_exponent(s, n, m, 'e') : 0;
}

/* inf, infinity and nan as whole words: "info" and "nanos" are text. */
static size_t scan_word(const char *s, size_t n, size_t i, double *v) {
  static const struct {
    const char *word;
    double value;
  } words[] = {{"infinity", INFINITY}, {"inf", INFINITY}, {"nan", NAN}};
  for (size_t w = 0; w < sizeof words / sizeof *words; w++) {
    size_t len = strlen(words[w].word), end = i + len;
    if (end <= n && strncasecmp(s + i, words[w].word, len) == 0 && (end == n || !is_ident(s[end]))) {
      *v = words[w].value;
      return end;
    }
  }
  return 0;
}

/* The text is not NUL-terminated where the number ends, so strtod reads a copy
 * of exactly the span the grammar above accepted. Programs print in the C
 * locale, as this process reads (strtod's '.' is the C locale's). */
static double convert(const char *s, size_t len) {
  char small[128];
  char *copy = len < sizeof small ? small : cm_xmalloc(len + 1);
  memcpy(copy, s, len);
  copy[len] = '\0';
  double v = strtod(copy, NULL);
  if (copy != small)
    free(copy);
  return v;
}

bool vf_parse_number(const char *s, size_t n, double *out, size_t *used) {
  size_t i = n > 0 && is_sign(s[0]) ? 1 : 0, end;
  double word;
  if ((end = scan_word(s, n, i, &word))) {
    *out = copysign(word, i && s[0] == '-' ? -1.0 : 1.0);
    *used = end;
    return true;
  }
  if (!(end = scan_hex(s, n, i)) && !(end = scan_decimal(s, n, i)))
    return false;
  *out = convert(s, end);
  *used = end;
  return true;
}

/* IEEE floats are sign-magnitude: as integers, the positive ones already sort
 * like their values. Mirroring the negative ones below zero makes adjacent
 * floats adjacent integers everywhere, with -0 and +0 both at 0. */
static int64_t ordered_double(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  int64_t mag = (int64_t)(u & INT64_MAX);
  return u >> 63 ? -mag : mag;
}

static int64_t ordered_float(float x) {
  uint32_t u;
  memcpy(&u, &x, sizeof u);
  int64_t mag = (int64_t)(u & INT32_MAX);
  return u >> 31 ? -mag : mag;
}

unsigned long long vf_ulp_distance(double a, double b, bool single) {
  if (isnan(a) || isnan(b))
    return isnan(a) && isnan(b) ? 0 : ULLONG_MAX;
  int64_t x = single ? ordered_float((float)a) : ordered_double(a);
  int64_t y = single ? ordered_float((float)b) : ordered_double(b);
  /* Unsigned, because +inf minus -inf does not fit in int64_t. */
  return x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;
}

/* ---- outputs as lines, lines as tokens ---- */

typedef struct {
  const char *s;
  size_t len;
  unsigned no;   /* 1-based line in the original text */
} Line;

typedef struct {
  VEC(Line) lines;
  size_t li, pos;   /* the next token: line index, offset in that line */
} Side;

typedef enum { TOK_END, TOK_EOL, TOK_TEXT, TOK_NUM } TokKind;

typedef struct {
  TokKind kind;
  const char *s;
  size_t len;
  double value;
  unsigned line;
  bool starts_line;
} Token;

static bool ignored(const char *s, size_t len, const char *const *ignore) {
  size_t i = 0;
  while (i < len && (s[i] == ' ' || s[i] == '\t'))
    i++;
  for (; ignore && *ignore; ignore++) {
    size_t k = strlen(*ignore);
    if (k && len - i >= k && memcmp(s + i, *ignore, k) == 0)
      return true;
  }
  return false;
}

/* Trailing whitespace (so a CR before LF) and blank lines at the end are layout
 * a port may change without changing what it computed; ignored lines (timings)
 * differ run to run. Everything else is kept. */
static void split_lines(Side *side, const char *t, size_t n, const char *const *ignore) {
  unsigned no = 0;
  for (size_t i = 0; i < n;) {
    const char *nl = memchr(t + i, '\n', n - i);
    size_t end = nl ? (size_t)(nl - t) : n, len = end - i;
    while (len && isspace((unsigned char)t[i + len - 1]))
      len--;
    no++;
    if (!ignored(t + i, len, ignore))
      vec_push(&side->lines, ((Line){t + i, len, no}));
    i = end + 1;
  }
  while (side->lines.len && side->lines.items[side->lines.len - 1].len == 0)
    side->lines.len--;
}

/* See the rules at the top: not glued to an identifier, and a sign after '.'
 * is an operator ("1.-2" is 1., "-", 2). */
static bool number_at(const char *s, size_t n, size_t i, double *v, size_t *used) {
  char prev = i ? s[i - 1] : ' ';
  if (is_ident(prev) || (is_sign(s[i]) && prev == '.'))
    return false;
  return vf_parse_number(s + i, n - i, v, used);
}

/* Numbers, runs of text between them, and one TOK_EOL between lines. */
static Token next_token(Side *side) {
  Token t = {.kind = TOK_END, .s = "", .len = 0};
  if (side->li >= side->lines.len)
    return t;
  const Line *l = &side->lines.items[side->li];
  t.line = l->no;
  if (side->pos >= l->len) {
    side->li++;
    side->pos = 0;
    if (side->li < side->lines.len)
      t = (Token){.kind = TOK_EOL, .s = "\n", .len = 1, .line = l->no};
    return t;
  }
  size_t i = side->pos, used, j;
  t.s = l->s + i;
  t.starts_line = i == 0;
  if (number_at(l->s, l->len, i, &t.value, &used)) {
    t.kind = TOK_NUM;
    t.len = used;
  } else {
    for (j = i + 1; j < l->len && !number_at(l->s, l->len, j, &t.value, &used); j++)
      ;
    t.kind = TOK_TEXT;
    t.len = j - i;
  }
  side->pos = i + t.len;
  return t;
}

/* ---- numbers against the tolerance ---- */

typedef struct {
  double abs, rel;
  unsigned long long ulp;
} Error;

static Error measure(double x, double y, bool single) {
  Error e = {fabs(x - y), 0, vf_ulp_distance(x, y, single)};
  if (e.abs > 0)
    e.rel = e.abs / fmax(fabs(x), fabs(y));
  return e;
}

/* Each tolerance counts only when set; equal values always match. */
static bool within(Error e, double x, double y, const Tolerance *tol) {
  return e.abs == 0 || (tol->atol > 0 && e.abs <= tol->atol) ||
         (tol->rtol > 0 && e.abs <= tol->rtol * fmax(fabs(x), fabs(y))) || (tol->ulp > 0 && e.ulp <= tol->ulp);
}

static void fail(Comparison *c, unsigned line, Token e, Token a, char *why) {
  c->match = false;
  c->line = line;
  c->expected = cm_xstrndup(e.s, e.len);
  c->actual = cm_xstrndup(a.s, a.len);
  c->why = why;
}

/* NaN matches only NaN and an infinity only itself: no tolerance bridges them.
 * The errors of finite pairs feed the maxima, the mismatching pair included. */
static bool compare_numbers(Comparison *c, Token e, Token a, const Tolerance *tol) {
  double x = e.value, y = a.value;
  c->numbers++;
  if (!isfinite(x) || !isfinite(y)) {
    if ((isnan(x) && isnan(y)) || x == y)
      return true;
    fail(c, a.line, e, a, cm_xasprintf("number out of tolerance: expected %g, got %g", x, y));
    return false;
  }
  Error err = measure(x, y, tol->single);
  c->max_abs = fmax(c->max_abs, err.abs);
  c->max_rel = fmax(c->max_rel, err.rel);
  if (err.ulp > c->max_ulp)
    c->max_ulp = err.ulp;
  if (within(err, x, y, tol))
    return true;
  fail(c, a.line, e, a,
       cm_xasprintf("number out of tolerance: |a-b|=%.9g rel=%.9g ulp=%llu", err.abs, err.rel, err.ulp));
  return false;
}

/* One side ended. The other's next token is shown, or the whole line when the
 * extra output starts a line (as for a line break). The line is the
 * actual's: where its extra output is, or where the missing output would be
 * (the actual's last line, or the one after it for a missing line). */
static void ran_out(Comparison *c, const Side *es, const Side *as, Token e, Token a) {
  bool expected_more = a.kind == TOK_END;
  const Side *more = expected_more ? es : as;
  Token *t = expected_more ? &e : &a;
  bool new_line = t->kind == TOK_EOL;
  if (new_line || t->starts_line) {
    const Line *next = &more->lines.items[more->li];
    *t = (Token){.kind = TOK_TEXT, .s = next->s, .len = next->len, .line = next->no};
  }
  unsigned line = a.line;
  if (expected_more) {
    unsigned last = as->lines.len ? as->lines.items[as->lines.len - 1].no : 0;
    line = last && !new_line ? last : last + 1;
  }
  fail(c, line, e, a, cm_xstrdup(expected_more ? "expected output has more" : "actual output has more"));
}

void vf_compare(const char *expected, size_t elen, const char *actual, size_t alen, const Tolerance *tol,
                const char *const *ignore, Comparison *out) {
  static const Tolerance exact = {0};
  Side es = {0}, as = {0};
  *out = (Comparison){0};
  split_lines(&es, expected, elen, ignore);
  split_lines(&as, actual, alen, ignore);
  for (;;) {
    Token e = next_token(&es), a = next_token(&as);
    if (e.kind == TOK_END && a.kind == TOK_END) {
      out->match = true;
      break;
    }
    if (e.kind == TOK_NUM && a.kind == TOK_NUM) {
      if (compare_numbers(out, e, a, tol ? tol : &exact))
        continue;
      break;
    }
    if (e.kind == TOK_END || a.kind == TOK_END) {
      ran_out(out, &es, &as, e, a);
      break;
    }
    if (e.kind != a.kind || e.len != a.len || memcmp(e.s, a.s, e.len) != 0) {
      fail(out, a.line, e, a, cm_xstrdup("text differs"));
      break;
    }
  }
  vec_free(&es.lines);
  vec_free(&as.lines);
}

void vf_comparison_free(Comparison *c) {
  free(c->expected);
  free(c->actual);
  free(c->why);
  c->expected = c->actual = c->why = NULL;
}
