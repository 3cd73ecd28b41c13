# Each wrap keeps the qualifiers of the access it wraps: a cast to a plain
# half& from a const __half2's member casts the const away, and hipcc stops
# ("casts away qualifiers") on the device side and the host side alike. The
# port compiles for gfx90a and its host code prints what CUDA's does.
set -e
grep -qF '(float)reinterpret_cast<const half&>(in->x) + (float)reinterpret_cast<const half&>(in[1].y) + (float)reinterpret_cast<const half&>(h.y)' "$TMP/c.hip"
grep -qF 'reinterpret_cast<volatile half&>(vp->y) = half_of_one' "$TMP/c.hip"
hipcc --offload-arch=gfx90a -o "$TMP/c" "$TMP/c.hip"
test "$("$TMP/c")" = "1.50 -2.25 0.50"
