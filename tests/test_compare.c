/* test_compare: the competitor comparison (kinds/mp/mp_compare.h) on synthetic
 * reductions and sweeps, where the prediction holds and where it fails, its
 * threshold pinned on both sides; the grouping of processors by kind of
 * core; the reader of "processors", "competitor" and "cores". */
#include <string.h>
#include "check.h"
#include "../kinds/mp/mp_compare.h"
#include "../common/core_types.h"
#include "../host/reader.h"
#include "../efi/settings.c" /* freestanding: competitors=N */

CS_TEST_MAIN_DEFS;

static struct cs_result alone, with;
static struct cs_comparison cmp;
static struct cs_capture cap, tmp;
static struct cs_work work;

/* knees in bytes (0: missing), floors in ns */
static void result(struct cs_result *r, const double *knees, uint32_t nk,
		   const double *floors, uint32_t nl)
{
	memset(r, 0, sizeof(*r));
	r->n_knees = nk;
	for (uint32_t i = 0; i < nk; i++) {
		r->knees[i].has_bytes = knees[i] > 0;
		r->knees[i].bytes = knees[i];
	}
	r->n_levels = nl;
	for (uint32_t i = 0; i < nl; i++)
		r->levels[i].floor_ns = floors[i];
}

static void test_compare(void)
{
	static const double fl[3] = { 1, 4, 20 }, flw[3] = { 1, 5, 40 };
	static const double base[2] = { 32768, 4 << 20 };
	/* held: the private knee falls 1/8, the shared one half */
	static const double held[2] = { 28672, 2 << 20 };
	/* failed: the private knee falls half, the shared one 1/8 */
	static const double failed[2] = { 16384, 3.5 * (1 << 20) };

	result(&alone, base, 2, fl, 3);
	result(&with, held, 2, flw, 3);
	CHECK(cs_compare(&alone, &with, 3, &cmp) == 0, "held: compared");
	CHECK(cmp.compared && cmp.prediction_held, "held: the prediction held");
	CHECK_NEAR(cmp.private_fall, 0.125, 1e-12, "held: private fall");
	CHECK_NEAR(cmp.shared_fall, 0.5, 1e-12, "held: shared fall");
	CHECK(cmp.shared_knee == 1 && cmp.threads == 3, "held: shared knee 2, 3 threads");
	CHECK(cmp.n_floors == 3, "held: three floors");
	CHECK_NEAR(cmp.floor_fall[2], 0.5, 1e-12, "held: last floor's speed halved");
	CHECK_NEAR(cmp.floor_fall[1], 0.2, 1e-12, "held: second floor");

	result(&with, failed, 2, flw, 3);
	CHECK(cs_compare(&alone, &with, 1, &cmp) == 0 && !cmp.prediction_held,
	      "failed: compared, did not hold");
	CHECK_NEAR(cmp.private_fall, 0.5, 1e-12, "failed: private fall");

	/* the margin pinned on either side of 0.05 */
	CHECK(CS_CMP_MARGIN == 0.05, "margin is 0.05");
	{
		double k1[2] = { 32768 * 0.9, (4 << 20) * (1 - 0.1 - 0.049) };
		double k2[2] = { 32768 * 0.9, (4 << 20) * (1 - 0.1 - 0.051) };
		result(&with, k1, 2, flw, 3);
		cs_compare(&alone, &with, 1, &cmp);
		CHECK(cmp.compared && !cmp.prediction_held, "margin: 0.049 more does not hold (%.6f vs %.6f)",
		      cmp.shared_fall, cmp.private_fall);
		result(&with, k2, 2, flw, 3);
		cs_compare(&alone, &with, 1, &cmp);
		CHECK(cmp.compared && cmp.prediction_held, "margin: 0.051 more holds");
	}

	/* the shared knee is the last found in both: knee 3 missing with a competitor */
	{
		double a3[3] = { 32768, 1 << 20, 16 << 20 }, w3[3] = { 30000, 600000, 0 };
		result(&alone, a3, 3, fl, 3);
		result(&with, w3, 3, flw, 3);
		CHECK(cs_compare(&alone, &with, 2, &cmp) == 0 && cmp.shared_knee == 1,
		      "missing third: knee 2 is the shared one (got %u)", cmp.shared_knee);
		CHECK(!cmp.has_knee_fall[2], "missing third: no fall for knee 3");
	}

	/* refusals */
	{
		double a1[2] = { 0, 1 << 20 }, w1[2] = { 30000, 600000 };
		result(&alone, a1, 2, fl, 3);
		result(&with, w1, 2, flw, 3);
		CHECK(cs_compare(&alone, &with, 1, &cmp) == -1 && !cmp.compared &&
		      !strcmp(cmp.refusal.code, "compare-knees"), "no private knee: refused");
		result(&alone, base, 2, fl, 3);
		result(&with, base, 1, flw, 2);
		CHECK(cs_compare(&alone, &with, 1, &cmp) == -1 &&
		      strstr(cmp.refusal.reason, "only 1 knee"), "one knee: refused (%s)",
		      cmp.refusal.reason);
	}
}

