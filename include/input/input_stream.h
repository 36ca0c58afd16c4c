/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_INPUT_STREAM_H
#define RTLA_INPUT_STREAM_H

#include <stdio.h>
#include <sys/types.h>

/*
 * The files rtla report, compare and plot read, read once and in
 * bounded pieces: a pipe (`<(...)`, "-" for stdin) works as a file does,
 * and /dev/zero or a runaway file is refused instead of filling memory.
 */

/* @path ("-": stdin) open for reading: NULL with a reason in @why. */
FILE *input_open(const char *path, char *why, size_t size);
/* Undo input_open(); stdin stays open. */
void input_close(FILE *f);

/*
 * The next line of @f, its newline kept, into *@buf (grown, NUL-ended):
 * its length; -1 at the end of @f; -2 when it holds more than @max bytes
 * (errno EFBIG) or cannot be read (errno as read(2) set it).
 */
ssize_t input_line(FILE *f, char **buf, size_t *cap, size_t max);

/*
 * The rest of @f appended to *@buf, which holds *@len bytes: 0, or -1
 * with errno EFBIG when the whole would pass @max bytes.
 */
int input_rest(FILE *f, char **buf, size_t *len, size_t *cap, size_t max);

/*
 * The first byte of @f past blanks, left there to be read (EOF at the
 * end): a JSON report or --record file starts with '{', and anything
 * else is refused before it is read.
 */
int input_first_byte(FILE *f);

#endif
