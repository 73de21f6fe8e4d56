/* test_reduce_tlb: the TLB reduction (reduce/tlb.c, docs/tlb.md) on curves
 * built here: knees in entries paired with the published TLBs of their page
 * size, a missing level, nothing published, the knee that aliasing puts
 * past the window's lines (and the edges of CS_TLB_ALIAS_SPAN), the two
 * staircases (and the edges of CS_TLB_TRANSLATION_NEAR), the pool's page
 * size as the filter, a refused page size, short blocks, malformed series,
 * sweep_large_pages. `test_reduce_tlb --sentences` prints the sentence of
 * each constant for tests/suite-mutation.sh (its mutation-tlb rows). */
#include <math.h>
#include <string.h>
#include "check.h"
#include "../kinds/tlb/tlb_probe.h"
#include "../reduce/rules.h"
#include "../kinds/tlb/tlb_kind.h"

CS_TEST_MAIN_DEFS;

static struct cs_capture cap;
static struct cs_work work;
static struct cs_result res;
static struct cs_tlb_result t;
static char err[512];

/* Steps of cost floors[l] -> floors[l+1] at page count at[l]: every grid
 * count below at[l] is on the lower floor, at[l] and above on the upper. */
static void series(struct cs_tlb_series *s, uint64_t page, const double *floors,
		   const double *at, int steps, uint64_t max)
{
	uint64_t counts[CS_TLB_MAX_POINTS];
	uint32_t n = cs_tlb_counts(max, counts, CS_TLB_MAX_POINTS);
	memset(s, 0, sizeof *s);
	s->page_bytes = page;
	strcpy(s->page_tables, "own");
	for (uint32_t i = 0; i < n; i++) {
		double ns = floors[0];
		for (int l = 0; l < steps; l++)
			if ((double)counts[i] >= at[l])
				ns = floors[l + 1];
		s->pts[s->n++] = (struct cs_tlb_point){ (double)counts[i], ns, 1, ns, 1, 1e6 };
	}
}

static void publish(uint64_t page, uint32_t l1, uint32_t l2)
{
	struct cs_tlb_capture *k = &cap.tlb;
	k->has_published = 1;
	k->published[k->n_published++] = (struct cs_tlb){ 1, CS_CACHE_DATA, page, l1, 4 };
	k->published[k->n_published++] = (struct cs_tlb){ 1, CS_CACHE_INSTRUCTION, page, 999, 4 };
	if (l2)
		k->published[k->n_published++] = (struct cs_tlb){ 2, CS_CACHE_UNIFIED, page, l2, 6 };
}

/* A data-cache sweep with one knee at exactly 'knee' bytes: two floors, 1
 * and 4 ns, and a point at the knee costing their geometric mean. */
static void data_knee(double knee)
{
	cap.n_points = 0;
	for (double b = knee / 60; b <= 64 * knee; b *= 1.189207115) {
		if (b < knee && b * 1.189207115 > knee)
			cap.points[cap.n_points++] = (struct cs_point){ b, 1.0, 0, 0 },
			cap.points[cap.n_points++] = (struct cs_point){ knee, 2.0, 0, 0 };
		else
			cap.points[cap.n_points++] = (struct cs_point){ b, b < knee ? 1.0 : 4.0, 0, 0 };
	}
}

static int reduce_all(void)
{
	int rc = cs_reduce(&cap, &work, &res, err, sizeof err);
	if (rc == 0)
		rc = cs_tlb_reduce_result(&cap, &res, &work, &t, err, sizeof err);
	return rc;
}

static const char *reason(const struct cs_tlb_series_result *s, const char *code)
{
	for (uint32_t i = 0; i < s->n_refusals; i++)
		if (!strcmp(s->refusals[i].code, code))
			return s->refusals[i].reason;
	return "";
}

static const double f3[] = { 2.0, 4.0, 16.0 };

