/* test_clock: the core clock (kinds/clock/, docs/clock.md): the readings
 * the engine takes on a clock built here (the reading sized to the
 * counter's quanta, the fastest of CS_CLOCK_CHAIN_RUNS, the cycle counter
 * across CS_CLOCK_CC_CHAINS, a counter too coarse refused), the drift rule
 * at the edges of CS_CLOCK_DRIFT_MAX and CS_CLOCK_DRIFT_SHARE, the cycle
 * counter's agreement at CS_CLOCK_CC_AGREE, floor_cycles, the reference
 * verdict's conditions, and the member written and read back (with the
 * reader's bounds). `test_clock --sentences` prints the sentence of each
 * constant for tests/suite-mutation.sh (its mutation-clock rows). */
#include <string.h>
#include "check.h"
#include "../kinds/clock/clock_run.h"
#include "../kinds/clock/rules_clock.h"
#include "../reduce/reduce.h"
#include "../reduce/json.h"
#include "../reduce/report.h"
#include "../common/capture_write.h"
#include "../reader/reader.h"

CS_TEST_MAIN_DEFS;

static struct cs_capture cap;
static struct cs_work work;
static struct cs_result res;
static char err[512];

/* ---- the readings, on a clock of our own ---- */

#define TICKS_PER_CHAIN 50 /* a chain of the fake costs 50 ticks of 1 ns */
static uint64_t now_ticks, chains, cycles_reads, chains_at_cycles[4];

static uint64_t fake_now(void *ctx)
{
	(void)ctx;
	return now_ticks;
}

static uint64_t fake_chain(uint64_t x)
{
	chains++;
	now_ticks += TICKS_PER_CHAIN;
	return x + 1;
}

static int fake_cycles(void *ctx, uint64_t *v)
{
	(void)ctx;
	if (cycles_reads < 4)
		chains_at_cycles[cycles_reads] = chains;
	cycles_reads++;
	*v = chains * TICKS_PER_CHAIN * 3; /* 3 cycles a tick: 3 GHz on 1 ns ticks */
	return 0;
}

static void engine(struct cs_engine *e, double quantum_ns)
{
	memset(e, 0, sizeof *e);
	e->hooks.clk = (struct cs_probe_clock){ fake_now, NULL, NULL, NULL, 1.0, quantum_ns };
	e->hooks.clock = (struct cs_clock_hooks){ fake_chain, 1000, fake_cycles, NULL, NULL };
	cs_capture_init(&cap);
	cs_core_clock_init(&cap.cclock);
	now_ticks = chains = cycles_reads = 0;
}

