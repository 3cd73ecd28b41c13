# --rocm 99: no such release, a usage error; no OUT made.
set -u
[[ ! -e $TMP/out ]] || { echo "check.sh: OUT was created"; exit 1; }
