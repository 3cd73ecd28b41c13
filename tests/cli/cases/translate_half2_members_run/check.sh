# The port of a half2 member read computes what CUDA's did: HIP's x and y are
# unsigned short, and unwrapped `(float)t.x` prints 15872.00 (the raw bits of
# 1.5) where CUDA prints 1.50. Host code, so it runs without a GPU.
set -e
hipcc --offload-arch=gfx90a -o "$TMP/h2" "$TMP/h2.hip"
test "$("$TMP/h2")" = "1.50 -2.25"
