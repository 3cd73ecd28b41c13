"""HP2305 marks the cooperative-groups members HIP 5.2 lacks (tile.meta_group_rank,
tile.ballot, block.num_threads) and nothing else: members HIP has (thread_rank,
size, shfl_down) and a user's struct with look-alike members stay silent."""
import json
import os
import sys

with open(os.path.join(os.environ["TMP"], "report.json"), encoding="utf-8") as f:
    report = json.load(f)
got = sorted((f["line"], f["column"]) for f in report["findings"] if f["code"] == "HP2305")
want = [(15, 21), (16, 17), (16, 44)]
if got != want:
    print(f"HP2305 findings at {got}, expected {want}")
    sys.exit(1)