static void test_readings(void)
{
	struct cs_engine e;
	/* quantum 10 ns: a reading lasts CS_CLOCK_READING_QUANTA (100) of them,
	 * 1000 ns: 32 chains of 50 ns, the first power of two past it (figures
	 * written out, so that a changed constant shows) */
	const uint32_t want_reps = 32;
	engine(&e, 10.0);
	cs_clock_run_begin(&e, &cap);
	CHECK(cap.cclock.present && cap.cclock.adds == want_reps * 1000,
	      "a reading of %u chains (>= %g quanta of 10 ns): adds %u", want_reps,
	      CS_CLOCK_READING_QUANTA, cap.cclock.adds);
	CHECK(cap.cclock.runs == 3, "runs %u (CS_CLOCK_CHAIN_RUNS)", cap.cclock.runs);
	chains = 0;
	cycles_reads = 0;
	cs_clock_kind_begin(&e, &cap, "sweep");
	CHECK(cycles_reads == 2 && chains_at_cycles[1] - chains_at_cycles[0] == 32 * 16,
	      "the cycle counter across %d readings' chains: %llu", CS_CLOCK_CC_CHAINS,
	      (unsigned long long)(chains_at_cycles[1] - chains_at_cycles[0]));
	CHECK(chains == 32 * (16 + 3),
	      "a kind's first reading: %d runs of the chain, %llu chains in all", CS_CLOCK_CHAIN_RUNS,
	      (unsigned long long)chains);
	CHECK(cap.cclock.kinds[0].hz[0] > 19.99e9 && cap.cclock.kinds[0].hz[0] < 20.01e9,
	      "1000 adds in 50 ns: 20 GHz, got %g", cap.cclock.kinds[0].hz[0]);
	CHECK(cap.cclock.kinds[0].cc_hz[0] > 2.99e9 && cap.cclock.kinds[0].cc_hz[0] < 3.01e9,
	      "the cycle counter's 3 GHz, got %g", cap.cclock.kinds[0].cc_hz[0]);
	cs_clock_kind_step(&e, &cap, 0);
	cs_clock_kind_step(&e, &cap, 0);
	cs_clock_kind_step(&e, &cap, 1);
	CHECK(cap.cclock.n_kinds == 1 && cap.cclock.kinds[0].n_blocks == 2 && cap.cclock.n_blocks == 2 &&
	      cap.cclock.kinds[0].hz[1] > 0 && cap.cclock.kinds[0].cc_hz[1] > 0,
	      "two blocks and the after reading");

	/* a counter so coarse that a reading would pass CS_CLOCK_READING_MAX_NS
	 * (2 ms): 100 quanta of 30 us */
	engine(&e, 30000.0);
	cs_clock_run_begin(&e, &cap);
	CHECK(!cap.cclock.present && strstr(cap.cclock.not_measured, "CS_CLOCK_READING_MAX_NS"),
	      "too coarse: no core clock, said: %s", cap.cclock.not_measured);
	/* ... and one just fine enough: 100 quanta of 13 us, 2^15 chains (1.64 ms) */
	engine(&e, 13000.0);
	cs_clock_run_begin(&e, &cap);
	CHECK(cap.cclock.present, "fine enough: %s", cap.cclock.not_measured);
	/* no chain: said */
	engine(&e, 1.0);
	e.hooks.clock.chain = NULL;
	cs_clock_run_begin(&e, &cap);
	cs_clock_kind_begin(&e, &cap, "sweep");
	CHECK(!cap.cclock.present && cap.cclock.n_kinds == 0 && cap.cclock.not_measured[0],
	      "no chain: nothing read, said");
}

/* ---- the reduction ---- */

/* A sweep kind of n readings at hz, 'off' of them at hz * (1 + d). */
static void clock_kind(double hz, uint32_t n, uint32_t off, double d)
{
	struct cs_core_clock *k = &cap.cclock;
	cs_capture_init(&cap);
	cs_core_clock_init(k);
	k->present = 1;
	k->adds = 16384;
	k->runs = 3;
	k->irq_masked = 1;
	k->hypervisor = 0;
	cap.vm = 0;
	struct cs_clock_kind *q = &k->kinds[k->n_kinds++];
	strcpy(q->kind, "sweep");
	q->hz[0] = q->hz[1] = hz;
	q->first_block = 0;
	for (uint32_t i = 0; i + 2 < n; i++) {
		k->block_hz[k->n_blocks++] = i < off ? hz * (1 + d) : hz;
		q->n_blocks++;
	}
}

static int reduce(void)
{
	return cs_reduce_capture(&cap, &work, &res, err, sizeof err);
}

static const char *code_of(const struct cs_refusal *f, uint32_t n, const char *code)
{
	for (uint32_t i = 0; i < n; i++)
		if (!strcmp(f[i].code, code))
			return f[i].reason;
	return NULL;
}

static void test_drift(void)
{
	/* marks at the edges of CS_CLOCK_DRIFT_MAX (0.05): 4.5 % and 5.5 % */
	clock_kind(3e9, 100, 5, 0.045);
	CHECK(reduce() == 0 && res.clock.kinds[0].marked == 0 && res.clock.stable,
	      "4.5 %% off: not marked (%u)", res.clock.kinds[0].marked);
	clock_kind(3e9, 100, 5, 0.055);
	CHECK(reduce() == 0 && res.clock.kinds[0].marked == 5 && res.clock.stable,
	      "5.5 %% off: 5 marked (%u), under the share: stable", res.clock.kinds[0].marked);
	clock_kind(3e9, 100, 5, -0.055);
	CHECK(reduce() == 0 && res.clock.kinds[0].marked == 5, "slower counts too");
	/* the share: CS_CLOCK_DRIFT_SHARE (0.10) of 100 readings: 9 and 11 */
	uint32_t under = 9, over = 11;
	clock_kind(3e9, 100, under, 0.2);
	CHECK(reduce() == 0 && res.clock.stable && !res.clock.kinds[0].refused &&
	      cs_clock_cycles_per_ns(&res) > 2.99,
	      "%u of 100 marked: not refused, cycles given", under);
	clock_kind(3e9, 100, over, 0.2);
	CHECK(reduce() == 0 && !res.clock.stable && res.clock.kinds[0].refused &&
	      code_of(res.clock.refusals, res.clock.n_refusals, "clock-drift") &&
	      cs_clock_cycles_per_ns(&res) == 0,
	      "%u of 100 marked: refused clock-drift, no cycles", over);
	CHECK(code_of(res.clock.ref.reasons, res.clock.ref.n_reasons, "clock-drift") &&
	      !res.clock.ref.is_reference, "drift: not a reference");
}

