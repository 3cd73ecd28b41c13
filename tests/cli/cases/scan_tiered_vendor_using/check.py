"""A using-declaration of std's swap within a namespace of a header found
outside the tree (sys/vendor_math.h's `namespace vendor { using std::swap; }`)
makes swap(i, j) on ints std::swap in a file that says `using namespace
vendor`: --tiered parses src/vendor_swap.cu and reports the full scan's HP2501."""
import json
import os
import subprocess

from clicase import finish

inp, hipport = os.environ["INPUT"], os.environ["HIPPORT"]
tiered = json.load(open(os.environ["OUT"]))
full = json.loads(subprocess.run([hipport, "scan", os.path.join(inp, "src"), "-I", os.path.join(inp, "sys"),
                                  "--parse-all", "--rocm", "newest", "--format", "json"],
                                 capture_output=True, text=True, check=True).stdout)
errors = []
parsers = {f["path"]: f["parser"] for f in tiered["files"]}
if parsers != {"vendor_swap.cu": "libclang"}:
    errors.append(f"files {parsers}: vendor_swap.cu read from its tokens")
swap = [f for f in full["findings"] if f["code"] == "HP2501" and "'swap'" in f["message"]]
if not swap:
    errors.append("the full scan gives no HP2501 for swap: the case no longer tests what it says")
for key in ("uses", "findings"):
    drop = lambda doc: sorted(json.dumps({k: v for k, v in x.items() if k != "cursor"}, sort_keys=True)
                              for x in doc[key])
    if drop(tiered) != drop(full):
        errors.append(f"the tiered scan's {key} differ from the full scan's")
finish(errors)
