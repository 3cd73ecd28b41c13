"""A template body that only its instantiation finds wrong (25 errors, past
clang's limit of 20, which stops the parse) leaves the file parsed: the parse
does not instantiate the templates a file uses, which only code generation
needs, and the file's own code is read from its tree."""
from clicase import fallbacks, finish, parsers, report

doc = report("scan.json")
errors = []
if list(parsers(doc).values()) != ["libclang"]:
    errors.append(f"parsers {parsers(doc)}, expected libclang")
if fallbacks(doc):
    errors.append(f"read lexically: {fallbacks(doc)[0]}")
calls = [(u["line"], u["cursor"]) for u in doc["uses"] if u["cuda"] == "cudaMalloc"]
if calls != [(46, "DeclRefExpr")]:
    errors.append(f"cudaMalloc uses {calls}, expected line 46 from the tree")
finish(errors)