static void test_cycle_counter(void)
{
	clock_kind(3e9, 20, 0, 0);
	cap.cclock.kinds[0].cc_hz[0] = cap.cclock.kinds[0].cc_hz[1] = 3e9 * 1.045;
	strcpy(cap.cclock.cc_name, "aperf");
	CHECK(reduce() == 0 && res.clock.has_cc_hz &&
	      !code_of(res.clock.refusals, res.clock.n_refusals, "cycle-counter-disagrees"),
	      "within CS_CLOCK_CC_AGREE: they agree (%g)", res.clock.disagreement);
	cap.cclock.kinds[0].cc_hz[0] = cap.cclock.kinds[0].cc_hz[1] = 3e9 * 1.055;
	CHECK(reduce() == 0 && code_of(res.clock.refusals, res.clock.n_refusals, "cycle-counter-disagrees"),
	      "past CS_CLOCK_CC_AGREE: said");
}

static void test_cycles_and_reference(void)
{
	struct cs_buf b;
	static char text[1 << 16];
	clock_kind(2e9, 20, 0, 0);
	for (int i = 0; i < 12; i++) {
		double bytes = 4096.0 * (1 << i);
		cap.points[cap.n_points++] = (struct cs_point){ bytes, i < 6 ? 2.0 : 8.0, 1, 1e6 };
		/* five repeats that agree, as a reference needs (reduce/repeat.c) */
		for (int r = 0; r < 5; r++)
			cap.rep.ns[i][r] = cap.points[i].ns;
	}
	cap.rep.n = 5;
	CHECK(reduce() == 0 && res.n_levels == 2 && res.clock.ref.is_reference,
	      "a steady clock on bare metal with nothing counted: a reference (%u levels, %u reasons)",
	      res.n_levels, res.clock.ref.n_reasons);
	cs_buf_init(&b, text, sizeof text);
	cs_report_text(&b, &cap, &res);
	CHECK(strstr(text, "floor 2.00 ns = 4.0 cycles") && strstr(text, "floor 8.00 ns = 16.0 cycles") &&
	      strstr(text, "reference: yes"), "the text: ns = cycles: %.400s", strstr(text, "levels:"));
	cs_buf_init(&b, text, sizeof text);
	CHECK(cs_result_json_write(&b, &cap, &res) == 0 && strstr(text, "\"floor_cycles\": 4,") &&
	      strstr(text, "\"core_hz\": 2000000000") && strstr(text, "\"is_reference\": true"),
	      "the JSON: floor_cycles, core_hz, is_reference");
	/* each condition fails alone */
	cap.vm = 1;
	cap.cclock.hypervisor = 1;
	strcpy(cap.cclock.hv_signature, "KVMKVMKVM");
	CHECK(reduce() == 0 && !res.clock.ref.is_reference && res.clock.ref.n_reasons == 1 &&
	      strstr(res.clock.ref.reasons[0].reason, "KVMKVMKVM"), "a virtual machine: never");
	cap.vm = -1;
	cap.cclock.hypervisor = -1;
	CHECK(reduce() == 0 && code_of(res.clock.ref.reasons, res.clock.ref.n_reasons, "vm-unsaid"),
	      "unsaid: not a reference");
	cap.vm = cap.cclock.hypervisor = 0;
	cap.cclock.kinds[0].has_smi = 1;
	cap.cclock.kinds[0].smi = 3;
	CHECK(reduce() == 0 && code_of(res.clock.ref.reasons, res.clock.ref.n_reasons, "smi"), "SMIs");
	cap.cclock.kinds[0].smi = 0;
	cap.cclock.kinds[0].has_csw = 1;
	cap.cclock.kinds[0].csw = 2;
	cap.cclock.kinds[0].has_migrations = 1;
	cap.cclock.kinds[0].migrations = 1;
	CHECK(reduce() == 0 && res.clock.ref.n_reasons == 2 &&
	      code_of(res.clock.ref.reasons, 2, "context-switches") &&
	      code_of(res.clock.ref.reasons, 2, "migrations"), "context switches and migrations");
	cap.cclock.present = 0;
	strcpy(cap.cclock.not_measured, "no chain here");
	CHECK(reduce() == 0 && code_of(res.clock.ref.reasons, res.clock.ref.n_reasons, "no-core-clock") &&
	      cs_clock_cycles_per_ns(&res) == 0, "no core clock: no cycles, not a reference");
}

