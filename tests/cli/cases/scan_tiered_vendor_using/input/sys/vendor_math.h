#pragma once
#include <utility>
namespace vendor {
using std::swap;
}
