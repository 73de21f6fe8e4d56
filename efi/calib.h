/* calib.h: the counter's frequency, quantum and read cost, measured at
 * start-up: against the ACPI PM timer where there is one, and against the
 * firmware's Stall() always, so the two can be compared. */
#ifndef CS_EFI_CALIB_H
#define CS_EFI_CALIB_H

#include <efi.h>
#include <stdint.h>
#include "../arch/arch.h"
#include "../common/jsonw.h"

struct cs_calib {
	const char *counter;       /* "tsc" */
	double hz;                 /* the figure used: reference, else Stall */
	const char *hz_from;       /* "acpi-pm-timer", "stall", "published" */
	int has_ref;
	const char *ref_name;
	char ref_why[128];         /* why there is no reference */
	double ref_hz, hz_ref;     /* reference's nominal rate; counter by it */
	uint32_t ref_port, ref_bits;
	double hz_stall;           /* counter measured across BS->Stall() */
	double disagreement;       /* hz_stall / hz_ref - 1 (when has_ref) */
	double interval_ms;
	uint64_t quantum_ticks;    /* smallest non-zero step seen */
	double quantum_ns;
	double read_ns;            /* cost of one ordered read */
	uint32_t zero_steps;       /* back-to-back reads that saw no step */
	int invariant;
};

/* 0 on success; -1 when the counter does not move (then nothing is usable).
 * A reference clock that does not move is said in ref_why, and the counter
 * is calibrated by Stall() alone: every wait on a clock here is bounded. */
int cs_calibrate(EFI_SYSTEM_TABLE *st, const struct cs_platform *pf,
		 double interval_ms, int invariant, struct cs_calib *c);
void cs_calib_json(struct cs_jsonw *j, const struct cs_calib *c);

#endif
