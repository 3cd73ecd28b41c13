/* The rule database as the build makes it (hipport-rules.db, path given as
 * argv[1]): name and header lookups, availability per ROCm release, the release
 * list, the diagnostic table and the hazard rows, rl_open's error, the earlier
 * HIP names, the meta table, and user rule files (YAML) loaded on top. */
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
#include <unistd.h>

#include "rules_fixture.h"


static Version ver(const char *s) {
  Version v;
  if (!rl_version_parse(s, &v))
    fail_msg("bad version literal %s", s);
  return v;
}

static const Rule *lookup(const char *name) { return rl_lookup(db, name, strlen(name)); }

static void cudaMalloc_maps_to_hipMalloc(void **state) {
  const Rule *r = lookup("cudaMalloc");
  assert_non_null(r);
  assert_string_equal(r->cuda, "cudaMalloc");
  assert_non_null(r->hip);
  assert_string_equal(r->hip, "hipMalloc");
  assert_int_equal(r->kind, RK_FUNCTION);
  assert_string_equal(rl_kind_name(r->kind), "function");
  assert_string_equal(r->library, "CUDA_Runtime");
  assert_int_equal(rl_availability(r, rl_newest_release(db)), AV_MAPPED);
}

static void cudaBindTexture_is_removed_in_cuda_12(void **state) {
  const Rule *r = lookup("cudaBindTexture");
  assert_non_null(r);
  assert_int_equal(r->cuda_removed, ver("12.0.0"));
  char text[16];
  rl_version_format(r->cuda_removed, text, sizeof text);
  assert_string_equal(text, "12.0.0");
}

static void unknown_name_is_null(void **state) {
  assert_null(lookup("nosuchname"));
  assert_null(lookup("cudaMallocc"));
  assert_null(lookup(""));
  assert_null(rl_lookup_header(db, "no_such_header.h", strlen("no_such_header.h")));
}

/* The scanner looks up tokens in place: the name is a prefix of a longer buffer. */
static void lookup_takes_a_length_not_a_terminator(void **state) {
  const char *buf = "cudaMallocAsync(&p, n, s);";
  const Rule *r = rl_lookup(db, buf, strlen("cudaMalloc"));
  assert_non_null(r);
  assert_string_equal(r->cuda, "cudaMalloc");
  r = rl_lookup(db, buf, strlen("cudaMallocAsync"));
  assert_non_null(r);
  assert_string_equal(r->cuda, "cudaMallocAsync");
  assert_null(rl_lookup(db, buf, strlen("cudaMal")));
  const char *inc = "cuda_runtime.h>\n";
  const HeaderRule *h = rl_lookup_header(db, inc, strlen("cuda_runtime.h"));
  assert_non_null(h);
  assert_string_equal(h->cuda, "cuda_runtime.h");
}

/* CUstream_st is both a driver and a runtime type: two rules, chained. */
static void one_name_in_two_libraries_chains(void **state) {
  const Rule *first = lookup("CUstream_st");
  assert_non_null(first);
  const Rule *second = rl_lookup_next(db, first);
  assert_non_null(second);
  assert_null(rl_lookup_next(db, second));
  assert_string_equal(first->cuda, "CUstream_st");
  assert_string_equal(second->cuda, "CUstream_st");
  const char *a = first->library, *b = second->library;
  assert_true((strcmp(a, "CUDA_Driver") == 0 && strcmp(b, "CUDA_Runtime") == 0) ||
              (strcmp(a, "CUDA_Runtime") == 0 && strcmp(b, "CUDA_Driver") == 0));
  assert_null(rl_lookup_next(db, lookup("cudaMalloc")));
}

static void exact_header_maps(void **state) {
  const HeaderRule *h = rl_lookup_header(db, "cuda_runtime.h", strlen("cuda_runtime.h"));
  assert_non_null(h);
  assert_string_equal(h->hip, "hip/hip_runtime.h");
  char *target = rl_header_target(h, "cuda_runtime.h");
  assert_string_equal(target, "hip/hip_runtime.h");
  free(target);
}

/* headers.csv maps "thrust/" as a folder and "thrust/system/cuda/" more narrowly. */
static void header_under_a_folder_rule_keeps_its_path(void **state) {
  const char *name = "thrust/device_vector.h";
  const HeaderRule *h = rl_lookup_header(db, name, strlen(name));
  assert_non_null(h);
  assert_string_equal(h->cuda, "thrust/");
  char *target = rl_header_target(h, name);
  assert_non_null(target);
  assert_string_equal(target, "thrust/device_vector.h");
  free(target);

  name = "thrust/system/cuda/execution_policy.h";
  h = rl_lookup_header(db, name, strlen(name));
  assert_non_null(h);
  assert_string_equal(h->cuda, "thrust/system/cuda/");
  target = rl_header_target(h, name);
  assert_string_equal(target, "thrust/system/hip/execution_policy.h");
  free(target);
}

