// SPDX-License-Identifier: GPL-2.0
/* A report or a --record series, whichever a file given to read holds. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "input/input_stream.h"
#include "input/saved_input.h"

static int read_report(FILE *f, char *text, size_t len, size_t cap,
		       struct saved_input *in, char *why, size_t size)
{
	int ret;

	ret = input_rest(f, &text, &len, &cap, SAVED_MAX_BYTES);
	if (ret)
		snprintf(why, size, "%s", errno == EFBIG ?
			 "larger than " SAVED_MAX_TEXT ", more than rtla reads" :
			 strerror(errno));
	else
		ret = saved_run_parse(text, len, &in->run, why, size);
	free(text);
	return ret;
}

static int read_series(FILE *f, char *first,
		       struct saved_input *in, char *why, size_t size)
{
	int ret;

	memset(&in->series, 0, sizeof(in->series));
	ret = window_series_read_stream(f, NULL, first, &in->series, why, size);
	free(first);
	if (ret) {
		window_series_free(&in->series);
		return ret;
	}
	return window_series_finish(&in->series, NULL, why, size);
}

/* A file that is neither: said before the rest of it is read. */
static int refuse(int first, char *why, size_t size)
{
	if (first == EOF)
		snprintf(why, size, "empty");
	else
		snprintf(why, size, "not a JSON report or --record file (it starts with byte 0x%02x)",
			 first & 0xff);
	return -1;
}

int saved_input_read_stream(FILE *f, struct saved_input *in, char *why,
			    size_t size)
{
	size_t cap = 0;
	char *text = NULL;
	ssize_t len;
	int first;

	first = input_first_byte(f);
	if (first != '{')
		return refuse(first, why, size);
	len = input_line(f, &text, &cap, SAVED_MAX_BYTES);
	if (len < 0) {
		free(text);
		snprintf(why, size, "%s", errno == EFBIG ?
			 "larger than " SAVED_MAX_TEXT ", more than rtla reads" :
			 strerror(errno));
		return -1;
	}
	in->record = window_line_is_record(text);
	if (in->record)
		return read_series(f, text, in, why, size);
	return read_report(f, text, len, cap, in, why, size);
}

int saved_input_read(const char *arg, struct saved_input *in, char *why,
		     size_t size)
{
	char reason[128];
	FILE *f;
	int ret;

	memset(in, 0, sizeof(*in));
	snprintf(in->run.path, sizeof(in->run.path), "%s", arg);
	if (strchr(arg, ',')) {
		in->record = true;
		return window_series_read(arg, &in->series, why, size);
	}
	f = input_open(arg, reason, sizeof(reason));
	if (!f) {
		snprintf(why, size, "%s", reason);
		return -1;
	}
	ret = saved_input_read_stream(f, in, why, size);
	input_close(f);
	return ret;
}

void saved_input_free(struct saved_input *in)
{
	if (in->record)
		window_series_free(&in->series);
	else
		saved_run_free(&in->run);
}

int saved_report_read(const char *path, struct saved_run *run, char *why,
		      size_t size)
{
	struct saved_input in;

	if (saved_input_read(path, &in, why, size))
		return -1;
	if (in.record) {
		saved_input_free(&in);
		snprintf(why, size, "a timerlat monitor --record file, not a report");
		return -1;
	}
	*run = in.run;
	return 0;
}
