# A source path that does not exist: an input error (3), no OUT made.
set -u
[[ ! -e $TMP/out ]] || { echo "check.sh: OUT was created"; exit 1; }
