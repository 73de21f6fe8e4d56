/* trap.c: a guarded call (trap.h). The handler jumps back to the call; the
 * signal mask is saved and restored with the jump. */
#define _GNU_SOURCE
#include "trap.h"

#include <setjmp.h>
#include <signal.h>
#include <string.h>

static sigjmp_buf back;
static const int sigs[] = { SIGILL, SIGSEGV, SIGBUS };

static void caught(int sig)
{
	siglongjmp(back, sig);
}

int cs_trap_try(void (*fn)(void *arg), void *arg)
{
	struct sigaction sa, old[sizeof sigs / sizeof sigs[0]];
	volatile int got;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = caught;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, &old[i]);
	got = sigsetjmp(back, 1);
	if (got == 0)
		fn(arg);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &old[i], NULL);
	return got;
}
