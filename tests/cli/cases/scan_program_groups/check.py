# A program is the deepest folder holding a build a user starts (CMakeLists.txt,
# any Makefile spelling), not one holding only a *.cmake fragment; else the
# top-level folder; "." for a file at the root.
import json, os, sys

r = json.load(open(os.environ["OUT"], encoding="utf-8"))
got = {f["path"]: f["program"] for f in r["files"]}
want = {"apps/a/src/k.cu": "apps/a", "apps/a/CMakeLists.txt": "apps/a", "apps/b/k.cu": "apps/b",
        "apps/b/GNUmakefile": "apps/b", "apps/c/k.cu": "apps", "tools/t.cu": "tools", "top.cu": "."}
errors = [f"{k}: program {got.get(k)!r}, want {v!r}" for k, v in want.items() if got.get(k) != v]
names = sorted(p["name"] for p in r["programs"])
if names != [".", "apps", "apps/a", "apps/b", "tools"]:
    errors.append(f"programs {names}")
print("\n".join(errors))
sys.exit(1 if errors else 0)
