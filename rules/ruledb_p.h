/* Internal to rules/: the loaded database, shared by ruledb.c (which reads it
 * from SQLite) and userrules.c (which adds a user's rule files to it). */
#ifndef HIPPORT_RULEDB_P_H
#define HIPPORT_RULEDB_P_H

#include "rules.h"

typedef struct Chunk {
  struct Chunk *next;
  size_t used, cap;
  char data[];
} Chunk;

typedef struct {
  size_t *slots;   /* index + 1 into the owning array; 0 is empty */
  size_t mask;
} Hash;

typedef struct {
  const char *key, *value;
} MetaEntry;
typedef VEC(MetaEntry) MetaEntries;
typedef VEC(char *) Words;

typedef struct {
  const char *name, *cuda_releases, *hipify_api;
} Library;

typedef struct {
  const char *header, *modern_suffix, *why;
} LegacyHeader;

typedef struct {
  const char *include;
  unsigned mb;
} ParseWeight;

typedef struct {
  const char *cuda, *roc;
  bool miopen_only;
} HipifyRocName;

typedef struct {
  const char *library, *section, *kind, *type;
} HipifyType;

typedef struct {
  const char *library, *cuda;
} RuleKey;

typedef struct {
  const char *prefix;
  bool upper_next; /* an upper-case letter follows (cuMemAlloc), else anything */
} NamePrefix;

typedef struct {
  const char *name;
} SameNameLibrary;
typedef VEC(SameNameLibrary) LibraryNames;

typedef struct {
  const char *prefix;
} WideMask;

typedef struct {
  const char *mark;
  MarkFile file;
} Mark;

typedef struct {
  const char *path, *how;   /* how: "--rules", "found at the scan root" */
  unsigned api, headers, hazards, effort;
} UserFile;

/* ORDER IMAGE: a table added here goes into image.c's tables too. */
struct RuleDb {
  Chunk *arena;
  bool bad_row; /* load() met a NULL or value the schema forbids */
  VEC(Rule) rules;
  size_t *next_same;   /* per rule: index + 1 of the next rule with the same name */
  Words member_types;  /* sorted: the structs the rules name members of (Type.member), rl_index's */
  Words member_names;  /* and those members */
  VEC(HeaderRule) headers;
  VEC(HazardRule) hazards;
  VEC(Version) releases;
  VEC(WarpRewrite) warp;
  VEC(ArgCast) casts;
  VEC(DefaultArg) defaults;
  VEC(ArgEdit) arg_edits;
  VEC(CacheHint) hints;
  MetaEntries type_headers; /* HIP name, header */
  VEC(LegacyHeader) legacy_headers;
  VEC(ParseWeight) parse_weights;
  MetaEntries host_names;      /* CUDA name, what host code calls instead */
  MetaEntries struct_names;    /* CUDA typedef, the struct it names */
  MetaEntries std_headers;      /* a name of std, the standard headers that declare it */
  MetaEntries predefined_macros; /* a macro the parse has from the compiler, its body or "#undef" */
  MetaEntries result_casts;    /* CUDA name, the cast written before its call */
  MetaEntries call_results;    /* a CUDA header's function, the type it returns */
  VEC(Signature) signatures;
  VEC(Overload) overloads;
  VEC(HipifyType) hipify_types;
  VEC(HipifyRocName) hipify_roc_names;
  VEC(MemberWrap) member_wraps;
  VEC(MemberOrder) members;
  VEC(HipName) earlier;    /* every rule's earlier names, each rule's together */
  VEC(RuleKey) earlier_keys; /* while loading: whose each earlier name is */
  VEC(NvccOption) nvcc_options;
  VEC(BuildName) build_names;
  VEC(CudaLibrary) cuda_libraries;
  VEC(NamePrefix) name_prefixes;
  LibraryNames same_name_libraries;
  LibraryNames namespaced_libraries;
  VEC(WideMask) wide_masks;
  VEC(Mark) marks;
  MetaEntries meta;
  VEC(Library) libraries;
  VEC(UserFile) user_files;
  VEC(DiagInfo *) user_diags; /* user hazards' own diagnostics; HazardRule.info points here */
  DiagInfo diags[D_COUNT];    /* diagnostics.def with the database's effort hours */
  Hash by_name, by_header;
  uint64_t fingerprint;       /* rl_fingerprint */
};

/* An empty database with diagnostics.def's effort. */
RuleDb *rl_new(void);
/* The image of a database just read from SQLite, written into cache_dir (image.c). */
bool rl_image_store(const RuleDb *db, const char *db_path, const char *cache_dir);
/* The database from its image; false when there is none that fits the file at db_path. */
bool rl_image_load(const char *db_path, const char *cache_dir, RuleDb **out);

/* A copy of s in the database's arena, freed with it; NULL stays NULL. */
const char *rl_arena_dup(RuleDb *db, const char *s);
/* Rebuilds the name and header hashes after rules were added. */
void rl_index(RuleDb *db);

#endif
