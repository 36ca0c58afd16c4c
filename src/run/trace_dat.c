// SPDX-License-Identifier: GPL-2.0
/* An instance's trace saved as trace-cmd's trace.dat, by trace-cmd. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "run/command.h"
#include "run/trace_dat.h"

/* a stopped buffer is read in a second; a hung reader is ended */
#define EXTRACT_TIMEOUT_S	120

bool trace_dat_wanted(const char *path)
{
	size_t len = path ? strlen(path) : 0;

	return len > 4 && !strcmp(path + len - 4, ".dat");
}

bool trace_dat_writer_found(void)
{
	const char *path = getenv("PATH");
	char file[PATH_MAX];
	const char *end;
	size_t len;

	for (; path && *path; path = *end ? end + 1 : end) {
		end = strchrnul(path, ':');
		len = end - path;
		if (snprintf(file, sizeof(file), "%.*s/%s", (int)len,
			     len ? path : ".", TRACE_DAT_WRITER) >= (int)sizeof(file))
			continue;
		if (!access(file, X_OK))
			return true;
	}
	return false;
}

/* The last line trace-cmd wrote to @log, added to @why. */
static void last_line(const char *log, char *why, size_t size)
{
	char line[512], last[512] = "";
	FILE *f = fopen(log, "r");

	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0])
			strcpy(last, line);
	}
	if (f)
		fclose(f);
	if (last[0])
		snprintf(why + strlen(why), size - strlen(why), ": %s", last);
}

/* trace-cmd extract -k -B NAME -o @out, its words in @log. */
static int extract(struct tracefs_instance *instance, const char *out,
		   const char *log, char *why, size_t size)
{
	const char *name = tracefs_instance_get_name(instance);
	char *argv[] = { TRACE_DAT_WRITER, "extract", "-k", "-B", (char *)name,
			 "-o", (char *)out, NULL };
	enum command_cut cut;
	int fd, status;

	if (!name) {
		/* the top buffer: rtla never traces there, but say it */
		argv[3] = "-t";
		argv[4] = "-k";
	}
	fd = open(log, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	status = command_run_argv(TRACE_DAT_WRITER, argv, fd,
				  EXTRACT_TIMEOUT_S, &cut);
	close(fd);
	if (!status && !access(out, F_OK))
		return 0;
	if (status == 127) {
		snprintf(why, size, "%s not found in PATH (Debian's package trace-cmd)",
			 TRACE_DAT_WRITER);
		errno = ENOENT;
		return -1;
	}
	if (cut == COMMAND_TIMED_OUT)
		snprintf(why, size, "%s extract ran past %d s and was ended",
			 TRACE_DAT_WRITER, EXTRACT_TIMEOUT_S);
	else if (status < 0)
		snprintf(why, size, "cannot start %s: %s", TRACE_DAT_WRITER,
			 strerror(errno));
	else
		snprintf(why, size, "%s extract exited with status %d",
			 TRACE_DAT_WRITER, status);
	if (cut == COMMAND_RAN && status > 0)
		last_line(log, why, size);
	errno = EIO;
	return -1;
}

/* @dir and what trace-cmd may have left in it (per-CPU temporaries). */
static void remove_dir(const char *dir)
{
	char file[PATH_MAX + 256];
	struct dirent *entry;
	DIR *d = opendir(dir);

	while (d && (entry = readdir(d))) {
		if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, ".."))
			continue;
		snprintf(file, sizeof(file), "%s/%s", dir, entry->d_name);
		unlink(file);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

int trace_dat_save(struct tracefs_instance *instance, const char *path,
		   char *why, size_t size)
{
	char dir[PATH_MAX], out[PATH_MAX + 16], log[PATH_MAX + 16];
	const char *slash = strrchr(path, '/');
	int ret, err;

	if (snprintf(dir, sizeof(dir), "%.*s/.rtla-dat-XXXXXX",
		     slash ? (int)(slash - path) : 1, slash ? path : ".") >=
	    (int)sizeof(dir)) {
		errno = ENAMETOOLONG;
		snprintf(why, size, "%s", strerror(errno));
		return -1;
	}
	if (slash == path)
		snprintf(dir, sizeof(dir), "/.rtla-dat-XXXXXX");
	if (!mkdtemp(dir)) {
		snprintf(why, size, "cannot make a directory beside it: %s",
			 strerror(errno));
		return -1;
	}
	snprintf(out, sizeof(out), "%s/trace.dat", dir);
	snprintf(log, sizeof(log), "%s/log", dir);
	ret = extract(instance, out, log, why, size);
	if (!ret && rename(out, path)) {
		snprintf(why, size, "%s", strerror(errno));
		ret = -1;
	}
	err = errno;
	remove_dir(dir);
	errno = err;
	return ret;
}
