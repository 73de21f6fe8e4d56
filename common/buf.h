/* buf.h: a bounded text buffer and number formatting, freestanding.
 * Everything the core prints (reasons, reports, capture JSON) goes through
 * here, so firmware and host print the same digits. The buffer is always
 * NUL-terminated; writing past its end sets 'overflow' and truncates. */
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
void cs_put_u64(struct cs_buf *b, uint64_t v);
void cs_put_i64(struct cs_buf *b, int64_t v);
void cs_put_hex(struct cs_buf *b, uint64_t v, int min_digits); /* 0x... */
/* Fixed point, 'decimals' digits after the point, rounded half away. */
void cs_put_fixed(struct cs_buf *b, double v, int decimals);
/* 'sig' significant digits, trailing zeros dropped, exponent form outside
 * 1e-5..1e15; valid JSON for every finite v. NaN/inf print as null. */
void cs_put_g(struct cs_buf *b, double v, int sig);
/* A size for people: "48 KiB", "1.25 MiB", "512 B". */
void cs_put_size(struct cs_buf *b, double bytes);
/* Signed percentage of a ratio: 0.0312 -> "+3.1 %". */
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

#endif
