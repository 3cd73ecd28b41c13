/* The rule database's image (rules/image.c), with the database the build makes
 * (path given as argv[1]): an image holds every table as SQLite gave it, a
 * changed database is read again, a damaged image is never used, and no cache
 * folder means no image. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ruledb_p.h"

static const char *built_db;

typedef struct {
  char *dir, *db;   /* a temporary folder and a copy of the database in it */
  char *cache;      /* dir/cache */
} Place;

static void copy_file(const char *from, const char *to) {
  char *data;
  size_t len;
  assert_int_equal(cm_read_file(from, &data, &len), ST_OK);
  FILE *f = fopen(to, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(data, 1, len, f), len);
  assert_int_equal(fclose(f), 0);
  free(data);
}

static int make_place(void **state) {
  Place *p = cm_xcalloc(1, sizeof *p);
  p->dir = cm_make_temp_dir("hipport-rule-image");
  p->db = cm_xasprintf("%s/rules.db", p->dir);
  p->cache = cm_xasprintf("%s/cache", p->dir);
  copy_file(built_db, p->db);
  assert_int_equal(mkdir(p->cache, 0700), 0);
  *state = p;
  return 0;
}

static int remove_place(void **state) {
  Place *p = *state;
  cm_remove_tree(p->dir);
  free(p->dir);
  free(p->db);
  free(p->cache);
  free(p);
  return 0;
}

static char *file_bytes(const char *path, size_t *len) {
  char *data;
  assert_int_equal(cm_read_file(path, &data, len), ST_OK);
  return data;
}

static void same_text(const char *a, const char *b) {
  if (!a || !b)
    assert_ptr_equal(a, b);
  else
    assert_string_equal(a, b);
}

/* Rows compared through the public API with a database opened after the
 * image's source was closed: a string the image did not carry points at freed
 * memory, not at an equal string. */
static void same_rows(const RuleDb *a, const RuleDb *b) {
  assert_int_equal(rl_rule_count(a), rl_rule_count(b));
  for (size_t i = 0; i < rl_rule_count(a); i++) {
    const Rule *x = rl_rule(a, i), *y = rl_rule(b, i);
    same_text(x->library, y->library), same_text(x->section, y->section), same_text(x->cuda, y->cuda);
    same_text(x->hip, y->hip), same_text(x->backend, y->backend), same_text(x->backend_name, y->backend_name);
    assert_int_equal(x->nearlier, y->nearlier);
    for (unsigned e = 0; e < x->nearlier; e++)
      same_text(x->earlier[e].hip, y->earlier[e].hip);
  }
  assert_int_equal(rl_header_count(a), rl_header_count(b));
  for (size_t i = 0; i < rl_header_count(a); i++) {
    const HeaderRule *x = rl_header(a, i), *y = rl_header(b, i);
    same_text(x->cuda, y->cuda), same_text(x->hip, y->hip), same_text(x->roc, y->roc);
    same_text(x->note, y->note), same_text(x->hipify, y->hipify), same_text(x->hipify_roc, y->hipify_roc);
  }
  assert_int_equal(rl_hazard_count(a), rl_hazard_count(b));
  for (size_t i = 0; i < rl_hazard_count(a); i++)
    same_text(rl_hazard(a, i)->pattern, rl_hazard(b, i)->pattern);
  assert_int_equal(rl_meta_count(a), rl_meta_count(b));
  for (size_t i = 0; i < rl_meta_count(a); i++) {
    const char *ka, *va, *kb, *vb;
    rl_meta_at(a, i, &ka, &va), rl_meta_at(b, i, &kb, &vb);
    same_text(ka, kb), same_text(va, vb);
  }
  for (int d = 0; d < D_COUNT; d++)
    assert_true(rl_diag_in(a, (Diag)d)->effort_hours == rl_diag_in(b, (Diag)d)->effort_hours);
  assert_int_equal(rl_fingerprint(a), rl_fingerprint(b));
}

/* Stored, loaded and stored again, an image comes out byte for byte the same:
 * every table and every earlier name made the round trip; and its rows read
 * as SQLite's do. */
static void image_round_trips_every_table(void **state) {
  Place *p = *state;
  RuleDb *from_sqlite, *from_image;
  assert_int_equal(rl_open(p->db, &from_sqlite), ST_OK);
  assert_true(rl_image_store(from_sqlite, p->db, p->cache));
  rl_close(from_sqlite);
  assert_true(rl_image_load(p->db, p->cache, &from_image));
  char *again = cm_xasprintf("%s/again", p->dir);
  assert_int_equal(mkdir(again, 0700), 0);
  assert_true(rl_image_store(from_image, p->db, again));
  char *first = rl_image_path(p->db, p->cache), *second = rl_image_path(p->db, again);
  size_t n1, n2;
  char *b1 = file_bytes(first, &n1), *b2 = file_bytes(second, &n2);
  assert_int_equal(n1, n2);
  assert_memory_equal(b1, b2, n1);
  assert_int_equal(rl_open(p->db, &from_sqlite), ST_OK);
  same_rows(from_image, from_sqlite);
  assert_string_equal(rl_lookup(from_image, "cudaMalloc", 10)->hip, "hipMalloc");
  assert_true(rl_cuda_like_name(from_image, "cuMemAlloc", 10));
  assert_true(rl_same_name_library(from_image, "thrust", 6));
  assert_true(rl_wide_mask(from_image, "__ballot(p)", 11));
  assert_true(rl_marked(from_image, MF_SOURCE, "<<<", 3));
  assert_string_equal(rl_result_cast(from_image, "__ffs", 5), "(int)");
  free(b1), free(b2), free(first), free(second), free(again);
  rl_close(from_image);
  rl_close(from_sqlite);
}

