/* The edits a target ROCm release asks for beyond renames, each tied to a
 * finding or a table row that names the releases it is for:
 *   - warp *_sync intrinsics between their native_since and default_since
 *     (6.2 and 6.3) need their enabling macro defined before HIP's headers;
 *   - warpSize where a constant expression is required (HP2006, from 7.0)
 *     becomes HIPPORT_WAVE_SIZE, defined once per file from the GPU family;
 *   - a standard header a file had only through the CUDA headers (HP2501, from
 *     7.0) is included;
 *   - a HIP type hip_runtime.h does not bring in (hip_bfloat16) gets its header
 *     where CUDA's runtime header brought the CUDA one;
 *   - a positional initializer of a struct whose HIP members came in another
 *     order (member_orders.csv) gets designators. */
#include <stdlib.h>
#include <string.h>

#include "plan_p.h"

/* ---- the enabling macro of the native warp intrinsics ---- */

static const WarpRewrite *needs_enabling(const PlannedUse *u, const RuleDb *db, Version target) {
  const WarpRewrite *w = u->fact->kind == FK_IDENT && u->available ? rl_warp_rewrite(db, u->fact->name) : NULL;
  return w && *w->enabled_by && target >= w->native_since && target < w->default_since ? w : NULL;
}

void plan_warp_enable(FilePlan *fp, const RuleDb *db, Version target) {
  for (size_t i = 0; i < fp->uses.len; i++) {
    const WarpRewrite *w = needs_enabling(&fp->uses.items[i], db, target);
    if (!w || strstr(fp->src->code_only, w->enabled_by))
      continue;
    char *define = cm_xasprintf("#ifndef %s\n#define %s\n#endif\n", w->enabled_by, w->enabled_by);
    char *since = version_text(w->default_since);
    plan_beside_runtime_include(fp, define, true);
    add_finding(fp, D_WARP_ENABLE, fp->uses.items[i].fact->offset, fp->src->rel,
                cm_xasprintf("before ROCm %s HIP declares %s only where %s is defined before its headers: translate "
                             "defines it above the runtime include; a file that includes this one needs it too "
                             "(-D%s for the whole build)",
                             since, w->cuda, w->enabled_by, w->enabled_by));
    free(since);
    free(define);
    return;
  }
}

/* ---- warpSize where a constant is required ---- */

/* From the GPU family the compiler defines for each --offload-arch: RDNA
 * (gfx10, gfx11, gfx12) runs HIP in wave32, GCN and CDNA in wave64; the host
 * pass, which has no GPU, takes 64. -DHIPPORT_WAVE_SIZE=N overrides it. ORDER
 * WAVE_SIZE with docs/rocm-releases.md. */
static const char wave_size_block[] =
    "#ifndef HIPPORT_WAVE_SIZE\n"
    "// hipport: warpSize is no constant expression from ROCm 7.0: the wave size of the GPU compiled for\n"
    "#if defined(__GFX10__) || defined(__GFX11__) || defined(__GFX12__)\n"
    "#define HIPPORT_WAVE_SIZE 32\n"
    "#else\n"
    "#define HIPPORT_WAVE_SIZE 64\n"
    "#endif\n"
    "#endif\n";

void plan_wave_size(FilePlan *fp) {
  bool any = false;
  for (size_t i = 0; i < fp->findings.len; i++) {
    const Finding *f = &fp->findings.items[i];
    if (f->diag == D_WARP_CONSTANT) {
      add_edit(fp, f->offset, (unsigned)strlen(f->subject), "HIPPORT_WAVE_SIZE");
      any = true;
    }
  }
  if (any && !strstr(fp->src->code_only, "define HIPPORT_WAVE_SIZE"))
    plan_beside_runtime_include(fp, wave_size_block, false);
}

/* ---- standard headers ---- */

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

void plan_std_includes(FilePlan *fp) {
  VEC(const char *) headers = {0};
  for (size_t i = 0; i < fp->findings.len; i++)
    if (fp->findings.items[i].diag == D_STD_HEADER)
      vec_push(&headers, fp->findings.items[i].subject);
  vec_sort(&headers, by_name);
  Buf lines = {0};
  for (size_t i = 0; i < headers.len; i++)
    if (i == 0 || strcmp(headers.items[i], headers.items[i - 1]) != 0)
      buf_printf(&lines, "#include <%s>\n", headers.items[i]);
  if (lines.len)
    plan_beside_runtime_include(fp, buf_cstr(&lines), false);
  buf_free(&lines);
  vec_free(&headers);
}

/* ---- headers of HIP types hip_runtime.h lacks ---- */

