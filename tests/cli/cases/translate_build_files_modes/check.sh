# Build files under --dry-run, --in-place and --annotate: the diff shows the
# CMakeLists.txt and Makefile rewrites and writes nothing; in place, each build
# file is rewritten after its backup; --annotate puts `# hipport` comments (not
# `//`) above the CMake line that needs a person; a second run changes nothing.
set -u
rc=0
bad() { echo "check.sh: $*"; rc=1; }
P=$INPUT/proj
grep -q '^+++ b/CMakeLists.txt' "$OUT" || bad "the dry run shows no CMakeLists.txt diff"
grep -q '^+	$(NVCC) -O3 --offload-arch=gfx90a -Wall -o $@ $< -lamdhip64' "$OUT" || bad "the dry run shows no Makefile rewrite"
cmp -s "$CASE/input/proj/Makefile" "$P/Makefile" || bad "the dry run wrote the Makefile"

"$HIPPORT" translate "$P" --in-place --annotate >/dev/null 2>"$TMP/err1" || bad "--in-place: $(cat "$TMP/err1")"
cmp -s "$CASE/input/proj/Makefile" "$P/Makefile.cuda.orig" || bad "no Makefile backup"
cmp -s "$CASE/input/proj/CMakeLists.txt" "$P/CMakeLists.txt.cuda.orig" || bad "no CMakeLists.txt backup"
grep -q '^NVCC = hipcc$' "$P/Makefile" || bad "Makefile not rewritten: $(cat "$P/Makefile")"
grep -q '^# hipport HP3004: CUDA_SEPARABLE_COMPILATION' "$P/CMakeLists.txt" || bad "no # annotation in CMakeLists.txt"
grep -q '^// hipport' "$P/CMakeLists.txt" && bad "a // comment in CMakeLists.txt"

sums() { (cd "$P" && sha256sum -- $(ls -A)); }
before=$(sums)
"$HIPPORT" translate "$P" --in-place --annotate >/dev/null 2>"$TMP/err2"
[[ $(sums) == "$before" ]] || bad "a second --in-place --annotate run changed files"
exit $rc