/* The first open writes the image, the second reads it: both give the same rules. */
static void open_cached_writes_then_reads_the_image(void **state) {
  Place *p = *state;
  RuleDb *db;
  char *img = rl_image_path(p->db, p->cache);
  assert_int_not_equal(access(img, R_OK), 0);
  assert_int_equal(rl_open_cached(p->db, p->cache, &db), ST_OK);
  uint64_t fp = rl_fingerprint(db);
  rl_close(db);
  assert_int_equal(access(img, R_OK), 0);
  assert_true(rl_image_load(p->db, p->cache, &db));
  rl_close(db);
  assert_int_equal(rl_open_cached(p->db, p->cache, &db), ST_OK);
  assert_int_equal(rl_fingerprint(db), fp);
  rl_close(db);
  free(img);
}

static void set_vintage(const char *path, const char *value) {
  sqlite3 *sq;
  assert_int_equal(sqlite3_open(path, &sq), SQLITE_OK);
  char *sql = sqlite3_mprintf("UPDATE meta SET value = %Q WHERE key = 'data_vintage'", value);
  assert_int_equal(sqlite3_exec(sq, sql, NULL, NULL, NULL), SQLITE_OK);
  sqlite3_free(sql);
  sqlite3_close(sq);
}

/* A database changed after its image was written is read from SQLite again. */
static void changed_database_is_read_again(void **state) {
  Place *p = *state;
  RuleDb *db;
  assert_int_equal(rl_open_cached(p->db, p->cache, &db), ST_OK);
  uint64_t before = rl_fingerprint(db);
  rl_close(db);
  set_vintage(p->db, "changed by the test");
  assert_false(rl_image_load(p->db, p->cache, &db));
  assert_int_equal(rl_open_cached(p->db, p->cache, &db), ST_OK);
  assert_string_equal(rl_meta(db, "data_vintage"), "changed by the test");
  assert_int_not_equal(rl_fingerprint(db), before);
  rl_close(db);
  assert_true(rl_image_load(p->db, p->cache, &db)); /* and the new image replaced the old */
  assert_string_equal(rl_meta(db, "data_vintage"), "changed by the test");
  rl_close(db);
}

static void damage(const char *path, long at, bool truncate_there) {
  size_t len;
  char *data = file_bytes(path, &len);
  size_t i = at < 0 ? len + (size_t)at : (size_t)at;
  data[i] ^= 0x5a;
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  fwrite(data, 1, truncate_there ? i : len, f);
  fclose(f);
  free(data);
}

/* A flipped byte anywhere, or a cut, and the image is not used: the rules come
 * from SQLite and a whole image is written again. */
static void damaged_image_is_rebuilt_never_trusted(void **state) {
  Place *p = *state;
  char *img = rl_image_path(p->db, p->cache);
  const struct { long at; bool cut; } harms[] = {{3, false}, {60, false}, {5000, false}, {-2, false}, {-100, true}};
  for (size_t h = 0; h < sizeof harms / sizeof *harms; h++) {
    RuleDb *db;
    assert_int_equal(rl_open_cached(p->db, p->cache, &db), ST_OK);
    rl_close(db);
    damage(img, harms[h].at, harms[h].cut);
    assert_false(rl_image_load(p->db, p->cache, &db));
    assert_int_equal(rl_open_cached(p->db, p->cache, &db), ST_OK);
    assert_string_equal(rl_lookup(db, "cudaMalloc", 10)->hip, "hipMalloc");
    rl_close(db);
    assert_true(rl_image_load(p->db, p->cache, &db));
    rl_close(db);
  }
  free(img);
}

/* No cache folder (--no-cache): the database is read and nothing is written. */
static void no_cache_folder_writes_nothing(void **state) {
  Place *p = *state;
  RuleDb *db;
  assert_int_equal(rl_open_cached(p->db, NULL, &db), ST_OK);
  assert_non_null(rl_lookup(db, "cudaMalloc", 10));
  rl_close(db);
  char *img = rl_image_path(p->db, p->cache);
  assert_int_not_equal(access(img, F_OK), 0);
  free(img);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s hipport-rules.db\n", argv[0]);
    return 2;
  }
  built_db = argv[1];
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(image_round_trips_every_table, make_place, remove_place),
      cmocka_unit_test_setup_teardown(open_cached_writes_then_reads_the_image, make_place, remove_place),
      cmocka_unit_test_setup_teardown(changed_database_is_read_again, make_place, remove_place),
      cmocka_unit_test_setup_teardown(damaged_image_is_rebuilt_never_trusted, make_place, remove_place),
      cmocka_unit_test_setup_teardown(no_cache_folder_writes_nothing, make_place, remove_place),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
