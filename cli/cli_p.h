/* The hipport command line (internal to cli/): the subcommand table and the option
 * reader every subcommand uses. */
#ifndef HIPPORT_CLI_P_H
#define HIPPORT_CLI_P_H

#include <stdbool.h>

#include "analyzer.h"
#include "common.h"
#include "plan.h"
#include "reports.h"
#include "rules.h"

typedef struct {
  const char *name;
  const char *summary;   /* one line for `hipport help` */
  const char *usage;     /* the whole `hipport NAME --help` text */
  Status (*run)(int argc, char **argv);  /* argv[0] is the subcommand */
} Command;

extern const Command cmd_rules, cmd_scan, cmd_translate, cmd_verify, cmd_hipify, cmd_history, cmd_report;

/* One option a command reads. */
typedef struct {
  const char *name;   /* --name; NULL for a short option only */
  int key;            /* a letter is also the short option -letter; other keys are 256 and up */
  bool value;         /* takes a value: --name V, --name=V, -kV, -k V */
  bool one_dash;      /* -name as well, as clang spells it (-include FILE) */
} CliOption;

enum { CLI_OPERAND = 1 }; /* the key an operand is handed over with */

/* A table of options and what sets them; set reports a bad value as a usage error. */
typedef struct {
  const CliOption *options;
  size_t n;
  Status (*set)(void *ctx, const char *cmd, int key, const char *value);
  void *ctx;
} CliGroup;

typedef struct {
  const CliGroup *groups;  /* operands go to the first; an option two groups name is the first's */
  size_t ngroups;
  /* NULL: an unknown option is a usage error; else it goes here (with the first
   * group's ctx) and reading goes on */
  Status (*unknown)(void *ctx, const char *arg);
  int *rest;               /* NULL: what follows `--` is operands; else its index, left to the caller */
} CliParse;

#define CLI_GROUP(table, setter, context) ((CliGroup){table, sizeof table / sizeof *table, setter, context})

/* Reads argv (argv[0] is the command) through getopt_long. A -h or --help
 * among the options ends reading with this cause: the command returns, and
 * the command line shows its usage. */
enum { CLI_HELP = 0x600 };
Status cli_parse(const CliParse *p, int argc, char **argv);
Status opt_unknown(const char *cmd, const char *arg);
Status print_usage(const Command *c);

/* terminal.c: --quiet and --color=auto|always|never (NO_COLOR honoured). */
typedef struct {
  bool quiet;
  const char *color;   /* NULL: auto */
} Terminal;
CliGroup terminal_options(Terminal *t);
bool terminal_color(const Terminal *t, const char *output);
bool terminal_progress(const Terminal *t);  /* a progress line: stderr a terminal, not --quiet */

/* The rule database named by --rules-db, or the one installed beside the binary. */
Status cli_open_rules(const char *path, RuleDb **db);

/* hipport's parser compatibility headers, beside the binary or installed. */
const char *cli_compat_include(void);

/* pipeline.c: rules -> target -> scan -> plan, shared by scan, translate and verify. */
typedef struct {
  const char *db_path, *rocm, *rocm_path, *compile_db, *cuda_path;
  const char *cache_dir;     /* --cache-dir; NULL: the user's cache folder */
  bool no_cache;             /* --no-cache */
  bool lexical;              /* --lexical */
  bool parse_all;            /* --parse-all: every file to a parse, not only those tokens leave open */
  const char *offload_arch;  /* the AMD target build files name for CUDA's sm numbers */
  int jobs;
  unsigned parse_memory_mb;  /* --parse-memory */
  bool parse_memory_set;
  bool quiet;                 /* no progress line */
  VEC(const char *) paths;
  VEC(const char *) extra;   /* -I, -D, -include, --extra-arg: for every file's parse */
  VEC(const char *) rules;    /* --rules FILE, in order */
} PipelineArgs;

typedef struct {
  RuleDb *db;
  Target target;
  Facts facts;
  Plan plan;
  bool have_facts, have_plan;
} Pipeline;

CliGroup pipeline_options(PipelineArgs *a);
/* The rule database with the user's rule files, and the target. */
Status pipeline_open(const PipelineArgs *a, Pipeline *p);
/* The scan and the plan, after pipeline_open. */
Status pipeline_scan(const PipelineArgs *a, const PlanOptions *extra, Pipeline *p);
Status pipeline_run(const PipelineArgs *a, const PlanOptions *extra, Pipeline *p);
Status pipeline_check_unreadable(const Pipeline *p);
Status check_output(const char *cmd, const char *opt, const char *output, const Pipeline *p,
                    const PipelineArgs *a);
void pipeline_free(Pipeline *p);
void pipeline_args_free(PipelineArgs *a);
Status parse_jobs(const char *cmd, const char *s, int *jobs);
Status write_report(const char *format, const char *output, const Report *report, const RpOptions *opt);
/* Writes through write(out, ctx) to output (standard output for NULL or "-"). */
Status write_to(const char *output, Status (*write)(FILE *out, const void *ctx), const void *ctx);

#endif
