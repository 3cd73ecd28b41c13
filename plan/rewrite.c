/* The edits that are more than a rename: kernel launches in hipLaunchKernelGGL
 * form, warp intrinsics for targets before HIP had them natively, duplicate
 * includes, the runtime include nvcc adds implicitly, annotations HIP needs
 * nothing for, kernels cast where HIP wants const void*, trailing arguments HIP
 * has no default for, and the regions a user fenced off with `// hipport off` ...
 * `// hipport on`. Each works on the byte offsets of the original text, in small
 * edits that never overlap a rename. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "plan_p.h"

void add_edit(FilePlan *fp, unsigned offset, unsigned length, const char *text) {
  Edit e = {offset, length, cm_xstrdup(text)};
  vec_push(&fp->edits, e);
}

/* Deletes a name with the blanks after it: `void CUDART_CB f()` -> `void f()`. */
void plan_erase(FilePlan *fp, const Fact *f) {
  unsigned end = f->offset + f->length;
  while (end < fp->src->len && (fp->src->text[end] == ' ' || fp->src->text[end] == '\t'))
    end++;
  add_edit(fp, f->offset, end - f->offset, "");
}

/* ---- call arguments, read from the code with comments and strings blanked ---- */

/* The comma-separated items between the bracket at `open` and its `close`;
 * false when it does not close. Ranges are trimmed of spaces. */
bool bracketed_args(const SourceFile *src, unsigned open, char close, Args *out) {
  const char *code = src->code_only;
  *out = (Args){.lparen = open};
  int depth = 0;
  unsigned start = open + 1, p = open;
  for (; p < src->len; p++) {
    char c = code[p];
    if (c == '(' || c == '[' || c == '{')
      depth++;
    else if ((c == ')' || c == ']' || c == '}') && --depth == 0) {
      out->rparen = p;
      break;
    }
    if (depth == 1 && c == ',' && out->n < MAX_ARGS) {
      out->arg[out->n++] = (ArgRange){start, p};
      start = p + 1;
    }
  }
  if (p >= src->len || code[p] != close)
    return false;
  if (out->n < MAX_ARGS)
    out->arg[out->n++] = (ArgRange){start, out->rparen};
  for (unsigned i = 0; i < out->n; i++) {
    while (out->arg[i].begin < out->arg[i].end && is_space(code[out->arg[i].begin]))
      out->arg[i].begin++;
    while (out->arg[i].end > out->arg[i].begin && is_space(code[out->arg[i].end - 1]))
      out->arg[i].end--;
  }
  if (out->n == 1 && out->arg[0].begin == out->arg[0].end)
    out->n = 0; /* f() has no arguments, not one empty one */
  return true;
}

/* The arguments of the call whose '(' is the first non-space after `from`;
 * false when no such call. */
bool call_args(const SourceFile *src, unsigned from, Args *out) {
  unsigned p = from;
  while (p < src->len && is_space(src->code_only[p]))
    p++;
  return p < src->len && src->code_only[p] == '(' && bracketed_args(src, p, ')', out);
}

/* 0xffffffff, 0xFFFFFFFFu, ~0u, 4294967295: every lane of a 32-lane warp. */
static bool full_mask32(const SourceFile *src, ArgRange a) {
  static const char *forms[] = {"0xffffffff", "0xffffffffu", "~0u", "~0", "4294967295", "4294967295u",
                                "0xffffffffU", "0xFFFFFFFF", "0xFFFFFFFFu", "0xFFFFFFFFU", "~0U", "4294967295U"};
  size_t n = a.end - a.begin;
  for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
    if (strlen(forms[i]) == n && strncmp(src->text + a.begin, forms[i], n) == 0)
      return true;
  return false;
}

static bool starts_with(const char *s, size_t n, const char *prefix) {
  size_t m = strlen(prefix);
  return n >= m && strncmp(s, prefix, m) == 0;
}

/* A mask already 64 bits wide: cast, a ballot's result (the rules' wide
 * masks), or an ll literal. */
static bool wide_mask(const RuleDb *db, const SourceFile *src, ArgRange a) {
  const char *t = src->code_only + a.begin;
  size_t n = a.end - a.begin;
  if (rl_wide_mask(db, t, n))
    return true;
  bool literal = n > 0 && ((t[0] >= '0' && t[0] <= '9') || t[0] == '~');
  return literal && n > 2 && (strncasecmp(t + n - 2, "ll", 2) == 0 || (n > 3 && strncasecmp(t + n - 3, "llu", 3) == 0));
}

/* From native_since HIP's *_sync intrinsics (amd_warp_sync_functions.h, the
 * rows with an enabling macro) static_assert a 64-bit mask: a full 32-bit
 * literal becomes ~0 in 64 bits; any other mask is cast, and since its value
 * may leave lanes 32-63 out, a person looks. */