/* A staircase sweep, four sizes an octave from 4 KiB: ns by level edges. */
static void stairs(struct cs_point *pts, uint32_t *n, double edge1, double edge2)
{
	*n = 0;
	for (int k = 0; k < 4 * 12; k++) {
		double b = 4096.0 * __builtin_pow(2.0, k / 4.0);
		b = (double)((uint64_t)b / 64 * 64);
		pts[*n].bytes = b;
		pts[*n].ns = b <= edge1 ? 1.0 : b <= edge2 ? 5.0 : 60.0;
		pts[*n].has_block = 0;
		(*n)++;
	}
}

static void test_capture(void)
{
	char err[256];
	cs_capture_init(&cap);
	stairs(cap.points, &cap.n_points, 32768, 1 << 20);
	CHECK(cs_reduce(&cap, &work, &alone, err, sizeof(err)) == 0, "alone reduces: %s", err);
	CHECK(cs_compare_capture(&cap, &alone, &tmp, &work, &with, &cmp) == -1 &&
	      !strcmp(cmp.refusal.code, "compare-no-sweep"), "no competitor sweep: refused");
	cap.mp.has_competitor = 1;
	cap.mp.threads = 3;
	stairs(cap.mp.comp.points, &cap.mp.comp.n_points, 27000, 300000);
	CHECK(cs_compare_capture(&cap, &alone, &tmp, &work, &with, &cmp) == 0,
	      "staircase: compared (%s)", cmp.refusal.reason);
	CHECK(cmp.prediction_held, "staircase: held (private %.3f, shared %.3f)",
	      cmp.private_fall, cmp.shared_fall);
	stairs(cap.mp.comp.points, &cap.mp.comp.n_points, 16384, 900000);
	CHECK(cs_compare_capture(&cap, &alone, &tmp, &work, &with, &cmp) == 0 &&
	      !cmp.prediction_held, "staircase: failed (private %.3f, shared %.3f)",
	      cmp.private_fall, cmp.shared_fall);
	{
		char line[512];
		struct cs_buf b;
		cs_buf_init(&b, line, sizeof(line));
		cs_compare_text(&b, &cmp);
		CHECK(strstr(line, "competitor (3 threads): private knee 1 fell") &&
		      strstr(line, "the prediction failed\n"), "the line: %s", line);
	}
}

