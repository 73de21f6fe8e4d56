/* test_summary: the summary's rows (docs/summary.md), known answers for
 * every verdict, built from struct cs_result by hand (the summary reads the
 * reduction, never reduces again): as claimed on either side of
 * CS_SUMMARY_CLAIM_FACTOR, smaller (in a virtual machine and not), larger,
 * missing, not seen (short sweep, coarse grid), refused, unmatched (a share
 * of a level, past the last), a smooth climb; the text's width and the
 * JSON member. `--sentences` prints "CONSTANT<TAB>sentence" for the
 * mutation suite. */
#include <string.h>
#include "check.h"
#include "../reduce/summary.h"
#include "../reduce/json.h"
#include "../reduce/rules.h"

CS_TEST_MAIN_DEFS;

static struct cs_capture cap;
static struct cs_result res;
static struct cs_summary sum;
static char text[16384];

#define KIB 1024.0
#define MIB (1024.0 * 1024.0)

/* A capture publishing L1 32 KiB, L2 1 MiB, L3 32 MiB (and an L1i). */
static void three_levels(int vm)
{
	static const struct cs_cache c[] = {
		{ 1, CS_CACHE_DATA, 32768, 64 }, { 1, CS_CACHE_INSTRUCTION, 32768, 64 },
		{ 2, CS_CACHE_UNIFIED, 1048576, 64 }, { 3, CS_CACHE_UNIFIED, 33554432, 64 },
	};
	cs_capture_init(&cap);
	cap.vm = vm;
	cap.n_caches = 4;
	memcpy(cap.caches, c, sizeof c);
	memset(&res, 0, sizeof res);
	res.top_bytes = 512 * MIB;
}

static void paired(double bytes, uint32_t level, double published)
{
	struct cs_knee *k = &res.knees[res.n_knees++];
	k->has_bytes = 1;
	k->bytes = bytes;
	k->has_published = 1;
	k->published_bytes = published;
	k->published_level = level;
	k->has_gap = 1;
	k->gap = bytes / published - 1;
}

static void missing(uint32_t level, double published)
{
	struct cs_knee *k = &res.knees[res.n_knees++];
	k->has_published = 1;
	k->published_bytes = published;
	k->published_level = level;
}

static void unmatched(double bytes)
{
	struct cs_knee *k = &res.knees[res.n_knees++];
	memset(k, 0, sizeof *k);
	k->has_bytes = 1;
	k->bytes = bytes;
}

static void refusal(const char *code)
{
	cs_strlcpy(res.refusals[res.n_refusals++].code, code, CS_CODE_MAX);
}

static const struct cs_summary_row *row(uint32_t i)
{
	cs_summary_rows(&sum, &cap, &res);
	return i < sum.n ? &sum.row[i] : &sum.row[CS_MAX_KNEES - 1];
}

static int says(uint32_t i, const char *verdict, const char *words)
{
	const struct cs_summary_row *w = row(i);
	return w->verdict && !strcmp(w->verdict, verdict) && strstr(w->sentence, words);
}

/* s.2: as claimed within the factor, smaller and larger beyond it */
static void test_claim_factor(void)
{
	static const struct {
		double ratio;
		const char *verdict, *words;
	} rows[] = {
		{ 1.06, CS_V_AS_CLAIMED, "as claimed: 1.06x the published size (within 1.5x); the only witness: the latency knee" },
		{ 1.49, CS_V_AS_CLAIMED, "as claimed" },
		{ 1.52, CS_V_LARGER, "larger than claimed: 1.52x the published size (more than 1.5x)" },
		{ 1 / 1.49, CS_V_AS_CLAIMED, "0.67x" },
		{ 1 / 1.52, CS_V_SMALLER, "smaller than claimed: this run held about 66 % of it" },
		{ 0.31, CS_V_SMALLER, "about 31 % of it" },
	};
	for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		three_levels(0);
		paired(rows[i].ratio * 1 * MIB, 2, 1 * MIB);
		CHECK(says(0, rows[i].verdict, rows[i].words), "ratio %g: %s / %s", rows[i].ratio,
		      row(0)->verdict, row(0)->sentence);
		CHECK(row(0)->has_level && row(0)->level == 2 && row(0)->claimed_bytes == MIB &&
			      row(0)->has_measured && row(0)->measured_bytes == rows[i].ratio * MIB,
		      "ratio %g: the row's figures", rows[i].ratio);
	}
}