static void widen_mask(FilePlan *fp, const RuleDb *db, const Fact *f, const WarpRewrite *w, ArgRange mask) {
  if (full_mask32(fp->src, mask)) {
    add_edit(fp, mask.begin, mask.end - mask.begin, "0xffffffffffffffffull");
    return;
  }
  if (!*w->enabled_by || wide_mask(db, fp->src, mask))
    return;
  add_edit(fp, mask.begin, 0, "static_cast<unsigned long long>(");
  add_edit(fp, mask.end, 0, ")");
  add_finding(fp, D_WARP_MASK_WIDENED, mask.begin, f->name,
              cm_xasprintf("%s: the lane mask '%.*s' is cast to the 64 bits HIP requires: it names lanes 32-63 of a "
                           "64-lane wavefront only if its value does, so check which lanes take part",
                           f->name, (int)(mask.end - mask.begin), fp->src->text + mask.begin));
}

/* __shfl_down_sync(mask, v, d) before ROCm 6.2: __shfl_down(v, d); from 6.2 the
 * native form stays with its mask widened to 64 bits. */
void plan_warp(FilePlan *fp, const RuleDb *db, const Fact *f, const WarpRewrite *w, Version target) {
  Args a;
  if (!call_args(fp->src, f->offset + f->length, &a))
    return;
  bool has_mask = w->mask_arg >= 0 && (unsigned)w->mask_arg < a.n;
  ArgRange mask = has_mask ? a.arg[w->mask_arg] : (ArgRange){0, 0};
  if (target >= w->native_since) {
    if (has_mask)
      widen_mask(fp, db, f, w, mask);
    return;
  }
  add_edit(fp, f->offset, f->length, w->legacy_name);
  if (has_mask) {
    unsigned end = (unsigned)w->mask_arg + 1 < a.n ? a.arg[w->mask_arg + 1].begin : mask.end;
    add_edit(fp, mask.begin, end - mask.begin, "");
    if (!full_mask32(fp->src, mask))
      add_finding(fp, D_WARP_PARTIAL_MASK, mask.begin, f->name,
                  cm_xasprintf("%s: the lane mask '%.*s' is dropped for %s, which acts on every active lane: check "
                               "that all lanes of the wavefront take part",
                               f->name, (int)(mask.end - mask.begin), fp->src->text + mask.begin, w->legacy_name));
  } else if (a.n == 0 && *w->legacy_args) {
    add_edit(fp, a.lparen + 1, 0, w->legacy_args);
  }
}

/* ---- kernels passed where HIP wants const void* ---- */

/* cudaFuncSetCacheConfig(k, c) -> hipFuncSetCacheConfig(reinterpret_cast<const void*>(k), c);
 * cudaMemcpyToSymbol(s, p, n) -> hipMemcpyToSymbol(HIP_SYMBOL(s), p, n) under hipify-clang's
 * conventions. An argument that is already a cast or wrapped keeps its form, so a
 * second run adds nothing. The argument is read from `text` (a string literal
 * naming a symbol is wrapped too, as hipify-clang does). */
static bool already_wrapped(const FilePlan *fp, ArgRange r, const char *wrapper) {
  const char *text = fp->src->text + r.begin;
  size_t n = r.end - r.begin;
  bool cast = strstr(wrapper, "_cast") != NULL;
  return n == 0 || starts_with(text, n, wrapper) ||
         (cast && (text[0] == '(' || starts_with(text, n, "reinterpret_cast") || starts_with(text, n, "static_cast") ||
                   starts_with(text, n, "const_cast")));
}

static void wrap_arg(FilePlan *fp, ArgRange r, const char *wrapper) {
  char *open = cm_xasprintf("%s(", wrapper);
  add_edit(fp, r.begin, 0, open);
  add_edit(fp, r.end, 0, ")");
  free(open);
}

/* `text` with its first `placeholder` replaced by `value` (malloc'd). */
static char *fill_in(const char *text, const char *placeholder, const char *value) {
  const char *at = strstr(text, placeholder);
  if (!at)
    return cm_xstrdup(text);
  return cm_xasprintf("%.*s%s%s", (int)(at - text), text, value, at + strlen(placeholder));
}

/* `h2.x` -> `reinterpret_cast<half&>(h2.x)`, and `in->x` through a `const
 * __half2 *in` -> `reinterpret_cast<const half&>(in->x)` ({cv}: a cast to a
 * plain half& would cast the const away, which hipcc rejects), with an HP2406
 * note that says so. Once: an access already wrapped (by hand, or by an earlier
 * translate) stays as it is. */
void plan_member_wrap(FilePlan *fp, const Fact *f, const MemberWrap *w) {
  char *cv = f->qualifiers ? cm_xasprintf("%s ", f->qualifiers) : cm_xstrdup("");
  char *before = fill_in(w->before, "{cv}", cv);
  size_t n = strlen(before);
  unsigned end = f->offset + f->length;
  if (f->open < f->offset && !(f->open >= n && memcmp(fp->src->text + f->open - n, before, n) == 0)) {
    add_edit(fp, f->open, 0, before);
    add_edit(fp, end, 0, w->after);
    add_finding(fp, D_MEMBER_WRAP, f->offset, f->name,
                cm_xasprintf("%s is %s in HIP, where a conversion reads the raw bits as a number: translate "
                             "writes %s%.*s%s, which uses it as CUDA's type",
                             f->name, w->hip_type, before, (int)(end - f->open), fp->src->text + f->open, w->after));
  }
  free(before);
  free(cv);
}

