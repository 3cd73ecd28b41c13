/* The hipport command line (internal to cli/): the subcommand table and the small
 * option reader every subcommand uses. */
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

/* Reads argv[*i]: true when it is `name` (value in the next argument) or
 * `name=value`; advances *i past what it used. A missing value is a usage error. */
bool opt_value(int argc, char **argv, int *i, const char *name, const char **value, Status *st);
bool opt_flag(char **argv, int i, const char *name);
Status opt_unknown(const char *cmd, const char *arg);
bool opt_wants_help(int argc, char **argv);
Status print_usage(const Command *c);

/* terminal.c: --quiet and --color=auto|always|never (NO_COLOR honoured). */
typedef struct {
  bool quiet;
  const char *color;   /* NULL: auto */
} Terminal;
bool terminal_option(int argc, char **argv, int *i, Terminal *t, Status *st);
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
  const char *offload_arch;  /* the AMD target build files name for CUDA's sm numbers */
  int jobs;
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

bool pipeline_option(int argc, char **argv, int *i, PipelineArgs *a, Status *st);
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