static void test_grouping(void)
{
	struct cs_proc_ident p[6];
	struct cs_kind_group g[4];
	uint32_t words[2] = { 1, 2 }, words2[2] = { 2, 1 };
	uint32_t d1 = cs_ident_digest(words, 2), d2 = cs_ident_digest(words2, 2);
	CHECK(d1 != d2, "digest depends on order");
	CHECK(cs_ident_digest(NULL, 0) == 2166136261u, "digest of nothing is the FNV basis");

	memset(p, 0, sizeof(p));
	for (uint32_t i = 0; i < 4; i++) {
		p[i].number = i;
		p[i].cache_sig = d1;
	}
	CHECK(cs_group_kinds(p, 4, g, 4) == 1, "one kind");
	CHECK(!strcmp(g[0].kind, "all") && g[0].n == 4, "named all, 4 processors (%s)", g[0].kind);

	/* hybrid: P cores 0, 1; E cores 2..5 with other caches */
	for (uint32_t i = 0; i < 6; i++) {
		p[i].number = i * 2;
		p[i].core_type = i < 2 ? 0x40 : 0x20;
		p[i].cache_sig = i < 2 ? d1 : d2;
	}
	CHECK(cs_group_kinds(p, 6, g, 4) == 2, "two kinds");
	CHECK(!strcmp(g[0].kind, "performance") && g[0].n == 2 && g[0].procs[1] == 2,
	      "performance: 0, 2 (%s)", g[0].kind);
	CHECK(!strcmp(g[1].kind, "efficiency") && g[1].n == 4 && g[1].procs[0] == 4,
	      "efficiency: 4.. (%s)", g[1].kind);

	/* same type, caches differ: told apart by the digest */
	p[5].core_type = 0x20;
	p[5].cache_sig = 0xabcdef01u;
	CHECK(cs_group_kinds(p, 6, g, 4) == 3, "three groups");
	CHECK(!strncmp(g[1].kind, "efficiency-c", 12) && !strcmp(g[2].kind, "efficiency-c0xabcdef01"),
	      "caches only: %s, %s", g[1].kind, g[2].kind);

	/* ARM: by MIDR */
	memset(p, 0, sizeof(p));
	p[0].arm = p[1].arm = 1;
	p[0].core_type = 0x410fd034; /* A53 */
	p[1].core_type = 0x410fd082; /* A72 */
	p[1].number = 1;
	CHECK(cs_group_kinds(p, 2, g, 4) == 2 && !strcmp(g[1].kind, "midr-0x410fd082"),
	      "big.LITTLE by MIDR (%s)", g[1].kind);

	/* a full table: the fifth kind left out, not overflowed */
	for (uint32_t i = 0; i < 6; i++) {
		p[i].arm = 0;
		p[i].core_type = i;
		p[i].number = i;
	}
	CHECK(cs_group_kinds(p, 6, g, 4) == 4, "capacity 4 kept");
}

#if CS_TEST_HOSTED /* the host's capture reader (yajl) */
static const char *base_json =
	"{\"format\":\"cacheshape-capture\",\"version\":1,"
	"\"sweep\":{\"points\":[{\"bytes\":4096,\"ns\":1},{\"bytes\":8192,\"ns\":1}]}";

static int read_with(const char *extra, char *err, size_t n)
{
	char text[4096];
	snprintf(text, sizeof(text), "%s%s}", base_json, extra);
	return cs_read_capture_mem(text, strlen(text), &cap, NULL, err, n);
}

