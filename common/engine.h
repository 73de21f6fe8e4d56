/* engine.h: the measurement, written once for every program. The firmware
 * (efi/), the host probe (host/probe*) and the page (web/wasm/measure.c)
 * each fill a struct cs_engine with a plan and hooks (clock, memory, flush,
 * progress, live drawing, the reducer's placement rule, other processors)
 * and run every kind of the table (kinds.h) in order into struct
 * cs_capture: the sweep over the size grid, the adjacency probe placed from
 * the sweep's live reduction (a refused placement is recorded, once, in its
 * series), seed 003's experiments, and, where the program can drive other
 * processors, their list, the competitor sweep and one sweep per kind of
 * core. A program that can block calls cs_engine_run(); the page, which
 * cannot, calls cs_engine_step() once per point or adjacency distance: the
 * same steps, the one loop over them in cs_engine_run(). Neither program
 * keeps a loop of its own. Freestanding. */
#ifndef CS_ENGINE_H
#define CS_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include "buf.h"
#include "capture.h"
#include "core_types.h"
#include "jsonw.h"
#include "kinds.h"
#include "probe.h"
#include "result.h"
#include "setting.h"
#include "services.h"

/* ---- the plan ---- */

/* A block lasts at least 100 of the clock's quanta, so quantisation stays
 * under 1 % (docs/reduction.md s.1: the reducer's CS_BLOCK_MIN_QUANTA), and at
 * least a floor that keeps it meaningful on a fast clock. */
#define CS_PLAN_BLOCK_QUANTA 100.0
#define CS_PLAN_QUICK_BLOCKS 3
#define CS_PLAN_FULL_BLOCKS 9
#define CS_PLAN_QUICK_FLOOR_NS 20000.0  /* 20 us */
#define CS_PLAN_FULL_FLOOR_NS 1000000.0 /* 1 ms */
/* The adjacency footprint's alignment: a whole line. */
#define CS_PLAN_ADJ_ALIGN 64.0

struct cs_plan {
	uint64_t sweep_max;     /* largest working set */
	uint32_t blocks;        /* timed blocks a point (minimum and median kept) */
	double min_block_ns;    /* each at least this long */
	uint64_t warm_max;      /* cap on warm-up loads (probe.h); 0: a whole turn */
	uint64_t seed;
	uint64_t largest_cache; /* largest published, for the time left; 0: none */
	uint32_t competitors;   /* the sweep again beside N streaming processors */
	int kinds_on_ap;        /* every kind of core swept on another processor */
	uint32_t repeats;       /* the main sweep this many times, 1 to CS_MAX_REPEATS (0: once) */
	/* each kind's settings (kinds.h's settings column, common/setting.h),
	 * by its declarations' order: as set, else their defaults
	 * (cs_kind_settings_default) */
	uint64_t settings[CS_KIND_COUNT][CS_KIND_SETTINGS_MAX];
};

/* Blocks and their floor for a quick or full run on a clock of this quantum. */
void cs_plan_blocks(struct cs_plan *p, int quick, double quantum_ns);
/* Sizes from 4 KiB to max, four an octave (2^(k/4)), 64-byte multiples. */
uint32_t cs_grid_sizes(uint64_t max, uint64_t *out, uint32_t cap);
/* "max_bytes", "blocks", "min_block_ns", "min_block_is", "warm_max_loads",
 * "seed", "repeats" inside an open capture object. */
void cs_plan_json(struct cs_jsonw *j, const struct cs_plan *p);

/* ---- what the engine says while it runs ---- */

enum cs_event_kind {
	CS_EV_NONE,         /* nothing to show */
	CS_EV_SWEEP,        /* a sweep begins: n sizes, first..last bytes */
	CS_EV_POINT,        /* point i of n measured: pr, seconds it took, eta_s left */
	CS_EV_POINT_FAILED, /* point i of n (bytes) not measured */
	CS_EV_ADJ_BEGIN,    /* the adjacency probe begins */
	CS_EV_ADJ_PLACED,   /* a placement's footprint chosen: about, its series */
	CS_EV_ADJ_POINT,    /* distance i of n (bytes) of about measured: its last point */
	CS_EV_ADJ_POINT_FAILED, /* distance i of n (bytes) of about not measured */
	CS_EV_ADJ_SERIES,   /* a placement measured: about (words says it) */
	CS_EV_ADJ_REFUSED,  /* a placement refused: about (words says its refusal) */
	CS_EV_ADJ_NOT_RUN,  /* no adjacency probe: text says why */
	CS_EV_EXP_BEGIN,    /* seed 003's experiments begin */
	CS_EV_EXP_DONE,     /* ... took seconds */
	CS_EV_EXP_NOT_RUN,  /* ... were not run: text says why */
	CS_EV_NOTE          /* a line about the other processors: text */
};

