/* host.c: the selftest's host twin. The same tests, in the same selftest
 * mode (check.h's CS_TEST_HOSTED 0), built for the host with its own C
 * library: the counts the firmware's run must equal. */
#include "run.h"

int main(void)
{
	return cs_selftest_run("host twin") ? 1 : 0;
}