/* cub/ maps onto hipCUB's umbrella header, not into a folder of that name. */
static void header_under_a_folder_rule_onto_one_file(void **state) {
  const char *name = "cub/block/block_reduce.cuh";
  const HeaderRule *h = rl_lookup_header(db, name, strlen(name));
  assert_non_null(h);
  assert_string_equal(h->cuda, "cub/");
  char *target = rl_header_target(h, name);
  assert_string_equal(target, "hipcub/hipcub.hpp");
  free(target);
}

/* A test of text against the rules holds for every text of `yes` and for none
 * of `no` (both NULL-terminated). */
static void holds_for(bool (*test)(const RuleDb *, const char *, size_t), const char *const *yes,
                      const char *const *no) {
  for (; *yes; yes++)
    if (!test(db, *yes, strlen(*yes)))
      fail_msg("false of %s", *yes);
  for (; *no; no++)
    if (test(db, *no, strlen(*no)))
      fail_msg("true of %s", *no);
}

/* name_prefixes.csv: a prefix and more, or cu and an upper-case letter (the
 * driver API); the length given, not the terminator, bounds the name. */
static void cuda_like_names_by_prefix(void **state) {
  (void)state;
  holds_for(rl_cuda_like_name,
            (const char *[]){"cudaMalloc", "cublasSgemm_v2", "nvrtcCompileProgram", "CUBLAS_OP_N", "CUDART_VERSION",
                             "cuMemAlloc", NULL},
            (const char *[]){"cumsum", "cuda", "CU_", "cu", "hipMalloc", NULL});
  assert_false(rl_cuda_like_name(db, "cudaMalloc", 4));
}

/* same_name_libraries.csv: thrust and cub, by the length given (a folder's
 * name inside a path), and nothing that only starts like them. */
static void same_name_libraries_by_name(void **state) {
  (void)state;
  holds_for(rl_same_name_library, (const char *[]){"thrust", "cub", NULL},
            (const char *[]){"thrus", "cuda", "hipcub", "cubx", NULL});
  assert_true(rl_same_name_library(db, "cub/cub.cuh", 3));
}

/* wide_masks.csv: a mask that begins with a 64-bit cast or a call whose HIP
 * result is 64 bits wide, whatever follows; a 32-bit cast or a plain mask is not. */
static void wide_masks_by_how_they_begin(void **state) {
  (void)state;
  holds_for(rl_wide_mask,
            (const char *[]){"__ballot(pred)", "__activemask()", "(unsigned long long)m", "static_cast<uint64_t>(m)",
                             NULL},
            (const char *[]){"0xffffffff", "(unsigned)m", "mask", "__ballo", NULL});
}

/* The build_names row of `name` is of `kind`, with `hip` its HIP side. */
static void build_row_is(BuildSystem system, const char *name, BuildNameKind kind, const char *hip) {
  const BuildName *b = rl_build_name(db, system, name, strlen(name));
  assert_non_null(b);
  assert_int_equal(b->kind, kind);
  assert_string_equal(b->hip, hip);
}

/* build_names.csv's Make rows: the programs that compile CUDA and what runs
 * instead, and the parts that make a variable's name one of nvcc's flags. */
static void make_compilers_and_flag_names(void **state) {
  (void)state;
  build_row_is(BS_MAKE, "nvcc", BN_COMPILER, "hipcc");
  build_row_is(BS_MAKE, "nvcc.exe", BN_COMPILER, "hipcc");
  assert_null(rl_build_name(db, BS_CMAKE, "nvcc", 4));
  assert_non_null(rl_build_name_in(db, BS_MAKE, BN_FLAGS, "MY_NVCCFLAGS", 12, true));
  assert_non_null(rl_build_name_in(db, BS_MAKE, BN_FLAGS, "CUDA_FLAGS", 10, true));
  assert_null(rl_build_name_in(db, BS_MAKE, BN_FLAGS, "CXXFLAGS", 8, true));
  assert_null(rl_build_name_in(db, BS_MAKE, BN_FLAGS, "NVCCFLAGS", 3, true));
}

