/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_FAKE_TRACEFS_H
#define RTLA_FAKE_TRACEFS_H

#include <stdbool.h>

/*
 * A tracing directory under /tmp that libtracefs is pointed at: each
 * test makes its own in its setup and removes it in its teardown.
 */
int fake_tracefs_create(void);
int fake_tracefs_remove(void);
/* fake_tracefs_remove() as a cmocka teardown. */
int fake_tracefs_teardown(void **state);

/* The full path of @path inside the fake directory (a static buffer). */
const char *fake_path(const char *path);

/* Write @text to @path, making its folders. */
void fake_put(const char *path, const char *text);
void fake_mkdir(const char *path);
bool fake_exists(const char *path);
void fake_assert_file(const char *path, const char *want);

#endif
