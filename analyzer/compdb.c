/* compile_commands.json, read with jansson: each file with the flags its build
 * uses, minus what makes no sense for a parse (the compiler itself, -c, -o FILE,
 * the source file). libclang has a reader too, but a run whose files' facts all
 * come from the cache would then load libclang for it alone. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer_p.h"

/* The flags a parse reads from a command line: include folders, forced
 * includes, macros and the language standard. A build's other flags (nvcc's
 * -arch, -Xcompiler, -gencode, -o...) mean nothing to clang's parser or would
 * stop it, and hipport adds its own CUDA mode. -idirafter is read only to know
 * where a parse looked for a header it did not find; a build's is not passed on.
 * The last three are clang's flags that begin with another's spelling (all
 * there are in clang 16, by clang --autocomplete), so that -include-pch is not
 * -include with "-pch" attached. A precompiled header from the build is not
 * passed on: one that nvcc or another clang made does not load into libclang 16,
 * and hipport makes its own. -I- (the folders before it only for "..."
 * includes) is dropped, which leaves those folders to every include. */
static const ParseFlag flags[] = {
    {"-I", FLAG_FOLDER, true, true},       {"-isystem", FLAG_FOLDER, false, true},
    {"-iquote", FLAG_FOLDER, false, true}, {"-idirafter", FLAG_FOLDER, false, false},
    {"-include", FLAG_FILE, false, true},  {"-D", FLAG_TEXT, true, true},
    {"-U", FLAG_TEXT, true, true},         {"-std=", FLAG_TEXT, true, true},
    {"-include-pch", FLAG_FILE, false, false}, {"-isystem-after", FLAG_FOLDER, false, true},
    {"-I-", FLAG_NONE, false, false},
};

/* arg is flag's spelling, alone or with a value joined to it; a flag that
 * takes no value is only its spelling. */
static bool spelled(const char *arg, const ParseFlag *flag) {
  size_t n = strlen(flag->name);
  return strncmp(arg, flag->name, n) == 0 && (flag->value != FLAG_NONE || !arg[n]);
}

/* The flag of the longest spelling arg begins with, as clang's driver reads
 * it: -isystem-after/x is -isystem-after, not -isystem with "-after/x". */
int read_flag(const char *arg, const char *next, const ParseFlag **flag, const char **value) {
  const ParseFlag *f = NULL;
  for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
    if (spelled(arg, &flags[i]) && (!f || strlen(flags[i].name) > strlen(f->name)))
      f = &flags[i];
  if (!f)
    return 0;
  size_t n = strlen(f->name);
  bool attached = arg[n] || f->name[n - 1] == '=' || f->value == FLAG_NONE; /* "-std=" alone: empty */
  *flag = f;
  *value = attached ? arg + n : next;
  return attached ? 1 : next ? 2 : 0;
}

/* Relative paths are relative to the command's directory. */
static void keep_arg(Candidate *c, const ParseFlag *flag, const char *value) {
  char *v = flag->value == FLAG_TEXT || value[0] == '/' ? cm_xstrdup(value) : cm_xasprintf("%s/%s", c->dir, value);
  if (flag->joined) {
    c->args[c->nargs++] = cm_xasprintf("%s%s", flag->name, v);
    free(v);
  } else {
    c->args[c->nargs++] = cm_xstrdup(flag->name);
    c->args[c->nargs++] = v;
  }
}

/* The arguments after the compiler without -Xclang: what a command passes to
 * clang's front end is read as the driver's flags, a flag's value coming as
 * another -Xclang VALUE (CMake's precompiled header under clang: -Xclang
 * -include-pch -Xclang F.pch -Xclang -include -Xclang F.hxx). */
static size_t driver_args(const CompileEntry *e, const char **out) {
  size_t n = 0;
  for (size_t i = 1; i < e->args.len; i++)
    if (strcmp(e->args.items[i], "-Xclang") != 0)
      out[n++] = e->args.items[i];
  return n;
}

static void read_command(const CompileEntry *e, const char *root, Candidates *out) {
  Candidate c = {0};
  c.dir = cm_xstrdup(e->dir);
  c.path = e->file[0] == '/' ? cm_xstrdup(e->file) : cm_xasprintf("%s/%s", c.dir, e->file);
  char *real = realpath(c.path, NULL);
  if (real) {
    free(c.path);
    c.path = real;
  }
  size_t n = strlen(root);
  c.rel = cm_xstrdup(strncmp(c.path, root, n) == 0 && c.path[n] == '/' ? c.path + n + 1 : c.path);
  c.args = cm_xcalloc(2 * e->args.len + 1, sizeof *c.args);
  const char **args = cm_xcalloc(e->args.len + 1, sizeof *args);
  size_t nargs = driver_args(e, args);
  for (size_t i = 0; i < nargs; i++) {
    const ParseFlag *flag;
    const char *value;
    int used = read_flag(args[i], args[i + 1], &flag, &value);
    if (used && flag->build)
      keep_arg(&c, flag, value);
    i += used > 1;
  }
  free(args);
  vec_push(out, c);
}

Status read_compile_db(const char *dir, const char *root, Candidates *out) {
  CompileEntries entries = {0};
  Status st = an_compile_entries(dir, &entries);
  for (size_t i = 0; !st && i < entries.len; i++)
    read_command(&entries.items[i], root, out);
  if (!st && !entries.len)
    st = cm_fail(ST_INPUT, "%s/compile_commands.json: holds no compile command", dir);
  an_compile_entries_free(&entries);
  return st;
}

/* ---- the file ---- */

static void entry_args(json_t *entry, CmStrings *args) {
  json_t *arguments = json_object_get(entry, "arguments"), *v;
  size_t i;
  if (json_is_array(arguments))
    json_array_foreach(arguments, i, v) {
      if (json_is_string(v))
        vec_push(args, cm_xstrdup(json_string_value(v)));
    }
  else if (json_is_string(json_object_get(entry, "command")))
    cm_split_command(json_string_value(json_object_get(entry, "command")), args);
}

Status an_compile_entries(const char *build_dir, CompileEntries *out) {
  char *path = cm_xasprintf("%s/compile_commands.json", build_dir);
  Status st = ST_OK;
  bool readable = access(path, R_OK) == 0;
  json_error_t err;
  json_t *doc = readable ? json_load_file(path, 0, &err) : NULL, *entry;
  if (!readable)
    st = cm_fail(ST_INPUT, "%s: not found or unreadable: pass the build folder that holds it (cmake "
                           "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON)", path);
  else if (!doc)
    st = cm_fail(ST_INPUT, "%s:%d: %s: check its JSON", path, err.line, err.text);
  else if (!json_is_array(doc))
    st = cm_fail(ST_INPUT, "%s: not a JSON list of compile commands: give the folder of a compile_commands.json",
                 path);
  size_t i;
  if (!st)
    json_array_foreach(doc, i, entry) {
      const char *dir = json_string_value(json_object_get(entry, "directory"));
      const char *file = json_string_value(json_object_get(entry, "file"));
      if (!dir || !file)
        continue;
      CompileEntry e = {cm_xstrdup(dir), cm_xstrdup(file), {0}};
      entry_args(entry, &e.args);
      vec_push(out, e);
    }
  json_decref(doc);
  free(path);
  return st;
}

void an_compile_entries_free(CompileEntries *e) {
  for (size_t i = 0; i < e->len; i++) {
    free(e->items[i].dir);
    free(e->items[i].file);
    cm_strings_free(&e->items[i].args);
  }
  vec_free(e);
}
