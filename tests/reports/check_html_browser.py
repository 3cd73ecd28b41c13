"""The HTML report in a real browser: Debian's headless Chromium.

usage: check_html_browser.py HIPPORT PATH... [-- scan options...]

Loads the report of a corpus scan and fails if the page logs a script error,
if its script did not run to the end, if a chart has no bars, if a number shown
differs from the JSON report, or if a click on a table heading does not sort.
Then loads the report of a tree whose file name, strings and comments hold
markup, and fails if any of it became an element. Without chromium it exits 77,
which ctest reports as skipped, with the reason."""
import html.parser
import json
import os
import shutil
import subprocess
import sys
import tempfile

hipport, rest = sys.argv[1], sys.argv[2:]
paths, extra = (rest[:rest.index("--")], rest[rest.index("--") + 1:]) if "--" in rest else (rest, [])
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if not chromium:
    print("SKIP: no chromium on PATH (scripts/setup.sh installs Debian's chromium)")
    sys.exit(77)
errors = []
PAYLOAD = "</script><img src=x onerror=alert(1)>"


def check(ok, what):
    if not ok:
        errors.append(what)


def scan(roots, fmt, out):
    subprocess.run([hipport, "scan", *roots, "--no-db", "--format", fmt, "-o", out, *extra], check=True)


def load(page, tmp):
    """The DOM after the page's scripts ran, and what the browser logged."""
    r = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        f"--user-data-dir={tmp}/profile", "--enable-logging=stderr", "--v=0",
                        "--virtual-time-budget=5000", "--dump-dom", "file://" + page],
                       capture_output=True, text=True, timeout=120)
    logged = [l for l in r.stderr.splitlines() if "CONSOLE" in l or "Uncaught" in l]
    return r.stdout, logged


