/* test_libc: the C library the unit tests lean on, with known answers. On
 * the host it checks the answers against the host's C library; inside the
 * firmware's selftest it checks selftest/libc.c, which stands in for it
 * there (a strstr that always matched would make every test pass). Only
 * what both must agree on: %g's exponent form differs (the selftest prints
 * common/buf.c's "1e15") and is not asked. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"

CS_TEST_MAIN_DEFS;

static char out[128];

/* One formatted string against its expected text. */
#define FMT(want, ...)                                                        \
	do {                                                                  \
		int n_ = snprintf(out, sizeof out, __VA_ARGS__);              \
		CHECK(n_ == (int)strlen(want) && strcmp(out, want) == 0,      \
		      "%s: got '%s' (%d)", #__VA_ARGS__, out, n_);            \
	} while (0)

static void test_format(void)
{
	FMT("42|   42|42   |00042|-7", "%d|%5d|%-5d|%05d|%d", 42, 42, 42, 42, -7);
	FMT("4294967295 18446744073709551615 17", "%u %llu %zu", 4294967295u,
	    18446744073709551615ull, (size_t)17);
	FMT("2c 0x2c 0x2c 00002c 2C 0", "%x %#x %#04x %06x %X %#x", 0x2cu, 0x2cu, 0x2cu, 0x2cu,
	    0x2cu, 0u);
	FMT("abc|ab|     abc|abc     |", "%s|%.2s|%8s|%-8s|", "abc", "abc", "abc", "abc");
	FMT("x% y", "%c%% %c", 'x', 'y');
	FMT("0x1234", "%p", (void *)0x1234);
	FMT("0.5 4096 3.14 1.5 -2.25", "%g %g %.3g %.9g %g", 0.5, 4096.0, 3.14159, 1.5, -2.25);
	FMT("3.142 2.500 -0.75 12", "%.3f %.3f %.2f %.0f", 3.14159, 2.5, -0.75, 12.0);
	FMT("  1.5|1.5  ", "%*g|%-*g", 5, 1.5, 5, 1.5);
	FMT("2.7183", "%.*g", 5, 2.718281828);
	FMT("nan inf -inf", "%g %g %g", (double)NAN, (double)INFINITY, -(double)INFINITY);
	/* cut to the buffer, terminated, the full length returned */
	char small[8];
	volatile size_t cap = 4; /* hidden from the compiler's truncation warning */
	int n = snprintf(small, cap, "abcdef");
	CHECK(n == 6 && strcmp(small, "abc") == 0, "truncation: '%s' %d", small, n);
	CHECK(snprintf(NULL, 0, "%d", 12345) == 5, "length without a buffer");
}

static void test_strings(void)
{
	char buf[32];
	CHECK(strlen("") == 0 && strlen("abc") == 3, "strlen");
	CHECK(strcmp("abc", "abc") == 0 && strcmp("abc", "abd") < 0 && strcmp("b", "abc") > 0 &&
	      strcmp("ab", "abc") < 0 && strcmp("\xe2", "a") > 0, "strcmp order (unsigned)");
	CHECK(strncmp("abcx", "abcy", 3) == 0 && strncmp("abcx", "abcy", 4) < 0 &&
	      strncmp("a", "b", 0) == 0, "strncmp");
	const char *hay = "knee-missing: no knee";
	CHECK(strstr(hay, "no knee") == hay + 14 && strstr(hay, "knee") == hay &&
	      strstr(hay, "knees") == NULL && strstr(hay, "") == hay && strstr("", "a") == NULL,
	      "strstr");
	CHECK(strchr(hay, ':') == hay + 12 && strchr(hay, 'z') == NULL && strchr(hay, 0) == hay + 21,
	      "strchr");
	CHECK(strrchr("1.25 MiB", ' ') != NULL && !strcmp(strrchr("1.25 MiB", ' '), " MiB") &&
	      strrchr("abc", 'z') == NULL && *strrchr("abc", 0) == 0, "strrchr");
	CHECK(strcpy(buf, "level 2") == buf && strcmp(buf, "level 2") == 0, "strcpy");
	CHECK(strcat(buf, ", 3") == buf && strcmp(buf, "level 2, 3") == 0, "strcat: %s", buf);
	memcpy(buf, "0123456789", 11);
	memmove(buf + 2, buf, 5);
	CHECK(strcmp(buf, "0101234789") == 0, "memmove forward overlap: %s", buf);
	memmove(buf, buf + 3, 5);
	CHECK(strcmp(buf, "1234734789") == 0, "memmove backward overlap: %s", buf);
	CHECK(memcmp("ab\x80", "ab\x01", 3) > 0 && memcmp("ab", "ab", 2) == 0 && memcmp("a", "b", 0) == 0,
	      "memcmp (unsigned)");
	memset(buf, 'z', 3);
	CHECK(buf[0] == 'z' && buf[2] == 'z' && buf[3] == '4', "memset");
}

static void test_memory(void)
{
	unsigned char *a = malloc(100), *z = calloc(1000, 8);
	void *p = NULL;
	unsigned char *al = aligned_alloc(64, 4096);
	int zero = 1;
	CHECK(a && (uintptr_t)a % 8 == 0, "malloc: %p", (void *)a);
	CHECK(z != NULL, "calloc");
	for (size_t i = 0; z && i < 8000; i++)
		zero &= z[i] == 0;
	CHECK(zero, "calloc zeroes");
	CHECK(al && (uintptr_t)al % 64 == 0, "aligned_alloc(64): %p", (void *)al);
	CHECK(posix_memalign(&p, 4096, 1 << 20) == 0 && (uintptr_t)p % 4096 == 0, "posix_memalign(4096): %p", p);
	if (p)
		memset(p, 0xa5, 1 << 20); /* all of it is ours */
	free(a);
	free(z);
	free(al);
	free(p);
	free(NULL);
	CHECK(abs(-3) == 3 && abs(4) == 4, "abs");
}

static void test_maths(void)
{
	volatile double two = 2, x = 5.5; /* not folded by the compiler */
	CHECK(fmod(x, 2) == 1.5 && fmod(-x, 2) == -1.5 && fmod(1 << 30, 4096) == 0 &&
	      fmod(16400, 4096) == 16, "fmod");
	CHECK(fmod(1e300, 1e-300) >= 0 && fmod(1e300, 1e-300) < 1e-300, "fmod over 600 decades");
	CHECK(isnan(fmod(x, 0)) && isnan(fmod((double)INFINITY, 2)), "fmod's NaNs");
	CHECK(pow(two, 10) == 1024 && pow(two, -2) == 0.25 && pow(two, 0) == 1, "pow of whole exponents");
	CHECK(fabs(pow(two, 0.5) - 1.4142135623730951) < 1e-15, "pow(2, 0.5) = %.17g", pow(two, 0.5));
	CHECK(ldexp(1.0, 12) == 4096 && ldexp(3.0, -1) == 1.5 && ldexp(1.0, -1074) == 4.9406564584124654e-324 &&
	      ldexp(1.0, 1024) == INFINITY && ldexp(0.75, -1020) == 0x1.8p-1021 &&
	      ldexp(0x1p1000, -1500) == 0x1p-500 && ldexp(1.0, -3000) == 0, "ldexp");
	CHECK(log2(4096) == 12 && fabs(log2(3.0) - 1.584962500721156) < 1e-15, "log2(3) = %.17g", log2(3.0));
	CHECK(floor(-1.5) == -2 && floor(2.5) == 2 && fabs(-x) == 5.5, "floor, fabs");
	CHECK(fmax(NAN, 1) == 1 && fmax(1, NAN) == 1 && fmin(NAN, -1) == -1 && fmin(3, 2) == 2 &&
	      fmax(3, 2) == 3, "fmin, fmax and NaN");
	CHECK(isnan(NAN) && isinf(INFINITY) && !isnan(x), "NaN and infinity");
}

/* The clock the probe tests time with: monotonic, and it moves. */
static void test_clock(void)
{
	struct timespec a, b;
	volatile unsigned long spin = 0;
	int moved = 0, back = 0;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (int i = 0; i < 1000000 && !moved; i++) {
		spin++;
		clock_gettime(CLOCK_MONOTONIC, &b);
		back |= b.tv_sec < a.tv_sec || (b.tv_sec == a.tv_sec && b.tv_nsec < a.tv_nsec);
		moved = b.tv_sec != a.tv_sec || b.tv_nsec != a.tv_nsec;
	}
	CHECK(moved && !back, "the clock moved %d, went back %d", moved, back);
	CHECK(b.tv_nsec >= 0 && b.tv_nsec < 1000000000, "nanoseconds %ld", b.tv_nsec);
}

int main(void)
{
	test_format();
	test_strings();
	test_memory();
	test_maths();
	test_clock();
	return cs_test_summary("libc");
}