/* build_names.csv's CMake rows: FindCUDA's wrappers and the commands they
 * become, CUDA's packages, and prefixes matched at a name's start only. */
static void cmake_wrappers_packages_and_prefixes(void **state) {
  (void)state;
  build_row_is(BS_CMAKE, "cuda_add_library", BN_WRAPPER, "add_library");
  build_row_is(BS_CMAKE, "cuda_include_directories", BN_WRAPPER, "include_directories");
  build_row_is(BS_CMAKE, "CUDAToolkit", BN_PACKAGE, "hip");
  assert_non_null(rl_build_name_in(db, BS_CMAKE, BN_PREFIX, "CMAKE_CUDA_HOST_LINK_LAUNCHER", 29, false));
  assert_non_null(rl_build_name_in(db, BS_CMAKE, BN_PREFIX, "CUDAToolkit_LIBRARY_ROOT", 24, false));
  assert_null(rl_build_name_in(db, BS_CMAKE, BN_PREFIX, "MY_CMAKE_CUDA_X", 15, false));
  assert_null(rl_build_name_in(db, BS_MAKE, BN_PREFIX, "CMAKE_CUDA_X", 12, false));
}

static bool build_marked(const RuleDb *d, const char *s, size_t n) { return rl_marked(d, MF_BUILD, s, n); }
static bool source_marked(const RuleDb *d, const char *s, size_t n) { return rl_marked(d, MF_SOURCE, s, n); }

/* marks.csv: a build file that names CUDA, nvcc or a .cu source anywhere is
 * read, one that does not (or only in a case the marks do not list) is not; a
 * source with a kernel qualifier or a launch is CUDA. The kinds stay apart. */
static void files_marked_by_their_text(void **state) {
  (void)state;
  holds_for(build_marked,
            (const char *[]){"add_executable(app main.cu)\n", "NVCC ?= nvcc\n", "project(p LANGUAGES CXX CUDA)", NULL},
            (const char *[]){"CC = gcc\nCFLAGS = -O2\napp: main.o\n", "# CuDa", "k<<<1, 1>>>();", NULL});
  holds_for(source_marked, (const char *[]){"__global__ void k() {}", "k<<<g, b>>>(p);", "__device__ int x;", NULL},
            (const char *[]){"// cuda", "int a = b << 2;", "__host__ void f();", NULL});
  assert_false(build_marked(db, "main.cu", 5));
}

/* result_casts.csv: the bit counts HIP declares unsigned get (int), by the
 * length given; a longer name is another call. */
static void bit_counts_are_cast_to_int(void **state) {
  (void)state;
  assert_string_equal(rl_result_cast(db, "__popc", 6), "(int)");
  assert_string_equal(rl_result_cast(db, "__ffsll(x)", 7), "(int)");
  assert_null(rl_result_cast(db, "__popcount", 10));
  assert_null(rl_result_cast(db, "__clz", 5));
}

/* std_headers.csv: the headers that declare a name of std, by the length
 * given; a name several unrelated headers declare is left to a parse. */
static void std_names_by_their_headers(void **state) {
  (void)state;
  assert_string_equal(rl_std_headers(db, "vector<int>", 6), "vector");
  assert_string_equal(rl_std_headers(db, "endl", 4), "ostream iostream");
  assert_string_equal(rl_std_headers(db, "chrono", 6), "chrono");
  assert_null(rl_std_headers(db, "swap", 4));
  assert_null(rl_std_headers(db, "vec", 3));
}

/* overloads.csv: an overload is told by its parameter count; the C form maps by name. */
static void overload_by_parameter_count(void **state) {
  (void)state;
  assert_string_equal(rl_overload(db, "cudaEventCreate", 2), "cudaEventCreateWithFlags");
  assert_string_equal(rl_overload(db, "cudaGraphInstantiate", 3), "cudaGraphInstantiateWithFlags");
  assert_null(rl_overload(db, "cudaEventCreate", 1));
  assert_null(rl_overload(db, "cudaEventCreate", -1));
  assert_null(rl_overload(db, "cudaGraphInstantiate", 5));
}

/* hipify_types.csv and libraries.csv: hipify-clang's statistics labels, the first
 * matching row winning, a library without a label named as it is. */
