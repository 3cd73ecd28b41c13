/* A Windows build's stand-in for the POSIX header, as rodinia's kmeans keeps one:
 * no other program of the tree may get it for its own <unistd.h>. */
#pragma once
#include <io.h>
#include "standards.h"
