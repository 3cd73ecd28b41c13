/* The rule database's image: every table of a loaded RuleDb written once into
 * one file of the cache folder, so that a later run reads that file in one go
 * instead of walking SQLite row by row (about 0.1 CPU s a run).
 *
 * Takes the database's path and a cache folder; gives the same RuleDb that
 * rl_open gives. An image is keyed by the database's identity (device, inode,
 * size, mtime and ctime: a rebuilt or copied database differs in one of them,
 * and ctime cannot be set back by hand) and by this binary's struct layout; it
 * carries the database's fingerprint, so a run does not rehash 3 MB. One image
 * per database path: a rebuilt database's image replaces the old one in place,
 * which bounds the cache. Written under a private name and renamed, so a
 * concurrent run sees a whole image or none. An image that fails its checksum
 * or any bound is not used: the run reads SQLite and writes a new one.
 *
 * In the file, after a header, come a string pool (its length, then the
 * strings), the diagnostics' effort, then each table: its row count and its
 * rows as they are in memory, each string field replaced by its offset + 1 in
 * the pool (0: NULL) and Rule.earlier by its index + 1 in the earlier names. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ruledb_p.h"

enum { IMAGE_FORMAT = 1, MAX_STRS = 8 };
static const char MAGIC[8] = "HPRULES";

/* A vector of RuleDb and which of its rows' fields are strings (offset + 1,
 * 0 ends). ORDER IMAGE: a table or a string field added to RuleDb or to a row
 * type in rules.h goes here too. */
typedef struct {
  size_t vec, row;
  size_t strs[MAX_STRS];
} Table;

#define S(T, f) offsetof(T, f) + 1
#define TABLE(field, T, ...) {offsetof(RuleDb, field), sizeof(T), {__VA_ARGS__}}
static const Table tables[] = {
    TABLE(rules, Rule, S(Rule, library), S(Rule, section), S(Rule, cuda), S(Rule, hip), S(Rule, backend),
          S(Rule, backend_name), S(Rule, origin)),
    TABLE(headers, HeaderRule, S(HeaderRule, cuda), S(HeaderRule, hip), S(HeaderRule, roc), S(HeaderRule, library),
          S(HeaderRule, note), S(HeaderRule, hipify), S(HeaderRule, hipify_roc), S(HeaderRule, origin)),
    TABLE(hazards, HazardRule, S(HazardRule, pattern), S(HazardRule, message), S(HazardRule, constant_message),
          S(HazardRule, origin)),
    TABLE(releases, Version, 0),
    TABLE(warp, WarpRewrite, S(WarpRewrite, cuda), S(WarpRewrite, legacy_name), S(WarpRewrite, legacy_args),
          S(WarpRewrite, enabled_by)),
    TABLE(casts, ArgCast, S(ArgCast, cuda), S(ArgCast, wrapper)),
    TABLE(defaults, DefaultArg, S(DefaultArg, cuda), S(DefaultArg, value)),
    TABLE(arg_edits, ArgEdit, S(ArgEdit, cuda), S(ArgEdit, value)),
    TABLE(hints, CacheHint, S(CacheHint, cuda), S(CacheHint, scalar_form), S(CacheHint, other_form),
          S(CacheHint, hip_types)),
    TABLE(type_headers, MetaEntry, S(MetaEntry, key), S(MetaEntry, value)),
    TABLE(legacy_headers, LegacyHeader, S(LegacyHeader, header), S(LegacyHeader, modern_suffix), S(LegacyHeader, why)),
    TABLE(parse_weights, ParseWeight, S(ParseWeight, include)),
    TABLE(host_names, MetaEntry, S(MetaEntry, key), S(MetaEntry, value)),
    TABLE(struct_names, MetaEntry, S(MetaEntry, key), S(MetaEntry, value)),
    TABLE(predefined_macros, MetaEntry, S(MetaEntry, key), S(MetaEntry, value)),
    TABLE(std_headers, MetaEntry, S(MetaEntry, key), S(MetaEntry, value)),
    TABLE(signatures, Signature, S(Signature, cuda), S(Signature, hip), S(Signature, cuda_release),
          S(Signature, hip_release), S(Signature, cuda_signature), S(Signature, hip_signature)),
    TABLE(overloads, Overload, S(Overload, cuda), S(Overload, as)),
    TABLE(hipify_types, HipifyType, S(HipifyType, library), S(HipifyType, section), S(HipifyType, kind),
          S(HipifyType, type)),
    TABLE(hipify_roc_names, HipifyRocName, S(HipifyRocName, cuda), S(HipifyRocName, roc)),
    TABLE(member_wraps, MemberWrap, S(MemberWrap, cuda_member), S(MemberWrap, hip_type), S(MemberWrap, before),
          S(MemberWrap, after)),
    TABLE(members, MemberOrder, S(MemberOrder, cuda_type), S(MemberOrder, members), S(MemberOrder, hip_members)),
    TABLE(earlier, HipName, S(HipName, hip)),
    TABLE(nvcc_options, NvccOption, S(NvccOption, option), S(NvccOption, hip), S(NvccOption, why)),
    TABLE(build_names, BuildName, S(BuildName, cuda), S(BuildName, hip), S(BuildName, why)),
    TABLE(cuda_libraries, CudaLibrary, S(CudaLibrary, cuda), S(CudaLibrary, link), S(CudaLibrary, target),
          S(CudaLibrary, package), S(CudaLibrary, hip_library), S(CudaLibrary, header), S(CudaLibrary, why)),
    TABLE(name_prefixes, NamePrefix, S(NamePrefix, prefix)),
    TABLE(same_name_libraries, SameNameLibrary, S(SameNameLibrary, name)),
    TABLE(namespaced_libraries, SameNameLibrary, S(SameNameLibrary, name)),
    TABLE(wide_masks, WideMask, S(WideMask, prefix)),
    TABLE(marks, Mark, S(Mark, mark)),
    TABLE(result_casts, MetaEntry, S(MetaEntry, key), S(MetaEntry, value)),
    TABLE(call_results, MetaEntry, S(MetaEntry, key), S(MetaEntry, value)),
    TABLE(meta, MetaEntry, S(MetaEntry, key), S(MetaEntry, value)),
    TABLE(libraries, Library, S(Library, name), S(Library, cuda_releases), S(Library, hipify_api)),
};
#undef TABLE
#undef S
enum { NTABLES = sizeof tables / sizeof tables[0] };

