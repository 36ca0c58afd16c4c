// SPDX-License-Identifier: GPL-2.0
/* Bounded reading of the files rtla report, compare and plot take. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input/input_stream.h"

#define INPUT_CHUNK	65536

FILE *input_open(const char *path, char *why, size_t size)
{
	struct stat st;
	FILE *f;

	if (!strcmp(path, "-"))
		return stdin;
	f = fopen(path, "re");
	if (!f) {
		snprintf(why, size, "%s", strerror(errno));
		return NULL;
	}
	if (!fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
		fclose(f);
		snprintf(why, size, "%s", strerror(EISDIR));
		return NULL;
	}
	return f;
}

void input_close(FILE *f)
{
	if (f && f != stdin)
		fclose(f);
}

/*
 * Room for @need bytes and a NUL in *@buf; @need may pass @max by one
 * byte, which tells a file too large from one that fills @max.
 */
static int reserve(char **buf, size_t *cap, size_t need, size_t max)
{
	size_t grown = *cap ? *cap : INPUT_CHUNK;
	char *text;

	if (need > max + 1) {
		errno = EFBIG;
		return -1;
	}
	while (grown < need + 1)
		grown *= 2;
	if (grown > max + 2)
		grown = max + 2;
	if (grown <= *cap)
		return 0;
	text = realloc(*buf, grown);
	if (!text)
		return -1;
	*buf = text;
	*cap = grown;
	return 0;
}

ssize_t input_line(FILE *f, char **buf, size_t *cap, size_t max)
{
	size_t len = 0;
	int c;

	while ((c = getc_unlocked(f)) != EOF) {
		if (len == max) {
			errno = EFBIG;
			return -2;
		}
		if (reserve(buf, cap, len + 1, max))
			return -2;
		(*buf)[len++] = c;
		if (c == '\n')
			break;
	}
	if (ferror(f))
		return -2;
	if (!len)
		return -1;
	(*buf)[len] = 0;
	return len;
}

int input_rest(FILE *f, char **buf, size_t *len, size_t *cap, size_t max)
{
	size_t n;

	do {
		if (reserve(buf, cap, *len + INPUT_CHUNK <= max ?
			    *len + INPUT_CHUNK : max + 1, max))
			return -1;
		n = fread(*buf + *len, 1, *cap - 1 - *len, f);
		*len += n;
		if (*len > max) {
			errno = EFBIG;
			return -1;
		}
	} while (n);
	if (ferror(f))
		return -1;
	(*buf)[*len] = 0;
	return 0;
}

int input_first_byte(FILE *f)
{
	int c;

	do
		c = getc_unlocked(f);
	while (c == ' ' || c == '\t' || c == '\r' || c == '\n');
	if (c != EOF)
		ungetc(c, f);
	return c;
}
