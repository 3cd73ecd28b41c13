void report(void);