/* Every VEC has this shape; its fields are copied through memcpy, not read
 * through another struct type. */
typedef struct {
  char *items;
  size_t len, cap;
} AnyVec;

typedef struct {
  char magic[8];
  uint32_t format, ntables;
  uint64_t layout, identity, fingerprint, body_len, checksum;
} Header;

typedef struct {
  double effort_hours;
  int64_t per;
} DiagEffort;

static AnyVec vec_of(const RuleDb *db, const Table *t) {
  AnyVec v;
  memcpy(&v, (const char *)db + t->vec, sizeof v);
  return v;
}

static void set_vec(RuleDb *db, const Table *t, AnyVec v) { memcpy((char *)db + t->vec, &v, sizeof v); }

/* This binary's row types: an image another build wrote is not read. */
static uint64_t layout(void) {
  uint64_t h = cm_hash(CM_HASH_SEED, tables, sizeof tables);
  size_t sizes[] = {IMAGE_FORMAT, sizeof(RuleDb), D_COUNT, sizeof(DiagEffort), offsetof(Rule, earlier)};
  return cm_hash(h, sizes, sizeof sizes);
}

/* Eight bytes a step: the image is checked on every run. */
static uint64_t checksum(const char *p, size_t n) {
  uint64_t h = CM_HASH_SEED;
  size_t i = 0;
  for (uint64_t w; i + 8 <= n; i += 8) {
    memcpy(&w, p + i, 8);
    h = (h ^ w) * 1099511628211ull;
    h ^= h >> 29;
  }
  return cm_hash(h, p + i, n - i);
}

static uint64_t identity(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0)
    return 0;
  long long v[7] = {(long long)st.st_dev, (long long)st.st_ino, (long long)st.st_size, (long long)st.st_mtim.tv_sec,
                    (long long)st.st_mtim.tv_nsec, (long long)st.st_ctim.tv_sec, (long long)st.st_ctim.tv_nsec};
  return cm_hash(CM_HASH_SEED, v, sizeof v); /* not the path: two spellings of one file share its image */
}

char *rl_image_path(const char *db_path, const char *cache_dir) {
  char *abs = realpath(db_path, NULL);
  uint64_t h = cm_hash_str(CM_HASH_SEED, abs ? abs : db_path);
  free(abs);
  return cm_xasprintf("%s/rules-%016llx.img", cache_dir, (unsigned long long)h);
}

