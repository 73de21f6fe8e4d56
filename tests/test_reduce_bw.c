/* test_reduce_bw.c: the bandwidth kind's reduction (kinds/bandwidth/,
 * docs/bandwidth.md): levels in GB/s and knees paired on a stepped read,
 * the copy counted twice, the producer's refusal, a flat curve, short
 * blocks and an unusable clock refused as the sweep is, a malformed series
 * named; the edges of CS_MLP_GAIN_MIN, CS_BW_WITNESS_AGREE and
 * CS_BW_LITTLE_FAR, each from both sides; the level an MLP size lies in.
 * `test_reduce_bw --sentences` prints the sentence of each constant for
 * tests/suite-mutation.sh (its mutation-bandwidth rows). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../reduce/rules.h"
#include "../kinds/bandwidth/bw_kind.h"
#include "../reduce/kinds.h"

CS_TEST_MAIN_DEFS;

static struct cs_capture cap;
static struct cs_work work;
static struct cs_result res;
static char err[512];

/* The sweep's grid: four sizes an octave from 4 KiB to 128 MiB. */
static double grid(int i)
{
	static const double quarter[4] = { 1, 1.189207115002721, 1.414213562373095, 1.681792830507429 };
	double v = 4096.0 * quarter[i % 4];
	for (int k = 0; k < i / 4; k++)
		v *= 2;
	return floor(v / 64 + 0.5) * 64;
}

/* A step at grid index at[l] from floors[l] to floors[l + 1]. */
static double step(int i, const double *floors, const int *at, int steps)
{
	double v = floors[0];
	for (int l = 0; l < steps; l++)
		if (i >= at[l])
			v = floors[l + 1];
	return v;
}

static const int at3[] = { 13, 24, 40 };
static const double lat3[] = { 1.2, 4, 12, 80 };

static void begin(void)
{
	static const struct cs_cache pub[] = {
		{ 1, CS_CACHE_DATA, 32768, 64 }, { 1, CS_CACHE_INSTRUCTION, 32768, 64 },
		{ 2, CS_CACHE_UNIFIED, 262144, 64 }, { 3, CS_CACHE_UNIFIED, 8 << 20, 64 },
	};
	cs_capture_init(&cap);
	cap.clock.has_quantum = 1;
	cap.clock.quantum_ns = 1;
	memcpy(cap.caches, pub, sizeof pub);
	cap.n_caches = 4;
	for (int i = 0; i <= 60; i++)
		cap.points[cap.n_points++] = (struct cs_point){ grid(i), step(i, lat3, at3, 3), 0, 0 };
	cap.bw.present = 1;
}

static struct cs_bw_series *series(enum cs_bw_op op, uint32_t threads, const double *gbps,
				   const int *at, int steps)
{
	struct cs_bw_series *s = &cap.bw.series[cap.bw.n_series++];
	memset(s, 0, sizeof *s);
	s->op = op;
	s->threads = threads;
	s->bytes_per_byte_touched = cs_bw_convention(op);
	for (int i = 0; i <= 60; i++) {
		double g = step(i, gbps, at, steps);
		s->pts[s->n++] = (struct cs_bw_point){ grid(i), 1 / g, 1 / g, 1, 1e6 };
	}
	return s;
}

static int reduce(void)
{
	err[0] = 0;
	return cs_reduce_capture(&cap, &work, &res, err, sizeof err);
}

static const char *reason(const struct cs_refusal *f, uint32_t n, const char *code)
{
	for (uint32_t i = 0; i < n; i++)
		if (!strcmp(f[i].code, code))
			return f[i].reason;
	return NULL;
}

static const double read4[] = { 200, 100, 50, 15 };

/* docs/bandwidth.md's values, written out: the tests sit on both sides of
 * each edge, so a constant nudged in rules_bw.h breaks one of them */
#define GAIN 1.2  /* CS_MLP_GAIN_MIN */
#define AGREE 1.5 /* CS_BW_WITNESS_AGREE */
#define FAR 2.0   /* CS_BW_LITTLE_FAR */