static void hipify_stat_labels(void **state) {
  (void)state;
  assert_string_equal(rl_hipify_type(db, "CUDA_Runtime", "Event Management", "function"), "event");
  assert_string_equal(rl_hipify_type(db, "CUDA_Driver", "Primary Context Management", "function"), "context");
  assert_string_equal(rl_hipify_type(db, "CUDA_Runtime", "Data types used by CUDA Runtime", "type"), "type");
  assert_string_equal(rl_hipify_type(db, "CUBLAS", "CUBLAS Level-1 Function Reference", "function"), "library");
  assert_string_equal(rl_hipify_type(db, "CUDA_Runtime", "cuda_runtime.h", "header"), "include_cuda_main_header");
  assert_string_equal(rl_hipify_type(db, "CUBLAS", "cublas_v2.h", "header"), "include");
  assert_string_equal(rl_hipify_type(db, "CUDA_Runtime", NULL, "launch"), "kernel_launch");
  assert_string_equal(rl_hipify_api(db, "CUDA_Runtime"), "CUDA RT API");
  assert_string_equal(rl_hipify_api(db, "CUTENSOR"), "CUTENSOR");
}

/* default_args.csv: hipStreamWaitEvent has no default for its flags. */
static void default_arg_by_function_and_index(void **state) {
  const DefaultArg *d = rl_default_arg(db, "cudaStreamWaitEvent", 2);
  assert_non_null(d);
  assert_string_equal(d->value, "0");
  d = rl_default_arg(db, "cudaMemcpyToSymbolAsync", 4);
  assert_non_null(d);
  assert_string_equal(d->value, "hipMemcpyHostToDevice");
  assert_null(rl_default_arg(db, "cudaStreamWaitEvent", 1));
  assert_null(rl_default_arg(db, "cudaMalloc", 2));
}

static void header_without_counterpart_has_no_target(void **state) {
  for (size_t i = 0; i < rl_header_count(db); i++) {
    const HeaderRule *h = rl_header(db, i);
    if (!h->hip) {
      assert_null(rl_header_target(h, h->cuda));
      return;
    }
  }
  skip(); /* every header maps: nothing to check */
}

static void availability_follows_the_hip_release(void **state) {
  const Rule *r = lookup("cudaMallocAsync");
  assert_non_null(r);
  assert_int_equal(r->hip_added, ver("5.2.0"));
  assert_int_equal(rl_availability(r, ver("5.1.0")), AV_LATER);
  assert_int_equal(rl_availability(r, ver("5.2.0")), AV_MAPPED);
  assert_int_equal(rl_availability(r, ver("6.2.0")), AV_MAPPED);
  assert_string_equal(rl_avail_name(AV_LATER), "later-release");
}

static void unmapped_name_is_unmapped_in_every_release(void **state) {
  const Rule *r = lookup("cudaArrayGetMemoryRequirements");
  assert_non_null(r);
  assert_null(r->hip);
  for (size_t i = 0; i < rl_release_count(db); i++)
    assert_int_equal(rl_availability(r, rl_release(db, i)), AV_UNMAPPED);
}

static void hip_removed_counts_from_its_release(void **state) {
  Rule r = {.cuda = "x", .hip = "y", .hip_added = ver("1.5.0"), .hip_removed = ver("6.0.0")};
  assert_int_equal(rl_availability(&r, ver("5.7.0")), AV_MAPPED);
  assert_int_equal(rl_availability(&r, ver("6.0.0")), AV_HIP_REMOVED);
  Rule no_release = {.cuda = "x", .hip = "y"};
  assert_int_equal(rl_availability(&no_release, ver("1.5.0")), AV_MAPPED);
}

static void known_releases_resolve(void **state) {
  Version v = 0;
  assert_true(rl_resolve_release(db, "5.2", &v));
  assert_int_equal(v, ver("5.2.0"));
  v = 0;
  assert_true(rl_resolve_release(db, "5.2.0", &v));
  assert_int_equal(v, ver("5.2.0"));
  v = 0;
  assert_true(rl_resolve_release(db, "6.2.0", &v));
  assert_int_equal(v, ver("6.2.0"));
}

/* rules.h: "a patch release of a known minor (5.2.3 -> 5.2.0)". */
static void patch_release_resolves_to_its_minor(void **state) {
  Version v = 0;
  assert_true(rl_resolve_release(db, "5.2.3", &v));
  char text[16];
  rl_version_format(v, text, sizeof text);
  if (v != ver("5.2.0"))
    fail_msg("rl_resolve_release(\"5.2.3\") gave %s; rules.h says 5.2.3 -> 5.2.0", text);
}

