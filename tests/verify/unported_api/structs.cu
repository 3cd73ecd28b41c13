// __ldg of a struct: CUDA's headers take any trivially copyable T, HIP 5.2's
// only the scalar and vector types. hipport reports nothing here today, so the
// port's failure is HP3008 (when a rule learns it, this becomes FAILS-REPORTED).
struct Pair {
  float a, b;
};

__global__ void first(const Pair *in, float *out) {
  Pair p = __ldg(in + threadIdx.x);
  out[threadIdx.x] = p.a + p.b;
}

int main() { return 0; }
