/* A fresh temporary folder for unit tests, made by a cmocka setup (of a group,
 * or of each test) and removed, with whatever the tests wrote there, by the
 * matching teardown, which cmocka runs after a failed test too. */
#ifndef HIPPORT_TEMP_FOLDER_H
#define HIPPORT_TEMP_FOLDER_H

/* The folder, between temp_folder_make and temp_folder_remove. */
extern char *temp_folder;

int temp_folder_make(void **state);
int temp_folder_remove(void **state);
/* A cmocka test run in a folder of its own. */
#define TEMP_FOLDER_TEST(f) cmocka_unit_test_setup_teardown(f, temp_folder_make, temp_folder_remove)
/* NAME in the folder (malloc'd). */
char *temp_path(const char *name);

#endif
