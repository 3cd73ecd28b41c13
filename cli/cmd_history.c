/* hipport history and hipport report: the results store read back. history
 * lists a project's scans; report renders one stored scan again in any format,
 * the bytes the scan itself wrote in that format. Neither scans. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_p.h"

typedef struct {
  Terminal term;
  const char *path, *project, *format, *output, *db_path, *scan_id, *csv_table;
  bool latest;
} StoredArgs;

enum { HO_FORMAT = 256, HO_DB, HO_PROJECT, HO_SCAN, HO_CSV_TABLE, HO_LATEST };

static const CliOption stored_options[] = {
    {"format", HO_FORMAT, true, false},
    {"output", 'o', true, false},
    {"db", HO_DB, true, false},
    {"project", HO_PROJECT, true, false},
};

static const CliOption report_options[] = {
    {"scan", HO_SCAN, true, false},
    {"csv-table", HO_CSV_TABLE, true, false},
    {"latest", HO_LATEST, false, false},
};

static Status set_option(void *ctx, const char *cmd, int key, const char *value) {
  StoredArgs *a = ctx;
  switch (key) {
  case CLI_OPERAND:
    if (a->path)
      return opt_unknown(cmd, value);
    a->path = value;
    break;
  case HO_FORMAT: a->format = value; break;
  case 'o': a->output = value; break;
  case HO_DB: a->db_path = value; break;
  case HO_PROJECT: a->project = value; break;
  case HO_SCAN: a->scan_id = value; break;
  case HO_CSV_TABLE: a->csv_table = value; break;
  case HO_LATEST: a->latest = true; break;
  }
  return ST_OK;
}

static Status parse_args(const char *cmd, int argc, char **argv, StoredArgs *a) {
  CliGroup groups[] = {CLI_GROUP(stored_options, set_option, a), terminal_options(&a->term),
                       CLI_GROUP(report_options, set_option, a)};
  size_t ngroups = strcmp(cmd, "report") == 0 ? 3 : 2;
  Status st = cli_parse(&(CliParse){.groups = groups, .ngroups = ngroups}, argc, argv);
  if (!st && a->path && a->project)
    st = cm_fail(ST_USAGE, "%s: name a PATH or a --project, not both", cmd);
  if (!st && a->scan_id && (a->latest || a->path || a->project))
    st = cm_fail(ST_USAGE, "%s: --scan ID names one scan: leave out --latest, PATH and --project", cmd);
  return st;
}

static Status open_store(const StoredArgs *a, ResultDb **db) {
  char *path = a->db_path ? cm_xstrdup(a->db_path) : rs_default_path();
  Status st = rs_open(path, db);
  free(path);
  return st;
}

/* The project a path belongs to, named as scan names it. */
static Status project_of_path(const char *cmd, const char *path, char **name) {
  char *root = an_scan_root(&path, 1);
  if (!root)
    return cm_fail(ST_INPUT, "%s: %s: no such file or folder", cmd, path);
  Project p;
  rs_project_of(root, &p);
  *name = cm_xstrdup(p.name);
  rs_project_free(&p);
  free(root);
  return ST_OK;
}

typedef struct {
  const char *format, *project;
  const RsScans *scans;
  const RsTreeHistory *builds;
} HistoryJob;

static Status write_history(FILE *out, const void *ctx) {
  const HistoryJob *j = ctx;
  return rp_history(out, j->format, j->project, j->scans, j->builds);
}

static Status run_history(int argc, char **argv) {
  StoredArgs a = {.format = "text"};
  Status st = parse_args("history", argc, argv, &a);
  if (!st && !rp_history_format_known(a.format))
    st = cm_fail(ST_USAGE, "history: unknown --format '%s' (one of text, json, md, html, csv)", a.format);
  char *project = NULL;
  if (!st)
    st = a.project ? (project = cm_xstrdup(a.project), ST_OK) : project_of_path("history", a.path ? a.path : ".", &project);
  ResultDb *db = NULL;
  RsScans scans = {0};
  RsTreeHistory builds = {0};
  if (!st && !(st = open_store(&a, &db)) && !(st = rs_history(db, project, &scans)) &&
      !(st = rs_tree_history(db, project, &builds)) && !scans.len && !builds.len)
    st = cm_fail(ST_INPUT, "history: no scans of %s in the results database: `hipport scan` keeps one", project);
  if (!st)
    st = write_to(a.output, write_history, &(HistoryJob){a.format, project, &scans, &builds});
  rs_scans_free(&scans);
  rs_tree_history_free(&builds);
  rs_close(db);
  free(project);
  return st;
}

