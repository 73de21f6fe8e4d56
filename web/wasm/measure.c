/* measure.c: the page measures the machine it runs on with the firmware's
 * own kernels (common/probe.c: the random single-cycle chase and the
 * adjacency pairs), driven the way host/probe_run.c drives them: four sizes
 * an octave from 4 KiB, blocks of at least 100 clock quanta (reduction.md
 * s.1), then the three adjacency placements the live reduction of that
 * sweep allows (cs_place_adjacency), refused rather than moved. The clock is
 * performance.now(), imported from JavaScript, in nanosecond ticks; the
 * page runs this in a dedicated worker, one call per point, so that it can
 * draw each point as it arrives. The capture is written by the capture
 * writer every producer uses (common/capture_write.c) with the page's own
 * members beside the core. */
#include "wasm.h"
#include "../../common/capture_write.h"
#include "../../common/probe.h"
#include "../../common/version.h"

/* performance.now(): milliseconds, as coarse as the browser makes it. */
__attribute__((import_module("env"), import_name("now_ms"))) double cs_js_now_ms(void);

#define WASM_PAGE 65536u
#define CS_M_WARM_MAX 16384ull /* the host probe's cap on warm-up walks */

static uint64_t now_ns(void *ctx)
{
	(void)ctx;
	return (uint64_t)(cs_js_now_ms() * 1e6 + 0.5);
}

static struct {
	struct cs_probe_clock clk;
	struct cs_rng rng, adj_rng;
	unsigned char *mem;
	uint64_t mem_bytes, seed;
	uint32_t blocks, n_sizes, quantum_samples;
	int quick, isolated;
	double min_block_ns, hidden_ms;
	uint64_t sizes[CS_MAX_SWEEP_POINTS];
	double last[4];               /* ns, median or block, loads, seconds */
	struct cs_work w;
	struct cs_result r;
	char user_agent[CS_TEXT_MAX], started[64];
} m;

/* The region every size reuses: grown at the end of linear memory, as
 * large as the browser grants up to max_bytes, halving on refusal (at
 * least 1 MiB). Returns its size in bytes; 0 when even 1 MiB is refused. */
CS_EXPORT(cs_m_memory) double cs_m_memory(double max_bytes)
{
	uint64_t want = (uint64_t)max_bytes;
	if (m.mem)
		return (double)m.mem_bytes;
	for (; want >= (1u << 20); want /= 2) {
		uint64_t pages = (want + WASM_PAGE - 1) / WASM_PAGE;
		long got = __builtin_wasm_memory_grow(0, (unsigned long)pages);
		if (got >= 0) {
			m.mem = (unsigned char *)((unsigned long)got * WASM_PAGE);
			m.mem_bytes = pages * WASM_PAGE;
			return (double)m.mem_bytes;
		}
	}
	return 0;
}

/* Sweep sizes: 2^(k/4) steps of every octave from 4 KiB, multiples of 64,
 * up to max_bytes (the host probe's cs_probe_sizes, host/probe_run.c). */
static uint32_t sizes(uint64_t max, uint64_t *out, uint32_t cap)
{
	static const double step[4] = { 1.0, 1.189207115, 1.414213562, 1.681792831 };
	uint32_t n = 0;
	for (uint64_t oct = 4096; n < cap; oct *= 2)
		for (int k = 0; k < 4 && n < cap; k++) {
			uint64_t b = (uint64_t)((double)oct * step[k]) / 64 * 64;
			if (b > max)
				return n;
			out[n++] = b;
		}
	return n;
}

/* A new capture: environment.kind browser, the clock as measured (quantum
 * first, in JavaScript, as seed 000 does) and the resolution the browser
 * documents for this context as its clamp (5 us isolated, 100 us not):
 * a clock that moves coarser than 1.5 times that is refused by the reducer
 * (clock-unusable, reduction.md s.6). Returns the number of sizes. */
