/* test_math: the core's sqrt/log/exp against libm, and the formatter's
 * digits against printf, over the ranges a capture uses and the edges. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../common/csmath.h"
#include "../common/buf.h"

CS_TEST_MAIN_DEFS;

#if CS_TEST_HOSTED /* libm and printf are the oracles: the firmware has no others */
static double rel(double a, double b)
{
	if (a == b)
		return 0;
	return fabs(a - b) / fmax(fabs(b), 1e-300);
}
#endif

static void test_functions(void)
{
#if CS_TEST_HOSTED
	/* log-spaced sweeps, tiny to huge; one check each on the worst case */
	double w_sqrt = 0, w_log = 0, w_exp = 0, w_rt = 0, at_sqrt = 0, at_log = 0, at_exp = 0;
	for (double x = 1e-300; x < 1e300; x *= 1.37) {
		double e = rel(cs_sqrt(x), sqrt(x));
		if (e > w_sqrt) { w_sqrt = e; at_sqrt = x; }
		e = fabs(cs_log(x) - log(x)) / fmax(1, fabs(log(x)));
		if (e > w_log) { w_log = e; at_log = x; }
	}
	for (double x = -700; x < 700; x += 0.731) {
		double e = rel(cs_exp(x), exp(x));
		if (e > w_exp) { w_exp = e; at_exp = x; }
	}
	/* log and exp together are how knees are interpolated */
	for (double x = 4096; x < 1e12; x *= 1.19)
		w_rt = fmax(w_rt, rel(cs_exp(cs_log(x)), x));
	CHECK(w_sqrt < 4e-16, "sqrt worst %.3g at %g", w_sqrt, at_sqrt);
	CHECK(w_log < 4e-16, "log worst %.3g at %g", w_log, at_log);
	CHECK(w_exp < 2e-15, "exp worst %.3g at %g", w_exp, at_exp);
	CHECK(w_rt < 1e-14, "exp(log(x)) worst %.3g", w_rt);
	CHECK(rel(cs_sqrt(4.9e-324), sqrt(4.9e-324)) < 1e-15, "sqrt of the least subnormal");
#endif
	CHECK(cs_isnan(cs_sqrt(-1)), "sqrt(-1) must be NaN");
	CHECK(cs_sqrt(0) == 0, "sqrt(0)");
	CHECK(cs_isnan(cs_log(-1)), "log(-1) must be NaN");
	CHECK(cs_log(0) < 0 && !cs_isfinite(cs_log(0)), "log(0) must be -inf");
	CHECK(cs_log(1) == 0, "log(1) = %g", cs_log(1));
	CHECK(cs_exp(0) == 1, "exp(0) = %g", cs_exp(0));
	CHECK(!cs_isfinite(cs_exp(1000)), "exp(1000) overflows");
	CHECK(cs_exp(-1000) == 0, "exp(-1000) underflows");
	CHECK(cs_isnan(cs_nan()) && !cs_isfinite(cs_inf()) && cs_isfinite(1.0), "classification");
	CHECK(cs_floor(-1.5) == -2 && cs_floor(2.5) == 2 && cs_floor(-0.0) == 0, "floor");
}

/* The same functions against values libm gave once (glibc 2.36, printed
 * with %a): the accuracy check that also runs in the firmware, where the
 * compiler (aarch64 contracts a*b+c into one fused step) and the flags are
 * the firmware's and there is no libm to ask. */
