# The "all" row in 6.2.0 offers more than in 5.2.0: same names, more available.
set -e
old=$(grep -E '^all ' "$OUT")
new=$("$HIPPORT" rules stats --rocm 6.2.0 | grep -E '^all ')
echo "5.2.0: $old"
echo "6.2.0: $new"
read -r _ names_old avail_old _ <<<"$old"
read -r _ names_new avail_new _ <<<"$new"
[[ $names_old == "$names_new" ]]
(( avail_new > avail_old ))
# --rocm 5.2 names the same release as 5.2.0
[[ "$("$HIPPORT" rules stats --rocm 5.2 | grep -E '^all ')" == "$old" ]]
