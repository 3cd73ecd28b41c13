#pragma once
// progC's own helpers, under a name the toolkit also uses
#define PROGC_CHECK(x) (x)