static Status load_report(const StoredArgs *a, ResultDb *db, Report *out) {
  char *end = NULL, *project = NULL;
  long long id = a->scan_id ? strtoll(a->scan_id, &end, 10) : 0;
  if (a->scan_id && (*end || id <= 0))
    return cm_fail(ST_USAGE, "report: --scan wants a scan number (see hipport history), not '%s'", a->scan_id);
  Status st = a->project ? (project = cm_xstrdup(a->project), ST_OK)
                         : a->path ? project_of_path("report", a->path, &project) : ST_OK;
  RsScan scan = {0};
  if (!st)
    st = rs_load_scan(db, id, project, &scan);
  if (!st && !scan.report_json)
    st = cm_fail(ST_INPUT, "report: scan %lld was kept by an older hipport, without its report: scan again", scan.id);
  if (!st) {
    char *what = cm_xasprintf("scan %lld in the results database", scan.id);
    json_t *doc = json_loads(scan.report_json, 0, NULL);
    st = rp_from_json(doc, what, out);
    json_decref(doc);
    free(what);
  }
  rs_scan_free(&scan);
  free(project);
  return st;
}

static Status run_report(int argc, char **argv) {
  StoredArgs a = {.format = "text"};
  Status st = parse_args("report", argc, argv, &a);
  if (!st && !rp_find(a.format))
    st = cm_fail(ST_USAGE, "report: unknown --format '%s' (one of %s)", a.format, rp_names());
  if (!st && a.csv_table && !rp_csv_table_known(a.csv_table))
    st = cm_fail(ST_USAGE, "report: unknown --csv-table '%s' (one of findings, uses, files, releases)", a.csv_table);
  ResultDb *db = NULL;
  Report report;
  if (!st && !(st = open_store(&a, &db)) && !(st = load_report(&a, db, &report))) {
    RpOptions opt = {.csv_table = a.csv_table, .color = terminal_color(&a.term, a.output), .errors_only = a.term.quiet};
    st = write_report(a.format, a.output, &report, &opt);
    rp_free(&report);
  }
  rs_close(db);
  return st;
}

const Command cmd_history = {
    .name = "history",
    .summary = "a project's scans over time: mapped %, findings and effort per commit",
    .usage = "usage: hipport history [PATH | --project NAME] [options]\n"
             "  PATH                the project scanned there (default: the current folder)\n"
             "  --project NAME      a project as the results database names it (git remote URL,\n"
             "                      checkout or folder name; see hipport history --format json)\n"
             "  --format FORMAT     text, json, md, html or csv (default text)\n"
             "  -o FILE             write to FILE (default: standard output)\n"
             "  --db FILE           the results database (default ~/.local/share/hipport/results.db)\n",
    .run = run_history,
};

const Command cmd_report = {
    .name = "report",
    .summary = "render a stored scan again, in any format, without scanning",
    .usage = "usage: hipport report [--scan ID | --latest] [PATH | --project NAME] [options]\n"
             "  --scan ID           the scan numbered ID (hipport history lists them)\n"
             "  --latest            the newest scan (of PATH's project when PATH is given; the default)\n"
             "  --format FORMAT     text, json, md, html, sarif or csv (default text)\n"
             "  --csv-table TABLE   with --format csv: uses (default), findings, files or releases\n"
             "  -o FILE             write the report to FILE (default: standard output)\n"
             "  --color WHEN        auto (on a terminal, unless NO_COLOR is set), always or never\n"
             "  -q, --quiet         only error findings in the text report\n"
             "  --db FILE           the results database (default ~/.local/share/hipport/results.db)\n",
    .run = run_report,
};