/* Whether `a` and `b` spell one type: "void **" and "void**" do. */
static bool same_type_spelling(const char *a, size_t alen, const char *b, size_t blen) {
  size_t i = 0, j = 0;
  for (;; i++, j++) {
    while (i < alen && is_space(a[i]))
      i++;
    while (j < blen && is_space(b[j]))
      j++;
    if (i == alen || j == blen)
      return i == alen && j == blen;
    if (a[i] != b[j])
      return false;
  }
}

/* The tree knows the first argument's type (`pointee`, plus the pointer): a
 * cast to that very type (reinterpret_cast<void**>(&p) where p is a void*)
 * adds nothing, and hipify-clang's ports leave it out. */
static bool already_cast_type(const Fact *f, const ArgCast *c) {
  const char *open = strchr(c->wrapper, '<');
  size_t n = strlen(c->wrapper);
  if (c->arg != 0 || !f->pointee || !open || n == 0 || c->wrapper[n - 1] != '>')
    return false;
  char *arg_type = cm_xasprintf("%s*", f->pointee);
  bool same = same_type_spelling(open + 1, (size_t)(c->wrapper + n - 1 - (open + 1)), arg_type, strlen(arg_type));
  free(arg_type);
  return same;
}

/* A cast hipify-clang's conventions leave out (`hipify`: the run asks for them)
 * is reported where the port needs it, not written. */
void plan_arg_cast(FilePlan *fp, const Fact *f, const ArgCast *c, bool hipify) {
  Args a;
  if (c->mode == RM_HIPIFY && !hipify)
    return;
  if (already_cast_type(f, c) || !call_args(fp->src, f->offset + f->length, &a) || c->arg >= a.n ||
      already_wrapped(fp, a.arg[c->arg], c->wrapper))
    return;
  if (rl_mode_applies(c->mode, hipify))
    wrap_arg(fp, a.arg[c->arg], c->wrapper);
  else
    add_finding(fp, D_CAST_NEEDED, a.arg[c->arg].begin, f->name,
                cm_xasprintf("%s: HIP declares this argument void** only, and hipify-clang's port leaves '%.*s' "
                             "uncast: write %s(%.*s) for it to compile",
                             f->name, (int)(a.arg[c->arg].end - a.arg[c->arg].begin), fp->src->text + a.arg[c->arg].begin,
                             c->wrapper, (int)(a.arg[c->arg].end - a.arg[c->arg].begin),
                             fp->src->text + a.arg[c->arg].begin));
}

/* ---- trailing arguments CUDA defaults and HIP does not ---- */

/* cudaStreamWaitEvent(s, e) -> hipStreamWaitEvent(s, e, 0), by the rows of `name`
 * (the call, or the one its overload stands for); hipify_too adds the rows only
 * hipify-clang's conventions write. */
void plan_default_args(FilePlan *fp, const Fact *f, const char *name, const RuleDb *db, bool hipify_too) {
  Args a;
  if (!call_args(fp->src, f->offset + f->length, &a) || a.n >= MAX_ARGS)
    return;
  Buf added = {0};
  const DefaultArg *d;
  for (unsigned i = a.n; (d = rl_default_arg(db, name, i)) && rl_mode_applies(d->mode, hipify_too); i++)
    buf_printf(&added, "%s%s", i > 0 ? ", " : "", d->value);
  if (added.len)
    add_edit(fp, a.rparen, 0, buf_cstr(&added));
  buf_free(&added);
}

/* ---- argument lists of another shape ---- */

/* What the rows of one call insert, gathered per place: two rows that write
 * at one offset keep their order, which the plan's sort would not promise. */
typedef struct {
  unsigned offset;
  Buf text;
} Insertion;
typedef VEC(Insertion) Insertions;

/* `text` as an argument before argument `at` of `a`, or after its last. */
static void insert_arg(Insertions *ins, const Args *a, unsigned at, const char *text) {
  unsigned offset = at < a->n ? a->arg[at].begin : a->rparen;
  size_t i = 0;
  while (i < ins->len && ins->items[i].offset != offset)
    i++;
  if (i == ins->len)
    vec_push(ins, ((Insertion){offset, {0}}));
  if (at < a->n)
    buf_printf(&ins->items[i].text, "%s, ", text);
  else
    buf_printf(&ins->items[i].text, "%s%s", a->n ? ", " : "", text);
}

/* Deletes arguments [from, from + count) with one of the commas around them. */
static void delete_args(FilePlan *fp, const Args *a, unsigned from, unsigned count) {
  unsigned last = from + count - 1, begin = a->arg[from].begin, end = a->arg[last].end;
  if (last + 1 < a->n)
    end = a->arg[last + 1].begin;
  else if (from > 0)
    begin = a->arg[from - 1].end;
  add_edit(fp, begin, end - begin, "");
}

static char *args_text(const SourceFile *src, const Args *a, unsigned from, unsigned count) {
  return cm_xstrndup(src->text + a->arg[from].begin, a->arg[from + count - 1].end - a->arg[from].begin);
}

