#pragma once

struct Vec4 {
  static constexpr int size = 4;
  float v[4];
};