CS_EXPORT(cs_m_start) uint32_t cs_m_start(double seed, double quantum_ns,
					  uint32_t quantum_samples, int isolated,
					  int quick, double max_bytes)
{
	struct cs_capture *c = &cs_w_cap;
	double clamp = isolated ? 5000.0 : 100000.0;

	cs_capture_init(c);
	cs_strlcpy(c->env_kind, "browser", sizeof c->env_kind);
	cs_strlcpy(c->clock.source, "performance.now", sizeof c->clock.source);
	c->clock.has_hz = 1;
	c->clock.hz = 1e9; /* ticks are nanoseconds */
	c->clock.has_quantum = 1;
	c->clock.quantum_ns = quantum_ns;
	c->clock.has_clamp = 1;
	c->clock.clamp_ns = clamp;
	m.clk = (struct cs_probe_clock){ now_ns, 0, 0, 0, 1.0, quantum_ns };
	m.seed = (uint64_t)seed | 1;
	cs_rng_seed(&m.rng, m.seed);
	cs_rng_seed(&m.adj_rng, m.seed ^ 0xadadadadull);
	m.quantum_samples = quantum_samples;
	m.isolated = isolated;
	m.quick = quick;
	m.blocks = quick ? 3 : 5;
	m.min_block_ns = 100.0 * quantum_ns;
	c->run.present = 1; /* sweep_detail, adjacency_probe: common/capture_record.c */
	if (max_bytes > (double)m.mem_bytes)
		max_bytes = (double)m.mem_bytes;
	m.n_sizes = sizes((uint64_t)max_bytes, m.sizes, CS_MAX_SWEEP_POINTS);
	return m.n_sizes;
}

CS_EXPORT(cs_m_size) double cs_m_size(uint32_t i)
{
	return i < m.n_sizes ? (double)m.sizes[i] : 0;
}

/* The last point or pair measured: 0 ns, 1 median ns (sweep) or shortest
 * block ns (adjacency), 2 loads per block, 3 seconds it took. */
CS_EXPORT(cs_m_last) double cs_m_last(int k)
{
	return k >= 0 && k < 4 ? m.last[k] : 0;
}

/* Sweep size i into the capture. 0, or -1 when the clock never moved
 * across a block (the point is left out and counted). */
CS_EXPORT(cs_m_point) int cs_m_point(uint32_t i)
{
	struct cs_capture *c = &cs_w_cap;
	struct cs_point_result pr;
	double t0 = cs_js_now_ms();

	if (i >= m.n_sizes || c->n_points >= CS_MAX_SWEEP_POINTS)
		return -1;
	if (cs_sweep_point_capped(&m.clk, m.mem, m.sizes[i], m.blocks, m.min_block_ns,
				  CS_M_WARM_MAX, &m.rng, &pr) != 0) {
		c->run.failed_points++;
		return -1;
	}
	m.last[0] = pr.ns_min;
	m.last[1] = pr.ns_median;
	m.last[2] = (double)pr.loads_per_block;
	m.last[3] = (cs_js_now_ms() - t0) / 1000.0;
	c->run.sweep_s += m.last[3];
	c->run.median_ns[c->n_points] = pr.ns_median;
	c->run.loads[c->n_points] = pr.loads_per_block;
	c->run.point_s[c->n_points] = m.last[3];
	c->points[c->n_points++] = (struct cs_point){ (double)m.sizes[i], pr.ns_min, 1,
						      pr.block_ns };
	return 0;
}

/* The live reduction of the sweep so far, which the placements follow.
 * 0, or -1 (the sweep is malformed: cs_out() says why). */
CS_EXPORT(cs_m_reduce) int cs_m_reduce(void)
{
	char why[256];
	struct cs_buf b;

	if (cs_reduce(&cs_w_cap, &m.w, &m.r, why, sizeof why) == 0)
		return 0;
	cs_w_out_buf(&b);
	cs_puts(&b, why);
	return -1;
}

