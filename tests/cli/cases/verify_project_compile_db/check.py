# The unit came from compile_commands.json, with its -DSCALE=3 and -I../inc (the
# header stops a build without them); nvcc's options stayed behind.
import json
import os

doc = json.load(open(os.path.join(os.environ["TMP"], "verify.json")))
assert doc["built_with"] == "compile_commands.json", doc["built_with"]
assert doc["summary"] == {"units": 1, "compiling": 1, "failing_reported": 0, "failing_unforeseen": 0,
                          "missing_library": 0}, doc["summary"]
assert [u["unit"] for u in doc["units"]] == ["src/scale.cu"], doc["units"]
assert doc["units"][0]["status"] == "COMPILES"
