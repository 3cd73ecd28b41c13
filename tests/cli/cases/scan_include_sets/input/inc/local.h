#define LOCAL_VALUE 4
