/* measure.c: the page measures the machine it runs on with the engine every
 * producer runs (common/engine.h): the firmware's kernels over the same size
 * grid, then the three adjacency placements the live reduction of that
 * sweep allows (reduce/place.h), refused rather than moved. A browser
 * cannot block, so the page's worker calls cs_m_step() once for each step
 * of the engine (cs_engine_step: a point, a placement, a distance) and
 * draws each event as it arrives. The clock is performance.now(), imported
 * from JavaScript, in nanosecond ticks. The capture is written by the
 * capture writer every producer uses (common/capture_write.c) with the
 * page's own members beside the core. */
#include "wasm.h"
#include "../../common/capture_write.h"
#include "../../common/engine.h"
#include "../../common/version.h"
#include "../../reduce/place.h"

/* performance.now(): milliseconds, as coarse as the browser makes it. */
__attribute__((import_module("env"), import_name("now_ms"))) double cs_js_now_ms(void);

#define WASM_PAGE 65536u
/* The page's plan: blocks of CS_PLAN_BLOCK_QUANTA clock quanta and no
 * floor (a browser's clock is coarse already), fewer of them a point than
 * the firmware's (a page is kept waiting less), and the host probe's cap
 * on warm-up walks. */
#define CS_M_QUICK_BLOCKS 3
#define CS_M_FULL_BLOCKS 5
#define CS_M_WARM_MAX 16384ull

static uint64_t now_ns(void *ctx)
{
	(void)ctx;
	return (uint64_t)(cs_js_now_ms() * 1e6 + 0.5);
}

static double seconds(void *ctx)
{
	(void)ctx;
	return cs_js_now_ms() / 1000.0;
}