static void test_two_levels(void)
{
	static const double at[] = { 80, 3072 };
	cs_capture_init(&cap);
	publish(4096, 72, 3072);
	series(&cap.tlb.series[0], 4096, f3, at, 2, 4 * 3072);
	cap.tlb.n_series = 1;
	CHECK(reduce_all() == 0 && t.present && t.n_series == 1, "reduced (%s)", err);
	const struct cs_tlb_series_result *s = &t.series[0];
	CHECK(s->measured && s->n_levels == 3 && s->n_knees == 2, "3 levels, 2 knees: %u %u",
	      s->n_levels, s->n_knees);
	/* the step between 64 (floor 2) and 80 (4): the mean sqrt(8) is
	 * crossed at 64 * 1.25^((sqrt(8)-2)/2) */
	double want = 70.19746285206162; /* the line above, worked out */
	CHECK(fabs(s->knees[0].entries - want) < 1e-9 * want, "knee 1 %.6g, want %.6g",
	      s->knees[0].entries, want);
	CHECK(s->knees[0].has_published && s->knees[0].published_entries == 72 &&
		      s->knees[0].published_level == 1 && s->knees[0].retired_entries == 64,
	      "knee 1 paired with the 72-entry L1, retired 64");
	CHECK(fabs(s->knees[0].gap - (s->knees[0].entries / 72 - 1)) < 1e-12, "gap = knee / published - 1");
	CHECK(s->knees[1].published_entries == 3072 && s->knees[1].published_level == 2,
	      "knee 2 paired with the L2");
	CHECK(s->n_refusals == 0, "no refusal: %s", s->n_refusals ? s->refusals[0].reason : "");
	/* the instruction TLB (999 entries) takes no part */
	double e[8];
	uint32_t l[8];
	CHECK(cs_tlb_levels(&cap, 4096, e, l, 8) == 2 && e[0] == 72 && e[1] == 3072,
	      "published levels: data and unified only");
	CHECK(cs_tlb_levels(&cap, 2u << 20, e, l, 8) == 0, "no 2 MiB TLB published");
}

static void test_missing_and_unmatched(void)
{
	/* the sweep stops at 4 x 72: the L2 is missing, never guessed */
	static const double at[] = { 80 };
	cs_capture_init(&cap);
	publish(4096, 72, 3072);
	series(&cap.tlb.series[0], 4096, f3, at, 1, 4 * 72);
	cap.tlb.n_series = 1;
	reduce_all();
	const struct cs_tlb_series_result *s = &t.series[0];
	CHECK(s->n_knees == 2 && s->knees[0].has_published && !s->knees[1].has_entries &&
		      s->knees[1].published_entries == 3072,
	      "L2 missing in its place (%u knees)", s->n_knees);
	CHECK(strstr(reason(s, CS_R_KNEE_MISSING), "L2 TLB (3072 entries): the sweep stops at 256 pages"),
	      "missing, stops short: %s", reason(s, CS_R_KNEE_MISSING));
	/* a knee past every published level is unmatched */
	static const double at2[] = { 80, 60000 };
	cs_capture_init(&cap);
	publish(4096, 72, 0);
	series(&cap.tlb.series[0], 4096, f3, at2, 2, 1u << 17);
	cap.tlb.n_series = 1;
	reduce_all();
	s = &t.series[0];
	CHECK(s->n_knees == 2 && !s->knees[1].has_published, "the far knee is unmatched");
	CHECK(strstr(reason(s, CS_R_KNEE_UNMATCHED), "the nearest is L1 TLB (72 entries)") &&
		      strstr(reason(s, CS_R_KNEE_UNMATCHED), "P/8 <= knee <= 2P"),
	      "unmatched: %s", reason(s, CS_R_KNEE_UNMATCHED));
	/* nothing published (ARM): every knee unmatched, the reason quoted */
	cs_capture_init(&cap);
	cap.tlb.has_published = 1;
	cap.tlb.published_null = 1;
	strcpy(cap.tlb.published_reason, "no register gives TLB sizes");
	series(&cap.tlb.series[0], 4096, f3, at, 1, 1024);
	cap.tlb.n_series = 1;
	reduce_all();
	s = &t.series[0];
	CHECK(s->n_knees == 1 && !s->knees[0].has_published &&
		      strstr(reason(s, CS_R_KNEE_UNMATCHED), "publishes no TLB sizes (no register gives TLB sizes)"),
	      "unpublished: %s", reason(s, CS_R_KNEE_UNMATCHED));
}

