/* capture.h: a capture in memory, as docs/capture.md's core defines it.
 * Shared by every producer (firmware, host probe, synthetic generator), the
 * host reader and the reducer. Fixed capacities: the core allocates nothing,
 * and the reader refuses captures larger than these bounds. */
#ifndef CS_CAPTURE_H
#define CS_CAPTURE_H

#include <stdint.h>
#include "secureboot.h"

#define CS_MAX_SWEEP_POINTS 1024 /* sweep points in one capture */
#define CS_MAX_ADJ_SERIES 8      /* adjacency placements in one capture (kinds/adjacency/) */
#define CS_MAX_ADJ_POINTS 64     /* distances in one adjacency series */
#define CS_MAX_CACHES 32         /* published cache descriptors */
#define CS_TEXT_MAX 256          /* label and other free text, with its NUL */
#define CS_WORD_MAX 32           /* short names: source, kind, arch, with NUL */
#define CS_MAX_REPEATS 9         /* whole sweeps in one capture (probe --repeat, repeat=) */

enum cs_cache_type { CS_CACHE_DATA, CS_CACHE_INSTRUCTION, CS_CACHE_UNIFIED };

struct cs_cache {
	uint32_t level;      /* 1 = closest to the core */
	enum cs_cache_type type;
	uint64_t size_bytes;
	uint32_t line_bytes; /* 0: not published */
};

/* Every optional figure carries a has_ flag: absent means "not measured",
 * never zero (docs/capture.md). */
struct cs_clock {
	char source[CS_WORD_MAX]; /* "" when absent */
	int has_hz;
	double hz;
	int has_quantum;
	double quantum_ns;
	int has_clamp;
	double clamp_ns;
};

struct cs_point {
	double bytes;    /* working-set size */
	double ns;       /* cost per dependent load */
	int has_block;
	double block_ns; /* duration of the shortest timed block */
};

enum cs_placement { CS_PLACE_FIRST, CS_PLACE_MIDDLE, CS_PLACE_LAST };

/* Every kind's data, declared in its folder (CS_CAPTURE_MEMBER_<ID>) and
 * gathered by scripts/kinds-h.sh into a generated header (mk/kinds.mk):
 * the ground includes nothing above it (docs/layers.md "Storage"). */
#include "../build/gen/kinds_capture.h"

/* How the engine measured (engine.h), beside the core: written after the
 * producer's own members as "sweep_detail" and "adjacency_probe" (the
 * record column of kinds.h), never read back (present 0 in a capture read
 * from a file). A refused placement is not here: its series says it. */
struct cs_run_detail {
	int present;
	uint32_t failed_points;  /* sizes the kernels could not time */
	double sweep_s, adj_s;   /* seconds each took */
	double median_ns[CS_MAX_SWEEP_POINTS]; /* beside each point's minimum */
	uint64_t loads[CS_MAX_SWEEP_POINTS];   /* loads per timed block */
	double point_s[CS_MAX_SWEEP_POINTS];   /* seconds each point took */
	double adj_block_ns[CS_MAX_ADJ_SERIES]; /* each series' shortest block */
	char adj_not_run[CS_TEXT_MAX]; /* why no adjacency probe ran; "" when it did */
};

/* Who made the capture and when, as the producer says (producer.name,
 * .version, .started_utc, cpu.brand): the chart's title and legend alone
 * (chart/svg.c); read when they are strings, never refused; "" absent. */
struct cs_about {
	char producer[CS_WORD_MAX];
	char version[CS_WORD_MAX];
	char started[CS_WORD_MAX]; /* an ISO 8601 UTC time */
	char brand[CS_WORD_MAX * 2];
};

struct cs_capture {
	uint32_t version;
	char label[CS_TEXT_MAX];
	char env_kind[CS_WORD_MAX]; /* uefi | linux | browser | imported | synthetic */
	char arch[CS_WORD_MAX];     /* any [A-Za-z0-9_] token; "" when absent */
	int vm; /* cpu.hypervisor: 1 a virtual machine, 0 not, -1 unsaid (the summary's trust line only) */
	char cpu_sig[CS_TEXT_MAX]; /* the cpu member's CPUID or MIDR signature, "" unsaid (compare only) */
	/* an emulated processor (common/emulator.h, docs/emulators.md): the
	 * emulator's name ("" none seen) and the evidence that named it, from
	 * the cpu member; the clock kind's timing adds its own (kinds/clock) */
	char emulator[CS_WORD_MAX];
	char emulator_evidence[CS_TEXT_MAX];
	struct cs_clock clock;
	char published_source[CS_WORD_MAX];
	uint32_t n_caches;
	struct cs_cache caches[CS_MAX_CACHES];
	uint32_t n_points;
	struct cs_point points[CS_MAX_SWEEP_POINTS];
	struct cs_secure_boot sb; /* a firmware's producer.secure_boot (secureboot.h) */
	struct cs_about about; /* the producer's name and time, for pictures */
	CS_KINDS_CAPTURE_MEMBERS /* each kind's, in folder order (kinds/NAME/) */
	struct cs_run_detail run; /* how it was measured; keep last */
};

const char *cs_placement_name(enum cs_placement p);
const char *cs_cache_type_name(enum cs_cache_type t);
/* 0 and *out set when name is known; -1 otherwise. */
int cs_placement_parse(const char *name, enum cs_placement *out);
int cs_cache_type_parse(const char *name, enum cs_cache_type *out);
void cs_capture_init(struct cs_capture *c);
/* environment.arch: 1 when s is a non-empty token of letters, digits, '_'
 * (docs/capture.md); cs_arch_known: 1 for the architectures this project names
 * (x86_64, aarch64, riscv64); others are read and noted, not refused. */
int cs_arch_token(const char *s);
int cs_arch_known(const char *s);

#endif
