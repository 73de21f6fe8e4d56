/* run.c: the selftest's driver (run.h). Portable: the firmware's C library
 * is selftest/libc.c, the host twin's is the host's. */
#include <stddef.h>
#include <stdio.h>
#include "run.h"

/* The counters every CHECK moves (tests/check.h): one pair for all tests,
 * reset before each. */
int cs_tests_passed, cs_tests_failed;

int cs_selftest_run(const char *where)
{
	int passed = 0, failed = 0;
	unsigned i;
	printf("selftest: %u unit tests of the core, %s\n", cs_selftests_n, where);
	for (i = 0; i < cs_selftests_n; i++) {
		int rc;
		/* as if run with no arguments: argv[0] is its name */
		char *argv[2] = { (char *)cs_selftests[i].name, NULL };
		cs_tests_passed = cs_tests_failed = 0;
		rc = cs_selftests[i].run ? cs_selftests[i].run() : cs_selftests[i].run_args(1, argv);
		/* main() said it failed but no check did: still a failure */
		if (rc != 0 && cs_tests_failed == 0)
			cs_tests_failed = 1;
		printf("  %s: %d passed, %d failed\n", cs_selftests[i].name, cs_tests_passed,
		       cs_tests_failed);
		passed += cs_tests_passed;
		failed += cs_tests_failed;
	}
	printf("selftest: %d passed, %d failed\n", passed, failed);
	return failed;
}
