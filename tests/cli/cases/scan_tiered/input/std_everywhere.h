#pragma once
using namespace std;