static struct {
	struct cs_engine e;
	struct cs_place_ctx place;
	unsigned char *mem;
	uint64_t mem_bytes, last_size;
	uint32_t quantum_samples;
	int quick, isolated;
	double hidden_ms;
	struct cs_work w;
	struct cs_result r;
	struct cs_services svc; /* the platform services a page has */
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

/* The engine's plan and hooks for this page: its clock, its region, no
 * flush (seed 003's experiments say they were not run), the streaming
 * kernels of the module it runs in, no other processors, no progress hook
 * (the worker shows each step's event), and the reducer's placement rule. */
static void engine_init(uint64_t seed, double quantum_ns, int quick, uint64_t max_bytes)
{
	struct cs_engine *e = &m.e;
	uint64_t sizes[CS_MAX_SWEEP_POINTS];
	uint32_t n;

	cs_memset(e, 0, sizeof *e);
	e->plan.sweep_max = max_bytes;
	e->plan.blocks = quick ? CS_M_QUICK_BLOCKS : CS_M_FULL_BLOCKS;
	e->plan.min_block_ns = CS_PLAN_BLOCK_QUANTA * quantum_ns;
	e->plan.warm_max = CS_M_WARM_MAX;
	e->plan.seed = seed;
	e->hooks.clk = (struct cs_probe_clock){ now_ns, 0, 0, 0, 1.0, quantum_ns };
	e->hooks.seconds = seconds;
	e->hooks.mem = m.mem;
	e->hooks.mem_bytes = m.mem_bytes;
	cs_placer_init(&e->hooks.placer, &m.place, &m.w, &m.r);
	/* The platform services (common/services.h) a page has: none but
	 * running unprivileged on this worker. A page knows no physical
	 * address, maps no pages, reads no cycle counter, and has no way to
	 * pin workers to processors: every such service is refused (NULL), and
	 * the kinds say so (no TLB, geometry or core clock member; the
	 * bandwidth kind's kernels, kinds/bandwidth/wasm32/bw_kernels.c, v128
	 * in cacheshape-simd.wasm, 64-bit words in cacheshape.wasm, on this
	 * worker alone: no all-cores series). */
	cs_memset(&m.svc, 0, sizeof m.svc);
	m.svc.tables = "";
	e->hooks.svc = &m.svc;
	n = cs_grid_sizes(max_bytes, sizes, CS_MAX_SWEEP_POINTS);
	m.last_size = n ? sizes[n - 1] : 0;
}

/* A new capture, and the engine's run into it begun: environment.kind
 * browser, the clock as measured (quantum first, in JavaScript, as seed 000
 * does) and the resolution the browser documents for this context as its
 * clamp (5 us isolated, 100 us not): a clock that moves coarser than 1.5
 * times that is refused by the reducer (clock-unusable, docs/reduction.md s.6).
 * Then cs_m_step() until it returns 0. */
CS_EXPORT(cs_m_start) void cs_m_start(double seed, double quantum_ns,
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
	m.quantum_samples = quantum_samples;
	m.isolated = isolated;
	m.quick = quick;
	if (max_bytes > (double)m.mem_bytes)
		max_bytes = (double)m.mem_bytes;
	engine_init((uint64_t)seed | 1, quantum_ns, quick, (uint64_t)max_bytes);
	cs_engine_begin(&m.e, c);
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

/* What the page draws of a point, or of a kind's own event (its figures). */
static void event_figures(struct cs_jsonw *j, const struct cs_event *ev)
{
	if (ev->kind == CS_EV_SWEEP) {
		cs_jsonw_key_u64(j, "first", ev->first);
		cs_jsonw_key_u64(j, "last", ev->last);
	}
	if (ev->kind == CS_EV_POINT) {
		key_num(j, "ns", ev->pr->ns_min, 17);
		key_num(j, "median", ev->pr->ns_median, 17);
		cs_jsonw_key_u64(j, "loads", ev->pr->loads_per_block);
		key_num(j, "seconds", ev->seconds, 6);
	}
	if (ev->figures) /* a kind's own event (the adjacency's) */
		ev->figures(j, ev);
}

/* The engine's next step, and its event as a JSON object in cs_out():
 * "type" (sweep, point, failed, adjacency, placed, adj, adj-failed, series,
 * refused, note), "text" (the line the firmware prints for it, maybe
 * empty), i and n, bytes, and the figures the page draws. Returns its
 * length; 0 when the run is over; -1 when it overflowed. */
CS_EXPORT(cs_m_step) int cs_m_step(void)
{
	static const char *const type[] = {
		[CS_EV_SWEEP] = "sweep", [CS_EV_POINT] = "point", [CS_EV_POINT_FAILED] = "failed",
		[CS_EV_ADJ_BEGIN] = "adjacency", [CS_EV_ADJ_PLACED] = "placed",
		[CS_EV_ADJ_POINT] = "adj", [CS_EV_ADJ_POINT_FAILED] = "adj-failed",
		[CS_EV_ADJ_SERIES] = "series", [CS_EV_ADJ_REFUSED] = "refused",
	};
	char line[CS_TEXT_MAX + 1024];
	struct cs_event ev;
	struct cs_jsonw j;
	struct cs_buf b, t;

	if (!cs_engine_step(&m.e, &cs_w_cap, &ev))
		return 0;
	cs_buf_init(&t, line, sizeof line);
	cs_event_text(&t, &ev);
	cs_w_out_buf(&b);
	cs_jsonw_init(&j, &b, 0);
	cs_jsonw_obj(&j);
	key_str(&j, "type", ev.kind < sizeof type / sizeof type[0] && type[ev.kind] ? type[ev.kind] : "note");
	key_str(&j, "text", line);
	cs_jsonw_key_u64(&j, "i", ev.i);
	cs_jsonw_key_u64(&j, "n", ev.n);
	cs_jsonw_key_u64(&j, "bytes", ev.bytes);
	event_figures(&j, &ev);
	cs_jsonw_obj_end(&j);
	return cs_jsonw_finish(&j) ? -1 : (int)b.len;
}

/* cs_w_in[at .. at + len) into dst (cap bytes with the NUL): -1 when it
 * does not fit or holds a NUL. */
static int take(char *dst, uint32_t cap, uint32_t at, uint32_t len)
{
	if (at > CS_IN_BYTES || len > CS_IN_BYTES - at || len >= cap)
		return -1;
	for (uint32_t i = 0; i < len; i++) {
		if (!cs_w_in[at + i])
			return -1;
		dst[i] = cs_w_in[at + i];
	}
	dst[len] = '\0';
	return 0;
}

/* The label a person gave, and (source_len > 0) where the published sizes
 * that follow came from: cs_w_in holds both, back to back. 0, or -1 when
 * one does not fit its field (the page cuts the label to 255 bytes). */
CS_EXPORT(cs_m_label) int cs_m_label(uint32_t label_len, uint32_t source_len)
{
	struct cs_capture *c = &cs_w_cap;
	if (take(c->label, sizeof c->label, 0, label_len))
		return -1;
	return source_len ? take(c->published_source, sizeof c->published_source,
				 label_len, source_len) : 0;
}

/* A published cache a person typed in (level, enum cs_cache_type, size);
 * -1 past CS_MAX_CACHES or for a size the reader would refuse. */
CS_EXPORT(cs_m_cache) int cs_m_cache(uint32_t level, uint32_t type, double bytes)
{
	struct cs_capture *c = &cs_w_cap;
	struct cs_cache *k;
	if (c->n_caches >= CS_MAX_CACHES || level < 1 || level > 16 ||
	    type > CS_CACHE_UNIFIED || !(bytes >= 1 && bytes <= 1125899906842624.0))
		return -1;
	k = &c->caches[c->n_caches++];
	k->level = level;
	k->type = (enum cs_cache_type)type;
	k->size_bytes = (uint64_t)bytes;
	k->line_bytes = 0;
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

/* The plan as the page's settings record it (the firmware's and the host
 * probe's are cs_plan_json): the largest size of the grid, blocks of
 * CS_PLAN_BLOCK_QUANTA quanta. */
static void settings(struct cs_jsonw *j, const struct cs_plan *p)
{
	char is[80];
	struct cs_buf b;
	cs_jsonw_key(j, "max_bytes");
	cs_jsonw_u64(j, m.last_size);
	cs_jsonw_key(j, "blocks");
	cs_jsonw_u64(j, p->blocks);
	key_num(j, "min_block_ns", p->min_block_ns, 6);
	cs_buf_init(&b, is, sizeof is);
	cs_put_g(&b, CS_PLAN_BLOCK_QUANTA, 6);
	cs_puts(&b, " clock quanta (reduction.md s.1)");
	key_str(j, "min_block_is", is);
	cs_jsonw_key(j, "warm_max_loads");
	cs_jsonw_u64(j, p->warm_max);
	cs_jsonw_key(j, "seed");
	cs_jsonw_hex(j, p->seed);
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
	settings(j, &m.e.plan);
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