static void unknown_releases_are_rejected(void **state) {
  static const char *bad[] = {"99.0", "5.8.0", "0.1", "", "latest", "6.2.0.1"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    Version v = 4242;
    if (rl_resolve_release(db, bad[i], &v))
      fail_msg("rl_resolve_release accepted \"%s\"", bad[i]);
  }
}

static void releases_are_sorted_ascending(void **state) {
  size_t n = rl_release_count(db);
  assert_true(n > 1);
  for (size_t i = 1; i < n; i++)
    assert_true(rl_release(db, i - 1) < rl_release(db, i));
  assert_int_equal(rl_newest_release(db), rl_release(db, n - 1));
  assert_true(rl_release(db, 0) != VERSION_NONE);
  /* Every release that names an API's HIP side is one the list knows. */
  const Rule *r = lookup("cudaMallocAsync");
  bool found = false;
  for (size_t i = 0; i < n; i++)
    found |= rl_release(db, i) == r->hip_added;
  assert_true(found);
}

static void missing_database_is_an_environment_error(void **state) {
  RuleDb *none = NULL;
  const char *path = "/nonexistent/hipport-test/hipport-rules.db";
  assert_int_equal(rl_open(path, &none), ST_ENV);
  assert_null(none);
  assert_non_null(strstr(cm_error(), path));
  /* the caller names its own way to another database: the stage names no option */
  assert_int_equal(cm_error_cause(), RL_NO_RULE_DB);
  assert_null(strstr(cm_error(), "--"));
}

/* Not SQLite, or SQLite without hipport's tables: named, with the fix, and a
 * status of its own (a missing database is ST_ENV). */
static void damaged_database_names_the_file(void **state) {
  char *path = cm_xasprintf("%s/hipport-test-damaged-XXXXXX", cm_temp_base());
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, "not a database\n", 15), 15);
  close(fd);
  RuleDb *none = NULL;
  assert_int_equal(rl_open(path, &none), ST_RULES);
  assert_null(none);
  assert_non_null(strstr(cm_error(), path));
  assert_non_null(strstr(cm_error(), "file is not a database"));
  assert_non_null(strstr(cm_error(), "rebuild it (make build) or reinstall hipport"));
  assert_int_equal(truncate(path, 0), 0); /* an empty file opens as an empty database */
  assert_int_equal(rl_open(path, &none), ST_RULES);
  assert_non_null(strstr(cm_error(), "no such table"));
  unlink(path);
  free(path);
}

/* Every code in diagnostics.def, as the table that builds the enum sees it. */
static const struct {
  Diag id;
  const char *code, *category;
} def_rows[] = {
#define DIAG(id, code, category, sev, effort, per, title) {id, code, category},
#include "diagnostics.def"
#undef DIAG
};
enum { NDEF = sizeof def_rows / sizeof *def_rows };

static void every_code_round_trips(void **state) {
  assert_int_equal(NDEF, D_COUNT);
  for (size_t i = 0; i < NDEF; i++) {
    Diag d = D_COUNT;
    if (!rl_diag_by_code(def_rows[i].code, &d))
      fail_msg("rl_diag_by_code(\"%s\") does not know a code of diagnostics.def", def_rows[i].code);
    assert_int_equal(d, def_rows[i].id);
    assert_string_equal(rl_diag(d)->code, def_rows[i].code);
    assert_string_equal(rl_diag(d)->category, def_rows[i].category);
    assert_true(rl_diag(d)->title && *rl_diag(d)->title);
    assert_non_null(rl_severity_name(rl_diag(d)->severity));
    for (size_t j = 0; j < i; j++)
      assert_string_not_equal(def_rows[i].code, def_rows[j].code);
  }
  Diag d;
  assert_false(rl_diag_by_code("HP9999", &d));
  assert_false(rl_diag_by_code("", &d));
}

