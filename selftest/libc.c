/* libc.c: the subset of the C library the unit tests call, for the firmware
 * selftest (headers in selftest/include/). Strings, memory from the
 * firmware's pool, formatted output to the console, and the maths that is
 * exact. Checked against the host's C library by tests/test_libc.c, which
 * runs in both places. Numbers are formatted by common/buf.c: a failure
 * message prints the core's digits (1e15, not 1e+15). */
#include <stdarg.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "platform.h"
#include "../common/buf.h"
#include "../common/csmath.h"

/* ---- strings ---- */

/* memcpy, memset, memmove and memcmp are the firmware's own: gnu-efi's
 * (libefi) and efi/libc.c, which the link takes from the firmware's objects. */

size_t strlen(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++)
		if (*a != *b || !*a)
			return (unsigned char)*a - (unsigned char)*b;
	return 0;
}

int strcmp(const char *a, const char *b)
{
	return strncmp(a, b, SIZE_MAX);
}

char *strcpy(char *dst, const char *src)
{
	return memcpy(dst, src, strlen(src) + 1);
}

char *strcat(char *dst, const char *src)
{
	strcpy(dst + strlen(dst), src);
	return dst;
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;
	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

char *strstr(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++)
		if (!strncmp(hay, needle, n))
			return (char *)hay;
	return n ? NULL : (char *)hay;
}

/* ---- memory from the pool: the pool's own pointer sits just below ---- */

void *aligned_alloc(size_t align, size_t n)
{
	unsigned char *raw, *p;
	if (align < sizeof(void *) || (align & (align - 1)) || n > SIZE_MAX - align - sizeof(void *))
		return NULL;
	raw = cs_st_pool_alloc(n + align + sizeof(void *));
	if (!raw)
		return NULL;
	p = (unsigned char *)(((uintptr_t)raw + sizeof(void *) + align - 1) & ~(uintptr_t)(align - 1));
	((void **)p)[-1] = raw;
	return p;
}

void *malloc(size_t n)
{
	return aligned_alloc(16, n);
}

void *calloc(size_t n, size_t size)
{
	void *p;
	if (size && n > SIZE_MAX / size)
		return NULL;
	p = malloc(n * size);
	return p ? memset(p, 0, n * size) : NULL;
}

int posix_memalign(void **out, size_t align, size_t n)
{
	*out = aligned_alloc(align, n);
	return *out ? 0 : 12; /* ENOMEM */
}

void free(void *p)
{
	if (p)
		cs_st_pool_free(((void **)p)[-1]);
}

/* ---- maths: exact, or for building inputs only ---- */

double floor(double x)
{
	return cs_floor(x);
}

/* Exact: each step subtracts the largest y * 2^k not above r, and r - t
 * with t <= r < 2t is exact (Sterbenz). */
double fmod(double x, double y)
{
	double r = fabs(x), ay = fabs(y);
	if (isnan(x) || isnan(y) || isinf(x) || y == 0)
		return NAN;
	while (r >= ay) {
		double t = ay;
		while (t <= r / 2)
			t *= 2;
		r -= t;
	}
	return x < 0 ? -r : r;
}

/* 2^k as a double, for -1022 <= k <= 1023. */
static double two_to(int k)
{
	union {
		uint64_t u;
		double d;
	} v = { (uint64_t)(k + 1023) << 52 };
	return v.d;
}

/* One multiplication by a power of two when the result is normal: exact.
 * Past 2^2200 either way the answer is 0 or infinity anyhow. */
double ldexp(double x, int e)
{
	e = e > 2200 ? 2200 : e < -2200 ? -2200 : e;
	for (; e > 1000; e -= 1000)
		x *= two_to(1000);
	for (; e < -1000; e += 1000)
		x *= two_to(-1000);
	return x * two_to(e);
}

double log2(double x)
{
	return cs_log(x) / 0x1.62e42fefa39efp-1; /* ln 2 */
}

#undef pow
/* Whole exponents exactly (a power of two stays one); others through the
 * core's exp and log, which is why no test may use it as an oracle. */
