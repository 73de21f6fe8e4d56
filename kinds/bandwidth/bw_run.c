/* bw_run.c: the bandwidth kind's run (common/kinds.h, docs/bandwidth.md
 * s.1): streaming read, write, copy and non-temporal write over the size
 * grid (four an octave from 4 KiB, engine.h cs_grid_sizes) on this
 * processor with the widest kernels the architecture offers
 * (kinds/bandwidth/bw_probe.h), the same read on every processor at once
 * (each on its own slice of the region), then the misses in flight
 * (bw_mlp.c). Each point: one warm-up pass, then blocks by the block rule
 * (common/probe.h cs_timed_blocks: each at least 100 clock quanta and a
 * floor), median and minimum kept; buffers 2 MiB aligned where that big,
 * else 4 KiB (copy's destination one line past). A block streams on from where the last
 * stopped, wrapping at the buffer's end, so a block is as long as the rule
 * wants whatever the buffer. Runs whole in one step. Freestanding. */
#include "bw_kind.h"
#include "bw_run.h"
#include "bw_settings.h"

/* The block floor, at most this (the plan's own, 1 ms full, would make the
 * four operations' 73 sizes cost seconds): 100 us is still 1e4 quanta of a
 * 10 ns clock. docs/bandwidth.md s.1. */
#define CS_BW_BLOCK_FLOOR_NS 100000.0
/* Blocks a point, at most (median of five; the plan's quick run has 3). */
#define CS_BW_MAX_BLOCKS 5
/* The warm-up pass covers at most this much of the buffer: past it the
 * buffer is beyond every cache this kind is meant to see, and the blocks
 * stream from memory anyway. */
#define CS_BW_WARM_BYTES (64ull << 20)
/* Sizing starts from this many chunks (8 KiB) and grows (probe.c). */
#define CS_BW_START_CHUNKS 16
/* Buffers (and each processor's slice) start on a 2 MiB boundary where
 * they are that big, else on 4 KiB. */
#define CS_BW_ALIGN_LARGE (2ull << 20)
#define CS_BW_ALIGN_SMALL 4096ull
/* Copy's destination starts this far past an aligned boundary: with source
 * and destination a multiple of 4 KiB apart, each load and the store
 * beside it fall in one L1 set and the same 4 KiB offset (measured here:
 * an L2-sized copy at 0.6x of the skewed one and of likwid-bench's). */
#define CS_BW_COPY_SKEW 64ull

static uint64_t round_down(uint64_t v, uint64_t a) { return v / a * a; }
static uint64_t round_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

uint64_t cs_bw_align(uint64_t bytes)
{
	return round_up(bytes, bytes >= CS_BW_ALIGN_LARGE ? CS_BW_ALIGN_LARGE : CS_BW_ALIGN_SMALL);
}

/* ---- one processor's stream ---- */

static void op_run(struct cs_bw_stream *s, uint64_t off, uint64_t n)
{
	const struct cs_bw_kernels *k = s->k;
	switch (s->op) {
	case CS_BW_READ: s->sink += k->read(s->buf + off, n); break;
	case CS_BW_WRITE: k->write(s->buf + off, n, s->sink | 1); break;
	case CS_BW_COPY: k->copy(s->dst + off, s->buf + off, n); break;
	default: k->nt_write(s->buf + off, n, s->sink | 1); break;
	}
}

void cs_bw_stream_pass(struct cs_bw_stream *s, uint64_t chunks)
{
	uint64_t left = chunks * CS_BW_CHUNK;
	while (left) {
		uint64_t n = s->bytes - s->at;
		if (n > left)
			n = left;
		op_run(s, s->at, n);
		s->at += n;
		if (s->at >= s->bytes)
			s->at = 0;
		left -= n;
	}
}

static uint64_t stream_timed(const struct cs_probe_clock *clk, void *st, uint64_t loads)
{
	uint64_t t0 = clk->now(clk->ctx), t1;
	cs_bw_stream_pass(st, loads);
	t1 = clk->now(clk->ctx);
	return t1 - t0;
}

/* ---- the plan of a point ---- */

void cs_bw_block_plan(const struct cs_engine *e, uint32_t *blocks, double *floor_ns)
{
	double q = CS_PLAN_BLOCK_QUANTA * e->hooks.clk.quantum_ns;
	*blocks = e->plan.blocks < CS_BW_MAX_BLOCKS ? e->plan.blocks : CS_BW_MAX_BLOCKS;
	if (*blocks == 0)
		*blocks = 1;
	*floor_ns = e->plan.min_block_ns < CS_BW_BLOCK_FLOOR_NS ? e->plan.min_block_ns
								: CS_BW_BLOCK_FLOOR_NS;
	if (*floor_ns < q)
		*floor_ns = q;
}