struct cs_event {
	enum cs_event_kind kind;
	uint32_t i, n;
	uint64_t bytes, first, last;
	const struct cs_point_result *pr;
	double eta_s, seconds;
	/* A kind's own event: what it is about (the adjacency's series), read
	 * only by that kind's two functions below, which say it: words its
	 * line (cs_event_text calls it), figures what the page draws of it
	 * (web/wasm/measure.c). NULL: the engine's own event, said by
	 * cs_event_text, with no figures of a kind's. */
	const void *about;
	void (*words)(struct cs_buf *b, const struct cs_event *e);
	void (*figures)(struct cs_jsonw *j, const struct cs_event *e);
	const char *text;
};

/* The line a person reads for e, ending in '\n' (the same on the
 * firmware's screen and on the host probe's stderr); nothing for the
 * events a chart or the page draws but a screen of lines does not (none,
 * a sweep begins, a placement chosen, an adjacency distance). */
void cs_event_text(struct cs_buf *b, const struct cs_event *e);

/* ---- the hooks ---- */

/* The adjacency placement rule (docs/reduction.md s.5) is the reducer's; the
 * engine asks it through these (reduce/place.h fills them). */
struct cs_placer {
	/* Reduce the capture's sweep as it stands: 0, or -1 with err[]. */
	int (*reduce)(void *ctx, const struct cs_capture *c, char *err, size_t errlen);
	/* A footprint for placement p, a multiple of align with 2F at most
	 * max_bytes: 0 and *f, or -1 and *why (refused rather than moved). */
	int (*place)(void *ctx, enum cs_placement p, double align, double max_bytes,
		     double *f, struct cs_refusal *why);
	/* The levels that reduction found, each's first and last bytes (at
	 * most cap): their count, 0 when it did not run or found none (the
	 * bandwidth kind's misses in flight are placed inside each). May be
	 * NULL. */
	uint32_t (*levels)(void *ctx, double *first, double *last, uint32_t cap);
	void *ctx;
};

/* Every kind's hooks, declared in its folder (CS_HOOKS_MEMBER_<ID>: the
 * other processors', the TLB's windows, the bandwidth kernels, the core
 * clock's chain, the geometry's region) and gathered by scripts/kinds-h.sh
 * (docs/layers.md "Storage"); each kind's says what NULL means. */
#include "../build/gen/kinds_hooks.h"

struct cs_engine_hooks {
	/* The kernels' clock (probe.h): now() ordered against the loads
	 * around it; irq_off/irq_on NULL where interrupts cannot be masked. */
	struct cs_probe_clock clk;
	/* Seconds on a wall clock, for durations and the time left. */
	double (*seconds)(void *ctx);
	/* The one region every kind measures in: 64-byte aligned. */
	void *mem;
	uint64_t mem_bytes;
	/* Evicts a range from every cache (arch.h cs_arch_flush). */
	void (*flush)(const void *p, uint64_t bytes);
	/* What happened (cs_event_text words it); NULL: nothing shown. */
	void (*progress)(void *ctx, const struct cs_event *e);
	/* After each point of the main sweep, for a chart; may be NULL. */
	void (*live)(void *ctx, const struct cs_capture *c);
	struct cs_placer placer;
	CS_KINDS_HOOKS_MEMBERS /* each kind's, in folder order (kinds/NAME/) */
	/* What the host offers the kinds (services.h): where it is given, each
	 * kind makes its hooks above from it as its run begins (the kind's
	 * <name>_platform.c); NULL: the hooks are the program's own (tests). */
	const struct cs_services *svc;
	void *ctx;
};

/* A kind that watches every kind's run (the core clock, kinds/clock/):
 * begin once as the run begins; kind_begin before the first step of each
 * row that runs (its name), kind_step after each of its steps (last: the
 * row's final one). Declared in the watching kind's folder as
 * CS_WATCH_<ID> { begin, kind_begin, kind_step }, and gathered by
 * scripts/kinds-h.sh into the engine's list (common/engine.c). */
struct cs_engine;
struct cs_watch {
	void (*begin)(struct cs_engine *e, struct cs_capture *c);
	void (*kind_begin)(struct cs_engine *e, struct cs_capture *c, const char *kind);
	void (*kind_step)(struct cs_engine *e, struct cs_capture *c, int last);
};

/* ---- where a run stands between steps ---- */

/* The engine's sweep over the size grid, between points: every kind that
 * sweeps takes it (the sweep's main sweep, the competitor's, each core
 * type's, the TLB's large pages, the bandwidth's grid), so it is the
 * engine's, not one kind's. */
struct cs_grid_at {
	struct cs_rng rng;
	uint32_t i, n;          /* the next size, and how many there are */
	uint32_t got;           /* points measured */
	int show;               /* the time left in each point's event */
	double t0;              /* when it began */
	struct cs_point_result pr; /* the last point (its event points here) */
};

