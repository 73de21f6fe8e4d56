/* time.h for the firmware selftest: a monotonic clock for the tests that
 * time the probe kernels. The firmware has no clock service finer than a
 * second (GetTime) and OVMF/AAVMF offer no timestamp protocol, so it is a
 * periodic UEFI timer event counted in selftest/efi.c: coarse (the
 * firmware's tick), but real time, and monotonic. */
#ifndef CS_ST_TIME_H
#define CS_ST_TIME_H

typedef long time_t;
typedef int clockid_t;
struct timespec {
	time_t tv_sec;
	long tv_nsec;
};
#define CLOCK_MONOTONIC 1
int clock_gettime(clockid_t id, struct timespec *ts);

#endif