/* A point by the block rule over walk w (its warm-up pass done by the
 * caller), per counted byte: 0 and *p, or -1 (the clock never moved). */
int cs_bw_point_time(const struct cs_engine *e, const struct cs_walk *w, double bytes,
		     double per_chunk, struct cs_bw_point *p)
{
	uint32_t blocks;
	double floor_ns, mn, med, sh;
	cs_bw_block_plan(e, &blocks, &floor_ns);
	if (cs_timed_blocks(&e->hooks.clk, w, CS_BW_START_CHUNKS, blocks, floor_ns,
			    1.0 / per_chunk, &mn, &med, &sh) == 0)
		return -1;
	*p = (struct cs_bw_point){ bytes, med, mn, 1, sh };
	return 0;
}

/* The warm-up: one pass over the buffer, or CS_BW_WARM_BYTES of it. */
static void warm(struct cs_bw_stream *s)
{
	uint64_t b = s->bytes < CS_BW_WARM_BYTES ? s->bytes : CS_BW_WARM_BYTES;
	s->at = 0;
	cs_bw_stream_pass(s, b / CS_BW_CHUNK);
}

/* ---- a series of one operation on this processor ---- */

static void refuse(struct cs_bw_series *s, const char *why)
{
	s->refused = 1;
	s->n = 0;
	cs_strlcpy(s->refusal, why, sizeof s->refusal);
}

static struct cs_bw_series *new_series(struct cs_bw_capture *bw, enum cs_bw_op op,
				       const struct cs_bw_kernels *k, uint32_t threads)
{
	struct cs_bw_series *s = &bw->series[bw->n_series++];
	cs_memset(s, 0, sizeof *s);
	s->op = op;
	cs_strlcpy(s->kernel, k->name, sizeof s->kernel);
	s->vector_bytes = k->vector_bytes;
	s->threads = threads;
	s->bytes_per_byte_touched = cs_bw_convention(op);
	return s;
}

/* The sizes of the grid a buffer of at most max bytes allows, each a
 * multiple of CS_BW_CHUNK: their count. */
uint32_t cs_bw_sizes(uint64_t max, uint64_t *out, uint32_t cap)
{
	uint32_t n = cs_grid_sizes(max, out, cap), got = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint64_t b = round_down(out[i], CS_BW_CHUNK);
		if (b >= CS_BW_CHUNK && (got == 0 || b > out[got - 1]))
			out[got++] = b;
	}
	return got;
}

static void one_series(struct cs_engine *e, struct cs_bw_capture *bw, enum cs_bw_op op,
		       const struct cs_bw_kernels *k, uint64_t max)
{
	struct cs_bw_series *s = new_series(bw, op, k, 1);
	struct cs_bw_stream st = { k, op, e->hooks.mem, 0, 0, 0, 0 };
	struct cs_walk w = { stream_timed, &st };
	uint64_t sizes[CS_BW_MAX_POINTS];
	uint32_t n;

	if (op == CS_BW_NT_WRITE && !k->nt_write) {
		refuse(s, "this instruction set has no non-temporal store");
		return;
	}
	if (op == CS_BW_COPY)
		max = max / 2 > CS_BW_ALIGN_LARGE ? max / 2 - CS_BW_ALIGN_LARGE
		      : max / 2 > CS_BW_ALIGN_SMALL ? max / 2 - CS_BW_ALIGN_SMALL : 0;
	n = cs_bw_sizes(max, sizes, CS_BW_MAX_POINTS);
	for (uint32_t i = 0; i < n; i++) {
		st.bytes = sizes[i];
		st.dst = st.buf + cs_bw_align(sizes[i]) + CS_BW_COPY_SKEW;
		warm(&st);
		if (cs_bw_point_time(e, &w, (double)sizes[i],
				     (double)CS_BW_CHUNK * s->bytes_per_byte_touched, &s->pts[s->n]) == 0)
			s->n++;
	}
	if (n == 0)
		refuse(s, "the region holds no buffer of the grid's first size for this operation");
	else if (s->n == 0)
		refuse(s, "no size could be timed: the clock did not move");
}

/* ---- the run ---- */

static void say_series(struct cs_engine *e, const struct cs_bw_series *s, double secs)
{
	char line[CS_TEXT_MAX + 160];
	struct cs_buf b;
	cs_buf_init(&b, line, sizeof line);
	cs_puts(&b, "bandwidth: ");
	cs_puts(&b, cs_bw_op_name(s->op));
	cs_puts(&b, s->threads > 1 ? " on " : "");
	if (s->threads > 1) {
		cs_put_u64(&b, s->threads);
		cs_puts(&b, " processors");
	}
	cs_puts(&b, " (");
	cs_puts(&b, s->kernel);
	cs_puts(&b, "): ");
	if (s->refused) {
		cs_puts(&b, s->refusal);
	} else {
		cs_put_u64(&b, s->n);
		cs_puts(&b, " sizes to ");
		cs_put_size(&b, s->pts[s->n - 1].bytes);
		cs_puts(&b, ", ");
		cs_put_g(&b, secs, 3);
		cs_puts(&b, " s");
	}
	cs_putc(&b, '\n');
	cs_engine_note(e, line);
}