/* The database's diagnostic table is the one this binary was built with. */
static void database_diagnostics_match_the_table(void **state) {
  sqlite3 *sq;
  assert_int_equal(sqlite3_open_v2(rules_db_path, &sq, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
  sqlite3_stmt *st;
  assert_int_equal(sqlite3_prepare_v2(sq, "SELECT code, category FROM diagnostic", -1, &st, NULL), SQLITE_OK);
  size_t rows = 0;
  while (sqlite3_step(st) == SQLITE_ROW) {
    const char *code = (const char *)sqlite3_column_text(st, 0);
    Diag d;
    if (!rl_diag_by_code(code, &d))
      fail_msg("database diagnostic %s is not in diagnostics.def", code);
    assert_string_equal(rl_diag(d)->category, (const char *)sqlite3_column_text(st, 1));
    rows++;
  }
  sqlite3_finalize(st);
  sqlite3_close(sq);
  assert_int_equal(rows, D_COUNT);
}

/* Every hazard row has a diagnostic; none was dropped as an unknown code. */
static void every_hazard_row_has_a_diagnostic(void **state) {
  assert_true(rl_hazard_count(db) > 0);
  for (size_t i = 0; i < rl_hazard_count(db); i++) {
    const HazardRule *h = rl_hazard(db, i);
    assert_true(h->diag >= 0 && h->diag < D_COUNT);
    const DiagInfo *d = rl_diag(h->diag);
    assert_non_null(d);
    assert_true(d->code && strncmp(d->code, "HP", 2) == 0);
    assert_true(h->pattern && *h->pattern);
    assert_true(h->message && *h->message);
  }
  sqlite3 *sq;
  assert_int_equal(sqlite3_open_v2(rules_db_path, &sq, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
  sqlite3_stmt *st;
  assert_int_equal(sqlite3_prepare_v2(sq, "SELECT count(*) FROM hazard", -1, &st, NULL), SQLITE_OK);
  assert_int_equal(sqlite3_step(st), SQLITE_ROW);
  size_t rows = (size_t)sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  sqlite3_close(sq);
  assert_int_equal(rl_hazard_count(db), rows);
}

/* hipblasCaxpy_v2 served 6.0 up to 7.0, where hipblasCaxpy took hipComplex;
 * before 6.0 the old hipblasCaxpy was the only name. */
static void earlier_hip_names_serve_their_releases(void **state) {
  const Rule *r = lookup("cublasCaxpy");
  assert_non_null(r);
  assert_string_equal(rl_hip_name(r, ver("5.2.0")), "hipblasCaxpy");
  assert_string_equal(rl_hip_name(r, ver("6.3.0")), "hipblasCaxpy_v2");
  assert_string_equal(rl_hip_name(r, ver("7.0.0")), "hipblasCaxpy");
  assert_string_equal(rl_hip_name(r, ver("7.1.0")), "hipblasCaxpy");
  assert_int_equal(rl_availability(r, ver("6.3.0")), AV_MAPPED);
  /* a CUDA name whose newer HIP name came later is available through the earlier one */
  const Rule *q = lookup("cudaDriverEntryPointQueryResult");
  assert_non_null(q);
  assert_int_equal(rl_availability(q, ver("6.1.0")), AV_LATER);
  assert_int_equal(rl_availability(q, ver("6.3.0")), AV_MAPPED);
  assert_string_equal(rl_hip_name(q, ver("6.3.0")), "hipDriverProcAddressQueryResult");
  assert_string_equal(rl_hip_name(q, ver("7.1.0")), "hipDriverEntryPointQueryResult");
  assert_int_equal(rl_first_release(q), ver("6.2.0"));
}

/* 7.10.0 is newer than 7.2.0: releases are numbers, not text. */
static void releases_compare_numerically(void **state) {
  size_t at2 = 0, at10 = 0;
  for (size_t i = 0; i < rl_release_count(db); i++) {
    at2 = rl_release(db, i) == ver("7.2.0") ? i : at2;
    at10 = rl_release(db, i) == ver("7.10.0") ? i : at10;
  }
  assert_true(at2 > 0 && at10 > at2);
  Version v;
  assert_true(rl_resolve_release(db, "7.10", &v));
  assert_int_equal(v, ver("7.10.0"));
}

/* The meta table says what the data is, and agrees with the data. */
static void meta_describes_the_data(void **state) {
  char newest[16], rows[32];
  rl_version_format(rl_newest_release(db), newest, sizeof newest);
  snprintf(rows, sizeof rows, "%zu", rl_rule_count(db));
  assert_string_equal(rl_meta(db, "newest_rocm"), newest);
  assert_string_equal(rl_meta(db, "rows"), rows);
  assert_non_null(rl_meta(db, "data_vintage"));
  assert_true(strncmp(rl_meta(db, "built_by"), "hipport ", 8) == 0);
  size_t sum = 0, libraries = 0;
  for (size_t i = 0; i < rl_meta_count(db); i++) {
    const char *key, *value;
    rl_meta_at(db, i, &key, &value);
    if (strncmp(key, "rows.", 5) == 0)
      sum += strtoul(value, NULL, 10), libraries++;
  }
  assert_int_equal(sum, rl_rule_count(db));
  assert_int_equal(libraries, strtoul(rl_meta(db, "libraries"), NULL, 10));
  assert_null(rl_meta(db, "no such key"));
  assert_string_equal(rl_cuda_releases(db, "CUTENSOR"), "cuTENSOR");
  assert_string_equal(rl_cuda_releases(db, "CUBLAS"), "CUDA");
}

/* ---- user rule files ---- */

static char *write_rules(const char *text) {
  char *path = cm_xasprintf("%s/hipport-test-rules-XXXXXX.yaml", cm_temp_base());
  int fd = mkstemps(path, 5);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  return path;
}

/* Loads text into a fresh copy of the database: the status, the message. */
static Status load_rules(const char *text, RuleDb **out) {
  char *path = write_rules(text);
  assert_int_equal(rl_open(rules_db_path, out), ST_OK);
  Status st = rl_load_user_rules(*out, path, "--rules");
  unlink(path);
  free(path);
  return st;
}

static void user_rules_map_override_and_weigh(void **state) {
  RuleDb *u;
  assert_int_equal(load_rules("api:\n"
                              "  - cuda: myCudaMalloc\n"
                              "    hip: myHipMalloc\n"
                              "  - cuda: cublasCaxpy\n"
                              "    hip: myCaxpy\n"
                              "  - cuda: cudaStream_t\n"
                              "    hip: myStream_t\n"
                              "headers:\n"
                              "  - cuda: mine.cuh\n"
                              "    hip: mine.hip.h\n"
                              "hazards:\n"
                              "  - pattern: 'foo\\('\n"
                              "    message: no foo\n"
                              "    category: mine\n"
                              "    effort: 2.5\n"
                              "effort:\n"
                              "  - category: warp-size\n"
                              "    hours: 3\n",
                              &u),
                   ST_OK);
  const Rule *r = rl_lookup(u, "myCudaMalloc", 12);
  assert_non_null(r);
  assert_string_equal(r->hip, "myHipMalloc");
  assert_non_null(r->origin);
  r = rl_lookup(u, "cublasCaxpy", 11);
  assert_string_equal(r->library, "CUBLAS");             /* the rule it overrides keeps its library */
  assert_int_equal(r->kind, RK_FUNCTION);
  assert_string_equal(rl_hip_name(r, ver("6.3.0")), "myCaxpy"); /* and no earlier names */
  assert_int_equal(rl_lookup(u, "cudaStream_t", 12)->kind, RK_TYPE); /* no kind given: the old one stays */
  assert_int_equal(rl_lookup(u, "myCudaMalloc", 12)->kind, RK_FUNCTION);
  assert_string_equal(rl_lookup_header(u, "mine.cuh", 8)->hip, "mine.hip.h");
  const HazardRule *h = rl_hazard(u, rl_hazard_count(u) - 1);
  assert_string_equal(h->pattern, "foo\\(");
  assert_string_equal(h->info->category, "mine");
  assert_true(h->info->effort_hours == 2.5);
  assert_true(rl_known_category(u, "mine", 4));
  assert_false(rl_known_category(db, "mine", 4));
  assert_true(rl_diag_in(u, D_WARP_LITERAL)->effort_hours == 3.0);
  assert_true(rl_diag_in(db, D_WARP_LITERAL)->effort_hours == rl_diag(D_WARP_LITERAL)->effort_hours);
  assert_int_equal(rl_user_file_count(u), 1);
  rl_close(u);
}

/* Each bad entry: exit 3 and a message naming the line. */
static void user_rules_refuse_bad_input(void **state) {
  static const struct {
    const char *text, *says;
  } bad[] = {
      {"api:\n  - cuda: x\n    hipname: y\n", ":3: unknown key 'hipname' in an api rule"},
      {"apis:\n  - cuda: x\n", ":1: unknown key 'apis'"},
      {"api:\n  - hip: y\n", ":2: an api rule names no CUDA entity"},
      {"api:\n  - cuda: x\n    hip: y\n  - cuda: x\n    hip: z\n", ":4: api rule x is given twice"},
      {"hazards:\n  - pattern: 'a(b'\n    message: m\n    category: c\n", ":2: bad regular expression at offset 3: missing closing parenthesis"},
      {"hazards:\n  - pattern: 'ab'\n    message: m\n", ":2: a hazard with a code of its own needs category"},
      {"hazards:\n  - pattern: 'ab'\n    message: m\n    code: HP2001\n    effort: 3\n", ":2: a built-in code brings"},
      {"effort:\n  - category: nosuch\n    hours: 1\n", ":2: no diagnostic has category 'nosuch'"},
      {"effort:\n  - category: warp-size\n    hours: lots\n", ":3: hours are a number"},
      {"api:\n  - cuda: x\n    hip_added: six\n", ":3: hip_added: 'six' is not a release"},
      {"api: [\n", ": not YAML"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    RuleDb *u;
    Status st = load_rules(bad[i].text, &u);
    if (st != ST_INPUT || !strstr(cm_error(), bad[i].says))
      fail_msg("rules %zu: status %d, \"%s\"; expected 3 and \"%s\"", i, st, cm_error(), bad[i].says);
    assert_int_equal(rl_user_file_count(u), 0);
    assert_int_equal(rl_hazard_count(u), rl_hazard_count(db)); /* nothing of a bad file stays */
    assert_true(rl_diag_in(u, D_WARP_LITERAL)->effort_hours == rl_diag(D_WARP_LITERAL)->effort_hours);
    rl_close(u);
  }
}

static void every_rule_has_a_name_and_library(void **state) {
  assert_true(rl_rule_count(db) > 1000);
  for (size_t i = 0; i < rl_rule_count(db); i++) {
    const Rule *r = rl_rule(db, i);
    assert_true(r->cuda && *r->cuda && r->library && *r->library);
    assert_true(r->kind <= RK_UNKNOWN);
    /* Each rule is reachable by its name. */
    const Rule *q = rl_lookup(db, r->cuda, strlen(r->cuda));
    while (q && q != r)
      q = rl_lookup_next(db, q);
    if (q != r)
      fail_msg("rule %s (%s) is not reachable through rl_lookup", r->cuda, r->library);
  }
  for (size_t i = 0; i < rl_header_count(db); i++) {
    const HeaderRule *h = rl_header(db, i);
    assert_ptr_equal(rl_lookup_header(db, h->cuda, strlen(h->cuda)), h);
  }
}

int main(int argc, char **argv) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(cudaMalloc_maps_to_hipMalloc),
      cmocka_unit_test(cudaBindTexture_is_removed_in_cuda_12),
      cmocka_unit_test(unknown_name_is_null),
      cmocka_unit_test(lookup_takes_a_length_not_a_terminator),
      cmocka_unit_test(one_name_in_two_libraries_chains),
      cmocka_unit_test(exact_header_maps),
      cmocka_unit_test(header_under_a_folder_rule_keeps_its_path),
      cmocka_unit_test(header_under_a_folder_rule_onto_one_file),
      cmocka_unit_test(default_arg_by_function_and_index),
      cmocka_unit_test(overload_by_parameter_count),
      cmocka_unit_test(cuda_like_names_by_prefix),
      cmocka_unit_test(same_name_libraries_by_name),
      cmocka_unit_test(wide_masks_by_how_they_begin),
      cmocka_unit_test(make_compilers_and_flag_names),
      cmocka_unit_test(cmake_wrappers_packages_and_prefixes),
      cmocka_unit_test(files_marked_by_their_text),
      cmocka_unit_test(bit_counts_are_cast_to_int),
      cmocka_unit_test(std_names_by_their_headers),
      cmocka_unit_test(hipify_stat_labels),
      cmocka_unit_test(header_without_counterpart_has_no_target),
      cmocka_unit_test(availability_follows_the_hip_release),
      cmocka_unit_test(unmapped_name_is_unmapped_in_every_release),
      cmocka_unit_test(hip_removed_counts_from_its_release),
      cmocka_unit_test(known_releases_resolve),
      cmocka_unit_test(patch_release_resolves_to_its_minor),
      cmocka_unit_test(unknown_releases_are_rejected),
      cmocka_unit_test(releases_are_sorted_ascending),
      cmocka_unit_test(missing_database_is_an_environment_error),
      cmocka_unit_test(damaged_database_names_the_file),
      cmocka_unit_test(every_code_round_trips),
      cmocka_unit_test(database_diagnostics_match_the_table),
      cmocka_unit_test(every_hazard_row_has_a_diagnostic),
      cmocka_unit_test(every_rule_has_a_name_and_library),
      cmocka_unit_test(earlier_hip_names_serve_their_releases),
      cmocka_unit_test(releases_compare_numerically),
      cmocka_unit_test(meta_describes_the_data),
      cmocka_unit_test(user_rules_map_override_and_weigh),
      cmocka_unit_test(user_rules_refuse_bad_input),
  };
  return RULES_FIXTURE_MAIN(tests);
}