/* s.3: the virtual machine's words, for the last level of a VM alone */
static void test_vm(void)
{
	const char *vm = "a shared level in a virtual machine does this";
	three_levels(1);
	paired(34 * KIB, 1, 32 * KIB);
	paired(863 * KIB, 2, MIB);
	paired(9.83 * MIB, 3, 32 * MIB);
	CHECK(says(2, CS_V_SMALLER, "smaller than claimed: this run held about 31 % of it; a shared level"),
	      "VM L3: %s", row(2)->sentence);
	three_levels(0);
	paired(9.83 * MIB, 3, 32 * MIB);
	CHECK(says(0, CS_V_SMALLER, "about 31 % of it") && !strstr(row(0)->sentence, vm),
	      "not a VM: no VM words: %s", row(0)->sentence);
	three_levels(-1);
	paired(9.83 * MIB, 3, 32 * MIB);
	CHECK(!strstr(row(0)->sentence, vm), "VM unsaid: no VM words: %s", row(0)->sentence);
	three_levels(1);
	paired(0.3 * MIB, 2, MIB);
	CHECK(says(0, CS_V_SMALLER, "about 30 % of it") && !strstr(row(0)->sentence, vm),
	      "VM, L2 is not the last level: no VM words: %s", row(0)->sentence);
}

/* The read on one thread's knee paired with (level, published), or unmatched (level 0). */
static void read_knee(double bytes, uint32_t level, double published)
{
	struct cs_bw_series_result *rd = &res.bw.series[0];
	res.bw.present = 1;
	res.bw.n_series = 1;
	rd->op = CS_BW_READ;
	rd->threads = 1;
	rd->measured = 1;
	struct cs_knee *k = &rd->knees[rd->n_knees++];
	k->has_bytes = 1;
	k->bytes = bytes;
	k->has_published = level != 0;
	k->published_level = level;
	k->published_bytes = published;
}

static void geometry(uint32_t level, double bytes)
{
	struct cs_geom_level *L = &res.geom.levels[res.geom.n++];
	res.geom.present = 1;
	L->level = level;
	L->has_geometry = 1;
	L->size_bytes = bytes;
}

/* s.2a: the witnesses agree, disagree, or one is missing; the claim is held
 * against them all */
static void test_witnesses(void)
{
	three_levels(1);
	paired(34 * KIB, 1, 32 * KIB);
	read_knee(32 * KIB, 1, 32 * KIB);
	geometry(1, 32 * KIB);
	const struct cs_summary_row *w = row(0);
	CHECK(w->n_witnesses == 3 && w->agree == 1 && w->has_range && w->range_lo == 32 * KIB &&
		      w->range_hi == 34 * KIB && !strcmp(w->witness[1].kind, CS_W_READ) &&
		      !strcmp(w->witness[2].kind, CS_W_GEOMETRY),
	      "three witnesses, agreeing: %u %d [%g, %g]", w->n_witnesses, w->agree, w->range_lo, w->range_hi);
	CHECK(says(0, CS_V_AS_CLAIMED, "; 3 witnesses agree within 1.5x: the latency knee 34 KiB, the "
				       "read-bandwidth knee 32 KiB and the geometry (ways x sets) 32 KiB"),
	      "agree: %s", w->sentence);
	/* the L3: latency 4.87 MiB, read bandwidth 19.5 MiB, 32 MiB claimed */
	three_levels(1);
	paired(4.87 * MIB, 3, 32 * MIB);
	read_knee(19.5 * MIB, 3, 32 * MIB);
	w = row(0);
	CHECK(w->agree == 0 && w->apart[0] == 0 && w->apart[1] == 1, "disagree: %d", w->agree);
	CHECK(says(0, CS_V_SMALLER, "smaller than claimed: this run held between about 15 and 61 % of it") &&
		      strstr(w->sentence, "the witnesses disagree: the latency knee 4.87 MiB against the "
					  "read-bandwidth knee 19.5 MiB (4.0x apart, more than 1.5x)"),
	      "disagree, both below: %s", w->sentence);
	/* one says as claimed, the other smaller: no more than both allow */
	three_levels(0);
	paired(30 * MIB, 3, 32 * MIB);
	read_knee(8 * MIB, 3, 32 * MIB);
	CHECK(says(0, CS_V_AS_CLAIMED, "as claimed only as far as the witnesses together allow: 0.25x to 0.94x") &&
		      row(0)->agree == 0,
	      "straddling: %s", row(0)->sentence);
	/* the latency knee missing: the read's alone decides, and says so */
	three_levels(0);
	paired(34 * KIB, 1, 32 * KIB);
	missing(2, MIB);
	read_knee(0.9 * MIB, 2, MIB);
	w = row(1);
	CHECK(w->n_witnesses == 1 && w->agree == -1 && !w->has_measured &&
		      says(1, CS_V_AS_CLAIMED, "the only witness: the read-bandwidth knee 922 KiB"),
	      "one witness missing: %s", w->sentence);
	/* a wide range: the claim held against it, two witnesses whose ranges touch agree */
	three_levels(0);
	paired(22 * MIB, 3, 32 * MIB);
	read_knee(31 * MIB, 3, 32 * MIB);
	CHECK(row(0)->agree == 1 && says(0, CS_V_AS_CLAIMED, "0.69x to 0.97x the published size (within 1.5x); 2 witnesses agree"), "ranges: %s", row(0)->sentence);
}

