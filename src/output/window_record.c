// SPDX-License-Identifier: GPL-2.0
/* --record: one JSON line per closed window, in size-capped rotated files. */
#include <errno.h>
#include <fcntl.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/json_hist.h"
#include "output/window_record.h"

/*
 * The record as rtla's own: a regular file of rtla's user, one link.  The
 * path was checked before the run, but a user who can write to its
 * directory could have put a link there since.
 */
static int check_opened(int fd)
{
	struct stat st;

	if (fstat(fd, &st))
		return -1;
	if (!S_ISREG(st.st_mode))
		errno = EINVAL;
	else if (st.st_uid != geteuid())
		errno = EPERM;
	else if (st.st_nlink > 1)
		errno = EMLINK;
	else
		return 0;
	return -1;
}

/* The size of the whole lines at the start of @fd, of @size bytes. */
static off_t whole_lines(int fd, off_t size)
{
	char buf[4096];
	off_t at = size;
	ssize_t n;

	while (at > 0) {
		n = at < (off_t)sizeof(buf) ? at : (off_t)sizeof(buf);
		if (pread(fd, buf, n, at - n) != n)
			return -1;
		while (n > 0 && buf[n - 1] != '\n') {
			n--;
			at--;
		}
		if (n > 0)
			break;
	}
	return at;
}

/*
 * Open for appending, no link followed, @flags added (O_EXCL for the new
 * file of a rotation); a line cut short by a crash is cut off.
 */
static int open_file(struct window_record *record, int flags)
{
	off_t size;
	int fd;

	/* read too, for a torn last line; O_NONBLOCK: no wait on a FIFO */
	fd = open(record->path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW |
		  O_NONBLOCK | O_CLOEXEC | flags, 0666);
	if (fd < 0)
		return -1;
	if (check_opened(fd) || (size = lseek(fd, 0, SEEK_END)) < 0 ||
	    (size = whole_lines(fd, size)) < 0 || ftruncate(fd, size)) {
		int saved = errno;

		close(fd);
		errno = saved;
		return -1;
	}
	record->fd = fd;
	record->size = size;
	return 0;
}

int window_record_open(struct window_record *record, const char *path,
		       uint64_t max_bytes, unsigned int keep)
{
	memset(record, 0, sizeof(*record));
	record->fd = -1;
	record->path = strdup(path);
	if (!record->path)
		return -1;
	record->max_bytes = max_bytes;
	record->keep = keep;
	if (open_file(record, 0)) {
		window_record_close(record);
		return -1;
	}
	return 0;
}

void window_record_close(struct window_record *record)
{
	if (record->fd >= 0)
		close(record->fd);
	record->fd = -1;
	free(record->path);
	record->path = NULL;
}

/* FILE.<n>, or FILE itself for 0. */
static void rotated_name(char *buf, size_t size, const char *path,
			 unsigned int n)
{
	if (n)
		snprintf(buf, size, "%s.%u", path, n);
	else
		snprintf(buf, size, "%s", path);
}

/* Shift FILE.<keep-1> .. FILE to FILE.<keep> .. FILE.1; a new FILE. */
static int rotate(struct window_record *record)
{
	size_t len = strlen(record->path) + 16;
	char from[len], to[len];
	unsigned int n;

	/* keep 0: the file is emptied */
	if (!record->keep) {
		if (ftruncate(record->fd, 0))
			return -1;
		record->size = 0;
		return 0;
	}
	close(record->fd);
	record->fd = -1;
	for (n = record->keep; n > 0; n--) {
		rotated_name(from, len, record->path, n - 1);
		rotated_name(to, len, record->path, n);
		if (rename(from, to) && errno != ENOENT)
			return -1;
	}
	/* renamed away: whatever is there now is not ours */
	return open_file(record, O_EXCL);
}

/* @text as one write; on a short or failed one, the file as it was. */
static int append_line(struct window_record *record, const char *text,
		       size_t len)
{
	ssize_t n = write(record->fd, text, len);
	int saved;

	if (n == (ssize_t)len)
		return 0;
	saved = n < 0 ? errno : ENOSPC;
	/* a torn line would glue to the next one */
	if (ftruncate(record->fd, record->size))
		saved = errno;
	errno = saved;
	return -1;
}

static struct json_object *u64(uint64_t value)
{
	return json_object_new_uint64(value);
}

static struct json_object *context_object(const struct histogram *hist)
{
	struct json_object *obj = json_object_new_object();
	const struct series_stats *s = &hist->stats;

	json_object_object_add(obj, "count", u64(s->count));
	json_object_object_add(obj, "max", s->count ? u64(s->max) : NULL);
	json_object_object_add(obj, "avg", s->count ?
			       json_object_new_double((double)s->sum / s->count) :
			       NULL);
	json_object_object_add(obj, "percentiles", json_percentiles(hist));
	json_object_object_add(obj, "over", u64(hist->over));
	return obj;
}

static struct json_object *window_object(const struct rtla_results *window,
					 const struct context_desc *const *contexts,
					 int nr, time_t end)
{
	struct json_object *line = json_object_new_object(), *cpus, *cpu_obj;
	char stamp[32], key[16];
	struct tm tm;
	int cpu, c;

	gmtime_r(&end, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", &tm);
	json_object_object_add(line, "time", json_object_new_string(stamp));
	json_object_object_add(line, "unit", json_object_new_string(
		window->divisor == 1 ? "ns" : "us"));
	cpus = json_object_new_object();
	for (cpu = 0; cpu < window->nr_cpus; cpu++) {
		if (!results_cpu_shown(window, cpu))
			continue;
		cpu_obj = json_object_new_object();
		for (c = 0; c < nr; c++)
			json_object_object_add(cpu_obj, contexts[c]->key,
				context_object(&window->cpu[cpu].hist[contexts[c]->id]));
		json_object_object_add(cpu_obj, "lost",
				       u64(window->cpu[cpu].lost_events));
		snprintf(key, sizeof(key), "%d", cpu);
		json_object_object_add(cpus, key, cpu_obj);
	}
	json_object_object_add(line, "cpus", cpus);
	return line;
}

int window_record_write(struct window_record *record,
			const struct rtla_results *window,
			const struct context_desc *const *contexts, int nr,
			time_t end)
{
	struct json_object *line;
	char *text = NULL;
	int len, ret = -1;

	/* a rotation failed before: try the file again */
	if (record->fd < 0 && open_file(record, 0))
		return -1;
	line = window_object(window, contexts, nr, end);
	len = asprintf(&text, "%s\n", json_object_to_json_string_ext(line,
					JSON_C_TO_STRING_PLAIN));
	if (len < 0) {
		text = NULL;
		goto out;
	}
	if (record->size && record->size + len > record->max_bytes &&
	    rotate(record))
		goto out;
	if (append_line(record, text, len))
		goto out;
	record->size += len;
	ret = 0;
out:
	free(text);
	json_object_put(line);
	return ret;
}
