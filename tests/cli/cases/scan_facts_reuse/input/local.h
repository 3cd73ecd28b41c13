#pragma once
#define LOCAL_FACTOR 2.0f