/* s.2c and s.3: under an emulator every verdict is emulated, trust says it first */
static void test_emulated(void)
{
	struct cs_buf b;
	three_levels(1);
	cs_strlcpy(cap.emulator, "QEMU TCG", sizeof cap.emulator);
	cs_strlcpy(cap.emulator_evidence, "hypervisor signature TCGTCGTCGTCG", sizeof cap.emulator_evidence);
	paired(34 * KIB, 1, 32 * KIB);
	missing(2, MIB);
	unmatched(2.4 * MIB);
	paired(30 * MIB, 3, 32 * MIB);
	cs_summary_rows(&sum, &cap, &res);
	for (uint32_t i = 0; i < sum.n; i++)
		CHECK(!strcmp(sum.row[i].verdict, CS_V_EMULATED) &&
			      strstr(sum.row[i].sentence, "emulated: under QEMU TCG these figures are the emulator's"),
		      "row %u: %s", i, sum.row[i].sentence);
	cs_buf_init(&b, text, sizeof text);
	cs_summary_trust(&b, &cap, &res);
	CHECK(!strncmp(text, "trust: EMULATED by QEMU TCG (hypervisor signature TCGTCGTCGTCG)", 63) &&
		      !strstr(text, "a virtual machine"),
	      "trust, the emulator first: %s", text);
	three_levels(1); /* KVM: a virtual machine, its verdicts stand */
	paired(34 * KIB, 1, 32 * KIB);
	CHECK(says(0, CS_V_AS_CLAIMED, "as claimed"), "KVM: %s", row(0)->sentence);
}

