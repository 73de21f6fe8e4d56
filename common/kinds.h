/* kinds.h: the table of measurement kinds. One row a kind, in the order the
 * engine runs them and the capture holds them; each row names the kind's
 *
 *   run     kinds/<name>/ on common/engine.h: measures it into struct
 *           cs_capture, a step a call (engine.h: 1 while steps are left,
 *           the step's event in *ev); a kind that cannot pause runs whole
 *           and returns 0
 *             int run(struct cs_engine *e, struct cs_capture *c,
 *                     struct cs_event *ev)
 *   write   its members of the capture's core (docs/capture.md), before the
 *           producer's own members (common/capture_write.c walks it)
 *             void write(struct cs_jsonw *j, const struct cs_capture *c)
 *   record  how it was measured, after the producer's own members
 *             void record(struct cs_jsonw *j, const struct cs_capture *c)
 *   read    kinds/<name>/<name>_read.c: its members read back, strictly
 *           (the capture reader, reader/capture.c, walks it; freestanding,
 *           so the firmware and the page read with it too)
 *             int read(struct cs_jr *r, const struct cs_jd *root,
 *                      struct cs_capture *c)
 *   reduce  into struct cs_result (common/result.h), once a capture
 *           (reduce/kinds.c walks it)
 *             int reduce(const struct cs_capture *c, struct cs_work *w,
 *                        struct cs_result *r, char *err, size_t errlen)
 *   report  its lines of the text report (the firmware's screen and
 *           `cacheshape reduce`)
 *             void report(struct cs_buf *b, const struct cs_capture *c,
 *                         const struct cs_result *r)
 *   json    its members of `cacheshape reduce --json` (reduce/json.h), from
 *           the result alone; nothing when it has none
 *             void json(struct cs_rjson *o, const struct cs_capture *c,
 *                       const struct cs_result *r)
 *   published  what the processor claims for it, inside the capture's
 *           "published" object after the caches (capture_write.c); the
 *           claims themselves are decoded in decode/ and arch/
 *             void published(struct cs_jsonw *j, const struct cs_capture *c)
 *   expect  kinds/<name>/<name>_expect.c: its `check` cells, a prefix P
 *           naming three functions (reader/expect.h), freestanding: `cacheshape
 *           check` and the page (web/wasm/judge.c) judge with them alike,
 *           walked by reader/expect.c and reader/expect_compare.c; its
 *           member of struct cs_expect declared in its folder
 *           (CS_EXPECT_MEMBER_<ID>, gathered as its capture's members are)
 *             int P_read(struct cs_jr *r, const struct cs_jd *v,
 *                        struct cs_expect *e)
 *             int P_compare(const struct cs_expect *e,
 *                           const struct cs_result *r, char *why, size_t n)
 *             int P_any(const struct cs_expect *e)
 *
 *   plot    its panel under the staircase (`cacheshape plot` and the page),
 *           a prefix P naming two functions (chart/svg_parts.h), drawn with
 *           the chart's parts; chart/svg.c walks it
 *             int P_height(const struct cs_svg_item *items, int n)
 *             void P_draw(struct cs_buf *b, const struct cs_svg_item *items,
 *                         int n, int y0)
 *           and three for what it draws on the staircase itself, capture
 *           n's (P_stair_range, P_stair_under, P_stair_marks; svg_parts.h;
 *           CS_SVG_STAIR_NONE(P) for none: the TLB's sweep on large pages
 *           and reach marks are its)
 *
 *   settings  its settings, declared once (common/setting.h): a const
 *           struct cs_setting_table in its folder (kinds/<name>/
 *           <x>_settings.c); the firmware's settings file, the host probe's
 *           options, --help and docs/settings.md come from it, and its
 *           values reach its run as plan.settings[CS_KIND_<ID>][i]
 *           (common/engine.h). cs_none_settings for none
 *   screen  its part of the screen's chart (chart/draw.h: the firmware's
 *           screen, the host's PNG), drawn after the staircase in the strip
 *           under it (the map's strip_y, strip_h; cs_chart_panel); chart/
 *           draw.c walks it
 *             void screen(struct cs_canvas *cv, const struct cs_chart_map *m,
 *                         const struct cs_capture *c, const struct cs_result *r)
 *   points  how many timed points its run takes under plan p, each of
 *           the plan's blocks (0: none, or not said), for the time a run
 *           is said to take before it begins (the host probe's --clamp,
 *           common/engine.h cs_plan_points)
 *             uint32_t points(const struct cs_plan *p)
 *   synthetic  its members of a synthetic capture, from a curve described
 *           without its types (common/synthetic.h: the catalogue's
 *           generator and the benchmark); -1 when it takes none
 *             int synthetic(struct cs_capture *c,
 *                           const struct cs_synth_curve *k)
 *   query   what it lends the other kinds and the layers above (reduce/
 *           query.h: core cycles per ns, an emulator's evidence, why a
 *           knee pairs with no level): the asker names the question, never
 *           the kind; 1 when it answered (reduce/query.c walks it)
 *             int query(struct cs_query *q, const struct cs_capture *c,
 *                       const struct cs_result *r)
 *   after   its phase after every row is reduced, reading them all (the
 *           clock kind's reference verdict; reduce/kinds.c walks it)
 *             void after(const struct cs_capture *c, struct cs_result *r)
 *   summary its cells of the summary's rows (reduce/summary.h), row < 0;
 *           its witnesses of row `row`'s size, row >= 0 (reduce/summary.c
 *           walks it)
 *             void summary(struct cs_summary *s, int row,
 *                          const struct cs_capture *c,
 *                          const struct cs_result *r)
 *   row     its cells of `cacheshape check`'s row (reduce/row.h; the
 *           page's replay table prints them too; reduce/row.c walks it)
 *             void row(char cells[][CS_ROW_CELL_MAX],
 *                      const struct cs_capture *c, const struct cs_result *r)
 *   host    what a measuring host runs itself, once, before the clock
 *           (common/host_step.h): a prefix P naming P_run (on the host's
 *           platform services), P_say (its lines for the screen) and
 *           P_json (its members among the host's own); the firmware
 *           (efi/main.c, efi/record.c) and the host probe
 *           (host/probe/probe_cli.c, probe_record.c) iterate it.
 *           cs_none_host for none
 *
 * The page has no column: it reads a capture through the reader.
 *
 * A column a kind does not have names that column's no-op, cs_none_<column>
 * (each layer has its own). Each layer defines CS_KIND to take the columns
 * it builds (the columns it does not name fall in the trailing "...") and
 * expands CS_KINDS twice: once to declare them (so no header lists a kind's
 * functions) and once for its table. This file names their functions and
 * includes none of them.
 *
 * A new kind (README "A new kind", the recipe): a folder kinds/<name>/ (its
 * run, writers, reduction, report and JSON writer in freestanding files;
 * its reader in <name>_read.c, on reader/field.h, part of the core like the
 * rest, as are its check cells in <name>_expect.c; its unit tests
 * test_*.c), its data, result and expectation declared there as members of
 * struct cs_capture, struct cs_result and struct cs_expect
 * (CS_CAPTURE_MEMBER_<ID>, ...: docs/layers.md "Storage"), and one row
 * here, before the clock's: nothing else (tests/suite-structure.sh follows
 * the recipe with tests/example-kind/ and checks every surface). */