class Dom(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.body, self.cards, self.key, self.rects, self.imgs, self.scripts = {}, {}, None, [], 0, 0
        self.tables, self.table, self.row, self.svg = {}, None, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body":
            self.body = a
        self.imgs += tag == "img"
        self.scripts += tag == "script"
        if tag == "svg":
            self.svg = a.get("id")
        if tag == "rect":
            self.rects.append((self.svg, a))
        if "data-key" in a:
            self.key = a["data-key"]
        if tag == "table":
            self.table = a.get("id")
            self.tables[self.table] = []
        if tag == "tr":
            self.row = []
        if tag == "td" and self.row is not None:
            self.row.append([a.get("data-value"), ""])

    def handle_endtag(self, tag):
        if tag == "tr" and self.row:
            self.tables[self.table].append(self.row)
        if tag == "tr":
            self.row = None

    def handle_data(self, data):
        if self.key:
            self.cards[self.key], self.key = data, None
        if self.row:
            self.row[-1][1] += data


# A click on the programs table's "hours" heading, twice, as a person would:
# the rows' hours must come out ascending, then descending.
CLICK = """<script>
var th = document.querySelectorAll('#programs th')[8], got = [];
function hours() { return Array.prototype.map.call(document.querySelectorAll('#programs tbody tr'),
  function (r) { return parseFloat(r.cells[8].getAttribute('data-value')); }).join(' '); }
th.click(); got.push(hours()); th.click(); got.push(hours());
document.body.setAttribute('data-sorted', got.join('|'));
</script>"""

with tempfile.TemporaryDirectory() as tmp:
    page, js = os.path.join(tmp, "report.html"), os.path.join(tmp, "report.json")
    scan(paths, "html", page)
    scan(paths, "json", js)
    report = json.load(open(js))
    s = report["summary"]
    with open(page, encoding="utf-8") as f:
        text = f.read()
    with open(page, "w", encoding="utf-8") as f:
        f.write(text.replace("</body>", CLICK + "</body>"))
    dom_text, logged = load(page, tmp)
    dom = Dom()
    dom.feed(dom_text)
    check(dom.body.get("data-ready") == "1", f"the page's script did not run to its end: {dom.body}")
    check("data-script-error" not in dom.body, f"script error: {dom.body.get('data-script-error')}")
    check(not logged, f"the browser logged: {logged[:3]}")
    bars = [a for svg, a in dom.rects if svg == "compat-chart"]
    check(len(bars) == len(s["compatibility"]), f"{len(bars)} compatibility bars, {len(s['compatibility'])} releases")
    for a in bars:
        want = s["compatibility"].get(a.get("data-release"))
        check(want is not None and abs(float(a["data-value"]) - want) < 1e-3, f"bar {a.get('data-release')}: {a.get('data-value')} != {want}")
        check(float(a["height"]) > 0 or want == 0, f"bar {a.get('data-release')} has no height")
    check(sum("target" in a.get("class", "") for a in bars) == 1, "the target release is not marked once")
    effort = [a for svg, a in dom.rects if svg == "effort-chart"]
    check(len(effort) == len(report["categories"]) and all(float(a["width"]) > 0 for a in effort),
          f"effort chart: {len(effort)} bars for {len(report['categories'])} categories")
    for key in ("files_scanned", "cuda_files", "uses", "mapped_uses", "findings_need_work"):
        check(dom.cards.get(key) == str(s[key]), f"card {key}: {dom.cards.get(key)!r} != {s[key]}")
    # one decimal shown; the JSON's 6 digits may round the other way
    check(abs(float(dom.cards.get("effort_hours", "nan")) - s["effort_hours"]) <= 0.0501,
          f"card effort_hours {dom.cards.get('effort_hours')}")
    check(dom.cards.get("target_rocm") == s["target_rocm"], "card target_rocm")
    shown = {row[0][1]: [float(v) for v, _ in row[1:]] for row in dom.tables.get("programs", [])}
    for g in report["programs"]:
        got = shown.get(g["name"])
        want = [g["files"], g["uses"], g["mapped"], g["uses"] - g["mapped"]]
        check(got is not None and got[:4] == want and got[5:7] == [g["findings"], g["need_work"]] and
              abs(got[7] - g["effort_hours"]) < 1e-3, f"program {g['name']}: shown {got}, JSON {g}")
    sorted_runs = dom.body.get("data-sorted", "|").split("|")
    up, down = ([float(x) for x in run.split()] for run in sorted_runs)
    check(up == sorted(up) and down == sorted(down, reverse=True) and len(up) == len(report["programs"]),
          f"sorting by hours: {sorted_runs}")

    # Markup in the scanned tree stays text.
    tree = os.path.join(tmp, "tree")
    os.makedirs(tree)
    with open(os.path.join(tree, "<img src=x onerror=alert(1)>.cu"), "w") as f:
        f.write('#include <cuda_runtime.h>\n'
                f'// {PAYLOAD}\n'
                f'__global__ void k(int *o) {{ int lane = threadIdx.x % 32; /* {PAYLOAD} */ o[lane] = 0; }}\n'
                f'const char *s = "{PAYLOAD}"; void f() {{ cudaFuncGetAttributes(0, 0); printf("{PAYLOAD}"); }}\n')
    bad = os.path.join(tmp, "bad.html")
    scan([tree], "html", bad)
    check(PAYLOAD in open(bad).read().replace("&lt;", "<").replace("&gt;", ">"), "the payload never reached the page")
    dom_text, logged = load(bad, tmp)
    dom = Dom()
    dom.feed(dom_text)
    check(dom.imgs == 0, f"{dom.imgs} <img> elements came out of the scanned tree's strings")
    check(dom.scripts == 1, f"{dom.scripts} <script> elements, expected the report's one")
    check(dom.body.get("data-ready") == "1" and not logged, f"the page with markup in the tree broke: {logged[:3]}")

for e in errors:
    print("check_html_browser:", e)
print(f"check_html_browser: {chromium}, {len(errors)} problems")
sys.exit(1 if errors else 0)
