# The port was kept (--hip-tree), and its line 13 is the CUDA line 12 the report names.
set -e
grep -n 'meta_group_rank' "$TMP/port/tiles.cu" | grep -q '^13:'
grep -n 'meta_group_rank' "$INPUT/tiles.cu" | grep -q '^12:'