static void test_levels(void)
{
	begin();
	series(CS_BW_READ, 1, read4, at3, 3);
	series(CS_BW_COPY, 1, read4, at3, 3);
	struct cs_bw_series *nt = &cap.bw.series[cap.bw.n_series++];
	nt->op = CS_BW_NT_WRITE;
	nt->threads = 1;
	nt->refused = 1;
	strcpy(nt->refusal, "no movnt here");
	CHECK(reduce() == 0, "reduce: %s", err);
	const struct cs_bw_result *t = &res.bw;
	CHECK(t->present && t->n_series == 3, "three series: %u", t->n_series);
	const struct cs_bw_series_result *s = &t->series[0];
	CHECK(s->measured && s->n_levels == 4 && s->n_knees == 3, "read: %u levels, %u knees",
	      s->n_levels, s->n_knees);
	for (uint32_t l = 0; l < 4 && l < s->n_levels; l++)
		CHECK_NEAR(cs_bw_gbps(&s->levels[l]), read4[l], 1e-9, "read GB/s");
	for (uint32_t k = 0; k < 3 && k < s->n_knees; k++)
		CHECK(s->knees[k].has_bytes && s->knees[k].has_published &&
			      s->knees[k].published_level == k + 1 &&
			      s->knees[k].bytes > grid(at3[k] - 1) && s->knees[k].bytes <= grid(at3[k]),
		      "read knee %u at %g paired with L%u", k + 1, s->knees[k].bytes,
		      s->knees[k].published_level);
	CHECK(cs_bw_read1(t) == s, "the read on one thread is the witness");
	/* copy: the figures are GB/s counted as written in the capture (2 per byte) */
	CHECK(t->series[1].n_levels == 4 && fabs(cs_bw_gbps(&t->series[1].levels[0]) - 200) < 1e-9,
	      "copy levels");
	CHECK(!t->series[2].measured && t->series[2].n_refusals == 1 &&
		      !strcmp(t->series[2].refusals[0].code, CS_R_BW_NOT_MEASURED) &&
		      strstr(t->series[2].refusals[0].reason, "no movnt here"),
	      "nt_write refused by the producer");
	CHECK(t->has_witness && t->n_witness == 3, "witness rows: %u", t->n_witness);
	for (uint32_t i = 0; i < t->n_witness; i++)
		CHECK(t->witness[i].verdict == CS_BW_AGREE && t->witness[i].has_published &&
			      t->witness[i].level == i + 1,
		      "L%u agrees", i + 1);
}

static void test_refusals(void)
{
	static const double flat[] = { 20 };
	begin();
	series(CS_BW_READ, 1, flat, at3, 0);
	CHECK(reduce() == 0, "flat: %s", err);
	const struct cs_bw_series_result *s = &res.bw.series[0];
	CHECK(s->n_levels == 1 && reason(s->refusals, s->n_refusals, CS_R_FEW_PLATEAUS),
	      "flat: one level, refused");
	for (uint32_t i = 0; i < res.bw.n_witness; i++)
		CHECK(res.bw.witness[i].verdict == CS_BW_LATENCY_ONLY, "flat: latency only");

	begin();
	struct cs_bw_series *b = series(CS_BW_READ, 1, read4, at3, 3);
	for (uint32_t i = 0; i < b->n; i++)
		b->pts[i].block_ns = i % 3 ? 50 : 1e6; /* under 100 quanta */
	CHECK(reduce() == 0, "short: %s", err);
	s = &res.bw.series[0];
	CHECK(reason(s->refusals, s->n_refusals, CS_R_BLOCK_LENGTH) != NULL, "short blocks refused");

	begin();
	series(CS_BW_READ, 1, read4, at3, 3);
	cap.clock.has_clamp = 1;
	cap.clock.clamp_ns = 0.1;
	CHECK(reduce() == 0, "clamp: %s", err);
	s = &res.bw.series[0];
	CHECK(reason(s->refusals, s->n_refusals, CS_R_CLOCK) != NULL, "clock refused");

	begin();
	b = series(CS_BW_READ, 1, read4, at3, 3);
	b->pts[3].ns_per_byte = 0;
	CHECK(reduce() == -1 && strstr(err, "bandwidth.series[0]"), "malformed: %s", err);

	begin();
	cap.bw.null = 1;
	strcpy(cap.bw.why, "no counter");
	CHECK(reduce() == 0 && res.bw.present && res.bw.null && res.bw.n_series == 0, "null member");
}

