/* hipport: the command-line entry point. Picks the subcommand, runs it, and turns
 * the status it returns into the one-line error and the exit code (0 ok, 1 gated
 * findings, 2 usage, 3 input, 4 environment, 5 damaged rule database: ORDER EXIT
 * with common.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_p.h"
#include "translator.h"

static const Command *const commands[] = {&cmd_scan, &cmd_translate, &cmd_hipify, &cmd_verify, &cmd_report, &cmd_history, &cmd_rules};
enum { NCOMMANDS = sizeof commands / sizeof *commands };

static void print_help(void) {
  printf("hipport %s: CUDA-to-HIP porting and compatibility analyzer\n\n"
         "usage: hipport COMMAND [options]\n\ncommands:\n",
         HIPPORT_VERSION);
  for (int i = 0; i < NCOMMANDS; i++)
    printf("  %-10s %s\n", commands[i]->name, commands[i]->summary);
  printf("  %-10s %s\n\n", "help", "this text, or `hipport help COMMAND` for one command");
  printf("exit codes: 0 ok, 1 findings of a --fail-on category, 2 usage error,\n"
         "            3 input error (missing or unreadable path), 4 environment error,\n"
         "            5 damaged rule database\n");
}

/* The version, and what the rule database beside the binary holds. */
static Status print_version(void) {
  printf("hipport %s\n", HIPPORT_VERSION);
  RuleDb *db;
  if (cli_open_rules(NULL, &db) != ST_OK) {
    printf("rule data: none (%s)\n", cm_error());
    return ST_OK;
  }
  char *data = rl_describe(db);
  printf("rule data: %s\n", data);
  free(data);
  rl_close(db);
  return ST_OK;
}

/* The advice a stage's failure gets, in the words of the command that met it:
 * stages say what is wrong, never which option changes it. The first row of
 * the cause whose command matches (NULL: any) is used. */
static const struct {
  int cause;
  const char *command, *advice;
} advice[] = {
    {AN_NO_CUDA_HEADERS, NULL, "pass --cuda-path DIR or set CUDA_PATH"},
    {RL_NO_RULE_DB, "hipify", "build hipport (make build)"},
    {RL_NO_RULE_DB, NULL, "build hipport (make build) or pass --rules-db FILE"},
    {PL_UNKNOWN_RELEASE, NULL, "see hipport rules releases, or say --rocm newest"},
    {PL_NO_HIP, NULL, "pass --hip-path DIR (a ROCm root)"},
    {RS_NO_SUCH_SCAN, NULL, "hipport history lists them"},
    {TR_NO_OUTPUT, NULL, "say where it goes with -o OUT, or use --in-place or --dry-run"},
    {TR_STDOUT_FOR_FOLDER, NULL, "give -o a folder"},
    {TR_OUTPUT_IS_SOURCE, "hipify", "give -o another file, or use --inplace (it keeps a backup)"},
    {TR_OUTPUT_IS_SOURCE, NULL, "give -o another path, or use --in-place to edit the source (it keeps a backup)"},
    {TR_OUTPUT_EXISTS, NULL, "pass --force to overwrite it"},
    {TR_OUTPUT_NOT_EMPTY, NULL, "pass --force to write into it, or pick an empty folder"},
    {TR_BACKUP_EXISTS, "hipify", "remove it, or pass --no-backup"},
    {TR_BACKUP_EXISTS, NULL, "remove it or pick another --backup-suffix"},
};

static Status with_advice(const char *command, Status st) {
  int cause = st ? cm_error_cause() : 0;
  for (size_t i = 0; cause && i < sizeof advice / sizeof *advice; i++)
    if (advice[i].cause == cause && (!advice[i].command || strcmp(advice[i].command, command) == 0)) {
      char *what = cm_xstrdup(cm_error());
      cm_fail(st, "%s: %s", what, advice[i].advice);
      free(what);
      break;
    }
  return st;
}

/* A command's run; the help it asked for (cli_parse met -h or --help) shown. */
static Status run(const Command *c, int argc, char **argv) {
  Status st = c->run(argc, argv);
  if (st && cm_error_cause() == CLI_HELP)
    return print_usage(c);
  return with_advice(c->name, st);
}

static const Command *find(const char *name) {
  for (int i = 0; i < NCOMMANDS; i++)
    if (strcmp(commands[i]->name, name) == 0)
      return commands[i];
  return NULL;
}

/* Called through a link named hipify-clang, hipport is `hipport hipify`, so a
 * team's scripts and CI jobs that call hipify-clang run unchanged. */
static bool called_as_hipify_clang(const char *argv0) {
  const char *base = strrchr(argv0, '/');
  return strcmp(base ? base + 1 : argv0, "hipify-clang") == 0;
}

static Status dispatch(int argc, char **argv) {
  if (argc >= 1 && called_as_hipify_clang(argv[0])) {
    if (argc > 1 && strcmp(argv[1], "--version") == 0)
      return print_version();
    return run(&cmd_hipify, argc, argv);
  }
  if (argc < 2 || strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
    const Command *c = argc > 2 ? find(argv[2]) : NULL;
    if (argc > 2 && !c)
      return cm_fail(ST_USAGE, "unknown command '%s' (see hipport help)", argv[2]);
    if (c)
      return print_usage(c);
    print_help();
    return argc < 2 ? ST_USAGE : ST_OK;
  }
  if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0)
    return print_version();
  const Command *c = find(argv[1]);
  if (!c)
    return cm_fail(ST_USAGE, "unknown %s '%s' (see hipport help)", argv[1][0] == '-' ? "option" : "command",
                   argv[1]);
  return run(c, argc - 1, argv + 1);
}

/* Whatever went to standard output must have arrived: a full disk or a closed
 * pipe is an error, not a quiet success. */
static Status flush_stdout(Status st) {
  if (fflush(stdout) == 0 && !ferror(stdout))
    return st;
  Status failed = cm_fail(ST_ENV, "standard output: write failed: %s", strerror(errno));
  return st == ST_OK || st == ST_FINDINGS ? failed : st;
}

int main(int argc, char **argv) {
  cm_exe_dir(); /* resolved once, before any worker thread asks */
  cm_cleanup_install();
  Status st = flush_stdout(dispatch(argc, argv));
  if (st != ST_OK && st != ST_FINDINGS && cm_error()[0])
    fprintf(stderr, "hipport: %s\n", cm_error());
  return (int)st;
}
