int plain(int v) { return v + 1; }