static bool null_argument(const SourceFile *src, ArgRange r) {
  size_t n = r.end - r.begin;
  const char *t = src->text + r.begin;
  return (n == 1 && *t == '0') || (n == 4 && strncmp(t, "NULL", 4) == 0) || (n == 7 && strncmp(t, "nullptr", 7) == 0);
}

/* The row's value with {hip_version} as HIP's hipVersion counts the target: 6.3 is 603. */
static char *edit_value(const ArgEdit *e, Version target) {
  char number[16];
  snprintf(number, sizeof number, "%u", target / 1000000u * 100u + target / 1000u % 1000u);
  return fill_in(e->value, "{hip_version}", number);
}

static void apply_arg_edit(FilePlan *fp, const Fact *f, const Args *a, const ArgEdit *e, Version target,
                           Insertions *ins) {
  bool has_arg = e->arg < a->n, spans = e->arg + e->count <= a->n;
  char *value = edit_value(e, target), *moved = NULL;
  if (e->edit == AE_INSERT)
    insert_arg(ins, a, e->arg, value);
  else if (e->edit == AE_REPLACE && has_arg)
    add_edit(fp, a->arg[e->arg].begin, a->arg[e->arg].end - a->arg[e->arg].begin, value);
  else if (e->edit == AE_WRAP && has_arg)
    wrap_arg(fp, a->arg[e->arg], value);
  else if (e->edit == AE_COPY && has_arg)
    insert_arg(ins, a, e->dest, moved = args_text(fp->src, a, e->arg, 1));
  else if (e->edit == AE_MOVE && spans) {
    insert_arg(ins, a, e->dest, moved = args_text(fp->src, a, e->arg, e->count));
    delete_args(fp, a, e->arg, e->count);
  } else if (e->edit == AE_REMOVE && has_arg) {
    ArgRange r = a->arg[e->arg];
    if (e->data_loss && !null_argument(fp->src, r))
      add_finding(fp, D_ARG_DROPPED, r.begin, f->name,
                  cm_xasprintf("%s: HIP's counterpart has no parameter for '%.*s' (argument %u), which is dropped: "
                               "check that the port does without it",
                               f->name, (int)(r.end - r.begin), fp->src->text + r.begin, e->arg + 1));
    delete_args(fp, a, e->arg, 1);
  }
  free(value);
  free(moved);
}

/* cusparseDcsrilu02(..., policy, buffer) -> rocsparse_dcsrilu0(..., rocsparse_solve_policy_auto, buffer)
 * by the rows of `name` for the name the call is written with. */
void plan_arg_edits(FilePlan *fp, const Fact *f, const char *name, const RuleDb *db, bool roc, Version target) {
  Args a;
  const ArgEdit *e = rl_arg_edit(db, name, NULL);
  if (!e || !call_args(fp->src, f->offset + f->length, &a) || a.n >= MAX_ARGS)
    return;
  Insertions ins = {0};
  for (; e; e = rl_arg_edit(db, name, e))
    if (e->roc == roc)
      apply_arg_edit(fp, f, &a, e, target, &ins);
  for (size_t i = 0; i < ins.len; i++) {
    add_edit(fp, ins.items[i].offset, 0, buf_cstr(&ins.items[i].text));
    buf_free(&ins.items[i].text);
  }
  vec_free(&ins);
}

/* ---- kernel launches in hipLaunchKernelGGL form ---- */

/* Past the three chevrons at `at`, blanks between them included (`< < <`,
 * which nvcc takes and the analyzer read as `<<<`). */
unsigned chevrons_end(const SourceFile *src, unsigned at) {
  char c = src->text[at];
  for (int seen = 0; at < src->len && seen < 3; at++)
    seen += src->text[at] == c;
  return at;
}

/* k< < <g, b> > >(x) -> k<<<g, b>>>(x): clang reads only the joined form. */
void plan_join_chevrons(FilePlan *fp, const Fact *f) {
  unsigned open_end = chevrons_end(fp->src, f->open), close_end = chevrons_end(fp->src, f->close);
  if (open_end > f->open + 3)
    add_edit(fp, f->open, open_end - f->open, "<<<");
  if (close_end > f->close + 3)
    add_edit(fp, f->close, close_end - f->close, ">>>");
}

/* Splits s[start, end) at its top-level commas into at most four ranges,
 * trimmed of blanks: a launch configuration, `g, b, s, st`. */
static unsigned config_split(const char *s, unsigned start, unsigned end, ArgRange *out) {
  unsigned n = 0;
  int depth = 0;
  for (unsigned p = start; p <= end && n < 4; p++) {
    char c = p < end ? s[p] : ',';
    if (c == '(' || c == '[' || c == '{')
      depth++;
    else if (c == ')' || c == ']' || c == '}')
      depth--;
    else if (c == ',' && depth == 0) {
      ArgRange r = {start, p};
      while (r.begin < r.end && is_space(s[r.begin]))
        r.begin++;
      while (r.end > r.begin && is_space(s[r.end - 1]))
        r.end--;
      out[n++] = r;
      start = p + 1;
    }
  }
  return n;
}

