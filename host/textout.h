/* textout.h: what the host commands print that may hold text from outside
 * (file names, labels, option values, the reader's messages quoting a
 * capture), through the one escaping rule of common/buf.h: no control
 * character from a capture, a file name or an argument reaches a terminal. */
#ifndef CS_TEXTOUT_H
#define CS_TEXTOUT_H

#include <stdio.h>

/* One line on stderr: formatted, escaped as one field (a newline inside
 * shows as \n), then a newline. */
void cs_eprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Text made of lines (a report): newlines kept, other control characters
 * escaped. */
void cs_fput_lines(FILE *f, const char *text);

#endif