/* Adds the series for placement p (0 first, 1 middle, 2 last). 0: placed,
 * measure it with cs_m_adj_point; 1: refused (no legal footprint), the
 * refusal travels in the capture and cs_out() holds "code: reason"; -1:
 * no room. The longest ruler distance spreads F's pairs over span(F)
 * bytes: 2F is bounded so that span fits the region (as the host does). */
CS_EXPORT(cs_m_place) int cs_m_place(int p)
{
	struct cs_capture *c = &cs_w_cap;
	uint32_t dmax = cs_adj_ruler[cs_adj_ruler_len - 1];
	double max2f = 2.0 * (double)m.mem_bytes * 64.0 / (double)cs_adj_span(64, dmax);
	struct cs_adj_series *s;
	struct cs_refusal why;
	struct cs_buf b;
	double f;

	if (c->n_adj >= CS_MAX_ADJ_SERIES || p < 0 || p > CS_PLACE_LAST)
		return -1;
	s = &c->adj[c->n_adj];
	cs_memset(s, 0, sizeof *s);
	cs_memset(&why, 0, sizeof why);
	s->placement = (enum cs_placement)p;
	c->run.adj_block_ns[c->n_adj] = 0;
	c->n_adj++;
	if (cs_place_adjacency(&m.r, s->placement, 64.0, max2f, &f, &why) != 0) {
		s->refused = 1;
		cs_strlcpy(s->refusal_code, why.code, sizeof s->refusal_code);
		cs_strlcpy(s->refusal_reason, why.reason, sizeof s->refusal_reason);
		cs_w_out_buf(&b);
		cs_puts(&b, why.code);
		cs_puts(&b, ": ");
		cs_puts(&b, why.reason);
		return 1;
	}
	s->has_footprint = 1;
	s->footprint_bytes = f;
	return 0;
}

CS_EXPORT(cs_m_ruler_len) uint32_t cs_m_ruler_len(void) { return cs_adj_ruler_len; }
CS_EXPORT(cs_m_ruler) uint32_t cs_m_ruler(uint32_t k)
{
	return k < cs_adj_ruler_len ? cs_adj_ruler[k] : 0;
}
CS_EXPORT(cs_m_footprint) double cs_m_footprint(void)
{
	const struct cs_capture *c = &cs_w_cap;
	return c->n_adj ? c->adj[c->n_adj - 1].footprint_bytes : 0;
}

/* Ruler distance k on the placed series: 0 (ns per pair in cs_m_last(0)),
 * or -1 when the clock never moved (the distance is left out). */
CS_EXPORT(cs_m_adj_point) int cs_m_adj_point(uint32_t k)
{
	struct cs_capture *c = &cs_w_cap;
	struct cs_adj_series *s = c->n_adj ? &c->adj[c->n_adj - 1] : 0;
	double ns, block, t0 = cs_js_now_ms(), *shortest;

	if (!s || s->refused || k >= cs_adj_ruler_len || s->n >= CS_MAX_ADJ_POINTS)
		return -1;
	if (cs_adj_point_capped(&m.clk, m.mem, (uint64_t)s->footprint_bytes, cs_adj_ruler[k],
				m.blocks, m.min_block_ns, CS_M_WARM_MAX, &m.adj_rng, &ns,
				&block) != 0)
		return -1;
	shortest = &c->run.adj_block_ns[c->n_adj - 1];
	if (*shortest <= 0 || block < *shortest)
		*shortest = block;
	s->pts[s->n++] = (struct cs_adj_point){ cs_adj_ruler[k], ns };
	m.last[0] = ns;
	m.last[1] = block;
	m.last[3] = (cs_js_now_ms() - t0) / 1000.0;
	c->run.adj_s += m.last[3];
	return 0;
}

/* What the page knows and the worker does not: cs_w_in holds the user
 * agent, then the start time (ISO 8601), back to back. */
