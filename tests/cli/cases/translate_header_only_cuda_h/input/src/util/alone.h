// Included by no file of the tree: translated on its own.
#pragma once
#include <cuda.h>