/* s.2b: more levels than caches: each extra one explained or unexplained */
static void test_extra_levels(void)
{
	three_levels(0);
	paired(34 * KIB, 1, 32 * KIB);
	unmatched(260 * KIB);
	paired(MIB, 2, MIB);
	paired(30 * MIB, 3, 32 * MIB);
	CHECK(says(1, CS_V_UNMATCHED, "; unexplained: above L1 (32 KiB), no TLB's reach or page walk"),
	      "nothing in the capture: %s", row(1)->sentence);
	cap.tlb.n_published = 1;
	cap.tlb.published[0] = (struct cs_tlb){ 1, CS_CACHE_DATA, 4096, 64, 4 };
	cap.tlb.has_pool_pages = 1;
	cap.tlb.pool_pages = 4096;
	CHECK(says(1, CS_V_UNMATCHED, "; explained: the published L1 TLB's reach, 64 entries of the sweep's "
				      "4 KiB pages = 256 KiB"),
	      "a published TLB's reach: %s", row(1)->sentence);
	cap.tlb.pool_pages = 2 << 20;
	CHECK(says(1, CS_V_UNMATCHED, "unexplained"), "the sweep on other pages: %s", row(1)->sentence);
	res.tlb.n_translation = 1;
	res.tlb.translation[0] = (struct cs_tlb_translation){ 1, 260 * KIB, 4096, 1, 65, 260 * KIB };
	CHECK(says(1, CS_V_UNMATCHED, "; explained: the TLB kind measured a TLB of 65 entries of 4 KiB pages"),
	      "the TLB kind's reach: %s", row(1)->sentence);
	res.tlb.n_translation = 0;
	unmatched(150 * MIB);
	CHECK(says(4, CS_V_UNMATCHED, "unexplained: past the last published level"), "past: %s", row(4)->sentence);
	res.tlb.large_reduced = 1;
	res.tlb.n_large_levels = 4;
	res.tlb.n_large_knees = 1;
	res.tlb.large_knees[0] = (struct cs_knee){ .has_bytes = 1, .bytes = 30 * MIB };
	cap.tlb.large_page_bytes = 2 << 20;
	CHECK(says(4, CS_V_UNMATCHED, "explained: page walks: the sweep on 2 MiB pages has no knee within 1.5x of it"),
	      "page walks: %s", row(4)->sentence);
	res.tlb.large_knees[0].bytes = 140 * MIB;
	CHECK(says(4, CS_V_UNMATCHED, "unexplained"), "the large pages see it too: %s", row(4)->sentence);
}

/* s.2: a level with no knee: missing, not seen (short sweep, coarse grid) */
static void test_unpaired(void)
{
	three_levels(0);
	paired(34 * KIB, 1, 32 * KIB);
	missing(2, MIB);
	CHECK(says(1, CS_V_MISSING, "missing: no knee paired") && !row(1)->has_measured,
	      "missing: %s", row(1)->sentence);
	res.top_bytes = 512 * KIB;
	CHECK(says(1, CS_V_NOT_MEASURED, "not measured: the sweep stopped short of it, at 512 KiB"),
	      "short: %s", row(1)->sentence);
	res.top_bytes = 512 * MIB;
	refusal(CS_R_GRID_COARSE);
	CHECK(says(1, CS_V_NOT_MEASURED, "not measured: the sweep's grid cannot see it"), "grid: %s",
	      row(1)->sentence);
}

/* s.2: knees paired with nothing, each with what it may be */
static void test_unmatched(void)
{
	three_levels(1);
	paired(34 * KIB, 1, 32 * KIB);
	missing(2, MIB);
	unmatched(2.4 * MIB);
	missing(3, 32 * MIB);
	CHECK(says(2, CS_V_UNMATCHED, "it may be the part of L3 (32 MiB) this run held, about 8 % of it; "
				      "a shared level in a virtual machine does this"),
	      "a share of L3: %s", row(2)->sentence);
	CHECK(!row(2)->has_level && !row(2)->has_claimed && row(2)->measured_bytes == 2.4 * MIB,
	      "level null, claimed null");
	CHECK(says(3, CS_V_MISSING, "the unmatched knee at 2.4 MiB may be the part of it this run held"),
	      "L3 names the knee below: %s", row(3)->sentence);
	three_levels(0);
	paired(34 * KIB, 1, 32 * KIB);
	paired(MIB, 2, MIB);
	paired(30 * MIB, 3, 32 * MIB);
	unmatched(150 * MIB);
	CHECK(says(3, CS_V_UNMATCHED, "past the last published level"), "past: %s", row(3)->sentence);
	cap.n_caches = 0;
	res.n_knees = 0;
	unmatched(850 * KIB);
	CHECK(says(0, CS_V_UNMATCHED, "publishes no data or unified cache"), "none published: %s",
	      row(0)->sentence);
}

/* s.2: no knee table: every published level once, by level, refused */
static void test_refused(void)
{
	three_levels(0);
	cap.caches[cap.n_caches++] = (struct cs_cache){ 2, CS_CACHE_UNIFIED, 1048576, 64 }; /* twice */
	cap.caches[0] = (struct cs_cache){ 3, CS_CACHE_UNIFIED, 33554432, 64 };
	cap.caches[3] = (struct cs_cache){ 1, CS_CACHE_DATA, 32768, 64 };
	refusal(CS_R_BLOCK_LENGTH);
	cs_summary_rows(&sum, &cap, &res);
	CHECK(sum.n == 3, "three levels, the duplicate once: %u", sum.n);
	for (uint32_t i = 0; i < sum.n; i++)
		CHECK(sum.row[i].level == i + 1 && !strcmp(sum.row[i].verdict, CS_V_NOT_MEASURED) &&
			      strstr(sum.row[i].sentence, "(block-length;"),
		      "row %u: L%u %s", i, sum.row[i].level, sum.row[i].sentence);
}