/* A knee at 'ratio' times the window's lines, with L2 beyond. */
static int alias_at(double ratio)
{
	static double at[3];
	static const double f4[] = { 2, 4, 8, 20 };
	at[0] = 80;
	at[1] = 256 * ratio;
	at[2] = 3072;
	cs_capture_init(&cap);
	publish(4096, 72, 3072);
	series(&cap.tlb.series[0], 4096, f4, at, 3, 4 * 3072);
	cap.tlb.series[0].alias_lines = 256;
	cap.tlb.n_series = 1;
	reduce_all();
	const struct cs_tlb_series_result *s = &t.series[0];
	return s->n_knees == 3 && s->knees[1].alias && !s->knees[1].has_published &&
	       *reason(s, CS_R_TLB_ALIAS) && !*reason(s, CS_R_KNEE_UNMATCHED) &&
	       s->knees[2].published_entries == 3072;
}

static void test_alias(void)
{
	/* counts 320 and 640 from 256 lines: knees just above each */
	CHECK(alias_at(1.25), "a knee at 1.25 L is the aliasing");
	CHECK(alias_at(1.75), "a knee at 1.75 L is the aliasing (CS_TLB_ALIAS_SPAN %g)", CS_TLB_ALIAS_SPAN);
	CHECK(!alias_at(2.5), "a knee at 2.5 L is not (CS_TLB_ALIAS_SPAN %g)", CS_TLB_ALIAS_SPAN);
	CHECK(strstr(reason(&t.series[0], CS_R_KNEE_UNMATCHED), "knee 2"), "and is unmatched instead");
	/* no alias_lines: no aliasing knee, whatever the curve */
	alias_at(1.25);
	cap.tlb.series[0].alias_lines = 0;
	reduce_all();
	CHECK(!t.series[0].knees[1].alias && *reason(&t.series[0], CS_R_KNEE_UNMATCHED),
	      "unaliased window: the knee is unmatched, not aliasing");
}

/* The data-cache knee at 'ratio' times the L1 TLB's reach (72 x 4 KiB). */
static uint32_t translation_at(double ratio, uint64_t pool)
{
	static const double at[] = { 80, 3072 };
	cs_capture_init(&cap);
	publish(4096, 72, 3072);
	series(&cap.tlb.series[0], 4096, f3, at, 2, 4 * 3072);
	cap.tlb.n_series = 1;
	if (pool) {
		cap.tlb.has_pool_pages = 1;
		cap.tlb.pool_pages = pool;
	}
	reduce_all();
	double reach = t.series[0].knees[0].entries * 4096;
	data_knee(reach * ratio);
	reduce_all();
	return t.n_translation;
}

static void test_translation(void)
{
	CHECK(translation_at(1.0, 0) == 1 && fabs(t.translation[0].bytes / t.translation[0].reach - 1) < 1e-9 &&
		      t.translation[0].knee == 0 && t.translation[0].level == 1 &&
		      t.translation[0].page_bytes == 4096,
	      "a data knee at the reach: translation (%u)", t.n_translation);
	CHECK(translation_at(1.22, 0) == 1, "22 %% above: within CS_TLB_TRANSLATION_NEAR %g",
	      CS_TLB_TRANSLATION_NEAR);
	CHECK(translation_at(0.78, 0) == 1, "22 %% below: within");
	CHECK(translation_at(1.28, 0) == 0, "28 %% above: outside CS_TLB_TRANSLATION_NEAR %g",
	      CS_TLB_TRANSLATION_NEAR);
	CHECK(translation_at(0.72, 0) == 0, "28 %% below: outside");
	CHECK(translation_at(1.0, 4096) == 1, "the pool on 4 KiB pages: its reach counts");
	CHECK(translation_at(1.0, 2u << 20) == 0, "the pool on 2 MiB pages: 4 KiB reaches do not");
}

