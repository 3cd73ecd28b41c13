/* facts_cache.c: a file's facts written to the cache and read back are the
 * same facts, field by field; an entry for another key, a torn entry, or one
 * whose included file has changed since is a miss that leaves the file as it
 * was. The facts are made by hand, every field of Fact set to a value of its own,
 * so that a field the cache drops fails here; a field added to Fact fails the
 * size check below until the cache and this test cover it. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer_p.h"
#include "temp_folder.h"

/* ORDER FACT_FIELDS: a new field of Fact, FoundInclude or ConstantRange changes
 * these; give it a value in full_file and a check in same_fact, and teach
 * facts_cache.c's write_fact and read_fact to keep it. */
_Static_assert(sizeof(Fact) == 120, "Fact changed: keep the new field in facts_cache.c and check it here");
_Static_assert(sizeof(FoundInclude) == 16, "FoundInclude changed: keep it in facts_cache.c and check it here");
_Static_assert(sizeof(ConstantRange) == 16, "ConstantRange changed: keep it in facts_cache.c and check it here");

static const char TEXT[] = "#include <cuda_runtime.h>\n"
                           "// cudaFree in a comment\n"
                           "int main() { cudaFree(0); k<<<1, 2>>>(\"a b\"); }\n";

static SourceFile *bare_file(void) {
  SourceFile *f = cm_xcalloc(1, sizeof *f);
  f->path = temp_path("main.cu");
  f->rel = cm_xstrdup("main.cu");
  f->text = cm_xstrdup(TEXT);
  f->len = strlen(TEXT);
  return f;
}

/* Every field differs from its zero and from the other fact's. */
static Fact fact(unsigned base, bool flag) {
  return (Fact){.kind = flag ? FK_LAUNCH : FK_MEMBER, .offset = base + 1, .length = base + 2, .line = base + 3,
                .column = base + 4, .name = cm_xasprintf("name %u\nwith a line break", base),
                .cursor = flag ? "CallExpr" : "token", .disabled = flag, .in_macro = !flag, .cuda_declared = flag, .own = !flag,
                .declared_by = flag ? cm_xstrdup("cublas.h") : NULL, .aliased = flag ? NULL : cm_xstrdup("__half"),
                .pointee = cm_xstrdup(flag ? "float4" : ""),
                .expansion = flag ? cm_xstrdup("k<<<g,\nb>>>(x);") : NULL,
                .qualifiers = flag ? NULL : cm_xstrdup("const"), .pointee_scalar = !flag, .params = flag ? -1 : 7,
                .open = base + 5, .close = base + 6, .lparen = base + 7, .rparen = base + 8, .template_kernel = flag};
}

static SourceFile *full_file(void) {
  SourceFile *f = bare_file();
  f->parser = PARSER_LEXICAL;
  f->fallback_reason = cm_xstrdup("main.cu:3:1: error: something");
  f->fallback_offset = 42;
  f->parsed_with = cm_xstrdup("src/includer.cu");
  vec_push(&f->found_includes, ((FoundInclude){cm_xstrdup("helper.h"), cm_xstrdup("/repo/common")}));
  vec_push(&f->facts, fact(10, true));
  vec_push(&f->facts, fact(20, false));
  vec_push(&f->constants, ((ConstantRange){3, 9, "an array bound"}));
  vec_push(&f->constants, ((ConstantRange){4, 5, "a template argument"}));
  f->code_only = cm_xstrdup(TEXT);
  for (char *p = strstr(f->code_only, "// cudaFree"); *p != '\n'; p++)
    *p = ' ';
  char *s = strstr(f->code_only, "a b");
  s[0] = s[1] = s[2] = ' ';
  facts_index_lines(f);
  return f;
}

static void same_str(const char *a, const char *b) {
  if (!a || !b)
    assert_ptr_equal(a, b);
  else
    assert_string_equal(a, b);
}