/* s.2 and reduction.md s.9: a level inside a smooth climb says so */
static void test_climb(void)
{
	three_levels(0);
	paired(34 * KIB, 1, 32 * KIB);
	missing(2, MIB);
	paired(30 * MIB, 3, 32 * MIB);
	res.climbs.n = 1;
	res.climbs.climb[0] = (struct cs_climb){ 256 * KIB, 4 * MIB, 1.12, 0, 0 };
	refusal(CS_R_CLIMB);
	CHECK(says(1, CS_V_MISSING, "from 256 KiB to 4 MiB the latency climbs smoothly"), "climb: %s",
	      row(1)->sentence);
	struct cs_buf b;
	cs_buf_init(&b, text, sizeof text);
	cs_summary_text(&b, &cap, &res);
	CHECK(strstr(text, "\n  climb  ") && strstr(text, "1.12x an octave"), "the climb's line: %s", text);
	CHECK(strstr(text, "refusals that matter:\n       smooth-climb\n"), "trust names it: %s", text);
}

/* s.4: the text: the table's columns, lines within the width, the trust */
static void test_text(void)
{
	struct cs_buf b;
	three_levels(1);
	paired(34 * KIB, 1, 32 * KIB);
	missing(2, MIB);
	unmatched(2.4 * MIB);
	missing(3, 32 * MIB);
	cs_buf_init(&b, text, sizeof text);
	cs_summary_text(&b, &cap, &res);
	CHECK(!strncmp(text, "summary: ", 9) && strstr(text, "\n  level  claimed     measured    verdict\n"),
	      "heading: %s", text);
	CHECK(strstr(text, "\n  L1     32 KiB      34 KiB      as claimed: 1.06x the published size (within "
			   "1.5x); the only\n                                 witness: the latency knee 34 KiB\n"),
	      "the L1 row, wrapped at 100 characters under the verdict: %s", text);
	CHECK(strstr(text, "\n  -      -           2.4 MiB     unmatched:"), "the unmatched row: %s", text);
	int over = 0, len = 0;
	for (const char *p = text; *p; p++, len++)
		if (*p == '\n') {
			over |= len > CS_SUMMARY_WIDTH;
			len = -1;
		}
	CHECK(!over, "no line over %d characters", CS_SUMMARY_WIDTH);
	CHECK(strstr(text, "trust: a virtual machine (the hypervisor bit is set)"), "trust: %s", text);
	cap.vm = 0;
	cs_buf_init(&b, text, sizeof text);
	cs_summary_trust(&b, &cap, &res);
	CHECK(strstr(text, "not a virtual machine"), "not a VM: %s", text);
}

/* s.5: reduce --json's member, after the label */
static void test_json(void)
{
	struct cs_buf b;
	three_levels(1);
	paired(34 * KIB, 1, 32 * KIB);
	unmatched(2.4 * MIB);
	missing(3, 32 * MIB);
	cs_buf_init(&b, text, sizeof text);
	CHECK(cs_result_json_write(&b, &cap, &res) == 0, "written");
	CHECK(strstr(text, "{\n  \"format\": \"cacheshape-reduce\",\n  \"version\": 1,\n"
			   "  \"label\": null,\n  \"summary\": [\n    {\n      \"level\": 1,\n"
			   "      \"claimed_bytes\": 32768,\n      \"measured_bytes\": 34816,\n"
			   "      \"read_gbps\": null,\n      \"floor_ns\": null,\n"
			   "      \"floor_cycles\": null,\n      \"witnesses\": [\n        {\n          \"kind\": \"latency-knee\",\n"
			   "          \"bytes\": 34816,\n          \"range\": [\n            34816,\n            34816\n          ]\n"
			   "        }\n      ],\n      \"agree\": null,\n      \"measured_range\": [\n        34816,\n        34816\n"
			   "      ],\n      \"verdict\": \"as-claimed\",\n      \"sentence\": \"as claimed:"),
	      "the first row: %.400s", text);
	CHECK(strstr(text, "      \"level\": null,\n      \"claimed_bytes\": null,\n"
			   "      \"measured_bytes\": 2516582.4,\n      \"read_gbps\": null,\n"
			   "      \"floor_ns\": null,\n      \"floor_cycles\": null,\n"
			   "      \"witnesses\": [\n"),
	      "the unmatched row: %.900s", text);
	CHECK(strstr(text, "      \"measured_bytes\": null,\n      \"read_gbps\": null,\n"
			   "      \"floor_ns\": null,\n      \"floor_cycles\": null,\n"
			   "      \"witnesses\": [],\n      \"agree\": null,\n      \"measured_range\": null,\n"
			   "      \"verdict\": \"missing\""), "missing: null: %.3000s", text);
}