/* ---- writing ---- */

typedef struct {
  Buf body, pool;
} Writer;

static void put_u64(Buf *b, uint64_t v) { buf_append(b, (const char *)&v, sizeof v); }

static uint64_t pooled(Writer *w, const char *s) {
  if (!s)
    return 0;
  uint64_t off = w->pool.len + 1;
  buf_append(&w->pool, s, strlen(s) + 1);
  return off;
}

static void put_row(Writer *w, const RuleDb *db, const Table *t, const char *row) {
  char copy[256];
  _Static_assert(sizeof(Rule) <= sizeof copy && sizeof(Signature) <= sizeof copy, "a row fits the copy");
  memcpy(copy, row, t->row);
  for (int f = 0; f < MAX_STRS && t->strs[f]; f++) {
    const char *s;
    memcpy(&s, copy + t->strs[f] - 1, sizeof s);
    uint64_t off = pooled(w, s);
    memcpy(copy + t->strs[f] - 1, &off, sizeof off);
  }
  if (t == &tables[0]) {
    Rule *r = (Rule *)copy;
    uintptr_t at = r->earlier ? (uintptr_t)(r->earlier - db->earlier.items) + 1 : 0;
    memcpy(&r->earlier, &at, sizeof at);
  }
  buf_append(&w->body, copy, t->row);
}

static void put_tables(Writer *w, const RuleDb *db) {
  for (int d = 0; d < D_COUNT; d++) {
    DiagEffort e = {db->diags[d].effort_hours, db->diags[d].per};
    buf_append(&w->body, (const char *)&e, sizeof e);
  }
  for (size_t i = 0; i < NTABLES; i++) {
    AnyVec v = vec_of(db, &tables[i]);
    put_u64(&w->body, v.len);
    for (size_t r = 0; r < v.len; r++)
      put_row(w, db, &tables[i], v.items + r * tables[i].row);
  }
}

static bool write_all(const char *path, const Header *h, const Buf *body) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return false;
  bool ok = fwrite(h, sizeof *h, 1, f) == 1 && fwrite(body->data, 1, body->len, f) == body->len;
  return fclose(f) == 0 && ok;
}

/* Rows that user rule files added are not the database's: only a database
 * just read from SQLite is written. */
bool rl_image_store(const RuleDb *db, const char *db_path, const char *cache_dir) {
  Writer w = {0};
  put_tables(&w, db);
  Buf out = {0};
  put_u64(&out, w.pool.len);
  buf_append(&out, w.pool.data ? w.pool.data : "", w.pool.len);
  buf_append(&out, w.body.data ? w.body.data : "", w.body.len);
  Header h = {.format = IMAGE_FORMAT, .ntables = NTABLES, .layout = layout(), .identity = identity(db_path),
              .fingerprint = db->fingerprint, .body_len = out.len, .checksum = checksum(out.data, out.len)};
  memcpy(h.magic, MAGIC, sizeof h.magic);
  char *path = rl_image_path(db_path, cache_dir), *tmp = cm_xasprintf("%s.XXXXXX", path);
  cm_signals_hold();
  int fd = cm_make_folders(cache_dir) ? mkstemp(tmp) : -1;
  bool ok = fd >= 0 && close(fd) == 0 && write_all(tmp, &h, &out) && rename(tmp, path) == 0;
  if (fd >= 0 && !ok)
    unlink(tmp);
  cm_signals_release();
  free(tmp);
  free(path);
  buf_free(&out);
  buf_free(&w.body);
  buf_free(&w.pool);
  return ok;
}

/* ---- reading ---- */

typedef struct {
  const char *p, *end;
  const char *pool;
  size_t pool_len;
} Reader;

static bool take(Reader *r, void *out, size_t n) {
  if ((size_t)(r->end - r->p) < n)
    return false;
  memcpy(out, r->p, n);
  r->p += n;
  return true;
}

/* An offset must land in the pool, which ends with a NUL: every string read is
 * one of the pool's. */
static bool unpool(const Reader *r, char *field) {
  uint64_t off;
  memcpy(&off, field, sizeof off);
  const char *s = off ? r->pool + off - 1 : NULL;
  memcpy(field, &s, sizeof s);
  return off <= r->pool_len;
}