/* Splits k<<<g, b, s, st>>> at its top-level commas. */
static unsigned config_args(const SourceFile *src, const Fact *f, ArgRange *out) {
  return config_split(src->code_only, chevrons_end(src, f->open), f->close, out);
}

/* The launch is a whole statement: hipLaunchKernelGGL is a statement macro
 * (a do/while), so a launch used as an expression keeps its chevrons. */
static bool ends_statement(const SourceFile *src, unsigned after) {
  while (after < src->len && is_space(src->code_only[after]))
    after++;
  return after < src->len && src->code_only[after] == ';';
}

/* The end of the bracketed run that starts at s[i], before `end` (one past
 * its closer), or `end` when it does not close there. */
static unsigned past_brackets(const char *s, unsigned i, unsigned end) {
  int depth = 0;
  for (; i < end; i++) {
    if (s[i] == '(' || s[i] == '[' || s[i] == '{')
      depth++;
    else if ((s[i] == ')' || s[i] == ']' || s[i] == '}') && --depth == 0)
      return i + 1;
  }
  return end;
}

/* A launch argument that is already `dim3(...)`, whole: no second dim3 around it. */
static bool is_dim3(const char *s, ArgRange a) {
  unsigned p = a.begin + 4;
  if (a.end - a.begin <= 5 || strncmp(s + a.begin, "dim3", 4) != 0)
    return false;
  while (p < a.end && is_space(s[p]))
    p++;
  return p < a.end && s[p] == '(' && s[a.end - 1] == ')' && past_brackets(s, p, a.end) == a.end;
}

/* `#define LAUNCH k<<<g, b>>>(x)`: a launch that ends its macro's body is used
 * as a statement wherever the macro is (`LAUNCH;`). */
static bool ends_macro(const SourceFile *src, unsigned after) {
  while (after < src->len && (src->code_only[after] == ' ' || src->code_only[after] == '\t'))
    after++;
  return after >= src->len || src->code_only[after] == '\n' || src->code_only[after] == '\r';
}

/* kernel<<<g, b[, s[, st]]>>>(args) -> hipLaunchKernelGGL(kernel, dim3(g), dim3(b), s|0, st|0, args),
 * with HIP_KERNEL_NAME(...) around k<T> (and, as hipify-clang writes it, around
 * any template kernel when kernel_name_templates). False when the launch is left as it is. */
bool plan_launch_ggl(FilePlan *fp, const Fact *f, bool kernel_name_templates) {
  ArgRange c[4];
  unsigned n = config_args(fp->src, f, c);
  Args call;
  if (n < 2 || !call_args(fp->src, chevrons_end(fp->src, f->close), &call) ||
      !(ends_statement(fp->src, call.rparen + 1) || (f->in_macro && ends_macro(fp->src, call.rparen + 1))))
    return false;
  bool templ = memchr(f->name, '<', strlen(f->name)) != NULL || (kernel_name_templates && f->template_kernel);
  bool wrap0 = !is_dim3(fp->src->code_only, c[0]), wrap1 = !is_dim3(fp->src->code_only, c[1]);
  add_edit(fp, f->offset, 0, templ ? "hipLaunchKernelGGL(HIP_KERNEL_NAME(" : "hipLaunchKernelGGL(");
  unsigned kernel_end = f->open; /* `k <<<...>>>`: the space goes with the chevrons */
  while (kernel_end > f->offset && is_space(fp->src->code_only[kernel_end - 1]))
    kernel_end--;
  char *sep = cm_xasprintf("%s, %s", templ ? ")" : "", wrap0 ? "dim3(" : "");
  add_edit(fp, kernel_end, c[0].begin - kernel_end, sep);
  free(sep);
  sep = cm_xasprintf("%s, %s", wrap0 ? ")" : "", wrap1 ? "dim3(" : "");
  add_edit(fp, c[0].end, c[1].begin - c[0].end, sep);
  free(sep);
  const char *close1 = wrap1 ? ")" : "";
  const char *tail = n == 3 ? ", 0" : n == 2 ? ", 0, 0" : "";
  unsigned last = c[n - 1].end;
  if (n >= 3) {
    sep = cm_xasprintf("%s, ", close1);
    add_edit(fp, c[1].end, c[2].begin - c[1].end, sep);
    free(sep);
  }
  char *text = cm_xasprintf("%s%s%s", n == 2 ? close1 : "", tail, call.n ? ", " : "");
  add_edit(fp, last, (call.n ? call.lparen + 1 : call.rparen) - last, text); /* `k<<<g, b>>>( )`: no space kept */
  free(text);
  return true;
}

/* `k<<<g, b[, s[, st]]>>>(args)[;]`, as a macro's use expands, written on from
 * the kernel as hipLaunchKernelGGL's arguments: false when it is not that shape. */
