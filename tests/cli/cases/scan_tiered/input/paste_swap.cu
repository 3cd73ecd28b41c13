// Pasted into paste_main.cu after its `using namespace std`: swap of two ints
// is std::swap there.
HOST(swapped) {
  int i = 1, j = 2;
  swap(i, j);
  d[0] = (Real)i;
}
