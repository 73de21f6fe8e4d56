/* buf.h: a bounded text buffer and number formatting, freestanding.
 * Everything the core prints (reasons, reports, capture JSON) goes through
 * here, so firmware and host print the same digits. The buffer is always
 * NUL-terminated; writing past its end sets 'overflow' and truncates, on a
 * UTF-8 character boundary, and nothing more is appended until a reset.
 * Every number writer is total: any finite double gives digits (no
 * conversion that can overflow), tested at the extremes (tests/test_buf.c). */
#ifndef CS_BUF_H
#define CS_BUF_H

#include <stddef.h>
#include <stdint.h>

struct cs_buf {
	char *p;
	size_t cap; /* bytes at p, including the NUL */
	size_t len;
	int overflow;
};

void cs_buf_init(struct cs_buf *b, char *mem, size_t cap);
void cs_buf_reset(struct cs_buf *b);
void cs_putc(struct cs_buf *b, char c);
void cs_puts(struct cs_buf *b, const char *s);
void cs_putn(struct cs_buf *b, const char *s, size_t n);
/* A figure that is no finite double (a product or quotient of values the
 * reader accepts, 1e308 ns * 3 GHz) has no digits: every number writer
 * below (and reader/fmt.c's %g) prints these words for it, so no text ever
 * shows "inf", "nan", "null" or "?" for a number. JSON writes null
 * (common/jsonw.c). */
#define CS_WORDS_OVER "over 1.8e308"
#define CS_WORDS_UNDER "under -1.8e308"
#define CS_WORDS_NAN "undefined"
const char *cs_nonfinite_words(double v);
void cs_put_u64(struct cs_buf *b, uint64_t v);
void cs_put_i64(struct cs_buf *b, int64_t v);
void cs_put_hex(struct cs_buf *b, uint64_t v, int min_digits); /* 0x... */
/* Fixed point, 'decimals' digits after the point, rounded half away. */
void cs_put_fixed(struct cs_buf *b, double v, int decimals);
/* 'sig' significant digits, trailing zeros dropped, exponent form outside
 * 1e-5..1e15; valid JSON for every finite v (subnormals and DBL_MAX
 * included), good to about 15 digits. */
void cs_put_g(struct cs_buf *b, double v, int sig);
/* A size for people: "48 KiB", "1.25 MiB", "512 B"; up to EiB, then an
 * exponent ("1.56e290 EiB"); under one byte, "5e-324 B"; a negative one
 * with its sign. */
void cs_put_size(struct cs_buf *b, double bytes);
/* Signed percentage of a ratio: 0.0312 -> "+3.1 %" (any finite ratio). */
void cs_put_pct(struct cs_buf *b, double ratio);
/* Pads with spaces to reach column 'col' from 'line_start'. */
void cs_pad_to(struct cs_buf *b, size_t line_start, size_t col);

/* Small string helpers (no libc in the core). */
size_t cs_strlen(const char *s);
int cs_streq(const char *a, const char *b);
void cs_strlcpy(char *dst, const char *src, size_t cap);
void cs_memset(void *p, int v, size_t n);
void cs_memcpy(void *d, const void *s, size_t n);
/* A name for files: letters and digits, other runs as one '-', at most
 * cap - 1 characters, ending on a whole word. */
void cs_short_name(char *dst, size_t cap, const char *src);

/* ---- UTF-8 and text from outside ----
 * The strict form (RFC 3629): no overlong forms, no surrogates, nothing
 * above U+10FFFF; the same rule as common/jsoncheck.c and the JSON writer.
 * cs_utf8_next: the length of the valid character at s (n bytes there) and
 * its code point, or 0 when s does not start one.
 * cs_utf8_cut: s holds more than max bytes; the largest k <= max at which
 * s may be cut without splitting a character.
 * cs_utf8_prefix: the bytes of the first 'chars' characters of s (an
 * invalid byte counts as one). */
size_t cs_utf8_next(const char *s, size_t n, uint32_t *cp);
size_t cs_utf8_cut(const char *s, size_t max);
size_t cs_utf8_prefix(const char *s, size_t n, size_t chars);
/* s as valid UTF-8: each byte that does not start a valid character as
 * U+FFFD, as the JSON writer would write it; cut on a character boundary.
 * For text from outside kept in a bounded field (a capture's label): what
 * the field holds is then exactly what the capture will say. */
void cs_put_utf8(struct cs_buf *b, const char *s);
/* One character of s (n bytes there) so: the valid character, or U+FFFD
 * for a byte that does not start one; returns the bytes of s it took. */
size_t cs_put_utf8_char(struct cs_buf *b, const char *s, size_t n);

/* Text that came from outside (labels, file names, reasons and names read
 * from a capture or a settings file) made safe for a terminal, one shared
 * rule for every text output: control characters are shown, never sent
 * (ESC as \e, newline \n, tab \t, CR \r, others \xHH), a backslash as
 * \\, a byte that is not UTF-8 as \xHH, C1 controls, bidirectional
 * overrides and line separators as \uHHHH; other characters as they are.
 * cs_put_text puts one field (one line); cs_put_text_lines filters a whole
 * report: newlines and backslashes kept, the rest as above, so a report
 * whose fields were put with cs_put_text passes through unchanged. */
void cs_put_text(struct cs_buf *b, const char *s);
void cs_put_textn(struct cs_buf *b, const char *s, size_t n);
void cs_put_text_lines(struct cs_buf *b, const char *s);

#endif