/* The cycles cell (docs/clock.md): the floor below each found knee times
 * the core clock, only where that clock is stable; a missing knee skips no
 * level (the n-th found knee tops the n-th level). */
static void test_cycles(void)
{
	static const double floors[] = { 1.2, 4.0, 12.0, 80.0 };
	struct cs_buf b;
	three_levels(0);
	paired(34 * KIB, 1, 32 * KIB);
	missing(2, MIB);
	paired(30 * MIB, 3, 32 * MIB);
	res.n_levels = 4;
	for (uint32_t i = 0; i < 4; i++)
		res.levels[i].floor_ns = floors[i];
	cs_buf_init(&b, text, sizeof text);
	cs_summary_text(&b, &cap, &res);
	CHECK(!row(0)->has_cycles && !sum.cycles && !strstr(text, "cycles"),
	      "no core clock: no cycles cell, no column: %s", text);
	res.clock.present = res.clock.has_core_hz = 1;
	res.clock.core_hz = 3e9;
	CHECK(!row(0)->has_cycles, "a clock not stable (refused): no cycles");
	res.clock.stable = 1;
	CHECK(row(0)->has_cycles && row(0)->floor_cycles > 3.599 && row(0)->floor_cycles < 3.601,
	      "L1: 1.2 ns at 3 GHz = 3.6 cycles (%g)", row(0)->floor_cycles);
	CHECK(!row(1)->has_cycles, "L2 missing: no floor paired");
	CHECK(row(2)->has_cycles && row(2)->floor_cycles > 11.99 && row(2)->floor_cycles < 12.01,
	      "L3 tops the second level: 4 ns = 12 cycles (%g)", row(2)->floor_cycles);
	cs_buf_init(&b, text, sizeof text);
	cs_summary_text(&b, &cap, &res);
	CHECK(strstr(text, "\n  level  claimed     measured    cycles  verdict\n") &&
	      strstr(text, "\n  L1     32 KiB      34 KiB      3.6     as claimed:") &&
	      strstr(text, "\n  L2     1 MiB       -           -       missing:") &&
	      strstr(text, "\n  L3     32 MiB      30 MiB      12      as claimed:"),
	      "the cycles column: %s", text);
	cs_buf_init(&b, text, sizeof text);
	CHECK(cs_result_json_write(&b, &cap, &res) == 0, "written");
	CHECK(strstr(text, "\"measured_bytes\": 34816,\n      \"read_gbps\": null,\n"
			   "      \"floor_ns\": 1.2,\n      \"floor_cycles\": 3.6,\n") &&
	      strstr(text, "\"measured_bytes\": null,\n      \"read_gbps\": null,\n"
			   "      \"floor_ns\": null,\n      \"floor_cycles\": null,\n") &&
	      strstr(text, "\"measured_bytes\": 31457280,\n      \"read_gbps\": null,\n"
			   "      \"floor_ns\": 4,\n      \"floor_cycles\": 12,\n"),
	      "floor_cycles in the JSON rows: %.1500s", text);
}

/* s.2 "ranges": a knee's range (reduction.md s.4) is its witness: the claim
 * is held against the range, so a point at 0.6x whose step runs up to 1.05x
 * is as claimed (the grid cannot tell), while a range wholly below P / 1.5
 * is smaller. A coarse grid's edge (reduction.md s.10) is its range alone:
 * no measured size; a refused one is no witness. */