static bool launch_text(const char *s, Buf *out) {
  const char *open = strstr(s, "<<<"), *close = open ? strstr(open + 3, ">>>") : NULL;
  if (!close)
    return false;
  unsigned len = (unsigned)strlen(s), end = (unsigned)(close - s), lparen = end + 3;
  ArgRange c[4];
  unsigned n = config_split(s, (unsigned)(open - s) + 3, end, c);
  while (is_space(s[lparen]))
    lparen++;
  unsigned rparen = s[lparen] == '(' ? past_brackets(s, lparen, len) : 0;
  if (n < 2 || !rparen || s[rparen - 1] != ')')
    return false;
  for (unsigned i = 0; i < n; i++) {
    bool dim3 = i < 2 && !is_dim3(s, c[i]);
    buf_printf(out, dim3 ? ", dim3(%.*s)" : ", %.*s", (int)(c[i].end - c[i].begin), s + c[i].begin);
  }
  buf_puts(out, n == 2 ? ", 0, 0" : n == 3 ? ", 0" : "");
  unsigned b = lparen + 1, e = rparen - 1;
  while (b < e && is_space(s[b]))
    b++;
  while (e > b && is_space(s[e - 1]))
    e--;
  if (e > b)
    buf_printf(out, ", %.*s", (int)(e - b), s + b);
  buf_printf(out, ")%s", s + rparen);
  return true;
}

/* LAUNCH(x) for `#define LAUNCH k<float><<<1, n>>>`, or for a function-like
 * macro whose body is the launch -> hipLaunchKernelGGL(HIP_KERNEL_NAME(k<float>),
 * dim3(1), dim3(n), 0, 0, x): the whole use becomes the launch it expands to,
 * where it is a statement. */
bool plan_launch_at_use(FilePlan *fp, const Fact *f, bool kernel_name_templates) {
  size_t n = strlen(f->expansion);
  if (!ends_statement(fp->src, f->offset + f->length) && !(n && f->expansion[n - 1] == ';'))
    return false;
  bool templ = strchr(f->name, '<') != NULL || (kernel_name_templates && f->template_kernel);
  Buf text = {0};
  buf_printf(&text, templ ? "hipLaunchKernelGGL(HIP_KERNEL_NAME(%s)" : "hipLaunchKernelGGL(%s", f->name);
  bool ok = launch_text(f->expansion, &text);
  if (ok)
    add_edit(fp, f->offset, f->length, buf_cstr(&text));
  buf_free(&text);
  return ok;
}

/* ---- includes ---- */

/* +1 for #if/#ifdef/#ifndef, -1 for #endif, 2 for #else/#elif, 0 for any other line. */
static int conditional_step(const char *code, unsigned b, unsigned e) {
  while (b < e && (code[b] == ' ' || code[b] == '\t'))
    b++;
  if (b >= e || code[b] != '#')
    return 0;
  b++;
  while (b < e && (code[b] == ' ' || code[b] == '\t'))
    b++;
  return strncmp(code + b, "endif", 5) == 0 ? -1 : strncmp(code + b, "if", 2) == 0 ? 1 : strncmp(code + b, "el", 2) == 0 ? 2 : 0;
}

/* From line `first` (0-based) up to offset b, every #if closes again and no
 * #else leaves one: what is before and after is included or neither. */
static bool balanced_from(const SourceFile *src, unsigned first, unsigned b) {
  int depth = 0;
  for (unsigned l = first; l < src->line_starts.len && src->line_starts.items[l] < b; l++) {
    unsigned s = src->line_starts.items[l];
    unsigned e = l + 1 < src->line_starts.len ? src->line_starts.items[l + 1] : (unsigned)src->len;
    int step = conditional_step(src->code_only, s, e);
    if (step == 2 && depth == 0)
      return false;
    depth += step == 2 ? 0 : step;
    if (depth < 0)
      return false;
  }
  return depth == 0;
}

/* The lines after offset a's, up to b: both offsets are included or neither. */
static bool same_region(const SourceFile *src, unsigned a, unsigned b) {
  unsigned line, col;
  an_location(src, a, &line, &col);
  return balanced_from(src, line, b);
}

static void line_bounds(const SourceFile *src, unsigned off, unsigned *b, unsigned *e) {
  unsigned line, col;
  an_location(src, off, &line, &col);
  *b = line > 1 ? src->line_starts.items[line - 1] : src->bom; /* a byte order mark stays */
  *e = line < src->line_starts.len ? src->line_starts.items[line] : (unsigned)src->len;
}

/* A second include of the same HIP header in the same region goes, line and all. */
bool plan_duplicate_include(FilePlan *fp, const PlannedUse *u) {
  for (size_t i = 0; i < fp->uses.len && &fp->uses.items[i] != u; i++) {
    const PlannedUse *prev = &fp->uses.items[i];
    if (prev->fact->kind != FK_INCLUDE || !prev->hip || prev->fact->disabled || u->fact->disabled ||
        strcmp(prev->hip, u->hip) != 0 || !same_region(fp->src, prev->fact->offset, u->fact->offset))
      continue;
    unsigned b, e;
    line_bounds(fp->src, u->fact->offset, &b, &e);
    add_edit(fp, b, e - b, "");
    return true;
  }
  return false;
}

/* The directive's name when line [p, e) is one ("include <x>"), else NULL. */
static const char *directive_at(const char *code, unsigned p, unsigned e) {
  if (p >= e || code[p] != '#')
    return NULL;
  for (p++; p < e && (code[p] == ' ' || code[p] == '\t'); p++)
    ;
  return code + p;
}

