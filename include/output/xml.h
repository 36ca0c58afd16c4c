/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RTLA_XML_H
#define RTLA_XML_H

#include <stdio.h>

/* @text with XML's five special characters escaped. */
void xml_text(FILE *out, const char *text);
/* ' name="value"', the value escaped. */
void xml_attr(FILE *out, const char *name, const char *value);

#endif
