// More than 20 errors in a header make clang stop with "too many errors": the
// fallback must name the first of them, not the stop.
int wrong_1 = "not an int";
int wrong_2 = "not an int";
int wrong_3 = "not an int";
int wrong_4 = "not an int";
int wrong_5 = "not an int";
int wrong_6 = "not an int";
int wrong_7 = "not an int";
int wrong_8 = "not an int";
int wrong_9 = "not an int";
int wrong_10 = "not an int";
int wrong_11 = "not an int";
int wrong_12 = "not an int";
int wrong_13 = "not an int";
int wrong_14 = "not an int";
int wrong_15 = "not an int";
int wrong_16 = "not an int";
int wrong_17 = "not an int";
int wrong_18 = "not an int";
int wrong_19 = "not an int";
int wrong_20 = "not an int";
int wrong_21 = "not an int";
int wrong_22 = "not an int";
int wrong_23 = "not an int";
int wrong_24 = "not an int";
int wrong_25 = "not an int";
