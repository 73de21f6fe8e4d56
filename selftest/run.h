/* run.h: the selftest's driver. Runs every unit test compiled into the
 * image, in the order of the table mk/selftest.mk generates from
 * tests/test_*.c, printing one line per test and the total:
 *   "  test_reduce: 155 passed, 0 failed" ... "selftest: N passed, N failed".
 * The same driver is built for the firmware and for the host (its twin,
 * whose counts the firmware's must equal). */
#ifndef CS_ST_RUN_H
#define CS_ST_RUN_H

/* The test's main(), renamed cs_selftest_<name> when its object is made:
 * one of the two, as the test declares it. */
struct cs_selftest {
	const char *name; /* "test_reduce" */
	int (*run)(void);
	int (*run_args)(int argc, char **argv);
};
extern const struct cs_selftest cs_selftests[];
extern const unsigned cs_selftests_n;

/* Runs them all; 'where' names the build in the first line. Returns the
 * number of failed checks (a test whose main returned non-zero with no
 * failed check counts one). */
int cs_selftest_run(const char *where);

#endif