static bool file_includes(const FilePlan *fp, const char *header) {
  for (size_t i = 0; i < fp->uses.len; i++)
    if (fp->uses.items[i].fact->kind == FK_INCLUDE && fp->uses.items[i].hip && strcmp(fp->uses.items[i].hip, header) == 0)
      return true;
  return strstr(fp->src->code_only, header) != NULL; /* included as <...> already */
}

/* __nv_bfloat16 came with CUDA's runtime header; hip_bfloat16 needs its own. */
void plan_type_headers(FilePlan *fp, const RuleDb *db) {
  VEC(const char *) headers = {0};
  for (size_t i = 0; i < fp->uses.len; i++) {
    const PlannedUse *u = &fp->uses.items[i];
    const char *h = u->available && u->fact->kind == FK_IDENT && u->hip ? rl_type_header(db, u->hip) : NULL;
    if (h && !file_includes(fp, h))
      vec_push(&headers, h);
  }
  vec_sort(&headers, by_name);
  Buf lines = {0};
  for (size_t i = 0; i < headers.len; i++)
    if (i == 0 || strcmp(headers.items[i], headers.items[i - 1]) != 0)
      buf_printf(&lines, "#include <%s>\n", headers.items[i]);
  if (lines.len)
    plan_beside_runtime_include(fp, buf_cstr(&lines), false);
  buf_free(&lines);
  vec_free(&headers);
}

/* ---- positional initializers ---- */

static unsigned skip_space(const SourceFile *src, unsigned p) {
  while (p < src->len && is_space(src->code_only[p]))
    p++;
  return p;
}

/* `Type name = {` or `Type name{`: the offset of the brace, or 0. */
static unsigned initializer_brace(const SourceFile *src, unsigned after_type) {
  unsigned p = skip_space(src, after_type), name = p;
  while (p < src->len && ident_char(src->code_only[p]))
    p++;
  if (p == name)
    return 0;
  p = skip_space(src, p);
  if (p < src->len && src->code_only[p] == '=')
    p = skip_space(src, p + 1);
  return p < src->len && src->code_only[p] == '{' ? p : 0;
}

/* The n-th space-separated word of a member list, as (start, length). */
static bool nth_word(const char *list, unsigned n, const char **word, int *len) {
  for (const char *p = list;; n--) {
    while (*p == ' ')
      p++;
    if (!*p)
      return false;
    *word = p;
    *len = (int)strcspn(p, " ");
    if (n == 0)
      return true;
    p += *len;
  }
}

static int member_index(const char *list, const char *word, int len) {
  const char *w;
  int n;
  for (unsigned i = 0; nth_word(list, i, &w, &n); i++)
    if (n == len && strncmp(w, word, (size_t)len) == 0)
      return (int)i;
  return -1;
}

static bool edited_inside(const FilePlan *fp, unsigned b, unsigned e) {
  for (size_t i = 0; i < fp->edits.len; i++)
    if (fp->edits.items[i].offset >= b && fp->edits.items[i].offset < e)
      return true;
  return false;
}

/* The values rewritten in HIP's order, each named: one replacement, so the port
 * compiles without clang's -Wreorder-init-list. */
static void reorder(FilePlan *fp, const MemberOrder *m, const Args *a) {
  Buf text = {0};
  const char *w;
  int len;
  for (unsigned i = 0; nth_word(m->hip_members, i, &w, &len); i++) {
    int j = member_index(m->members, w, len);
    if (j >= 0 && (unsigned)j < a->n)
      buf_printf(&text, "%s.%.*s = %.*s", text.len ? ", " : "", len, w, (int)(a->arg[j].end - a->arg[j].begin),
                 fp->src->text + a->arg[j].begin);
  }
  add_edit(fp, a->arg[0].begin, a->arg[a->n - 1].end - a->arg[0].begin, buf_cstr(&text));
  buf_free(&text);
}

/* A value holding a rename keeps its place: each gets its member's name. */
static void designate(FilePlan *fp, const MemberOrder *m, const Args *a) {
  const char *w;
  int len;
  for (unsigned n = 0; n < a->n && nth_word(m->members, n, &w, &len); n++) {
    char *designator = cm_xasprintf(".%.*s = ", len, w);
    add_edit(fp, a->arg[n].begin, 0, designator);
    free(designator);
  }
}

/* cudaMemsetParams p = {dst, pitch, value, size, width, height};
 *   -> hipMemsetParams p = {.dst = dst, .elementSize = size, .height = height, ...}; */
