/* trap.h: run something that may trap (an instruction the kernel does not
 * let user space run, or a read it does not emulate) and learn so, rather
 * than die of it. For the host probe's questions to the arch layer: may
 * this process flush a line, read MIDR_EL1? */
#ifndef CS_HOST_TRAP_H
#define CS_HOST_TRAP_H

/* Runs fn(arg) with SIGILL, SIGSEGV and SIGBUS caught: 0 when it
 * returned, else the signal that stopped it. The process's own handlers
 * are put back after. Not reentrant; the main thread only. */
int cs_trap_try(void (*fn)(void *arg), void *arg);

#endif
