/* A port's translation units and how each is compiled, in the order a user's
 * project says it: the port's own build files when it has them (one unit, the
 * whole build); else its compile_commands.json, each entry's source compiled
 * with hipcc with the entry's include folders and macros (paths under the tree
 * moved into the port); else each CUDA source alone (not one that another
 * source #includes), with the include folders the scan found for it. Every
 * hipcc line compiles for every target and keeps the object under the work
 * folder. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "verify_p.h"

static bool inside(const char *path, const char *root) {
  size_t n = strlen(root);
  return strncmp(path, root, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

char *vf_in_port(const char *path, const char *root, const char *port) {
  return inside(path, root) ? cm_xasprintf("%s%s", port, path + strlen(root)) : cm_xstrdup(path);
}

static char *dir_of(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? cm_xstrndup(path, (size_t)(slash - path)) : cm_xstrdup(".");
}

/* hipcc --offload-arch=A... -x hip -c SOURCE -o WORK/objects/N.o, the flags after. */
static void start_command(Unit *u, const TreeOptions *opt, const char *source, size_t n) {
  vec_push(&u->argv, cm_xstrdup("hipcc"));
  for (size_t i = 0; i < opt->arches.len; i++)
    vec_push(&u->argv, cm_xasprintf("--offload-arch=%s", opt->arches.items[i]));
  const char *fixed[] = {"-x", "hip", "-c", source, "-o"};
  for (size_t i = 0; i < 5; i++)
    vec_push(&u->argv, cm_xstrdup(fixed[i]));
  vec_push(&u->argv, cm_xasprintf("%s/objects/%zu.o", opt->work, n));
  for (size_t i = 0; i < opt->nextra; i++)
    vec_push(&u->argv, cm_xstrdup(opt->extra[i]));
}