static void test_recorded(void)
{
	static const struct { double x, sqrt_x, log_x; } sl[] = {
		{ 1e-300, 0x1.a2fe76a3f9475p-499, -0x1.5963447f87fb5p+9 },
		{ 3e-10, 0x1.2297040738a25p-16, -0x1.5ed5f82f7da2ap+4 },
		{ 0.001, 0x1.030dc4ea03a72p-5, -0x1.ba18a998fffa0p+2 },
		{ 0.5, 0x1.6a09e667f3bcdp-1, -0x1.62e42fefa39efp-1 },
		{ 1.5, 0x1.3988e1409212ep+0, 0x1.9f323ecbf984cp-2 },
		{ 2, 0x1.6a09e667f3bcdp+0, 0x1.62e42fefa39efp-1 },
		{ 10, 0x1.94c583ada5b53p+1, 0x1.26bb1bbb55516p+1 },
		{ 4096, 0x1.0000000000000p+6, 0x1.0a2b23f3bab73p+3 },
		{ 34508.8, 0x1.7387e835fbbbap+7, 0x1.4e5df595acd03p+3 },
		{ 1e6, 0x1.f400000000000p+9, 0x1.ba18a998fffa0p+3 },
		{ 3.5e9, 0x1.ce31987d4de88p+15, 0x1.5f9dd0617538ep+4 },
		{ 1e12, 0x1.e848000000000p+19, 0x1.ba18a998fffa0p+4 },
		{ 1e300, 0x1.38d352e5096afp+498, 0x1.5963447f87fb5p+9 },
	};
	static const struct { double x, exp_x; } ex[] = {
		{ -700, 0x1.14f2b0fb9307fp-1010 }, { -20, 0x1.1b48655f37267p-29 },
		{ -1, 0x1.78b56362cef38p-2 },      { -1e-5, 0x1.fffeb07515653p-1 },
		{ 0.5, 0x1.a61298e1e069cp+0 },     { 1, 0x1.5bf0a8b145769p+1 },
		{ 2.5, 0x1.85d6fd931e0bbp+3 },     { 10, 0x1.5829dcf950560p+14 },
		{ 100, 0x1.3494a9b171bf5p+144 },   { 700, 0x1.d945df4f8ec8ep+1009 },
	};
	double w_sqrt = 0, w_log = 0, w_exp = 0;
	for (size_t i = 0; i < sizeof sl / sizeof sl[0]; i++) {
		w_sqrt = fmax(w_sqrt, fabs(cs_sqrt(sl[i].x) - sl[i].sqrt_x) / sl[i].sqrt_x);
		w_log = fmax(w_log, fabs(cs_log(sl[i].x) - sl[i].log_x) / fmax(1, fabs(sl[i].log_x)));
	}
	for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++)
		w_exp = fmax(w_exp, fabs(cs_exp(ex[i].x) - ex[i].exp_x) / ex[i].exp_x);
	CHECK(w_sqrt < 4e-16, "sqrt against recorded values: worst %.3g", w_sqrt);
	CHECK(w_log < 4e-16, "log against recorded values: worst %.3g", w_log);
	CHECK(w_exp < 2e-15, "exp against recorded values: worst %.3g", w_exp);
}

static const char *fmt_g(double v, int sig)
{
	static char mem[64];
	struct cs_buf b;
	cs_buf_init(&b, mem, sizeof mem);
	cs_put_g(&b, v, sig);
	return mem;
}