static bool named(const char *d, const char *name) { return d && strncmp(d, name, strlen(name)) == 0; }

/* An include guard's #endif closes the file: `#ifndef M_PI` / `#define M_PI`
 * at the top of a file that goes on is no guard. */
static bool ends_with_endif(const SourceFile *src) {
  const char *code = src->code_only;
  unsigned e = (unsigned)src->len;
  while (e > 0 && is_space(code[e - 1]))
    e--;
  unsigned p = e;
  while (p > 0 && !an_line_ends(code, src->len, p - 1))
    p--;
  while (p < e && (code[p] == ' ' || code[p] == '\t'))
    p++;
  return named(directive_at(code, p, e), "endif");
}

/* Where nvcc's implicit runtime include goes: after an include guard (#ifndef X
 * then #define X, closed at the end) or #pragma once, above the first other line
 * of code: an #include, or a #define that nvcc would have read after the runtime. */
static unsigned runtime_include_at(const SourceFile *src) {
  const char *code = src->code_only;
  unsigned after_guard = 0, ifndef_at = 0;
  bool after_ifndef = false, guarded = ends_with_endif(src);
  for (unsigned l = 0; l < src->line_starts.len; l++) {
    unsigned b = l ? src->line_starts.items[l] : src->bom; /* the include goes after a byte order mark */
    unsigned e = l + 1 < src->line_starts.len ? src->line_starts.items[l + 1] : (unsigned)src->len;
    unsigned p = b;
    while (p < e && is_space(code[p]))
      p++;
    if (p == e)
      continue;
    const char *d = directive_at(code, p, e);
    bool ifndef = named(d, "ifndef") && !after_guard;
    if (named(d, "pragma once") || (named(d, "define") && after_ifndef && guarded && !after_guard))
      after_guard = e;
    else if (after_ifndef)
      return ifndef_at; /* an #ifndef that guards nothing */
    else if (named(d, "include"))
      return b;
    else if (!ifndef)
      return after_guard ? after_guard : b;
    after_ifndef = ifndef;
    if (ifndef)
      ifndef_at = b;
  }
  return after_guard;
}

/* Edits starting in [b, e) are dropped. */
static void drop_edits(FilePlan *fp, unsigned b, unsigned e) {
  size_t kept = 0;
  for (size_t i = 0; i < fp->edits.len; i++) {
    Edit *ed = &fp->edits.items[i];
    if (ed->offset >= b && ed->offset < e)
      free(ed->text);
    else
      fp->edits.items[kept++] = *ed;
  }
  fp->edits.len = kept;
}

static void drop_line(FilePlan *fp, unsigned at) {
  unsigned b, e;
  line_bounds(fp->src, at, &b, &e);
  drop_edits(fp, b, e);
  add_edit(fp, b, e - b, "");
}

/* hipify-clang's place for the runtime include in a file that has none: after
 * a first line of `#pragma once` or `#ifndef GUARD`, else above the first line
 * of code. */
static unsigned hipify_runtime_at(const SourceFile *src) {
  for (unsigned l = 0; l < src->line_starts.len; l++) {
    unsigned b = l ? src->line_starts.items[l] : src->bom;
    unsigned e = l + 1 < src->line_starts.len ? src->line_starts.items[l + 1] : (unsigned)src->len;
    unsigned p = b;
    while (p < e && is_space(src->code_only[p]))
      p++;
    if (p == e)
      continue;
    const char *d = directive_at(src->code_only, p, e);
    return named(d, "pragma once") || named(d, "ifndef") ? e : b;
  }
  return src->bom;
}

/* Under hipify-clang's conventions the runtime include stands where the CUDA
 * one stood (plan_include renamed it), and every file has one. */
static void runtime_include_in_place(FilePlan *fp) {
  for (size_t i = 0; i < fp->uses.len; i++) {
    const PlannedUse *u = &fp->uses.items[i];
    if (u->fact->kind == FK_INCLUDE && u->hip && !u->fact->disabled && strcmp(u->hip, "hip/hip_runtime.h") == 0)
      return;
  }
  if (strstr(fp->src->code_only, "hip/hip_runtime.h"))
    return;
  unsigned at = hipify_runtime_at(fp->src);
  bool eol_before = at == fp->src->len && at > 0 && !an_line_ends(fp->src->text, fp->src->len, at - 1);
  char *line = cm_xasprintf("%s#include <hip/hip_runtime.h>%s", eol_before ? fp->src->eol : "", eol_before ? "" : fp->src->eol);
  add_edit(fp, at, 0, line);
  free(line);
}

/* nvcc includes the runtime in every .cu file before anything else, the
 * project's own headers too; hipcc does not. HIP headers such as
 * hip_cooperative_groups.h need it first, and a project macro defined before
 * it (`#define index(x, y, n)`) breaks the C headers it pulls in. So the
 * runtime include goes before the first include, once (or, in_place, as
 * hipify-clang places it). */