static void test_reader(void)
{
	char err[512];
	CHECK(read_with("", err, sizeof(err)) == 0, "plain capture: %s", err);
	CHECK(!cap.mp.has_processors && !cap.mp.has_competitor && !cap.mp.n_kinds, "nothing measured");
	CHECK(read_with(",\"processors\":null,\"processors_reason\":\"no MP services\"", err,
			sizeof(err)) == 0 && cap.mp.processors_null &&
	      !strcmp(cap.mp.processors_reason, "no MP services"), "null with reason: %s", err);
	CHECK(read_with(",\"processors\":null", err, sizeof(err)) == -1 &&
	      strstr(err, "processors_reason"), "null without reason refused: %s", err);
	CHECK(read_with(",\"processors\":[{\"number\":0,\"package\":0,\"core\":0,\"thread\":0,"
			"\"bsp\":true,\"enabled\":true},{\"number\":1,\"package\":0,\"core\":1,"
			"\"thread\":0,\"bsp\":false,\"enabled\":true}],"
			"\"competitor\":{\"threads\":1,\"buffer_bytes\":1048576,\"stopped\":true,"
			"\"sweep\":{\"points\":[{\"bytes\":4096,\"ns\":1.5}]}},"
			"\"cores\":[{\"kind\":\"all\",\"processors\":[0,1],"
			"\"sweep\":{\"points\":[{\"bytes\":4096,\"ns\":1}]}}]",
			err, sizeof(err)) == 0, "full: %s", err);
	CHECK(cap.mp.n_procs == 2 && cap.mp.procs[0].bsp && !cap.mp.procs[1].bsp &&
	      cap.mp.procs[1].core == 1, "processors read");
	CHECK(cap.mp.has_competitor && cap.mp.threads == 1 && cap.mp.comp.n_points == 1 &&
	      cap.mp.comp.points[0].ns == 1.5 && cap.mp.stopped_clean, "competitor read");
	CHECK(cap.mp.n_kinds == 1 && cap.mp.kinds[0].n_procs == 2 && cap.mp.kinds[0].has_sweep,
	      "cores read");
	CHECK(read_with(",\"processors\":[{\"number\":0,\"package\":0,\"core\":0,\"thread\":0,"
			"\"bsp\":1,\"enabled\":true}]", err, sizeof(err)) == -1 &&
	      strstr(err, "processors[0].bsp"), "bsp not a boolean: %s", err);
	CHECK(read_with(",\"competitor\":{\"threads\":0,\"buffer_bytes\":1,"
			"\"sweep\":{\"points\":[{\"bytes\":4096,\"ns\":1}]}}", err, sizeof(err)) == -1 &&
	      strstr(err, "competitor.threads"), "zero threads refused: %s", err);
	CHECK(read_with(",\"competitor\":{\"threads\":1,\"buffer_bytes\":1,"
			"\"sweep\":{\"points\":[{\"bytes\":4096,\"ns\":1},{\"bytes\":4096,\"ns\":2}]}}",
			err, sizeof(err)) == -1 && strstr(err, "competitor.sweep.points[1].bytes"),
	      "repeated size refused: %s", err);
	CHECK(read_with(",\"cores\":[{\"kind\":\"all\",\"processors\":[]}]", err, sizeof(err)) == -1 &&
	      strstr(err, "cores[0].processors"), "empty processor list refused: %s", err);
	{
		/* more points than a competitor sweep may hold */
		static char big[64 * 1024];
		size_t n = (size_t)snprintf(big, sizeof(big), "%s,\"competitor\":{\"threads\":1,"
					    "\"buffer_bytes\":1,\"sweep\":{\"points\":[", base_json);
		for (int i = 0; i <= CS_MP_MAX_POINTS; i++)
			n += (size_t)snprintf(big + n, sizeof(big) - n, "%s{\"bytes\":%d,\"ns\":1}",
					      i ? "," : "", 4096 + 64 * i);
		n += (size_t)snprintf(big + n, sizeof(big) - n, "]}}}");
		CHECK(cs_read_capture_mem(big, n, &cap, NULL, err, sizeof(err)) == -1 &&
		      strstr(err, "competitor.sweep.points"), "257 points refused: %s", err);
	}
}
#endif

static void test_settings(void)
{
	static const struct {
		const char *text;
		uint32_t want, errors;
	} rows[] = {
		{ "competitors=3\n", 3, 0 },    { "competitors = 64", 64, 0 },
		{ "competitors=0", 0, 0 },       { "competitors=65", 0, 1 },
		{ "competitors=many", 0, 1 },    { "competitors=4K", 0, 1 },
		{ "competitors=", 0, 1 },
	};
	struct cs_settings s;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		cs_settings_default(&s);
		cs_settings_parse(&s, rows[i].text, strlen(rows[i].text));
		CHECK(s.competitors == rows[i].want && s.n_errors == rows[i].errors,
		      "settings '%s': %u competitors, %u errors", rows[i].text, s.competitors,
		      s.n_errors);
	}
	cs_settings_default(&s);
	CHECK(s.competitors == 0 && !s.kinds_on_ap, "no competitors, kinds=main by default");
	cs_settings_parse(&s, "kinds=ap", 8);
	CHECK(s.kinds_on_ap && s.n_errors == 0, "kinds=ap");
	cs_settings_parse(&s, "kinds=all", 9);
	CHECK(s.kinds_on_ap && s.n_errors == 1, "kinds=all refused, ap kept");
	cs_settings_parse(&s, "kinds=main", 10);
	CHECK(!s.kinds_on_ap, "kinds=main");
	cs_settings_parse(&s, "core_types=ap", 13);
	CHECK(s.kinds_on_ap && s.n_errors == 1, "core_types=ap (kinds=, the old name, still taken)");
	cs_settings_parse(&s, "core_types=main", 15);
	CHECK(!s.kinds_on_ap && s.n_errors == 1, "core_types=main");
}

int main(void)
{
	test_settings();
	test_compare();
	test_capture();
	test_grouping();
#if CS_TEST_HOSTED
	test_reader();
#endif
	return cs_test_summary("compare");
}