static void test_format(void)
{
#if CS_TEST_HOSTED
	/* %.Ng parses back to the same value as printf's (one check, worst) */
	srand(7);
	int bad = 0;
	for (int i = 0; i < 20000; i++) {
		double v = exp((rand() / (double)RAND_MAX - 0.5) * 60) * (rand() & 1 ? 1 : -1);
		for (int sig = 3; sig <= 15; sig += 6) {
			char ref[64];
			snprintf(ref, sizeof ref, "%.*g", sig, v);
			double ours = strtod(fmt_g(v, sig), NULL);
			if (rel(ours, strtod(ref, NULL)) > 1e-14 && bad++ < 5)
				fprintf(stderr, "put_g(%.17g, %d) = %s, printf %s\n", v, sig, fmt_g(v, sig), ref);
		}
	}
	CHECK(bad == 0, "%d of 60000 numbers print differently from printf", bad);
#endif
	static const struct { double v; int sig; const char *want; } rows[] = {
		{ 0, 6, "0" }, { 1, 6, "1" }, { 4096, 15, "4096" }, { 0.5, 6, "0.5" },
		{ 9.9999999, 3, "10" }, { 1e15, 6, "1e15" }, { 1.5e-6, 6, "1.5e-6" },
		{ 123456789, 9, "123456789" }, { -2.25, 6, "-2.25" }, { 0.001, 6, "0.001" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		CHECK(strcmp(fmt_g(rows[i].v, rows[i].sig), rows[i].want) == 0,
		      "put_g(%g) = %s, want %s", rows[i].v, fmt_g(rows[i].v, rows[i].sig), rows[i].want);
	CHECK(strcmp(fmt_g(NAN, 6), CS_WORDS_NAN) == 0, "NaN prints in words in text (JSON: null, test_buf)");

	static const struct { double bytes; const char *want; } sizes[] = {
		{ 512, "512 B" }, { 4096, "4 KiB" }, { 49152, "48 KiB" }, { 1310720, "1.25 MiB" },
		{ 36.5 * 1024, "36.5 KiB" }, { 33554432, "32 MiB" }, { 1.5 * 1073741824.0, "1.5 GiB" },
		{ 300.4 * 1024, "300 KiB" },
	};
	char mem[64];
	struct cs_buf b;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		cs_buf_init(&b, mem, sizeof mem);
		cs_put_size(&b, sizes[i].bytes);
		CHECK(strcmp(mem, sizes[i].want) == 0, "size %g = '%s', want '%s'", sizes[i].bytes, mem, sizes[i].want);
	}
	static const struct { double v; int dec; const char *want; } fixed[] = {
		{ 1.005, 1, "1.0" }, { 2.5, 0, "3" }, { -0.004, 2, "0.00" }, { -1.25, 1, "-1.3" },
		{ 123.456, 2, "123.46" }, { 0, 3, "0.000" },
	};
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
		cs_buf_init(&b, mem, sizeof mem);
		cs_put_fixed(&b, fixed[i].v, fixed[i].dec);
		CHECK(strcmp(mem, fixed[i].want) == 0, "fixed %g = '%s', want '%s'", fixed[i].v, mem, fixed[i].want);
	}
	/* the buffer truncates, flags it and stays terminated */
	char small[8];
	cs_buf_init(&b, small, sizeof small);
	cs_puts(&b, "0123456789");
	CHECK(b.overflow && strcmp(small, "0123456") == 0, "overflow: '%s'", small);
	cs_buf_init(&b, mem, sizeof mem);
	cs_put_pct(&b, 0.0312);
	CHECK(strcmp(mem, "+3.1 %") == 0, "pct '%s'", mem);
	cs_buf_init(&b, mem, sizeof mem);
	cs_put_hex(&b, 0x8444c004, 8);
	CHECK(strcmp(mem, "0x8444c004") == 0, "hex '%s'", mem);
}

static void test_short_name(void)
{
	static const struct { const char *in; size_t cap; const char *want; } rows[] = {
		{ "AMD EPYC", 25, "AMD-EPYC" },
		{ "QEMU Virtual CPU version 2.5+", 25, "QEMU-Virtual-CPU-version" },
		{ "  Intel(R) Core(TM) i7-8700K CPU @ 3.70GHz", 25, "Intel-R-Core-TM-i7-8700K" },
		{ "Neoverse N1 r3p1", 12, "Neoverse-N1" },   /* cut on a whole word */
		{ "abcdefghij", 5, "abcd" },                 /* one long word: cut inside it */
		{ "!!!", 25, "" },
		{ "QEMU max", 25, "QEMU-max" },
	};
	char out[64];
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		cs_short_name(out, rows[i].cap, rows[i].in);
		CHECK(strcmp(out, rows[i].want) == 0, "short name of '%s' = '%s', want '%s'",
		      rows[i].in, out, rows[i].want);
	}
}

int main(void)
{
	test_short_name();
	test_functions();
	test_recorded();
	test_format();
	return cs_test_summary("math");
}