double pow(double x, double y)
{
	if (y == cs_floor(y) && fabs(y) < 1024) {
		double r = 1, b = x;
		long k = (long)fabs(y);
		for (; k; k >>= 1, b *= b)
			if (k & 1)
				r *= b;
		return y < 0 ? 1 / r : r;
	}
	return cs_exp(y * cs_log(x));
}

/* ---- the clock ---- */

int clock_gettime(clockid_t id, struct timespec *ts)
{
	uint64_t ns = cs_st_clock_ns();
	(void)id;
	ts->tv_sec = (time_t)(ns / 1000000000u);
	ts->tv_nsec = (long)(ns % 1000000000u);
	return 0;
}

/* ---- formatted output ---- */

struct sink {
	char *p;
	size_t cap, n; /* n counts every character, kept or not */
};

static void put(struct sink *o, char c)
{
	if (o->n + 1 < o->cap)
		o->p[o->n] = c;
	o->n++;
}

struct spec {
	int left, zero, alt, plus, space, width, prec;
	char len; /* 'l' (long, long long, size_t) or 'h' or 0 */
};

/* One converted item, padded to the width; sign or 0x before zeros. */
static void emit(struct sink *o, const struct spec *sp, const char *pre,
		 const char *s, size_t n)
{
	size_t np = strlen(pre), w = sp->width > 0 ? (size_t)sp->width : 0;
	size_t pad = w > np + n ? w - np - n : 0, i;
	if (!sp->left && !sp->zero)
		for (i = 0; i < pad; i++)
			put(o, ' ');
	for (i = 0; i < np; i++)
		put(o, pre[i]);
	if (!sp->left && sp->zero)
		for (i = 0; i < pad; i++)
			put(o, '0');
	for (i = 0; i < n; i++)
		put(o, s[i]);
	if (sp->left)
		for (i = 0; i < pad; i++)
			put(o, ' ');
}

static void emit_uint(struct sink *o, const struct spec *sp, uint64_t v,
		      unsigned base, int upper, const char *pre)
{
	char d[24];
	size_t n = 0, i;
	const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	do {
		d[n++] = dig[v % base];
		v /= base;
	} while (v);
	for (i = 0; i < n / 2; i++) {
		char t = d[i];
		d[i] = d[n - 1 - i];
		d[n - 1 - i] = t;
	}
	emit(o, sp, pre, d, n);
}

static void emit_double(struct sink *o, const struct spec *sp, double v, char conv)
{
	char mem[64];
	struct cs_buf b;
	const char *pre = v < 0 ? "-" : sp->plus ? "+" : sp->space ? " " : "";
	struct spec s = *sp;
	if (isnan(v) || isinf(v)) {
		s.zero = 0;
		emit(o, &s, isnan(v) ? "" : pre, isnan(v) ? "nan" : "inf", 3);
		return;
	}
	cs_buf_init(&b, mem, sizeof mem);
	if (conv == 'f')
		cs_put_fixed(&b, fabs(v), sp->prec < 0 ? 6 : sp->prec);
	else
		cs_put_g(&b, fabs(v), sp->prec < 0 ? 6 : sp->prec ? sp->prec : 1);
	emit(o, sp, pre, b.p, b.len);
}

static const char *parse_spec(const char *f, struct spec *sp, va_list *ap)
{
	*sp = (struct spec){ 0, 0, 0, 0, 0, 0, -1, 0 };
	for (;; f++) {
		if (*f == '-') sp->left = 1;
		else if (*f == '0') sp->zero = 1;
		else if (*f == '#') sp->alt = 1;
		else if (*f == '+') sp->plus = 1;
		else if (*f == ' ') sp->space = 1;
		else break;
	}
	if (*f == '*') {
		sp->width = va_arg(*ap, int);
		if (sp->width < 0) {
			sp->left = 1;
			sp->width = -sp->width;
		}
		f++;
	}
	for (; *f >= '0' && *f <= '9'; f++)
		sp->width = sp->width * 10 + (*f - '0');
	if (*f == '.') {
		f++;
		sp->prec = 0;
		if (*f == '*') {
			sp->prec = va_arg(*ap, int);
			f++;
		}
		for (; *f >= '0' && *f <= '9'; f++)
			sp->prec = sp->prec * 10 + (*f - '0');
	}
	for (; *f == 'l' || *f == 'z' || *f == 'h' || *f == 'j' || *f == 't'; f++)
		sp->len = *f == 'h' ? 'h' : 'l';
	return f;
}

