// Pasted into paste_main.cu after its <math.h>: there, exp of a float is
// std::exp(float).
HOST(scaled) {
  float f = 2.0f;
  d[0] = exp(f);
}