static bool compiled_alone(const SourceFile *src) {
  static const char *const exts[] = {".cu", ".cpp", ".cc", ".cxx", ".c", ".C"};
  const char *dot = strrchr(src->rel, '.');
  for (size_t i = 0; dot && i < sizeof exts / sizeof *exts; i++)
    if (strcmp(dot, exts[i]) == 0)
      return !src->build && !src->skip_reason;
  return false;
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* `#include "x.cu"` (or <x.cu>) in text names a file called `base`. */
static bool includes(const char *text, const char *base) {
  for (const char *p = text; (p = strstr(p, "#include")); p += 8) {
    const char *open = p + 8 + strspn(p + 8, " \t"), *close;
    if ((*open != '"' && *open != '<') || !(close = strpbrk(open + 1, "\">\n")) || *close == '\n')
      continue;
    char *name = cm_xstrndup(open + 1, (size_t)(close - open - 1));
    bool same = strcmp(base_name(name), base) == 0;
    free(name);
    if (same)
      return true;
  }
  return false;
}

/* A source another file of the tree includes (HeCBench pastes utils.cu into
 * main.cu) is compiled as part of that file, not alone. */
static bool included_elsewhere(const Plan *plan, const SourceFile *src) {
  for (size_t i = 0; i < plan->files.len; i++) {
    const SourceFile *f = plan->files.items[i].src;
    if (f != src && !f->build && f->text && includes(f->text, base_name(src->rel)))
      return true;
  }
  return false;
}

/* -I for each folder of the tree that holds headers, as the scan parsed with. */
static void add_include_dirs(Unit *u, char *const *dirs, size_t n, const char *root, const char *port) {
  for (size_t k = 0; k < n; k++) {
    char *dir = vf_in_port(dirs[k], root, port);
    vec_push(&u->argv, cm_xstrdup(AN_TREE_HEADERS_FLAG));
    vec_push(&u->argv, dir);
  }
}

static void each_source(const Plan *plan, const char *root, const char *port, const TreeOptions *opt, Units *out) {
  for (size_t i = 0; i < plan->files.len; i++) {
    const SourceFile *src = plan->files.items[i].src;
    if (!compiled_alone(src) || included_elsewhere(plan, src))
      continue;
    Unit u = {.name = cm_xstrdup(src->rel)};
    char *source = cm_xasprintf("%s/%s", port, src->rel);
    u.dir = dir_of(source);
    start_command(&u, opt, source, out->len);
    add_include_dirs(&u, plan->facts->header_dirs.items, plan->facts->header_dirs.len, root, port);
    for (size_t k = 0; k < src->found_includes.len; k++) {
      char *dir = vf_in_port(src->found_includes.items[k].dir, root, port);
      vec_push(&u.argv, cm_xasprintf("-I%s", dir));
      free(dir);
    }
    vec_push(out, u);
    free(source);
  }
}

/* ---- compile_commands.json ---- */

static char *absolute(const char *dir, const char *path) {
  char *joined = path[0] == '/' ? cm_xstrdup(path) : cm_xasprintf("%s/%s", dir, path);
  char *resolved = cm_resolve_path(joined);
  free(joined);
  return resolved;
}

/* The entry's -I/-isystem folders (moved into the port), -D/-U macros and
 * -std: what a unit needs to find its headers and take the same branches; its
 * nvcc options, outputs and source go (hipcc gets its own). */
static void keep_flags(const StrList *args, const char *dir, const char *root, const char *port, Unit *u) {
  for (size_t i = 1; i < args->len; i++) {
    const char *a = args->items[i];
    bool inc = strncmp(a, "-I", 2) == 0 || strncmp(a, "-isystem", 8) == 0;
    if (inc) {
      const char *flag = a[1] == 'I' ? "-I" : "-isystem", *value = a + strlen(flag);
      if (!*value && i + 1 < args->len)
        value = args->items[++i];
      char *abs = absolute(dir, value), *moved = vf_in_port(abs, root, port);
      vec_push(&u->argv, cm_xasprintf("%s%s", flag, moved));
      free(abs), free(moved);
    } else if (strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0) {
      vec_push(&u->argv, cm_xstrdup(a));
      if (!a[2] && i + 1 < args->len)
        vec_push(&u->argv, cm_xstrdup(args->items[++i]));
    } else if (strncmp(a, "-std=", 5) == 0 || strncmp(a, "--std=", 6) == 0) {
      vec_push(&u->argv, cm_xasprintf("-std=%s", strchr(a, '=') + 1));
    }
  }
}

static bool planned(const Plan *plan, const char *rel) {
  for (size_t i = 0; i < plan->files.len; i++)
    if (strcmp(plan->files.items[i].src->rel, rel) == 0)
      return compiled_alone(plan->files.items[i].src);
  return false;
}

/* An entry whose source is a CUDA source of the tree becomes a unit. */
static void add_entry(const CompileEntry *e, const Plan *plan, const char *root, const char *port,
                      const TreeOptions *opt, Units *out) {
  char *abs = absolute(e->dir, e->file);
  if (inside(abs, root) && planned(plan, abs + strlen(root) + 1)) {
    Unit u = {.name = cm_xstrdup(abs + strlen(root) + 1)};
    char *source = vf_in_port(abs, root, port);
    u.dir = dir_of(source);
    start_command(&u, opt, source, out->len);
    keep_flags(&e->args, e->dir, root, port, &u);
    vec_push(out, u);
    free(source);
  }
  free(abs);
}

static Status from_compile_db(const char *db_dir, const Plan *plan, const char *root, const char *port,
                              const TreeOptions *opt, Units *out) {
  CompileEntries entries = {0};
  Status st = an_compile_entries(db_dir, &entries);
  for (size_t i = 0; !st && i < entries.len; i++)
    add_entry(&entries.items[i], plan, root, port, opt, out);
  an_compile_entries_free(&entries);
  return st;
}

Status vf_find_units(const Plan *plan, const char *root, const char *port, const TreeOptions *opt, Units *out,
                     const char **built_with) {
  *out = (Units){0};
  PortBuild how = vf_port_build(port);
  if (how) {
    vec_push(out, ((Unit){.name = cm_xstrdup(vf_port_build_name(how)), .dir = cm_xstrdup(port)}));
    *built_with = vf_port_build_name(how);
    return ST_OK;
  }
  *built_with = opt->compile_db ? "compile_commands.json" : "hipcc, each unit alone";
  if (opt->compile_db)
    return from_compile_db(opt->compile_db, plan, root, port, opt, out);
  each_source(plan, root, port, opt, out);
  return ST_OK;
}

void vf_units_free(Units *u) {
  for (size_t i = 0; i < u->len; i++) {
    free(u->items[i].name);
    free(u->items[i].dir);
    for (size_t k = 0; k < u->items[i].argv.len; k++)
      free(u->items[i].argv.items[k]);
    vec_free(&u->items[i].argv);
  }
  vec_free(u);
}
