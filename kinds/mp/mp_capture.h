/* mp_capture.h: what a capture says about the other processors (issue 8):
 * the processor list from MP services, the competitor sweep (the same sweep
 * run again with application processors streaming through buffers of their
 * own) and per-kind-of-core sweeps. Included by capture.h inside struct
 * cs_capture's definitions; every member is absent (has_ 0) when not
 * measured. Capacities are modest: a sweep here holds at most
 * CS_MP_MAX_POINTS points (the reader refuses more). */
#ifndef CS_MP_CAPTURE_H
#define CS_MP_CAPTURE_H

#define CS_MP_MAX_PROCS 64   /* processors listed */
#define CS_MP_MAX_POINTS 256 /* points in a competitor or per-kind sweep */
#define CS_MP_MAX_KINDS 4    /* kinds of core */

struct cs_mp_proc {
	uint32_t number;  /* MP services' processor number */
	uint32_t package, core, thread;
	int bsp, enabled;
};

struct cs_mp_sweep {
	uint32_t n_points;
	struct cs_point points[CS_MP_MAX_POINTS];
};

struct cs_mp_kind {
	char kind[CS_WORD_MAX];     /* "performance", "efficiency", "all", ... */
	uint32_t n_procs;
	uint32_t procs[CS_MP_MAX_PROCS]; /* processor numbers */
	int has_sweep;
	struct cs_mp_sweep sweep;
	/* As measured (written, not read back): what its first processor
	 * publishes, how and where it was swept. */
	int has_ident, arm;         /* arm: core_type is a MIDR */
	uint32_t core_type, cache_sig;
	char how[96];
	uint32_t swept_on;
};

struct cs_mp {
	/* "processors": a list, or null with "processors_reason" */
	int has_processors;          /* the member is present (list or null) */
	int processors_null;
	char processors_reason[CS_TEXT_MAX];
	uint32_t total, enabled, bsp; /* as MP services counts them (written, not read) */
	uint32_t n_procs;
	struct cs_mp_proc procs[CS_MP_MAX_PROCS];
	/* "competitor" ("competitor_note" when asked for and not run) */
	uint32_t requested;          /* competitors asked for; 0: none */
	char note[CS_TEXT_MAX];      /* why fewer (or none) ran; "" */
	int has_competitor;
	uint32_t threads;
	uint64_t buffer_bytes;
	int stopped_clean;           /* every AP stopped within the bounded wait */
	uint32_t comp_procs[CS_MP_MAX_PROCS]; /* the streaming processors */
	uint64_t passes[CS_MP_MAX_PROCS];     /* buffer passes each made */
	double seconds;              /* from their start to their stop */
	struct cs_mp_sweep comp;
	/* "cores" */
	uint32_t n_kinds;
	struct cs_mp_kind kinds[CS_MP_MAX_KINDS];
};

/* its member of struct cs_capture (scripts/kinds-h.sh) */
#define CS_CAPTURE_MEMBER_MP struct cs_mp mp; /* other processors */

#endif
