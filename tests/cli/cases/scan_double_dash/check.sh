# A file named -k.cu is an option to hipport until `--` ends the options; after
# it, -k.cu and even --help are operands.
set -u
cd "$INPUT" || exit 1
out=$("$HIPPORT" scan --no-db --format json -- -k.cu 2>"$TMP/err") || { echo "check.sh: scan -- -k.cu: $(cat "$TMP/err")"; exit 1; }
[[ $out == *'"cudaMalloc"'* && $out == *'-k.cu'* ]] || { echo "check.sh: the report does not describe -k.cu: $out"; exit 1; }
"$HIPPORT" scan --no-db -- --help >"$TMP/out2" 2>"$TMP/err2"
rc=$?
[[ $rc == 3 ]] && grep -q -- "--help" "$TMP/err2" && [[ ! -s $TMP/out2 ]] || { echo "check.sh: scan -- --help: exit $rc, $(cat "$TMP/out2" "$TMP/err2")"; exit 1; }
exit 0
