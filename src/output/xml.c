// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "output/xml.h"

void xml_text(FILE *out, const char *text)
{
	for (; *text; text++) {
		switch (*text) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		default:
			fputc(*text, out);
		}
	}
}

void xml_attr(FILE *out, const char *name, const char *value)
{
	fprintf(out, " %s=\"", name);
	xml_text(out, value);
	fputc('"', out);
}