static void ranged(double lo, double hi)
{
	struct cs_knee *k = &res.knees[0];
	k->has_range = 1;
	k->range_lo = lo;
	k->range_hi = hi;
}

static void test_ranges(void)
{
	struct cs_buf b;
	three_levels(0);
	paired(0.6 * MIB, 2, MIB);
	ranged(0.55 * MIB, 1.05 * MIB);
	CHECK(!strcmp(row(0)->verdict, CS_V_AS_CLAIMED) && strstr(row(0)->sentence, "0.55x to 1.05x") &&
		      row(0)->has_range && row(0)->range_lo == 0.55 * MIB,
	      "a range holding P: %s", row(0)->sentence);
	ranged(0.5 * MIB, 22 * MIB); /* a climb, not the grid: the point decides */
	CHECK(!strcmp(row(0)->verdict, CS_V_SMALLER) && row(0)->range_hi == 0.6 * MIB &&
		      strstr(row(0)->sentence, "about 60 %"),
	      "a range wider than CS_SUMMARY_RANGE_MAX: the point: %s", row(0)->sentence);
	res.knees[0].bytes = 0.3 * MIB;
	ranged(0.4 * MIB, 0.9 * MIB);
	CHECK(!strcmp(row(0)->verdict, CS_V_SMALLER), "a 2.25x range: the point 0.3x decides: %s",
	      row(0)->sentence);
	res.knees[0].bytes = 0.6 * MIB;
	ranged(0.3 * MIB, 0.6 * MIB);
	CHECK(!strcmp(row(0)->verdict, CS_V_SMALLER) && strstr(row(0)->sentence, "between about 30 and 60 %"),
	      "a range below P / 1.5: %s", row(0)->sentence);
	/* a coarse edge: the range alone */
	three_levels(0);
	paired(512 * KIB, 2, MIB);
	ranged(512 * KIB, MIB);
	res.knees[0].coarse = 1;
	CHECK(!strcmp(row(0)->verdict, CS_V_AS_CLAIMED) && !row(0)->has_measured && row(0)->has_range,
	      "coarse [512 KiB, 1 MiB] holds 1 MiB: %s", row(0)->sentence);
	res.knees[0].published_bytes = 4 * MIB;
	CHECK(!strcmp(row(0)->verdict, CS_V_SMALLER), "claimed 4x: %s", row(0)->sentence);
	res.knees[0].published_bytes = 256 * KIB;
	CHECK(!strcmp(row(0)->verdict, CS_V_LARGER), "claimed a quarter: %s", row(0)->sentence);
	res.knees[0].coarse = 2;
	CHECK(!strcmp(row(0)->verdict, CS_V_NOT_MEASURED) && !row(0)->has_range &&
		      strstr(row(0)->sentence, "climbs from"),
	      "a refused range: %s", row(0)->sentence);
	res.knees[0].coarse = 1;
	res.knees[0].published_bytes = MIB;
	cs_buf_init(&b, text, sizeof text);
	CHECK(cs_result_json_write(&b, &cap, &res) == 0 &&
	      strstr(text, "\"measured_bytes\": null,\n") &&
	      strstr(text, "\"measured_range\": [\n        524288,\n        1048576\n      ],"),
	      "measured_range in JSON: %.1600s", text);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--sentences")) {
		three_levels(0);
		paired(1.06 * 32 * KIB, 1, 32 * KIB);
		printf("CS_SUMMARY_CLAIM_FACTOR\t%s\n", row(0)->sentence);
		three_levels(0);
		paired(0.6 * MIB, 2, MIB);
		ranged(0.55 * MIB, 1.05 * MIB);
		printf("CS_SUMMARY_RANGE_MAX\t%s\n", row(0)->sentence);
		return 0;
	}
	test_claim_factor();
	test_vm();
	test_unpaired();
	test_unmatched();
	test_refused();
	test_climb();
	test_text();
	test_json();
	test_cycles();
	test_ranges();
	test_witnesses();
	test_emulated();
	test_extra_levels();
	return cs_test_summary("summary");
}