#ifndef CS_KINDS_H
#define CS_KINDS_H

/* CS_KIND(ID, name, run, write, record, read, reduce, report, json,
 *         published, expect, plot, settings, screen, points, synthetic, query, after, summary, row, host) */
#define CS_KINDS \
	/* the latency sweep: the staircase (seed 000, docs/reduction.md s.1-s.4) \
	 * (kinds/sweep/; its reduction on the reducer's rules, reduce/reduce.c, \
	 * reduce/sweep.c; its check cells, with the adjacency's, \
	 * host/cmd/expect*.c) */ \
	CS_KIND(SWEEP, "sweep", cs_sweep_run, cs_sweep_write, cs_sweep_record, \
		cs_sweep_read, cs_sweep_reduce, cs_sweep_report, cs_sweep_json, \
		cs_none_published, cs_sweep_expect, cs_none_plot, cs_none_settings, \
		cs_none_screen, cs_sweep_points, cs_none_synthetic, \
		cs_none_query, cs_none_after, cs_none_summary, cs_none_row, cs_none_host) \
	/* the fetch-granule probe at three placements (s.5), placed and \
	 * fitted on the levels the sweep's row found (kinds/adjacency/) */ \
	CS_KIND(ADJACENCY, "adjacency", cs_adj_run, cs_adj_write, cs_adj_record, \
		cs_adj_read, cs_adj_reduce, cs_adj_report, cs_adj_json, \
		cs_none_published, cs_none_expect, cs_adj_plot, cs_none_settings, \
		cs_adj_screen, cs_adj_points, cs_adj_synthetic, \
		cs_none_query, cs_none_after, cs_none_summary, cs_none_row, cs_none_host) \
	/* seed 003's classroom experiments (docs/experiments.md, \
	 * kinds/experiments/) */ \
	CS_KIND(EXPERIMENTS, "experiments", cs_exp_kind_run, cs_exp_kind_write, \
		cs_none_record, cs_exp_kind_read, cs_exp_kind_reduce, cs_exp_kind_report, \
		cs_exp_kind_json, cs_none_published, cs_exp_expect, cs_none_plot, cs_none_settings, \
		cs_none_screen, cs_none_points, cs_exp_synthetic, \
		cs_none_query, cs_none_after, cs_none_summary, cs_none_row, cs_none_host) \
	/* the processors, as MP services lists them (issue 8, kinds/mp/) */ \
	CS_KIND(PROCESSORS, "processors", cs_procs_run, cs_none_write, cs_procs_record, \
		cs_procs_read, cs_none_reduce, cs_procs_report, cs_none_json, \
		cs_none_published, cs_none_expect, cs_none_plot, cs_none_settings, \
		cs_none_screen, cs_none_points, cs_none_synthetic, \
		cs_none_query, cs_none_after, cs_none_summary, cs_none_row, cs_none_host) \
	/* the sweep again beside processors streaming (seed 000 s.4) */ \
	CS_KIND(COMPETITOR, "competitor", cs_competitor_run, cs_none_write, \
		cs_competitor_record, cs_competitor_read, cs_competitor_reduce, \
		cs_competitor_report, cs_competitor_json, cs_none_published, \
		cs_none_expect, cs_none_plot, cs_none_settings, \
		cs_none_screen, cs_none_points, cs_none_synthetic, \
		cs_none_query, cs_none_after, cs_none_summary, cs_none_row, cs_none_host) \
	/* one sweep per core type (a kind of core) */ \
	CS_KIND(CORES, "cores", cs_cores_run, cs_none_write, cs_cores_record, \
		cs_cores_read, cs_cores_reduce, cs_cores_report, cs_cores_json, \
		cs_none_published, cs_none_expect, cs_none_plot, cs_none_settings, \
		cs_none_screen, cs_none_points, cs_none_synthetic, \
		cs_none_query, cs_none_after, cs_none_summary, cs_none_row, cs_none_host) \
	/* the TLBs: a sweep of pages per page size, on tables of our own \
	 * (kinds/tlb/, docs/tlb.md) */ \
	CS_KIND(TLB, "tlb", cs_tlb_run, cs_tlb_write, cs_tlb_record, \
		cs_tlb_read, cs_tlb_reduce, cs_tlb_report, cs_tlb_json, \
		cs_tlb_published_write, cs_tlb_expect, cs_tlb_plot, cs_none_settings, \
		cs_none_screen, cs_none_points, cs_tlb_synthetic, \
		cs_tlb_query, cs_none_after, cs_none_summary, cs_tlb_row, cs_none_host) \
	/* seed 001's instruction-cache experiment: each measuring host runs \
	 * it before the clock on its code memory and writes its member \
	 * (the host column: kinds/icache/icache_platform.c, its kernels \
	 * kinds/icache/<arch>/); reduce replays it (kinds/icache/) */ \
	CS_KIND(ICACHE, "icache", cs_none_run, cs_none_write, cs_none_record, \
		cs_icache_read, cs_icache_reduce, cs_icache_report, cs_icache_kind_json, \
		cs_none_published, cs_none_expect, cs_none_plot, cs_none_settings, \
		cs_none_screen, cs_none_points, cs_none_synthetic, \
		cs_none_query, cs_none_after, cs_none_summary, cs_none_row, cs_icache_host) \
	/* ways, sets and size of each level by conflicts on known physical \
	 * addresses (kinds/geometry/, docs/geometry.md) */ \
	CS_KIND(GEOMETRY, "geometry", cs_geom_run, cs_geom_write, cs_geom_record, \
		cs_geom_read, cs_geom_reduce, cs_geom_report, cs_geom_json, \
		cs_geom_published_write, cs_geom_expect, cs_geom_plot, cs_none_settings, \
		cs_none_screen, cs_none_points, cs_none_synthetic, \
		cs_geom_query, cs_none_after, cs_geom_summary, cs_geom_row, cs_none_host) \
	/* bandwidth per level and misses in flight: the second witness of \
	 * every cache level (issue 24, kinds/bandwidth/, docs/bandwidth.md) */ \
	CS_KIND(BANDWIDTH, "bandwidth", cs_bw_run, cs_bw_write, cs_bw_record, \
		cs_bw_read, cs_bw_reduce, cs_bw_report, cs_bw_json, \
		cs_none_published, cs_bw_expect, cs_bw_plot, cs_bw_settings, \
		cs_none_screen, cs_none_points, cs_bw_synthetic, \
		cs_bw_query, cs_none_after, cs_bw_summary, cs_bw_row, cs_none_host) \
	/* the core clock and the run's validity (issue 25, kinds/clock/, \
	 * docs/clock.md): the engine reads it around every other kind (no run \
	 * of its own); its reduction gives cycles (its query) and, after every \
	 * row (kinds/clock/clock_reference.c), the reference verdict. Keep it \
	 * the last row */ \
	CS_KIND(CLOCK, "clock", cs_none_run, cs_clock_write, cs_none_record, \
		cs_clock_read, cs_clock_reduce, cs_clock_report, cs_clock_json, \
		cs_none_published, cs_clock_expect, cs_none_plot, cs_none_settings, \
		cs_none_screen, cs_none_points, cs_clock_synthetic, \
		cs_clock_query, cs_clock_reference, cs_clock_summary, cs_clock_row, cs_none_host)

enum cs_kind {
#define CS_KIND(id, ...) CS_KIND_##id,
	CS_KINDS
#undef CS_KIND
	CS_KIND_COUNT
};

#endif
