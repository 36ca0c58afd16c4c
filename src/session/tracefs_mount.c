// SPDX-License-Identifier: GPL-2.0
/*
 * Mounting tracefs when no one has.  Not left to libtracefs: whether it
 * mounted one is not told apart from finding one (issue 16).
 */
#include <errno.h>
#include <mntent.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>

#include "session/tracefs_mount.h"

bool tracefs_listed(const char *mounts)
{
	struct mntent *entry;
	bool found = false;
	FILE *file = setmntent(mounts, "r");

	if (!file)
		return false;
	while (!found && (entry = getmntent(file)))
		found = !strcmp(entry->mnt_type, "tracefs");
	endmntent(file);
	return found;
}

int tracefs_mount_if_needed(void)
{
	if (tracefs_listed("/proc/self/mounts"))
		return 0;
	if (mount("nodev", TRACEFS_DEFAULT_DIR, "tracefs", 0, NULL))
		return -1;
	return 1;
}
