-- The rule database hipport-rules.db, built from rules/data/*.csv and
-- rules/diagnostics.def by rules/build_db.c. Releases are integers
-- major*1000000 + minor*1000 + patch so that comparisons are numeric; NULL: none.
PRAGMA user_version = 2;

-- What the data is: its source and vintage (data/meta.csv), and what the build
-- computed: the newest ROCm and CUDA releases named, row counts, the builder.
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- The libraries api rows may name (data/libraries.csv); cuda_releases: whose
-- releases the cuda_* columns count (CUDA, or cuTENSOR's own).
CREATE TABLE library (name TEXT PRIMARY KEY, title TEXT NOT NULL, cuda_releases TEXT NOT NULL,
                      hipify_api TEXT);  -- hipify-clang's statistics label; NULL: none

-- hipify-clang's reference types for --print-stats (data/hipify_types.csv); '*' matches any.
CREATE TABLE hipify_type (
  id INTEGER PRIMARY KEY,
  library TEXT NOT NULL,
  section TEXT NOT NULL,
  kind TEXT NOT NULL,
  hipify_type TEXT NOT NULL
);

-- The rocBLAS/MIOpen names hipify-clang writes for runtime types under --roc or
-- --miopen (data/hipify_roc_names.csv); asked_by: 'roc' (either) or 'miopen'.
CREATE TABLE hipify_roc_name (
  cuda_name TEXT PRIMARY KEY,
  roc_name TEXT NOT NULL,
  asked_by TEXT NOT NULL CHECK (asked_by IN ('roc', 'miopen'))
);

CREATE TABLE api (
  id INTEGER PRIMARY KEY,
  library TEXT NOT NULL,
  section TEXT NOT NULL,
  cuda_name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('function','device_function','type','constant','annotation','member','namespace','unknown')),
  cuda_added INTEGER, cuda_deprecated INTEGER, cuda_changed INTEGER, cuda_removed INTEGER,
  hip_name TEXT,
  hip_added INTEGER, hip_deprecated INTEGER, hip_changed INTEGER, hip_removed INTEGER,
  hip_experimental INTEGER,
  backend TEXT, backend_name TEXT,
  backend_added INTEGER, backend_deprecated INTEGER, backend_removed INTEGER,
  source TEXT NOT NULL,            -- the CSV file the row came from
  UNIQUE (library, cuda_name)
);
CREATE INDEX api_by_cuda_name ON api (cuda_name);
CREATE INDEX api_by_hip_name ON api (hip_name);

-- Earlier HIP names of a CUDA name (data/hip_names.csv): hip_name serves the
-- releases from hip_added up to, not including, hip_until; api.hip_name after.
CREATE TABLE hip_name (
  library TEXT NOT NULL,
  cuda_name TEXT NOT NULL,
  hip_name TEXT NOT NULL,
  hip_added INTEGER,
  hip_until INTEGER NOT NULL,
  PRIMARY KEY (library, cuda_name, hip_name)
);

CREATE TABLE header (
  cuda_header TEXT PRIMARY KEY,
  hip_header TEXT,                 -- NULL: no HIP counterpart
  roc_header TEXT,
  library TEXT NOT NULL,
  note TEXT NOT NULL,
  hipify_header TEXT,              -- hipify-clang's spelling; NULL: as hip_header
  hipify_roc_header TEXT           -- the same for --roc; NULL: as roc_header
);

CREATE TABLE diagnostic (
  code TEXT PRIMARY KEY,
  category TEXT NOT NULL,
  severity TEXT NOT NULL,
  effort_hours REAL NOT NULL,
  effort_per TEXT NOT NULL CHECK (effort_per IN ('use','api','file')),
  title TEXT NOT NULL
);

CREATE TABLE hazard (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL REFERENCES diagnostic (code),
  check_kind TEXT NOT NULL CHECK (check_kind IN ('pcre','ast')),
  pattern TEXT NOT NULL,
  message TEXT NOT NULL,
  constant_message TEXT NOT NULL,  -- instead of message where the match is in a constant expression; '' none
  since INTEGER,                   -- the rule applies to targets from this release; NULL: all
  until INTEGER                    -- and before this one; NULL: all later
);

-- Every ROCm release some rule names (added, deprecated, changed, removed).
CREATE TABLE release (version INTEGER PRIMARY KEY, name TEXT NOT NULL);

-- Arguments HIP takes as const void* where CUDA also takes the kernel (data/arg_casts.csv).
CREATE TABLE arg_cast (
  cuda_name TEXT NOT NULL,
  arg INTEGER NOT NULL CHECK (arg >= 0),  -- 0-based index of the argument to cast
  wrapper TEXT NOT NULL,                  -- written around it: reinterpret_cast<const void*>, HIP_SYMBOL
  mode INTEGER NOT NULL,                  -- RuleMode: 0 every mode, 1 hipify-clang's conventions only, 2 never under them
  PRIMARY KEY (cuda_name, arg)
);

-- Trailing arguments CUDA defaults and HIP does not (data/default_args.csv).
CREATE TABLE default_arg (
  cuda_name TEXT NOT NULL,
  arg INTEGER NOT NULL CHECK (arg >= 0),  -- 0-based index of the argument
  value TEXT NOT NULL CHECK (value <> ''), -- HIP's spelling of CUDA's default
  mode INTEGER NOT NULL,                  -- RuleMode: 0 every mode, 1 hipify-clang's conventions only, 2 never under them
  PRIMARY KEY (cuda_name, arg)
);

-- Calls whose HIP counterpart takes its arguments in another shape (data/arg_edits.csv).
CREATE TABLE arg_edit (
  cuda_name TEXT NOT NULL,
  backend TEXT NOT NULL CHECK (backend IN ('hip', 'roc')), -- which HIP name the call is written with
  arg INTEGER NOT NULL CHECK (arg >= 0),       -- 0-based, in CUDA's argument list
  edit TEXT NOT NULL CHECK (edit IN ('insert', 'remove', 'replace', 'copy', 'move', 'wrap')),
  value TEXT NOT NULL,                          -- inserted, replacing, or the wrapper; '' for the others
  dest INTEGER NOT NULL CHECK (dest >= 0),      -- copy and move: before this argument
  count INTEGER NOT NULL CHECK (count >= 1),    -- move: how many arguments
  data_loss INTEGER NOT NULL,                   -- 1: removing a non-null argument loses meaning (HP1009)
  PRIMARY KEY (cuda_name, backend, arg, edit)
);

-- C++ overloads of CUDA calls that HIP names as another call (data/overloads.csv).
CREATE TABLE overload (
  cuda_name TEXT NOT NULL,
  params INTEGER NOT NULL CHECK (params >= 0), -- the overload's parameter count
  as_name TEXT NOT NULL CHECK (as_name <> ''), -- the CUDA C function it stands for
  PRIMARY KEY (cuda_name, params)
);

-- Warp intrinsics' pre-native HIP forms (data/warp_rewrites.csv).
CREATE TABLE warp_rewrite (
  cuda_name TEXT PRIMARY KEY,
  native_since INTEGER NOT NULL,   -- first ROCm release with the native *_sync form
  legacy_name TEXT NOT NULL,
  mask_arg INTEGER NOT NULL,       -- argument index of the lane mask; -1: none
  legacy_args TEXT NOT NULL,       -- arguments to write when the call had none
  enabled_by TEXT NOT NULL,        -- the macro that enables the native form before default_since; '' none
  default_since INTEGER            -- first release with the native form on by default; NULL: native_since
);

-- Loads and stores with a cache hint that HIP lacks for most types (data/cache_hints.csv).
CREATE TABLE cache_hint (
  cuda_name TEXT PRIMARY KEY,
  scalar_form TEXT NOT NULL,       -- written for a fundamental pointee: {0} the pointer, {1} the value
  other_form TEXT NOT NULL,        -- written for any other pointee, or one not known
  hip_types TEXT NOT NULL,         -- pointee types HIP declares the call for, space-separated
  hip_since INTEGER                -- the release that has them; NULL with no hip_types
);

-- Calls whose HIP counterpart takes another parameter list than CUDA's declaration
-- (data/signatures.csv, generated by scripts/compare_signatures.py).
CREATE TABLE signature (
  cuda_name TEXT PRIMARY KEY,
  cuda_params INTEGER NOT NULL,    -- CUDA's parameters, defaulted ones included
  cuda_required INTEGER NOT NULL,  -- those without a default
  hip_name TEXT NOT NULL,
  hip_params INTEGER NOT NULL,
  hip_required INTEGER NOT NULL,
  type_differs INTEGER,            -- 0-based parameter whose type HIP's does not match; NULL: only the counts differ
  cuda_release TEXT NOT NULL,      -- the CUDA whose headers were compared
  hip_release TEXT NOT NULL,       -- the HIP whose headers were compared
  cuda_signature TEXT NOT NULL,    -- the parameter types, for messages
  hip_signature TEXT NOT NULL
);

-- Names CUDA's runtime header declares for host code and HIP's does not; host code
-- calls them in std (data/host_names.csv).
CREATE TABLE host_name (
  cuda_name TEXT PRIMARY KEY,
  host_name TEXT NOT NULL
);

-- CUDA typedefs of a struct spelled otherwise (data/struct_names.csv): half2 is __half2.
CREATE TABLE struct_name (
  cuda_name TEXT PRIMARY KEY,
  struct_name TEXT NOT NULL
);

-- Macros the parse has from the compiler (data/predefined_macros.csv): a body, or #undef.
CREATE TABLE predefined_macro (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Names of namespace std and the standard headers that declare them (data/std_headers.csv).
CREATE TABLE std_header (
  name TEXT PRIMARY KEY,
  headers TEXT NOT NULL
);

-- What a parse that includes a header under a prefix adds to memory, in MB (data/parse_weights.csv).
CREATE TABLE parse_weight (
  include TEXT PRIMARY KEY,
  mb INTEGER NOT NULL CHECK (mb > 0),
  measured TEXT NOT NULL
);

-- CUDA headers whose declarations are a legacy API with no HIP counterpart (data/legacy_headers.csv).
CREATE TABLE legacy_header (
  cuda_header TEXT PRIMARY KEY,
  modern_suffix TEXT NOT NULL,
  why TEXT NOT NULL
);

-- HIP names hip_runtime.h does not bring in, with their header (data/type_headers.csv).
CREATE TABLE type_header (
  hip_name TEXT PRIMARY KEY,
  header TEXT NOT NULL
);

-- Structs whose HIP members come in another order than CUDA's before a release
-- (data/member_orders.csv): a positional initializer gets designators there.
CREATE TABLE member_order (
  cuda_type TEXT PRIMARY KEY,
  until INTEGER NOT NULL,          -- first release whose HIP order matches CUDA's
  members TEXT NOT NULL,           -- HIP's member names, space-separated, in CUDA's order
  hip_members TEXT NOT NULL        -- the same names in the order HIP declares them before until
);

-- Members HIP declares with another type, each use wrapped so that it reads
-- what CUDA's did (data/member_wraps.csv).
CREATE TABLE member_wrap (
  cuda_member TEXT PRIMARY KEY,    -- Type.member: __half2.x
  hip_type TEXT NOT NULL,          -- its type in HIP: unsigned short
  before TEXT NOT NULL,            -- written before the access: reinterpret_cast<{cv}half&>(
  after TEXT NOT NULL              -- and after it: )
);

-- nvcc's options and hipcc's (data/nvcc_options.csv).
CREATE TABLE nvcc_option (
  option TEXT PRIMARY KEY,
  takes_value INTEGER NOT NULL CHECK (takes_value IN (0, 1)),
  action TEXT NOT NULL CHECK (action IN ('replace','drop','pass','arch','rdc','glue','xlang')),
  hip TEXT NOT NULL,               -- '' none
  why TEXT NOT NULL                -- '' none
);

-- Prefixes of CUDA API names (data/name_prefixes.csv).
CREATE TABLE name_prefix (
  prefix TEXT PRIMARY KEY,
  next TEXT NOT NULL CHECK (next IN ('', 'upper')) -- what follows the prefix: '' anything
);

-- CUDA libraries whose HIP counterparts keep their names (data/same_name_libraries.csv).
CREATE TABLE same_name_library (
  name TEXT PRIMARY KEY             -- the include folder and the namespace: thrust
);

-- CUDA libraries whose names all live in a namespace of their folder's name (data/namespaced_libraries.csv).
CREATE TABLE namespaced_library (
  name TEXT PRIMARY KEY             -- the include folder and the namespace: cuda
);

-- Lane masks already 64 bits wide, by how they begin (data/wide_masks.csv).
CREATE TABLE wide_mask (
  prefix TEXT PRIMARY KEY           -- __ballot, (unsigned long long)
);

-- Functions of CUDA's headers and the type each returns (data/call_results.csv).
CREATE TABLE call_result (
  cuda_name TEXT PRIMARY KEY,      -- group_index
  result_type TEXT NOT NULL        -- dim3
);

-- Calls whose HIP counterpart returns another type (data/result_casts.csv).
CREATE TABLE result_cast (
  cuda_name TEXT PRIMARY KEY,      -- __popc
  before TEXT NOT NULL             -- written before the call: (int)
);

-- Text that shows a file is CUDA's (data/marks.csv).
CREATE TABLE mark (
  file TEXT NOT NULL CHECK (file IN ('build','source','hip')),
  mark TEXT NOT NULL,              -- matched anywhere in the file: nvcc
  PRIMARY KEY (file, mark)
);

-- CUDA names in CMake files and Makefiles (data/build_names.csv).
CREATE TABLE build_name (
  system TEXT NOT NULL CHECK (system IN ('cmake','make')),
  cuda TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('rename','library','note','command','wrapper','package','prefix',
                                   'cuda_path','compiler','flags','host_compiler')),
  hip TEXT NOT NULL,
  why TEXT NOT NULL,
  PRIMARY KEY (system, cuda)
);

-- CUDA's libraries and their HIP counterparts (data/cuda_libraries.csv): build
-- files and verify read the same rows.
CREATE TABLE cuda_library (
  cuda TEXT PRIMARY KEY,
  link TEXT NOT NULL,
  target TEXT NOT NULL,
  package TEXT NOT NULL,
  hip_library TEXT NOT NULL,
  header TEXT NOT NULL,
  why TEXT NOT NULL
);