/* Integers are read at their full width: size_t, long and long long are
 * all 64-bit on both firmware targets. */
static void convert(struct sink *o, struct spec *sp, char c, va_list *ap)
{
	if (c == 'd' || c == 'i') {
		int64_t v = sp->len == 'l' ? va_arg(*ap, long long) : va_arg(*ap, int);
		const char *pre = v < 0 ? "-" : sp->plus ? "+" : sp->space ? " " : "";
		emit_uint(o, sp, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, 10, 0, pre);
	} else if (c == 'u' || c == 'x' || c == 'X' || c == 'o') {
		uint64_t v = sp->len == 'l' ? va_arg(*ap, unsigned long long) : va_arg(*ap, unsigned);
		const char *pre = sp->alt && v && c != 'u' ? (c == 'o' ? "0" : c == 'x' ? "0x" : "0X") : "";
		emit_uint(o, sp, v, c == 'u' ? 10 : c == 'o' ? 8 : 16, c == 'X', pre);
	} else if (c == 'p') {
		sp->zero = 0;
		emit_uint(o, sp, (uintptr_t)va_arg(*ap, void *), 16, 0, "0x");
	} else if (c == 's') {
		const char *s = va_arg(*ap, const char *);
		size_t n = 0;
		if (!s)
			s = "(null)";
		while (s[n] && (sp->prec < 0 || n < (size_t)sp->prec))
			n++;
		sp->zero = 0;
		emit(o, sp, "", s, n);
	} else if (c == 'c') {
		char ch = (char)va_arg(*ap, int);
		sp->zero = 0;
		emit(o, sp, "", &ch, 1);
	} else if (c == 'f' || c == 'F' || c == 'g' || c == 'G' || c == 'e' || c == 'E') {
		emit_double(o, sp, va_arg(*ap, double), c == 'f' || c == 'F' ? 'f' : 'g');
	} else {
		put(o, '%');
		if (c != '%')
			put(o, c);
	}
}

int vsnprintf(char *out, size_t cap, const char *fmt, va_list ap)
{
	struct sink o = { out, cap, 0 };
	va_list a;
	va_copy(a, ap);
	while (*fmt) {
		struct spec sp;
		if (*fmt != '%') {
			put(&o, *fmt++);
			continue;
		}
		fmt = parse_spec(fmt + 1, &sp, &a);
		if (!*fmt)
			break;
		convert(&o, &sp, *fmt++, &a);
	}
	va_end(a);
	if (cap)
		out[o.n < cap ? o.n : cap - 1] = '\0';
	return (int)o.n;
}

int snprintf(char *out, size_t cap, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(out, cap, fmt, ap);
	va_end(ap);
	return n;
}

int sprintf(char *out, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(out, SIZE_MAX, fmt, ap);
	va_end(ap);
	return n;
}

/* stdout and stderr are the one console; the struct is never looked into. */
struct cs_st_file {
	int unused;
};
static struct cs_st_file console;
FILE *stdout = &console, *stderr = &console;

/* A message longer than the buffer is cut, and says so. */
int vfprintf(FILE *f, const char *fmt, va_list ap)
{
	char line[2048];
	int n = vsnprintf(line, sizeof line, fmt, ap);
	(void)f;
	if (n < 0)
		return n;
	cs_st_puts(line);
	if ((size_t)n >= sizeof line)
		cs_st_puts(" [cut]");
	return n;
}

int fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vfprintf(f, fmt, ap);
	va_end(ap);
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vfprintf(stdout, fmt, ap);
	va_end(ap);
	return n;
}

int fputs(const char *s, FILE *f)
{
	(void)f;
	cs_st_puts(s);
	return 0;
}

int puts(const char *s)
{
	fputs(s, stdout);
	cs_st_puts("\n");
	return 0;
}

int fputc(int c, FILE *f)
{
	char ch[2] = { (char)c, 0 };
	(void)f;
	cs_st_puts(ch);
	return (unsigned char)c;
}