/* An MLP size with ns(1) = lat and ns(2) = lat / gain, then flat. */
static const struct cs_mlp_result *mlp_at(double bytes, double lat, double gain)
{
	begin();
	series(CS_BW_READ, 1, read4, at3, 3);
	cap.bw.mlp_present = 1;
	cap.bw.n_mlp = 1;
	struct cs_mlp_size *m = &cap.bw.mlp[0];
	m->bytes = bytes;
	m->n = 3;
	m->chains[0] = 4; /* out of order: the reduction sorts */
	m->ns[0] = lat / gain;
	m->chains[1] = 1;
	m->ns[1] = lat;
	m->chains[2] = 2;
	m->ns[2] = lat / gain;
	CHECK(reduce() == 0, "mlp: %s", err);
	return &res.bw.mlp[0];
}

static void test_gain(void)
{
	const struct cs_mlp_result *m = mlp_at(8192, 1.2, GAIN * 0.99);
	CHECK(m->has_sat && m->sat_n == 1 && m->chains[0] == 1, "a gain just under: saturated at 1");
	m = mlp_at(8192, 1.2, GAIN * 1.01);
	CHECK(m->has_sat && m->sat_n == 2 && fabs(m->sat_mlp - GAIN * 1.01) < 1e-9,
	      "a gain just over: saturated at 2 (%u)", m->sat_n);
	CHECK(m->where == CS_BW_IN_CACHE && m->level == 1, "8 KiB lies in L1");
	m = mlp_at(grid(50), 80, 2.0);
	CHECK(m->where == CS_BW_IN_MEMORY, "past the last knee: memory");
	m = mlp_at(grid(30), 12, 2.0);
	CHECK(m->where == CS_BW_IN_CACHE && m->level == 3, "in L3: %u", m->level);
	/* no one-chain figure */
	begin();
	cap.bw.mlp_present = 1;
	cap.bw.n_mlp = 1;
	cap.bw.mlp[0] = (struct cs_mlp_size){ 8192, 1, { 2 }, { 1.0 } };
	CHECK(reduce() == 0 && res.bw.mlp[0].n_refusals == 1 &&
		      !strcmp(res.bw.mlp[0].refusals[0].code, CS_R_MLP_NO_SINGLE) && !res.bw.mlp[0].has_sat,
	      "no single chain");
	/* one noisy count: 2 chains no faster than 1, then 4 and 8 are (this
	 * machine's 64 MiB row had 59.1, 60.0, 30.1 ns): saturated at 4, where
	 * the MLP is within the factor of the largest, not at 1 */
	begin();
	cap.bw.mlp_present = 1;
	cap.bw.n_mlp = 1;
	cap.bw.mlp[0] = (struct cs_mlp_size){ 8192, 4, { 1, 2, 4, 8 }, { 60, 61, 15.4, 15 } };
	CHECK(reduce() == 0 && res.bw.mlp[0].has_sat && res.bw.mlp[0].sat_n == 4,
	      "a noisy count does not stop it: saturated at %u", res.bw.mlp[0].sat_n);
	/* still rising at the last count */
	begin();
	cap.bw.mlp_present = 1;
	cap.bw.n_mlp = 1;
	cap.bw.mlp[0] = (struct cs_mlp_size){ 8192, 2, { 1, 2 }, { 2.0, 1.0 } };
	CHECK(reduce() == 0 && res.bw.mlp[0].n_refusals == 1 &&
		      !strcmp(res.bw.mlp[0].refusals[0].code, CS_R_MLP_UNSATURATED),
	      "unsaturated");
}

/* Little's law at a read of 'ratio' times the prediction: latency 10 ns,
 * MLP 2 (saturated), line 64 B: 12.8 GB/s predicted. */
static const struct cs_mlp_result *little_at(double ratio)
{
	begin();
	static const double one[] = { 1 };
	struct cs_bw_series *s = series(CS_BW_READ, 1, one, at3, 0);
	for (uint32_t i = 0; i < s->n; i++)
		s->pts[i].ns_per_byte = s->pts[i].ns_per_byte_min = 1 / (12.8 * ratio);
	cap.bw.mlp_present = 1;
	cap.bw.n_mlp = 1;
	cap.bw.mlp[0] = (struct cs_mlp_size){ 8192, 3, { 1, 2, 4 }, { 10, 5, 5 } };
	CHECK(reduce() == 0, "little: %s", err);
	return &res.bw.mlp[0];
}