static void test_refused_short_malformed(void)
{
	static const double at[] = { 80 };
	cs_capture_init(&cap);
	cap.tlb.n_series = 2;
	series(&cap.tlb.series[0], 4096, f3, at, 1, 1024);
	cap.tlb.series[1] = (struct cs_tlb_series){ .page_bytes = 1u << 30, .refused = 1 };
	strcpy(cap.tlb.series[1].refusal, "no 1 GiB pages here");
	CHECK(reduce_all() == 0 && !t.series[1].measured &&
		      strstr(reason(&t.series[1], CS_R_TLB_NOT_MEASURED), "1 GiB pages: no 1 GiB pages here"),
	      "refused size: %s", reason(&t.series[1], CS_R_TLB_NOT_MEASURED));
	/* blocks under 100 quanta: refused */
	cap.clock.has_quantum = 1;
	cap.clock.quantum_ns = 1e5;
	CHECK(reduce_all() == 0 && *reason(&t.series[0], CS_R_BLOCK_LENGTH) && t.series[0].n_knees == 0,
	      "block-length: %s", reason(&t.series[0], CS_R_BLOCK_LENGTH));
	cap.clock.has_quantum = 0;
	/* a clamp the clock cannot honour (docs/reduction.md s.6, CS_CLAMP_MAX_RATIO):
	 * each series refused whole, as the sweep is; at the ratio, it stands */
	cap.clock.has_clamp = 1;
	cap.clock.clamp_ns = 5000;
	cap.clock.has_quantum = 1;
	cap.clock.quantum_ns = 4e6;
	CHECK(reduce_all() == 0 && strstr(reason(&t.series[0], CS_R_CLOCK), "4000000 ns") &&
		      t.series[0].n_knees == 0 && t.series[0].n_levels == 0,
	      "clock-unusable: %s", reason(&t.series[0], CS_R_CLOCK));
	cap.clock.quantum_ns = 5000 * CS_CLAMP_MAX_RATIO;
	CHECK(reduce_all() == 0 && !*reason(&t.series[0], CS_R_CLOCK) && t.series[0].n_knees == 1,
	      "a quantum at %g x the clamp: measured (%u knees)", CS_CLAMP_MAX_RATIO, t.series[0].n_knees);
	cap.clock.has_clamp = cap.clock.has_quantum = 0;
	/* flat: fewer than two levels */
	static const double flat[] = { 3, 3, 3 };
	series(&cap.tlb.series[0], 4096, flat, at, 1, 1024);
	CHECK(reduce_all() == 0 && *reason(&t.series[0], CS_R_FEW_PLATEAUS), "flat: %s",
	      reason(&t.series[0], CS_R_FEW_PLATEAUS));
	/* malformed: a duplicate count, a negative time */
	series(&cap.tlb.series[0], 4096, f3, at, 1, 1024);
	cap.tlb.series[0].pts[3].pages = cap.tlb.series[0].pts[2].pages;
	CHECK(reduce_all() == -1 && strstr(err, "tlb[0].points") && strstr(err, "duplicate"), "duplicate: %s", err);
	series(&cap.tlb.series[0], 4096, f3, at, 1, 1024);
	cap.tlb.series[0].pts[1].ns = -1;
	CHECK(reduce_all() == -1 && strstr(err, "ns"), "negative: %s", err);
	/* a coarse grid: one count an octave */
	cs_capture_init(&cap);
	cap.tlb.n_series = 1;
	struct cs_tlb_series *s = &cap.tlb.series[0];
	s->page_bytes = 4096;
	for (double p = 4; p <= 65536; p *= 2)
		s->pts[s->n++] = (struct cs_tlb_point){ p, p < 128 ? 2 : 8, 0, 0, 0, 0 };
	CHECK(reduce_all() == 0 && *reason(&t.series[0], CS_R_GRID_COARSE), "coarse: %s",
	      reason(&t.series[0], CS_R_GRID_COARSE));
}

static void test_large(void)
{
	cs_capture_init(&cap);
	data_knee(65536);
	CHECK(reduce_all() == 0 && !t.present, "no TLB member: nothing present");
	cap.tlb.has_large = 1;
	cap.tlb.large_page_bytes = 2u << 20;
	for (uint32_t i = 0; i < cap.n_points; i++)
		cap.tlb.large[cap.tlb.n_large++] = cap.points[i];
	CHECK(reduce_all() == 0 && t.present && t.large_reduced && t.n_large_knees == 1 &&
		      t.large_knees[0].has_bytes,
	      "the large-page sweep reduced: %u knees", t.n_large_knees);
	cap.tlb.n_large = 2;
	CHECK(reduce_all() == 0 && t.large_reduced && t.n_large_knees == 0, "two points: no knee, no error");
}