static void say_line(struct cs_engine *e, const char *a, const char *b_)
{
	char line[CS_TEXT_MAX + 160];
	struct cs_buf b;
	cs_buf_init(&b, line, sizeof line);
	cs_puts(&b, a);
	cs_puts(&b, b_);
	cs_putc(&b, '\n');
	cs_engine_note(e, line);
}

static void say_mlp(struct cs_engine *e, const struct cs_bw_capture *bw)
{
	char line[CS_TEXT_MAX + 160];
	struct cs_buf b;
	cs_buf_init(&b, line, sizeof line);
	if (bw->mlp_null) {
		say_line(e, "misses in flight: not measured: ", bw->mlp_why);
		return;
	}
	cs_puts(&b, "misses in flight: 1 to 16 chains at ");
	cs_put_u64(&b, bw->n_mlp);
	cs_puts(&b, " sizes, ");
	cs_put_g(&b, bw->mlp_s, 3);
	cs_puts(&b, " s");
	if (bw->all_cores_note[0]) {
		cs_puts(&b, "; all cores: ");
		cs_puts(&b, bw->all_cores_note);
	}
	cs_putc(&b, '\n');
	cs_engine_note(e, line);
}

static void null_member(struct cs_bw_capture *bw, const char *why)
{
	bw->null = 1;
	cs_strlcpy(bw->why, why, sizeof bw->why);
}

/* The largest buffer a series may use. */
static uint64_t series_max(const struct cs_engine *e)
{
	/* bandwidth=N (its settings, bw_settings.h), else the program's (a
	 * small one under emulation), else the sweep's */
	uint64_t set = e->plan.settings[CS_KIND_BANDWIDTH][CS_BW_SET_BYTES];
	uint64_t max = set && set != CS_SETTING_OFF ? set
		     : e->hooks.bw.max_bytes ? e->hooks.bw.max_bytes : e->plan.sweep_max;
	return max < e->hooks.mem_bytes ? max : e->hooks.mem_bytes;
}

int cs_bw_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	const struct cs_bw_hooks *h = &e->hooks.bw;
	struct cs_bw_capture *bw = &c->bw;
	struct cs_bw_saved sv;
	double t0 = cs_engine_seconds(e), t;

	(void)ev;
	cs_bw_platform(e);
	cs_memset(bw, 0, sizeof *bw);
	bw->present = bw->run_present = 1;
	if (e->plan.settings[CS_KIND_BANDWIDTH][CS_BW_SET_BYTES] == CS_SETTING_OFF) {
		null_member(bw, "bandwidth=off in the settings");
		say_line(e, "bandwidth: not measured: ", bw->why);
		return 0;
	}
	if (h->off || !h->kernels) {
		null_member(bw, h->off ? h->off : "this program has no streaming kernels");
		say_line(e, "bandwidth: not measured: ", bw->why);
		return 0;
	}
	cs_strlcpy(bw->vector_note, h->kernels->note, sizeof bw->vector_note);
	if (h->enter && h->enter(h->kernels, &sv) != 0) {
		null_member(bw, "the kernels' vector state could not be enabled on the boot processor");
		say_line(e, "bandwidth: not measured: ", bw->why);
		return 0;
	}
	cs_bw_block_plan(e, &bw->blocks, &bw->block_floor_ns);
	for (int op = 0; op < CS_BW_N_OPS; op++) {
		t = cs_engine_seconds(e);
		one_series(e, bw, (enum cs_bw_op)op, h->kernels, series_max(e));
		bw->series_s[bw->n_series - 1] = cs_engine_seconds(e) - t;
		say_series(e, &bw->series[bw->n_series - 1], bw->series_s[bw->n_series - 1]);
	}
	t = cs_engine_seconds(e);
	if (cs_bw_all_cores(e, bw, h->kernels, series_max(e)) == 0) {
		bw->series_s[bw->n_series - 1] = cs_engine_seconds(e) - t;
		say_series(e, &bw->series[bw->n_series - 1], bw->series_s[bw->n_series - 1]);
	}
	bw->run_s = cs_engine_seconds(e) - t0;
	t = cs_engine_seconds(e);
	cs_bw_mlp(e, c, bw);
	bw->mlp_s = cs_engine_seconds(e) - t;
	say_mlp(e, bw);
	if (h->leave)
		h->leave(&sv);
	return 0;
}
