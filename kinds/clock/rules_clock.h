/* rules_clock.h: the core clock's and the reference verdict's constants
 * (docs/clock.md; the reduction kinds/clock/clock_reduce.c and
 * kinds/clock/clock_reference.c). Every refusal sentence prints the constant it tests. */
#ifndef CS_RULES_CLOCK_H
#define CS_RULES_CLOCK_H

/* docs/clock.md s.1: a reading is the fastest of CS_CLOCK_CHAIN_RUNS timed
 * chains, each at least CS_CLOCK_READING_QUANTA of the counter's quanta
 * (the block rule's 100: quantisation under 1 %); a counter so coarse that
 * this needs over CS_CLOCK_READING_MAX_NS gives no reading (said). */
#define CS_CLOCK_CHAIN_RUNS 3
#define CS_CLOCK_READING_QUANTA 100.0
#define CS_CLOCK_READING_MAX_NS 2000000.0
/* The cycle counter's reading spans this many chain readings, so that its
 * own read (a system call on Linux) is under 1 % of it. */
#define CS_CLOCK_CC_CHAINS 16

/* docs/clock.md s.2, the drift rule: a reading whose rate departs from the
 * run's median by more than CS_CLOCK_DRIFT_MAX (a fraction) is marked; a
 * kind with more than CS_CLOCK_DRIFT_SHARE of its readings marked is
 * refused clock-drift, and then no figure of the capture is given in
 * cycles. */
#define CS_CLOCK_DRIFT_MAX 0.05
#define CS_CLOCK_DRIFT_SHARE 0.10
/* s.3: the cycle counter and the chain disagree when their rates differ by
 * more than this fraction (recorded, said, not a refusal of the chain). */
#define CS_CLOCK_CC_AGREE 0.05

/* docs/emulators.md s.3: a chain of dependent adds (one add a cycle on any
 * core) that runs over this many times the cycle counter's rate did more
 * than one dependent add a counted cycle: no core, an emulator's own
 * counter. QEMU 7.2 TCG here (aarch64, -cpu max): chain 3.34 G adds/s,
 * PMCCNTR 1.01 GHz, 3.3x; a core's counter agrees within CS_CLOCK_CC_AGREE. */
#define CS_CLOCK_EMULATED_RATIO 1.5

#endif