static void same_fact(const Fact *a, const Fact *b) {
  assert_int_equal(a->kind, b->kind);
  assert_int_equal(a->offset, b->offset);
  assert_int_equal(a->length, b->length);
  assert_int_equal(a->line, b->line);
  assert_int_equal(a->column, b->column);
  same_str(a->name, b->name);
  same_str(a->cursor, b->cursor);
  assert_int_equal(a->disabled, b->disabled);
  assert_int_equal(a->in_macro, b->in_macro);
  assert_int_equal(a->cuda_declared, b->cuda_declared);
  assert_int_equal(a->own, b->own);
  same_str(a->declared_by, b->declared_by);
  same_str(a->aliased, b->aliased);
  same_str(a->pointee, b->pointee);
  same_str(a->expansion, b->expansion);
  same_str(a->qualifiers, b->qualifiers);
  assert_int_equal(a->pointee_scalar, b->pointee_scalar);
  assert_int_equal(a->params, b->params);
  assert_int_equal(a->open, b->open);
  assert_int_equal(a->close, b->close);
  assert_int_equal(a->lparen, b->lparen);
  assert_int_equal(a->rparen, b->rparen);
  assert_int_equal(a->template_kernel, b->template_kernel);
}

static void same_parse(const SourceFile *a, const SourceFile *b) {
  assert_int_equal(a->parser, b->parser);
  same_str(a->fallback_reason, b->fallback_reason);
  assert_int_equal(a->fallback_offset, b->fallback_offset);
  same_str(a->parsed_with, b->parsed_with);
  assert_int_equal(a->found_includes.len, b->found_includes.len);
  for (size_t i = 0; i < a->found_includes.len; i++) {
    same_str(a->found_includes.items[i].header, b->found_includes.items[i].header);
    same_str(a->found_includes.items[i].dir, b->found_includes.items[i].dir);
  }
  assert_int_equal(a->facts.len, b->facts.len);
  for (size_t i = 0; i < a->facts.len; i++)
    same_fact(&a->facts.items[i], &b->facts.items[i]);
  assert_int_equal(a->constants.len, b->constants.len);
  for (size_t i = 0; i < a->constants.len; i++) {
    assert_int_equal(a->constants.items[i].begin, b->constants.items[i].begin);
    assert_int_equal(a->constants.items[i].end, b->constants.items[i].end);
    same_str(a->constants.items[i].what, b->constants.items[i].what);
  }
  same_str(a->code_only, b->code_only);
}

static Manifest two_headers(void) {
  Manifest m = {0};
  vec_push(&m, ((Included){cm_xstrdup("/usr/include/stdio.h"), 0x0123456789abcdefull, {1, 2, 3, 4, 5}}));
  vec_push(&m, ((Included){cm_xstrdup("/repo/a header with spaces.h"), 0xfedcba9876543210ull, {0}}));
  return m;
}

static void every_field_round_trips(void **state) {
  (void)state;
  SourceFile *f = full_file(), *back = bare_file();
  Manifest m = two_headers(), got = {0};
  assert_true(facts_cache_write(temp_folder, "file-roundtrip", f, &m));
  assert_true(facts_cache_read(temp_folder, "file-roundtrip", back, &got));
  same_parse(f, back);
  assert_int_equal(got.len, m.len);
  for (size_t i = 0; i < m.len; i++) {
    assert_string_equal(got.items[i].path, m.items[i].path);
    assert_true(got.items[i].hash == m.items[i].hash);
    assert_memory_equal(&got.items[i].stamp, &m.items[i].stamp, sizeof(FileStamp));
  }
  facts_cache_manifest_free(&m);
  facts_cache_manifest_free(&got);
  an_source_free(f);
  an_source_free(back);
}

/* A file read lexically because libclang did not load it has no code_only. */
static void a_file_without_code_only_round_trips(void **state) {
  (void)state;
  SourceFile *f = bare_file(), *back = bare_file();
  f->parser = PARSER_LEXICAL;
  f->fallback_reason = cm_xstrdup("libclang did not load the file");
  Manifest m = {0}, got = {0};
  assert_true(facts_cache_write(temp_folder, "file-bare", f, &m));
  assert_true(facts_cache_read(temp_folder, "file-bare", back, &got));
  same_parse(f, back);
  assert_null(back->code_only);
  an_source_free(f);
  an_source_free(back);
}