/* Where each kind's run stands between its steps, declared in its folder
 * (CS_AT_MEMBER_<ID>: the main sweep's passes, the adjacency probe's
 * placement and distance) and gathered by scripts/kinds-h.sh (docs/layers.md
 * "Storage"); zero as the run begins. */
#include "../build/gen/kinds_at.h"

/* The run: the row of the table running and its steps so far. */
struct cs_engine_at {
	uint32_t kind;          /* CS_KIND_COUNT: the run is over */
	uint32_t step;          /* the row's steps so far: 0, it begins */
	CS_KINDS_AT_MEMBERS /* each kind's, in folder order (kinds/NAME/) */
};

struct cs_engine {
	struct cs_plan plan;
	struct cs_engine_hooks hooks;
	double per_byte;        /* the time left's build cost, learnt */
	struct cs_engine_at at; /* a run between steps (cs_engine_begin) */
};

/* Begins a run of every kind of the table into c (whose header, clock and
 * published caches the program has filled), recording how (c->run). */
void cs_engine_begin(struct cs_engine *e, struct cs_capture *c);

/* The run's next step: a point of the sweep, a placement or one distance
 * of the adjacency probe, or a whole kind that cannot pause (the
 * experiments, the other processors'). Its event is said through the
 * progress hook (and after a point of the main sweep the live hook draws
 * it) and left in *ev for a program that shows it itself; steps with
 * nothing to say are taken in the same call. Returns 1 while the run goes
 * on, 0 when it is over (*ev then CS_EV_NONE). */
int cs_engine_step(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev);

/* The whole run, blocking: cs_engine_begin, then every step. */
void cs_engine_run(struct cs_engine *e, struct cs_capture *c);

/* One blocking sweep over the plan's sizes into pts (at most cap points),
 * by the same steps as the main sweep: the competitor's, a kind of
 * core's. With 'show' the progress hook hears of each point. Returns the
 * points measured. */
uint32_t cs_engine_sweep(struct cs_engine *e, uint64_t seed, int show,
			 struct cs_point *pts, uint32_t cap);

/* A sweep a step, as cs_engine_sweep takes them (the main sweep's run,
 * kinds/sweep/sweep_run.c): begin leaves the sweep's event (CS_EV_SWEEP)
 * in *ev; each next measures one size into pts[s->got] (and into the main
 * sweep's detail d, which may be NULL), leaving CS_EV_POINT or
 * CS_EV_POINT_FAILED. The clock and the time left are read only where
 * someone hears of them (show) or records them (d). */
void cs_engine_sweep_begin(struct cs_engine *e, struct cs_grid_at *s, uint64_t seed,
			   int show, uint32_t cap, struct cs_event *ev);
void cs_engine_sweep_next(struct cs_engine *e, struct cs_grid_at *s, struct cs_point *pts,
			  struct cs_run_detail *d, struct cs_event *ev);

/* The main sweep's repeats (plan.repeats, kinds/sweep/sweep_run.c): the
 * slot (of m, the sizes the first pass measured) that pass 'pass' of
 * 'repeats' measures k-th: the first in order, each later one rotated by
 * pass * m / repeats, the odd ones reversed; a permutation of 0 .. m-1. */
uint32_t cs_repeat_slot(uint32_t pass, uint32_t k, uint32_t m, uint32_t repeats);

/* The program's clock in seconds (its seconds hook), 0 without one. */
double cs_engine_seconds(const struct cs_engine *e);

/* Says something through the progress hook. */
void cs_engine_say(struct cs_engine *e, const struct cs_event *ev);
void cs_engine_note(struct cs_engine *e, const char *text);

/* The run column of the table (kinds.h), declared from it: a kind's run
 * needs no line here. A run is one step of its kind: it leaves the step's
 * event in *ev (CS_EV_NONE when it has nothing to say; the engine says it)
 * and returns 1 while the kind has steps left, 0 when it is done; e->at.step
 * is 0 at the kind's first step. What the event points to must outlive the
 * step (the capture, e->at, a constant): the caller reads it after. A kind
 * that cannot pause runs whole in its first step and returns 0. */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, ...) \
	int run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev);
CS_KINDS
#undef CS_KIND
int cs_none_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev);

/* The points column of the table (kinds.h), declared from it: how many
 * timed points a kind's run takes under plan p; and their sum over rows
 * first .. end-1 (a time said before a run: the host probe's --clamp). */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, screen, points, ...) \
	uint32_t points(const struct cs_plan *p);
CS_KINDS
#undef CS_KIND
uint32_t cs_none_points(const struct cs_plan *p);
uint64_t cs_plan_points(const struct cs_plan *p, uint32_t first, uint32_t end);

#endif
