#pragma once
// Brings std::swap to file scope for every file that includes it.
using std::swap;
