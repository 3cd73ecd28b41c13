#pragma once
#ifndef SCALE
#error "build with -DSCALE=N (the compile database says so)"
#endif