/* reduction.md s.9 on a TLB series: a climb in entries joined and
 * refused; and counts at the top of the doubles stay finite everywhere
 * (the report once converted 1e300 entries to an integer: undefined). */
static void test_climb_and_extremes(void)
{
	static char text[1 << 16];
	struct cs_buf b;
	cs_capture_init(&cap);
	data_knee(65536);
	cap.tlb.n_series = 1;
	struct cs_tlb_series *s = &cap.tlb.series[0];
	memset(s, 0, sizeof *s);
	s->page_bytes = 4096;
	strcpy(s->page_tables, "own");
	for (int i = 0; i <= 40; i++) {
		double pages = 16 * pow(2, i / 4.0), ns = pow(1.15, i / 4.0);
		s->pts[s->n++] = (struct cs_tlb_point){ floor(pages), ns, 1, ns, 1, 1e6 };
	}
	CHECK(reduce_all() == 0 && t.series[0].n_levels == 1 && t.series[0].levels[0].climb &&
	      t.series[0].n_knees == 0 && t.series[0].climbs.n == 1,
	      "a TLB climb: one level, no knee (%u levels, %u knees)", t.series[0].n_levels,
	      t.series[0].n_knees);
	CHECK(strstr(reason(&t.series[0], CS_R_CLIMB), "pages is one smooth climb") &&
	      *reason(&t.series[0], CS_R_FEW_PLATEAUS), "smooth-climb and fewer-than-two-plateaus: %s",
	      reason(&t.series[0], CS_R_CLIMB));
	static const double scale[] = { 1e300, 1e-300 };
	for (int k = 0; k < 2; k++) {
		for (uint32_t i = 0; i < s->n; i++) {
			s->pts[i].pages = 4 * pow(2, i / 4.0) * scale[k] * 1e-3;
			s->pts[i].ns = (i < 20 ? 1 : 4) * scale[k];
		}
		CHECK(reduce_all() == 0 && t.series[0].n_knees >= 1, "scale %g: %s", scale[k], err);
		cs_buf_init(&b, text, sizeof text);
		res.tlb = t;
		cs_tlb_report_result(&b, &cap, &t);
		CHECK(!strstr(text, "null") && !strstr(text, "nan") && !strstr(text, "inf") &&
		      !strstr(text, "?"), "scale %g: every figure finite: %.300s", scale[k],
		      strstr(text, "knees:") ? strstr(text, "knees:") : text);
	}
}

/* The sentence of each constant (--sentences). */
static void sentences(int print)
{
	char near[CS_REASON_MAX * 2], alias[CS_REASON_MAX];
	struct cs_buf b;
	alias_at(1.25);
	snprintf(alias, sizeof alias, "%s", reason(&t.series[0], CS_R_TLB_ALIAS));
	translation_at(1.0, 0);
	cs_buf_init(&b, near, sizeof near);
	cs_tlb_report_result(&b, &cap, &t);
	char *line = strstr(near, "two staircases:");
	char *end = line ? strchr(line, '\n') : NULL;
	if (end)
		*end = '\0';
	if (print) {
		printf("CS_TLB_ALIAS_SPAN\t%s\n", alias);
		printf("CS_TLB_TRANSLATION_NEAR\t%s\n", line ? line : "");
		return;
	}
	char want[32];
	snprintf(want, sizeof want, "%gx", CS_TLB_ALIAS_SPAN);
	CHECK(strstr(alias, want) != NULL, "the aliasing sentence prints %s: %s", want, alias);
	snprintf(want, sizeof want, "%g %%", CS_TLB_TRANSLATION_NEAR * 100);
	CHECK(line && strstr(line, want) && strstr(line, "translation, not a cache"),
	      "the staircases' line prints %s: %s", want, line ? line : "(none)");
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--sentences")) {
		sentences(1);
		return 0;
	}
	test_two_levels();
	test_missing_and_unmatched();
	test_alias();
	test_translation();
	test_refused_short_malformed();
	test_large();
	test_climb_and_extremes();
	sentences(0);
	return cs_test_summary("reduce_tlb");
}