CS_EXPORT(cs_m_page) void cs_m_page(uint32_t ua_len, uint32_t started_len, double hidden_ms)
{
	uint32_t i;
	for (i = 0; i < ua_len && i < CS_IN_BYTES && i + 1 < sizeof m.user_agent; i++)
		m.user_agent[i] = cs_w_in[i];
	m.user_agent[i] = '\0';
	for (i = 0; i < started_len && ua_len + i < CS_IN_BYTES && i + 1 < sizeof m.started; i++)
		m.started[i] = cs_w_in[ua_len + i];
	m.started[i] = '\0';
	m.hidden_ms = hidden_ms;
}

static void key_str(struct cs_jsonw *j, const char *k, const char *v)
{
	cs_jsonw_key(j, k);
	cs_jsonw_str(j, v);
}

static void key_num(struct cs_jsonw *j, const char *k, double v, int sig)
{
	cs_jsonw_key(j, k);
	cs_jsonw_numsig(j, v, sig);
}

/* The page's members: producer, browser (the context, and the refusal of
 * a sweep taken while the page was hidden), settings. The sweep's and the
 * adjacency probe's detail follow from c->run, written by the engine's
 * record writers as for the firmware and the host probe. */
static void extra(struct cs_jsonw *j, void *ctx)
{
	(void)ctx;
	cs_jsonw_key(j, "producer");
	cs_jsonw_obj(j);
	key_str(j, "name", "cacheshape-page");
	key_str(j, "version", CS_VERSION);
	key_str(j, "user_agent", m.user_agent);
	key_str(j, "started_utc", m.started);
	cs_jsonw_obj_end(j);

	cs_jsonw_key(j, "browser");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "cross_origin_isolated");
	cs_jsonw_bool(j, m.isolated);
	key_str(j, "clock_is", "performance.now() in a dedicated worker, in nanosecond ticks; "
		"quantum_ns is the smallest step seen, clamp_ns the resolution the browser "
		"documents for this context (5 us isolated, 100 us not)");
	cs_jsonw_key(j, "quantum_samples");
	cs_jsonw_u64(j, m.quantum_samples);
	cs_jsonw_key(j, "region_bytes");
	cs_jsonw_u64(j, m.mem_bytes);
	key_num(j, "hidden_ms", m.hidden_ms, 6);
	cs_jsonw_key(j, "refusal");
	if (m.hidden_ms > 0) {
		char reason[CS_REASON_MAX];
		struct cs_buf b;
		cs_buf_init(&b, reason, sizeof reason);
		cs_puts(&b, "the page was hidden for ");
		cs_put_g(&b, m.hidden_ms, 4);
		cs_puts(&b, " ms during the sweep, more than 0: a background tab is throttled, "
			"so these timings are not trusted (seed 000 s.7)");
		cs_jsonw_obj(j);
		key_str(j, "code", "page-hidden");
		key_str(j, "reason", reason);
		cs_jsonw_obj_end(j);
	} else {
		cs_jsonw_null(j);
	}
	cs_jsonw_obj_end(j);

	cs_jsonw_key(j, "settings");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "quick");
	cs_jsonw_bool(j, m.quick);
	cs_jsonw_key(j, "max_bytes");
	cs_jsonw_u64(j, m.n_sizes ? m.sizes[m.n_sizes - 1] : 0);
	cs_jsonw_key(j, "blocks");
	cs_jsonw_u64(j, m.blocks);
	key_num(j, "min_block_ns", m.min_block_ns, 6);
	key_str(j, "min_block_is", "100 clock quanta (reduction.md s.1)");
	cs_jsonw_key(j, "warm_max_loads");
	cs_jsonw_u64(j, CS_M_WARM_MAX);
	cs_jsonw_key(j, "seed");
	cs_jsonw_hex(j, m.seed);
	cs_jsonw_obj_end(j);
}

/* The capture as JSON in cs_out(): its length, or -1 when it overflowed. */
CS_EXPORT(cs_m_write) int cs_m_write(void)
{
	struct cs_buf b;

	cs_w_out_buf(&b);
	if (cs_capture_write(&b, &cs_w_cap, extra, &cs_w_cap))
		return -1;
	return (int)b.len;
}