static void another_key_or_a_torn_entry_is_a_miss(void **state) {
  (void)state;
  SourceFile *f = full_file(), *back = bare_file();
  Manifest m = two_headers(), got = {0};
  assert_true(facts_cache_write(temp_folder, "file-torn", f, &m));
  char *path = temp_path("file-torn.facts"), *text, *other = temp_path("file-other.facts");
  size_t len;
  assert_int_equal(cm_read_file(path, &text, &len), ST_OK);
  assert_int_equal(cm_write_atomically(other, text, len, 0600), ST_OK); /* file-torn's entry under another name */
  assert_false(facts_cache_read(temp_folder, "file-other", back, &got));
  assert_int_equal(cm_write_atomically(path, text, len - 20, 0600), ST_OK);
  assert_false(facts_cache_read(temp_folder, "file-torn", back, &got));
  assert_int_equal(back->facts.len, 0);
  assert_null(back->fallback_reason);
  assert_int_equal(got.len, 0);
  free(text);
  free(path);
  free(other);
  facts_cache_manifest_free(&m);
  an_source_free(f);
  an_source_free(back);
}

/* facts_cache_load checks every included file's bytes: a changed header is a
 * miss, and the file keeps the parse it had. */
static void a_changed_include_is_a_miss(void **state) {
  (void)state;
  char *header = temp_path("local.h");
  assert_int_equal(cm_write_atomically(header, "#define N 1\n", 12, 0600), ST_OK);
  ParseEnv env = {.cache_dir = temp_folder, .file_hashes = file_hashes_new()};
  Manifest m = {0};
  vec_push(&m, ((Included){cm_xstrdup(header), file_hash(env.file_hashes, header), file_stamp(env.file_hashes, header)}));
  SourceFile *f = full_file(), *back = bare_file();
  assert_true(facts_cache_write(temp_folder, "file-with-header", f, &m));
  assert_true(facts_cache_load(&env, "file-with-header", back));
  assert_true(back->reused);
  same_parse(f, back);
  assert_true(back->line_starts.len == 4);

  file_hashes_free(env.file_hashes); /* the next run sees the header as it is then */
  env.file_hashes = file_hashes_new();
  assert_int_equal(cm_write_atomically(header, "#define N 2\n", 12, 0600), ST_OK);
  SourceFile *stale = bare_file();
  stale->parser = PARSER_LIBCLANG;
  assert_false(facts_cache_load(&env, "file-with-header", stale));
  assert_false(stale->reused);
  assert_int_equal(stale->facts.len, 0);
  assert_int_equal(stale->parser, PARSER_LIBCLANG);
  file_hashes_free(env.file_hashes);
  facts_cache_manifest_free(&m);
  an_source_free(f);
  an_source_free(back);
  an_source_free(stale);
  free(header);
}

/* A file whose stamp is as the entry saw it is not hashed again: an old
 * system header with its own stamp and a wrong hash still matches, a stamp
 * that differs falls back to the bytes (a miss here), and a file changed just
 * now has no stamp to trust. */
static void a_matching_stamp_spares_the_hash(void **state) {
  (void)state;
  const char *old = "/usr/include/stdio.h";
  ParseEnv env = {.cache_dir = temp_folder, .file_hashes = file_hashes_new()};
  FileStamp now = file_stamp(env.file_hashes, old);
  assert_true(now.size > 0 && now.ino > 0);
  Manifest m = {0};
  vec_push(&m, ((Included){cm_xstrdup(old), ~file_hash(env.file_hashes, old), now}));
  SourceFile *f = full_file(), *back = bare_file();
  assert_true(facts_cache_write(temp_folder, "file-stamped", f, &m));
  assert_true(facts_cache_load(&env, "file-stamped", back));
  m.items[0].stamp.size++;
  assert_true(facts_cache_write(temp_folder, "file-restamped", f, &m));
  SourceFile *other = bare_file();
  assert_false(facts_cache_load(&env, "file-restamped", other));

  char *fresh = temp_path("fresh.h");
  assert_int_equal(cm_write_atomically(fresh, "#define N 1\n", 12, 0600), ST_OK);
  FileStamp unknown = file_stamp(env.file_hashes, fresh);
  assert_true(unknown.size == 0 && unknown.ino == 0 && unknown.mtime_ns == 0);
  free(fresh);
  file_hashes_free(env.file_hashes);
  facts_cache_manifest_free(&m);
  an_source_free(f);
  an_source_free(back);
  an_source_free(other);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_field_round_trips),
      cmocka_unit_test(a_file_without_code_only_round_trips),
      cmocka_unit_test(another_key_or_a_torn_entry_is_a_miss),
      cmocka_unit_test(a_changed_include_is_a_miss),
      cmocka_unit_test(a_matching_stamp_spares_the_hash),
  };
  return cmocka_run_group_tests(tests, temp_folder_make, temp_folder_remove);
}
