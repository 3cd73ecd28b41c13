// A project header that brings in cooperative groups: its includers weigh as much.
#pragma once
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
