// SPDX-License-Identifier: GPL-2.0
#include "testutil.h"

#include <errno.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tracefs.h>

#include "fake_tracefs.h"

static char root[64];

int fake_tracefs_create(void)
{
	snprintf(root, sizeof(root), "/tmp/rtla-fake-tracefs-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	return tracefs_set_tracing_dir(root);
}

static int remove_entry(const char *path, const struct stat *st, int type,
			struct FTW *ftw)
{
	return remove(path);
}

int fake_tracefs_remove(void)
{
	int ret;

	if (!root[0])
		return 0;
	ret = nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	root[0] = '\0';
	tracefs_set_tracing_dir(NULL);
	return ret;
}

int fake_tracefs_teardown(void **state)
{
	return fake_tracefs_remove();
}

const char *fake_path(const char *path)
{
	static char full[512];

	snprintf(full, sizeof(full), "%s/%s", root, path);
	return full;
}

void fake_mkdir(const char *path)
{
	char full[512], *slash;

	snprintf(full, sizeof(full), "%s", fake_path(path));
	for (slash = full + strlen(root) + 1; (slash = strchr(slash, '/'));
	     slash++) {
		*slash = '\0';
		if (mkdir(full, 0755) && errno != EEXIST)
			fail_msg("mkdir %s: %s", full, strerror(errno));
		*slash = '/';
	}
	if (mkdir(full, 0755) && errno != EEXIST)
		fail_msg("mkdir %s: %s", full, strerror(errno));
}

void fake_put(const char *path, const char *text)
{
	char dir[512], *slash;
	FILE *f;

	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		fake_mkdir(dir);
	}
	f = fopen(fake_path(path), "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

bool fake_exists(const char *path)
{
	struct stat st;

	return stat(fake_path(path), &st) == 0;
}

void fake_assert_file(const char *path, const char *want)
{
	char text[256] = { 0 };
	FILE *f = fopen(fake_path(path), "r");

	assert_non_null(f);
	assert_true(fread(text, 1, sizeof(text) - 1, f) > 0 || feof(f));
	fclose(f);
	assert_string_equal(text, want);
}
