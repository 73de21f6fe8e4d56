/* check.h: the unit-test harness. A failed check prints file:line and what
 * it saw; cs_test_summary() prints "N passed, N failed" and returns the exit
 * status. Table-driven tests call CHECK inside their loop with the row name. */
#ifndef CS_CHECK_H
#define CS_CHECK_H

#include <stdio.h>
#include <math.h>

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

#define CS_TEST_MAIN_DEFS int cs_tests_passed, cs_tests_failed

static inline int cs_test_summary(const char *suite)
{
	printf("%s: %d passed, %d failed\n", suite, cs_tests_passed,
	       cs_tests_failed);
	return cs_tests_failed ? 1 : 0;
}

#endif
