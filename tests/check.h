/* check.h: the unit-test harness. A failed check prints file:line and what
 * it saw; cs_test_summary() prints "N passed, N failed" and returns the exit
 * status. Table-driven tests call CHECK inside their loop with the row name.
 *
 * The same test sources also build into the firmware's selftest
 * (mk/selftest.mk, selftest/): with CS_SELFTEST defined, the counters are
 * the driver's, each test's main() (either standard form) becomes an entry
 * of the selftest's table, called with no arguments, and <stdio.h>,
 * <string.h>, <math.h>, ... are
 * selftest/include's small C library. CS_TEST_HOSTED is then 0: a part of a
 * test that needs the host (libm or printf as the oracle, files, the host
 * reader) sits under `#if CS_TEST_HOSTED` and is left out of the selftest
 * and of its host twin alike, so the two counts stay comparable. */
#ifndef CS_CHECK_H
#define CS_CHECK_H

#include <stdio.h>
#include <math.h>

#ifdef CS_SELFTEST
#define CS_TEST_HOSTED 0
#else
#define CS_TEST_HOSTED 1
#endif

extern int cs_tests_passed, cs_tests_failed;

#define CHECK(cond, ...)                                                      \
	do {                                                                  \
		if (cond) {                                                   \
			cs_tests_passed++;                                    \
		} else {                                                      \
			cs_tests_failed++;                                    \
			fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__,         \
				__LINE__, #cond);                             \
			fprintf(stderr, __VA_ARGS__);                         \
			fputc('\n', stderr);                                  \
		}                                                             \
	} while (0)

#define CHECK_NEAR(a, b, tol, name)                                           \
	CHECK(fabs((double)(a) - (double)(b)) <= (tol),                       \
	      "%s: %.9g vs %.9g (tol %.3g)", name, (double)(a), (double)(b),  \
	      (double)(tol))

#ifdef CS_SELFTEST
/* The driver (selftest/run.c) owns the counters and prints the counts. */
#define CS_TEST_MAIN_DEFS extern int cs_tests_passed, cs_tests_failed

static inline int cs_test_summary(const char *suite)
{
	(void)suite;
	return cs_tests_failed ? 1 : 0;
}
#else
#define CS_TEST_MAIN_DEFS int cs_tests_passed, cs_tests_failed

static inline int cs_test_summary(const char *suite)
{
	printf("%s: %d passed, %d failed\n", suite, cs_tests_passed,
	       cs_tests_failed);
	return cs_tests_failed ? 1 : 0;
}
#endif

#endif