/* ---- written and read back ---- */

static char file[1 << 18];
static unsigned char arena[1 << 22];

static int read_text(const char *t)
{
	static struct cs_capture back;
	return cs_read_capture(t, strlen(t), arena, sizeof arena, &back, NULL, err, sizeof err);
}

static void test_round_trip(void)
{
	struct cs_buf b;
	static struct cs_capture back;
	clock_kind(3e9, 30, 3, 0.01);
	strcpy(cap.label, "clock");
	strcpy(cap.env_kind, "synthetic");
	cap.points[cap.n_points++] = (struct cs_point){ 4096, 1, 1, 1e6 };
	cap.cclock.kinds[0].has_smi = 1;
	cap.cclock.kinds[0].smi = 7;
	cap.cclock.kinds[0].cc_hz[1] = 3.1e9;
	strcpy(cap.cclock.governor, "performance");
	cap.cclock.boost = 0;
	cs_buf_init(&b, file, sizeof file);
	CHECK(cs_capture_write(&b, &cap, NULL, NULL) == 0, "written");
	CHECK(cs_read_capture(file, strlen(file), arena, sizeof arena, &back, NULL, err, sizeof err) == 0,
	      "read back: %s", err);
	const struct cs_core_clock *k = &back.cclock;
	CHECK(k->present && k->n_kinds == 1 && k->n_blocks == 28 && k->kinds[0].n_blocks == 28 &&
	      k->kinds[0].has_smi && k->kinds[0].smi == 7 && !k->kinds[0].has_csw &&
	      k->kinds[0].cc_hz[0] == 0 && k->kinds[0].cc_hz[1] == 3.1e9 &&
	      !strcmp(k->governor, "performance") && k->boost == 0 && k->isolated == -1 &&
	      k->irq_masked == 1 && k->hypervisor == 0, "every figure back, unsaid as unsaid");
	/* the reader's bounds */
	static const struct {
		const char *member, *want;
	} bad[] = {
		{ "{\"adds\":-1,\"kinds\":[]}", "core_clock.adds" },
		{ "{\"adds\":16384}", "core_clock.kinds" },
		{ "{\"adds\":16384,\"kinds\":[{\"kind\":\"s\",\"hz\":[1e13,null]}]}", "hz[0]" },
		{ "{\"adds\":16384,\"kinds\":[{\"kind\":\"s\",\"hz\":[1]}]}", "hz" },
		{ "{\"adds\":16384,\"kinds\":[{\"kind\":\"s\",\"blocks_hz\":[0]}]}", "blocks_hz[0]" },
		{ "{\"adds\":16384,\"kinds\":[{\"kind\":\"s\",\"smi\":-3}]}", "smi" },
		{ "{\"adds\":16384,\"kinds\":[],\"validity\":{\"boost\":\"yes\"}}", "validity.boost" },
		{ "{\"adds\":16384,\"kinds\":[{\"hz\":[1,1]}]}", "kind" },
	};
	/* a capture without the member, to put each bad one in */
	static char base[1 << 16];
	cap.cclock.present = 0;
	cs_buf_init(&b, base, sizeof base);
	cs_capture_write(&b, &cap, NULL, NULL);
	size_t n = strlen(base);
	while (n && base[n - 1] != '}')
		n--;
	base[n ? n - 1 : 0] = '\0'; /* the document open before its last brace */
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		static char t[sizeof base + 1024];
		snprintf(t, sizeof t, "%s,\"core_clock\":%s}", base, bad[i].member);
		CHECK(read_text(t) != 0 && strstr(err, bad[i].want), "bad %s: %s", bad[i].member, err);
	}
	/* more kinds, and more blocks, than the capacities */
	static char big[1 << 17];
	struct cs_buf bb;
	cs_buf_init(&bb, big, sizeof big);
	cs_puts(&bb, base);
	cs_puts(&bb, ",\"core_clock\":{\"adds\":1,\"kinds\":[");
	for (int i = 0; i < 17; i++) /* CS_CLOCK_MAX_KINDS (16) and one */
		cs_puts(&bb, i ? ",{\"kind\":\"k\"}" : "{\"kind\":\"k\"}");
	cs_puts(&bb, "]}}");
	CHECK(read_text(big) != 0 && strstr(err, "core_clock.kinds"), "too many kinds: %s", err);
	cs_buf_init(&bb, big, sizeof big);
	cs_puts(&bb, base);
	cs_puts(&bb, ",\"core_clock\":{\"adds\":1,\"kinds\":[{\"kind\":\"a\",\"blocks_hz\":[");
	for (int i = 0; i < 1024; i++) /* CS_CLOCK_MAX_BLOCKS */
		cs_puts(&bb, i ? ",1" : "1");
	cs_puts(&bb, "]},{\"kind\":\"b\",\"blocks_hz\":[1]}]}}");
	CHECK(!bb.overflow && read_text(big) != 0 && strstr(err, "blocks_hz"),
	      "more blocks than CS_CLOCK_MAX_BLOCKS in all: %s", err);
	/* at the capacities: read */
	cs_buf_init(&bb, big, sizeof big);
	cs_puts(&bb, base);
	cs_puts(&bb, ",\"core_clock\":{\"adds\":1,\"kinds\":[{\"kind\":\"a\",\"blocks_hz\":[");
	for (int i = 0; i < 1024; i++) /* CS_CLOCK_MAX_BLOCKS */
		cs_puts(&bb, i ? ",1" : "1");
	cs_puts(&bb, "]}]}}");
	CHECK(read_text(big) == 0, "CS_CLOCK_MAX_BLOCKS readings: read (%s)", err);
}

