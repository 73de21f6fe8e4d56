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
		{ 1.06, CS_V_AS_CLAIMED, "as claimed: the knee is 1.06x the published size (within 1.5x)" },
		{ 1.49, CS_V_AS_CLAIMED, "as claimed" },
		{ 1.52, CS_V_LARGER, "larger than claimed: the knee is 1.52x the published size (more than 1.5x)" },
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

/* s.2: a level with no knee: missing, not seen (short sweep, coarse grid) */
static void test_unpaired(void)
{
	three_levels(0);
	paired(34 * KIB, 1, 32 * KIB);
	missing(2, MIB);
	CHECK(says(1, CS_V_MISSING, "missing: no knee paired") && !row(1)->has_measured,
	      "missing: %s", row(1)->sentence);
	res.top_bytes = 512 * KIB;
	CHECK(says(1, CS_V_NOT_SEEN, "not seen: the sweep stopped short of it, at 512 KiB"),
	      "short: %s", row(1)->sentence);
	res.top_bytes = 512 * MIB;
	refusal(CS_R_GRID_COARSE);
	CHECK(says(1, CS_V_NOT_SEEN, "not seen: the sweep's grid cannot see it"), "grid: %s",
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
		CHECK(sum.row[i].level == i + 1 && !strcmp(sum.row[i].verdict, CS_V_REFUSED) &&
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
	CHECK(strstr(text, "\n  L1     32 KiB      34 KiB      as claimed: the knee is 1.06x the published "
			   "size (within 1.5x)\n"),
	      "the L1 row, one line of 96 characters: %s", text);
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
			   "      \"read_gbps\": null,\n      \"floor_ns\": null,\n      \"floor_cycles\": null,\n      \"verdict\": \"as-claimed\",\n      \"sentence\": \"as claimed:"),
	      "the first row: %.400s", text);
	CHECK(strstr(text, "      \"level\": null,\n      \"claimed_bytes\": null,\n"
			   "      \"measured_bytes\": 2516582.4,\n      \"read_gbps\": null,\n"
			   "      \"floor_ns\": null,\n      \"floor_cycles\": null,\n"
			   "      \"verdict\": \"unmatched\""),
	      "the unmatched row: %.900s", text);
	CHECK(strstr(text, "      \"measured_bytes\": null,\n      \"read_gbps\": null,\n"
			   "      \"floor_ns\": null,\n      \"floor_cycles\": null,\n"
			   "      \"verdict\": \"missing\""), "missing: null");
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

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--sentences")) {
		three_levels(0);
		paired(1.06 * 32 * KIB, 1, 32 * KIB);
		printf("CS_SUMMARY_CLAIM_FACTOR\t%s\n", row(0)->sentence);
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
	return cs_test_summary("summary");
}