static void test_little(void)
{
	const struct cs_mlp_result *m = little_at(1.0);
	CHECK(m->has_little && fabs(m->predicted_gbps - 12.8) < 1e-9 && fabs(m->ratio - 1) < 1e-9 &&
		      m->line_bytes == 64 && m->latency_ns == 10 && !m->finding,
	      "Little: predicted %g, ratio %g", m->predicted_gbps, m->ratio);
	CHECK(!little_at(FAR * 0.99)->finding, "just inside above");
	CHECK(little_at(FAR * 1.01)->finding, "just outside above");
	CHECK(!little_at(1 / (FAR * 0.99))->finding, "just inside below");
	CHECK(little_at(1 / (FAR * 1.01))->finding, "just outside below");
	/* no line published: refused, never guessed */
	begin();
	series(CS_BW_READ, 1, read4, at3, 3);
	for (uint32_t i = 0; i < cap.n_caches; i++)
		cap.caches[i].line_bytes = 0;
	cap.bw.mlp_present = 1;
	cap.bw.n_mlp = 1;
	cap.bw.mlp[0] = (struct cs_mlp_size){ 8192, 2, { 1, 2 }, { 10, 10 } };
	CHECK(reduce() == 0 && !res.bw.mlp[0].has_little &&
		      reason(res.bw.mlp[0].refusals, res.bw.mlp[0].n_refusals, CS_R_LITTLE_NO_LINE),
	      "no line");
	/* no read series */
	begin();
	cap.bw.mlp_present = 1;
	cap.bw.n_mlp = 1;
	cap.bw.mlp[0] = (struct cs_mlp_size){ 8192, 2, { 1, 2 }, { 10, 10 } };
	CHECK(reduce() == 0 && reason(res.bw.mlp[0].refusals, res.bw.mlp[0].n_refusals,
				      CS_R_LITTLE_NO_READ),
	      "no read");
	/* a latency the reader accepts but no finite bandwidth follows from
	 * (issue 41: "0.00 ns = null GB/s ... ratio 0 FINDING") */
	begin();
	series(CS_BW_READ, 1, read4, at3, 3);
	cap.bw.mlp_present = 1;
	cap.bw.n_mlp = 1;
	cap.bw.mlp[0] = (struct cs_mlp_size){ 8192, 2, { 1, 2 }, { 5e-324, 10 } };
	CHECK(reduce() == 0 && !res.bw.mlp[0].has_little &&
		      reason(res.bw.mlp[0].refusals, res.bw.mlp[0].n_refusals, CS_R_LITTLE_NO_LATENCY),
	      "a latency of 5e-324 ns refused, not printed as null GB/s");
}

/* The cross-witness table on a read whose L2 knee is 'ratio' x the
 * latency's: the read's L2 step moved by whole grid indices, so the test
 * reads the knees the staircase found and compares their ratio. */
static const struct cs_bw_witness *witness_at(double ratio)
{
	begin();
	series(CS_BW_READ, 1, read4, at3, 3);
	CHECK(reduce() == 0, "witness: %s", err);
	struct cs_bw_result *t = &res.bw;
	/* the read's L2 knee moved to exactly ratio x the latency's */
	struct cs_bw_series_result *s = &t->series[0];
	s->knees[1].bytes = res.knees[1].bytes * ratio;
	t->n_witness = 0;
	cs_bw_reduce_witness(&cap, &res, t);
	return &t->witness[1];
}

static void test_witness(void)
{
	const struct cs_bw_witness *x = witness_at(AGREE * 0.99);
	CHECK(x->verdict == CS_BW_AGREE && x->level == 2, "just within: agree (%s)",
	      cs_bw_verdict_name(x->verdict));
	x = witness_at(AGREE * 1.01);
	CHECK(x->verdict == CS_BW_DISAGREE, "just past: disagree (%s)", cs_bw_verdict_name(x->verdict));
	x = witness_at(1 / (AGREE * 0.99));
	CHECK(x->verdict == CS_BW_AGREE, "below, just within: agree");
	x = witness_at(1 / (AGREE * 1.01));
	CHECK(x->verdict == CS_BW_DISAGREE && fabs(x->ratio - AGREE * 1.01) < 1e-9,
	      "below, just past: disagree, ratio %g", x->ratio);
}