/* The sentence of each constant (--sentences). */
static void sentences(int print)
{
	static char drift[CS_REASON_MAX], cc[CS_REASON_MAX];
	clock_kind(3e9, 100, 50, 0.3);
	reduce();
	snprintf(drift, sizeof drift, "%s", code_of(res.clock.refusals, res.clock.n_refusals, "clock-drift"));
	cap.cclock.kinds[0].cc_hz[0] = 4e9;
	strcpy(cap.cclock.cc_name, "aperf");
	clock_kind(3e9, 20, 0, 0);
	cap.cclock.kinds[0].cc_hz[0] = 4e9;
	reduce();
	const char *c = code_of(res.clock.refusals, res.clock.n_refusals, "cycle-counter-disagrees");
	snprintf(cc, sizeof cc, "%s", c ? c : "");
	if (print) {
		printf("CS_CLOCK_DRIFT_MAX\t%s\n", drift);
		printf("CS_CLOCK_DRIFT_SHARE\t%s\n", drift);
		printf("CS_CLOCK_CC_AGREE\t%s\n", cc);
		return;
	}
	char want[64];
	snprintf(want, sizeof want, "CS_CLOCK_DRIFT_MAX %g", CS_CLOCK_DRIFT_MAX);
	CHECK(strstr(drift, want), "the drift sentence prints %s: %s", want, drift);
	snprintf(want, sizeof want, "CS_CLOCK_DRIFT_SHARE %g", CS_CLOCK_DRIFT_SHARE);
	CHECK(strstr(drift, want), "the drift sentence prints %s", want);
	snprintf(want, sizeof want, "CS_CLOCK_CC_AGREE %g", CS_CLOCK_CC_AGREE);
	CHECK(strstr(cc, want), "the counter sentence prints %s: %s", want, cc);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--sentences")) {
		sentences(1);
		return 0;
	}
	test_readings();
	test_drift();
	test_cycle_counter();
	test_cycles_and_reference();
	test_round_trip();
	sentences(0);
	return cs_test_summary("clock");
}