static bool get_rows(Reader *r, RuleDb *db, const Table *t) {
  uint64_t n;
  if (!take(r, &n, sizeof n) || n > (uint64_t)(r->end - r->p) / t->row)
    return false;
  AnyVec v = {cm_xmalloc(n ? n * t->row : 1), n, n};
  set_vec(db, t, v); /* freed with the database, whatever follows */
  bool ok = take(r, v.items, n * t->row);
  for (size_t i = 0; i < n && ok; i++)
    for (int f = 0; f < MAX_STRS && t->strs[f] && ok; f++)
      ok = unpool(r, v.items + i * t->row + t->strs[f] - 1);
  return ok;
}

static bool link_earlier(RuleDb *db) {
  for (size_t i = 0; i < db->rules.len; i++) {
    Rule *r = &db->rules.items[i];
    uintptr_t at;
    memcpy(&at, &r->earlier, sizeof at);
    if (at > db->earlier.len || at + r->nearlier > db->earlier.len + 1 || (!at && r->nearlier))
      return false;
    r->earlier = at ? &db->earlier.items[at - 1] : NULL;
  }
  return true;
}

static bool get_diags(Reader *r, RuleDb *db) {
  for (int d = 0; d < D_COUNT; d++) {
    DiagEffort e;
    if (!take(r, &e, sizeof e) || e.per < EP_USE || e.per > EP_FILE)
      return false;
    db->diags[d].effort_hours = e.effort_hours;
    db->diags[d].per = (EffortPer)e.per;
  }
  return true;
}

static bool get_pool(Reader *r) {
  uint64_t n;
  if (!take(r, &n, sizeof n) || n > (uint64_t)(r->end - r->p) || (n && r->p[n - 1] != '\0'))
    return false;
  r->pool = r->p, r->pool_len = n;
  r->p += n;
  return true;
}

static bool get_tables(Reader *r, RuleDb *db) {
  bool ok = get_pool(r) && get_diags(r, db);
  for (size_t i = 0; i < NTABLES && ok; i++)
    ok = get_rows(r, db, &tables[i]);
  return ok && r->p == r->end && link_earlier(db);
}

/* The whole file, kept as a chunk of the database's arena: its strings are the pool's. */
static Chunk *read_image(const char *path) {
  FILE *f = fopen(path, "rb");
  struct stat st;
  if (!f)
    return NULL;
  Chunk *c = NULL;
  if (fstat(fileno(f), &st) == 0 && st.st_size >= (off_t)sizeof(Header)) {
    c = cm_xmalloc(sizeof *c + (size_t)st.st_size);
    *c = (Chunk){.used = (size_t)st.st_size, .cap = (size_t)st.st_size};
    if (fread(c->data, 1, c->used, f) != c->used) {
      free(c);
      c = NULL;
    }
  }
  fclose(f);
  return c;
}

static bool header_fits(const Header *h, const char *db_path, size_t len) {
  return memcmp(h->magic, MAGIC, sizeof h->magic) == 0 && h->format == IMAGE_FORMAT && h->ntables == NTABLES &&
         h->layout == layout() && h->identity == identity(db_path) && h->body_len == len - sizeof *h;
}

bool rl_image_load(const char *db_path, const char *cache_dir, RuleDb **out) {
  char *path = rl_image_path(db_path, cache_dir);
  Chunk *c = read_image(path);
  free(path);
  Header h;
  if (c)
    memcpy(&h, c->data, sizeof h);
  if (!c || !header_fits(&h, db_path, c->used) || checksum(c->data + sizeof h, h.body_len) != h.checksum) {
    free(c);
    return false;
  }
  RuleDb *db = rl_new();
  c->used = c->cap; /* nothing more goes into this chunk */
  db->arena = c;
  db->fingerprint = h.fingerprint;
  Reader r = {c->data + sizeof h, c->data + c->cap, NULL, 0};
  if (!get_tables(&r, db) || db->releases.len == 0) {
    rl_close(db);
    return false;
  }
  for (size_t i = 0; i < db->hazards.len; i++)
    db->hazards.items[i].info = NULL; /* the database's hazards have none */
  rl_index(db);
  *out = db;
  return true;
}

Status rl_open_cached(const char *path, const char *cache_dir, RuleDb **out) {
  if (!cache_dir)
    return rl_open(path, out);
  if (rl_image_load(path, cache_dir, out))
    return ST_OK;
  Status st = rl_open(path, out);
  if (!st)
    rl_image_store(*out, path, cache_dir);
  return st;
}