void plan_runtime_include(FilePlan *fp, bool in_place) {
  if (in_place) {
    runtime_include_in_place(fp);
    return;
  }
  const PlannedUse *runtime = NULL;
  bool needs = false;
  for (size_t i = 0; i < fp->uses.len; i++) {
    const PlannedUse *u = &fp->uses.items[i];
    bool include = u->fact->kind == FK_INCLUDE && u->hip && !u->fact->disabled;
    if (include && !runtime && strcmp(u->hip, "hip/hip_runtime.h") == 0)
      runtime = u;
    needs |= u->fact->kind != FK_INCLUDE && u->available && !u->fact->disabled;
  }
  if ((!runtime && !needs) || (!runtime && strstr(fp->src->code_only, "hip/hip_runtime.h")))
    return;
  unsigned at = runtime_include_at(fp->src), b, e;
  if (runtime)
    line_bounds(fp->src, runtime->fact->offset, &b, &e);
  if (runtime && (b == at || runtime->fact->offset < at))
    return; /* already the first include, or before the guard ends: first in effect */
  char *line = cm_xasprintf("#include <hip/hip_runtime.h>%s", fp->src->eol);
  add_edit(fp, at, 0, line);
  free(line);
  unsigned at_line, col;
  an_location(fp->src, at, &at_line, &col);
  if (runtime && balanced_from(fp->src, at_line - 1, runtime->fact->offset))
    drop_line(fp, runtime->fact->offset);
}

/* ---- text beside the runtime include ---- */

static const char *line_end(const SourceFile *src) {
  return memmem(src->text, src->len, "\r\n", 2) ? "\r\n" : "\n";
}

/* An insertion at `at` joins one already there (before or after its text), so
 * two insertions at one offset never depend on how the edits sort. */
static void insert_text(FilePlan *fp, unsigned at, const char *text, bool before) {
  for (size_t i = 0; i < fp->edits.len; i++) {
    Edit *e = &fp->edits.items[i];
    if (e->offset == at && e->length == 0) {
      char *joined = before ? cm_xasprintf("%s%s", text, e->text) : cm_xasprintf("%s%s", e->text, text);
      free(e->text);
      e->text = joined;
      return;
    }
  }
  add_edit(fp, at, 0, text);
}

/* The line the runtime include has in the port: the insertion plan_runtime_include
 * made, an include that becomes it, or one already there. False: none. */
static bool runtime_line(const FilePlan *fp, unsigned *b, unsigned *e, bool *inserted) {
  for (size_t i = 0; i < fp->edits.len; i++)
    if (fp->edits.items[i].length == 0 && strstr(fp->edits.items[i].text, "#include <hip/hip_runtime.h>")) {
      *b = *e = fp->edits.items[i].offset;
      *inserted = true;
      return true;
    }
  *inserted = false;
  for (size_t i = 0; i < fp->uses.len; i++) {
    const PlannedUse *u = &fp->uses.items[i];
    if (u->fact->kind == FK_INCLUDE && u->hip && !u->fact->disabled && strcmp(u->hip, "hip/hip_runtime.h") == 0) {
      line_bounds(fp->src, u->fact->offset, b, e);
      return true;
    }
  }
  const char *at = strstr(fp->src->code_only, "hip/hip_runtime.h");
  if (at)
    line_bounds(fp->src, (unsigned)(at - fp->src->code_only), b, e);
  return at != NULL;
}

/* Lines of `text` go right before or after the runtime include, or where it
 * would go when the file has none. */
static void beside_runtime_include(FilePlan *fp, const char *text, bool before) {
  unsigned b, e;
  bool inserted;
  if (!runtime_line(fp, &b, &e, &inserted))
    insert_text(fp, runtime_include_at(fp->src), text, false);
  else if (inserted)
    insert_text(fp, b, text, before);
  else
    insert_text(fp, before ? b : e, text, before);
}

/* lines, written with \n, in the file's own line endings. */
static char *with_line_ends(const SourceFile *src, const char *lines) {
  Buf b = {0};
  bool crlf = strcmp(line_end(src), "\r\n") == 0;
  for (const char *p = lines; *p; p++)
    buf_puts(&b, *p == '\n' && crlf ? "\r\n" : (char[]){*p, 0});
  char *text = cm_xstrdup(buf_cstr(&b));
  buf_free(&b);
  return text;
}

void plan_beside_runtime_include(FilePlan *fp, const char *lines, bool before) {
  char *text = with_line_ends(fp->src, lines);
  beside_runtime_include(fp, text, before);
  free(text);
}

/* ---- // hipport off ... // hipport on ---- */

/* A marker counts only inside a comment: blanked in code_only, present in text. */
static const char *next_marker(const SourceFile *src, const char *from, const char *marker) {
  for (const char *p = from; (p = strstr(p, marker)); p++)
    if (src->code_only[p - src->text] == ' ')
      return p;
  return NULL;
}

void plan_fenced_regions(FilePlan *fp) {
  const SourceFile *src = fp->src;
  for (const char *off = next_marker(src, src->text, "hipport off"); off; off = next_marker(src, off + 1, "hipport off")) {
    const char *on = next_marker(src, off, "hipport on");
    drop_edits(fp, (unsigned)(off - src->text), on ? (unsigned)(on - src->text) : (unsigned)src->len);
    if (!on)
      break;
    off = on;
  }
}