/* The sentence of each constant (--sentences): the unsaturated refusal,
 * the report's witness and Little's law headings. */
static void sentences(int print)
{
	static char text[16384];
	struct cs_buf b;
	char gain[CS_REASON_MAX] = "", *agree, *far, *nl;

	begin();
	series(CS_BW_READ, 1, read4, at3, 3);
	cap.bw.mlp_present = 1;
	cap.bw.n_mlp = 2;
	cap.bw.mlp[0] = (struct cs_mlp_size){ 8192, 2, { 1, 2 }, { 2.0, 1.0 } };
	cap.bw.mlp[1] = (struct cs_mlp_size){ 16384, 2, { 1, 2 }, { 1.2, 1.2 } };
	reduce();
	if (res.bw.mlp[0].n_refusals)
		snprintf(gain, sizeof gain, "%s", res.bw.mlp[0].refusals[0].reason);
	/* Little's law is said for memory alone (bw_report.c): its heading as
	 * a size in memory prints it */
	res.bw.mlp[1].where = CS_BW_IN_MEMORY;
	cs_buf_init(&b, text, sizeof text);
	cs_bw_report(&b, &cap, &res);
	agree = strstr(text, "cross-witness");
	far = strstr(text, "Little's law");
	if (agree && (nl = strchr(agree, '\n')))
		*nl = 0;
	if (far && (nl = strchr(far, '\n')))
		*nl = 0;
	if (print) {
		printf("CS_MLP_GAIN_MIN\t%s\n", gain);
		printf("CS_BW_WITNESS_AGREE\t%s\n", agree ? agree : "");
		printf("CS_BW_LITTLE_FAR\t%s\n", far ? far : "");
		return;
	}
	char want[32];
	snprintf(want, sizeof want, "%gx", CS_MLP_GAIN_MIN);
	CHECK(strstr(gain, want) != NULL, "the unsaturated sentence prints %s: %s", want, gain);
	snprintf(want, sizeof want, "%gx", CS_BW_WITNESS_AGREE);
	CHECK(agree && strstr(agree, want), "the witness heading prints %s", want);
	snprintf(want, sizeof want, "1/%g", CS_BW_LITTLE_FAR);
	CHECK(far && strstr(far, want), "Little's heading prints %s", want);
}

/* Little's law is said only where it means something (issue 40 item 5):
 * not for a size in a cache, not under QEMU's TCG, for memory otherwise;
 * computed in every case (reduce --json). */
static void little_where(void)
{
	static char text[16384];
	struct cs_buf b;
	begin();
	series(CS_BW_READ, 1, read4, at3, 3);
	cap.bw.mlp_present = 1;
	cap.bw.n_mlp = 1;
	cap.bw.mlp[0] = (struct cs_mlp_size){ 16384, 2, { 1, 2 }, { 1.2, 1.2 } };
	reduce();
	int computed = res.bw.mlp[0].has_little;
	res.bw.mlp[0].where = CS_BW_IN_CACHE;
	cs_buf_init(&b, text, sizeof text);
	cs_bw_report(&b, &cap, &res);
	CHECK(computed && !strstr(text, "Little's law"), "in a cache: computed (%d), not said", computed);
	res.bw.mlp[0].where = CS_BW_IN_MEMORY;
	cs_buf_init(&b, text, sizeof text);
	cs_bw_report(&b, &cap, &res);
	CHECK(strstr(text, "Little's law") != NULL, "in memory: said");
	snprintf(cap.cclock.hv_signature, sizeof cap.cclock.hv_signature, "TCGTCGTCGTCG");
	cs_buf_init(&b, text, sizeof text);
	cs_bw_report(&b, &cap, &res);
	CHECK(!strstr(text, "Little's law"), "in memory under QEMU's TCG: not said");
	cap.cclock.hv_signature[0] = 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--sentences")) {
		sentences(1);
		return 0;
	}
	test_levels();
	test_refusals();
	test_gain();
	test_little();
	test_witness();
	sentences(0);
	little_where();
	return cs_test_summary("reduce_bw");
}