static void member_order(FilePlan *fp, const Fact *f, const MemberOrder *m) {
  unsigned brace = initializer_brace(fp->src, f->offset + f->length);
  const char *w;
  int len;
  Args a;
  if (!brace || !bracketed_args(fp->src, brace, '}', &a) || a.n == 0 || !nth_word(m->members, a.n - 1, &w, &len) ||
      fp->src->code_only[a.arg[0].begin] == '.')
    return; /* not a positional initializer of this struct */
  if (edited_inside(fp, a.arg[0].begin, a.arg[a.n - 1].end))
    designate(fp, m, &a);
  else
    reorder(fp, m, &a);
  char *until = version_text(m->until);
  add_finding(fp, D_MEMBER_ORDER, f->offset, f->name,
              cm_xasprintf("%s is filled by position, and before ROCm %s HIP declares its members in another order "
                           "(%s): translate names each member",
                           f->name, until, m->hip_members));
  free(until);
}

void plan_member_orders(FilePlan *fp, const RuleDb *db, Version target) {
  for (size_t i = 0; i < fp->uses.len; i++) {
    const PlannedUse *u = &fp->uses.items[i];
    const MemberOrder *m = u->fact->kind == FK_IDENT && u->available ? rl_member_order(db, u->fact->name) : NULL;
    if (m && target < m->until)
      member_order(fp, u->fact, m);
  }
}

static bool is_ident(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/* The cast the rules write before a call at p whose HIP result type differs
 * (__popc: (int)), its name's length in *n; NULL where no such call is. */
static const char *result_cast_call(const RuleDb *db, const char *code, unsigned p, unsigned *n) {
  unsigned q = p;
  while (is_ident(code[q]))
    q++;
  const char *cast = q > p ? rl_result_cast(db, code + p, q - p) : NULL;
  *n = q - p;
  while (cast && is_space(code[q]))
    q++;
  return cast && code[q] == '(' ? cast : NULL;
}

/* From the first bit count the hazard found to the initializer's closing brace,
 * each call not yet cast gets its cast: the pattern stops at the first. */
static void cast_bitcounts(FilePlan *fp, const RuleDb *db, unsigned from) {
  const char *code = fp->src->code_only;
  int depth = 0;
  unsigned last = 0; /* the last character before p that is not a space */
  for (unsigned p = from; p < fp->src->len && depth >= 0 && code[p] != ';'; p++) {
    depth += code[p] == '{' ? 1 : code[p] == '}' ? -1 : 0;
    unsigned n;
    const char *cast = (p == 0 || !is_ident(code[p - 1])) && code[last] != ')' ? result_cast_call(db, code, p, &n) : NULL;
    if (cast) {
      add_edit(fp, p, 0, cast);
      p += n;
    }
    if (!is_space(code[p]))
      last = p;
  }
}

/* min(rem, blockDim.x) -> min(rem, (unsigned)blockDim.x): each argument of the
 * call the hazard found that is a member of a CUDA built-in variable (a CUDA
 * name the analyzer saw, then .x, .y or .z, alone in its argument). */
static void cast_coordinates(FilePlan *fp, unsigned call) {
  const SourceFile *src = fp->src;
  Args a;
  while (call < src->len && is_ident(src->code_only[call]))
    call++;
  if (!call_args(src, call, &a))
    return;
  for (unsigned i = 0; i < a.n; i++)
    for (size_t k = 0; k < src->facts.len; k++) {
      const Fact *f = &src->facts.items[k];
      unsigned end = f->offset + f->length;
      if (f->kind == FK_IDENT && f->offset == a.arg[i].begin && end + 2 == a.arg[i].end &&
          src->code_only[end] == '.' && strchr("xyz", src->code_only[end + 1]))
        add_edit(fp, a.arg[i].begin, 0, "(unsigned)");
    }
}

/* Findings translate settles itself: HIP's unsigned bit counts in an int's
 * braces get the cast the finding asks for (HP2401), C++17's removed
 * `register` goes with the spaces after it (HP2403), and HIP's proxy
 * coordinates become numbers where min, max and printf need one (HP2405). */
void plan_hazard_fixes(FilePlan *fp, const RuleDb *db) {
  for (size_t i = 0; i < fp->findings.len; i++) {
    const Finding *f = &fp->findings.items[i];
    unsigned end = f->offset;
    if (f->diag == D_UNSIGNED_BITCOUNT) {
      cast_bitcounts(fp, db, f->offset);
    } else if (f->diag == D_REGISTER) {
      for (end += 8; end < fp->src->len && is_space(fp->src->text[end]);)
        end++;
      add_edit(fp, f->offset, end - f->offset, "");
    } else if (f->diag == D_COORD_PROXY) {
      cast_coordinates(fp, f->offset);
    }
  }
}
