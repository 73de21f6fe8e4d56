/* test_icache: the seed-001 inference (kinds/icache/icache.h) on recorded counts.
 * The first row is the seed's own run on an Apple M2 (stride 64 leaves
 * nothing stale, 128 leaves 512); the rest are what a coherent machine,
 * a broken probe and inconsistent counts look like. */
#include <string.h>
#include "check.h"
#include "../kinds/icache/icache.h"

CS_TEST_MAIN_DEFS;

#define N 1024
#define STRIDES { 4, 8, 16, 32, 64, 128, 256 }

struct icase {
	const char *name;
	uint64_t first, cached;
	uint64_t stale[7];
	uint32_t imin;
	int dic;
	int want_ok;
	uint32_t want_granule; /* with want_ok */
	int want_match;
	const char *want_code; /* without */
	const char *want_in_reason;
};

static const struct icase cases[] = {
	{ "seed 001 (M2): 64 clean, 128 half stale", N, N,
	  { 0, 0, 0, 0, 0, 512, 768 }, 64, 0, 1, 64, 1, NULL, "agrees with CTR_EL0.IminLine" },
	{ "128-byte granule, IminLine 64", N, N,
	  { 0, 0, 0, 0, 0, 0, 512 }, 64, 0, 1, 128, 0, NULL, "larger than CTR_EL0.IminLine (64 bytes)" },
	{ "granule below IminLine is flagged", N, 900,
	  { 0, 0, 0, 256, 384, 448, 480 }, 64, 0, 1, 16, 0, NULL, "SMALLER than CTR_EL0.IminLine" },
	{ "partly cached: granule still 64", N, 300,
	  { 0, 0, 0, 0, 0, 150, 225 }, 64, 0, 1, 64, 1, NULL, "agrees" },
	{ "QEMU TCG: all zeros", N, 0,
	  { 0, 0, 0, 0, 0, 0, 0 }, 64, 0, 0, 0, 0, "coherent", CS_ICACHE_COHERENT },
	{ "DIC set: all zeros, said why", N, 0,
	  { 0, 0, 0, 0, 0, 0, 0 }, 64, 1, 0, 0, 0, "coherent", "CTR_EL0.DIC is set" },
	{ "non-monotonic counts", N, N,
	  { 0, 0, 0, 0, 0, 512, 300 }, 64, 0, 0, 0, 0, "non_monotonic",
	  "stride: stale 4: 0, 8: 0, 16: 0, 32: 0, 64: 0, 128: 512, 256: 300" },
	{ "zero after non-zero", N, N,
	  { 0, 0, 0, 12, 0, 512, 768 }, 64, 0, 0, 0, 0, "inconsistent", "32: 12, 64: 0" },
	{ "stale even at stride 4", N, N,
	  { 5, 5, 5, 5, 5, 512, 768 }, 64, 0, 0, 0, 0, "maintenance_failed", "4: 5" },
	{ "stale only after maintenance", N, 0,
	  { 0, 0, 0, 0, 0, 512, 768 }, 64, 0, 0, 0, 0, "inconsistent", "unmaintained rerun 0" },
	{ "more stale than words", N, N,
	  { 0, 0, 0, 0, 0, 2048, 2048 }, 64, 0, 0, 0, 0, "inconsistent", "more words stale" },
	{ "first run wrong", 1000, N,
	  { 0, 0, 0, 0, 0, 512, 768 }, 64, 0, 0, 0, 0, "probe_broken", "returned 1000 instead of 1024" },
	{ "stale without maintenance, never after", N, N,
	  { 0, 0, 0, 0, 0, 0, 0 }, 64, 0, 0, 0, 0, "beyond_range", "beyond the strides tried" },
	{ "DIC set, stale only without maintenance: the data side's, still coherent", N, N,
	  { 0, 0, 0, 0, 0, 0, 0 }, 64, 1, 0, 0, 0, "coherent", "(1024 stale)" },
	{ "the coherent answer names its evidence", N, 0,
	  { 0, 0, 0, 0, 0, 0, 0 }, 64, 0, 0, 0, 0, "coherent",
	  "after every stride from 4 to 256 bytes (0 stale at the widest); CTR_EL0.DIC 0, IDC 0)" },
};

/* Every stride stale, as qemu-user answers the two views of one memfd: a
 * new mapping of the pages runs the new code (remap 0), or does not. */
static void test_maintenance_ignored(void)
{
	static const uint32_t strides[7] = STRIDES;
	struct cs_icache_obs o;
	struct cs_icache_result r;
	memset(&o, 0, sizeof o);
	o.n_insns = N;
	o.first = N;
	o.cached = N;
	o.n = 7;
	for (int i = 0; i < 7; i++) {
		o.stride[i] = strides[i];
		o.stale[i] = N;
	}
	o.imin_line_bytes = 32;
	CHECK(cs_icache_infer(&o, &r) == -1 && strcmp(r.code, "maintenance_failed") == 0,
	      "no remap: %s", r.code);
	o.has_remap = 1;
	o.remap_stale = 0;
	CHECK(cs_icache_infer(&o, &r) == -1 && strcmp(r.code, "maintenance_ignored") == 0,
	      "remap fresh: %s", r.code);
	CHECK(!r.has_granule && strstr(r.reason, "ic ivau had no effect: even the smallest stride left 1024 of 1024")
	      && strstr(r.reason, "(qemu-user)"), "reason: %s", r.reason);
	o.remap_stale = 17;
	CHECK(cs_icache_infer(&o, &r) == -1 && strcmp(r.code, "maintenance_failed") == 0 &&
	      strstr(r.reason, "a new mapping of the pages still ran 17 stale"), "remap stale: %s %s",
	      r.code, r.reason);
}

static void fill(struct cs_icache_obs *o, const struct icase *c)
{
	static const uint32_t strides[7] = STRIDES;
	memset(o, 0, sizeof *o);
	o->n_insns = N;
	o->first = c->first;
	o->cached = c->cached;
	o->n = 7;
	for (int i = 0; i < 7; i++) {
		o->stride[i] = strides[i];
		o->stale[i] = c->stale[i];
	}
	o->imin_line_bytes = c->imin;
	o->dic = c->dic;
}

static void test_cases(void)
{
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const struct icase *c = &cases[k];
		struct cs_icache_obs o;
		struct cs_icache_result r;
		fill(&o, c);
		int rc = cs_icache_infer(&o, &r);
		CHECK((rc == 0) == c->want_ok, "%s: rc %d (%s: %s)", c->name, rc, r.code, r.reason);
		CHECK(r.has_granule == c->want_ok, "%s: has_granule %d", c->name, r.has_granule);
		if (c->want_ok) {
			CHECK(r.granule_bytes == c->want_granule, "%s: granule %u, want %u",
			      c->name, r.granule_bytes, c->want_granule);
			CHECK(r.matches_ctr == c->want_match, "%s: matches_ctr %d", c->name, r.matches_ctr);
			CHECK(r.code[0] == 0, "%s: code '%s' with a granule", c->name, r.code);
		} else {
			CHECK(strcmp(r.code, c->want_code) == 0, "%s: code '%s', want '%s'",
			      c->name, r.code, c->want_code);
		}
		CHECK(strstr(r.reason, c->want_in_reason) != NULL, "%s: reason '%s' lacks '%s'",
		      c->name, r.reason, c->want_in_reason);
	}
}

/* The coherent refusal starts with the sentence the QEMU suites look for,
 * its evidence after it. */
static void test_coherent_sentence(void)
{
	struct cs_icache_obs o;
	struct cs_icache_result r;
	fill(&o, &cases[4]);
	cs_icache_infer(&o, &r);
	CHECK(strncmp(r.reason, CS_ICACHE_COHERENT " (", strlen(CS_ICACHE_COHERENT) + 2) == 0,
	      "reason '%s'", r.reason);
	CHECK(strcmp(CS_ICACHE_COHERENT, "instruction fetch is coherent here: nothing to measure") == 0,
	      "the sentence changed");
}

static void test_bad_input(void)
{
	struct cs_icache_obs o;
	struct cs_icache_result r;
	fill(&o, &cases[0]);
	o.n = 0;
	CHECK(cs_icache_infer(&o, &r) == -1 && strcmp(r.code, "no_data") == 0, "n=0: %s", r.code);
	fill(&o, &cases[0]);
	o.stride[3] = 8; /* not ascending */
	CHECK(cs_icache_infer(&o, &r) == -1 && strcmp(r.code, "inconsistent") == 0, "order: %s", r.code);
	fill(&o, &cases[0]);
	o.n = CS_ICACHE_MAX_STRIDES + 1;
	CHECK(cs_icache_infer(&o, &r) == -1, "too many strides accepted");
}

/* The member as the capture writer writes it, into mem. */
static void write_member(char *mem, size_t cap, const struct cs_icache_obs *o,
			 const struct cs_icache_result *r)
{
	struct cs_buf b;
	struct cs_jsonw j;
	cs_buf_init(&b, mem, cap);
	cs_jsonw_init(&j, &b, 0);
	cs_jsonw_obj(&j);
	cs_icache_json(&j, o, r, "test");
	cs_jsonw_obj_end(&j);
	CHECK(cs_jsonw_finish(&j) == 0, "json writer error");
}

static void test_json(void)
{
	struct cs_icache_obs o;
	struct cs_icache_result r;
	char mem[4096];

	fill(&o, &cases[0]);
	cs_icache_infer(&o, &r);
	write_member(mem, sizeof mem, &o, &r);
	CHECK(strstr(mem, "\"granule_bytes\":64") != NULL, "granule missing: %s", mem);
	CHECK(strstr(mem, "\"stale\":[0,0,0,0,0,512,768]") != NULL, "stale missing: %s", mem);

	fill(&o, &cases[4]);
	cs_icache_infer(&o, &r);
	write_member(mem, sizeof mem, &o, &r);
	CHECK(strstr(mem, "\"granule_bytes\":null") != NULL, "null granule missing: %s", mem);
	CHECK(strstr(mem, "\"code\":\"coherent\"") != NULL, "refusal missing: %s", mem);
	CHECK(strstr(mem, "\"runs\"") == NULL && strstr(mem, "\"remapped_stale\"") == NULL,
	      "one run, no remap: no such members: %s", mem);

	/* Several runs a stride, and a remap: both recorded. */
	o.runs = 3;
	o.stale_min[5] = 500;
	o.has_remap = 1;
	o.remap_stale = 0;
	write_member(mem, sizeof mem, &o, &r);
	CHECK(strstr(mem, "\"runs\":3,\"stale_min\":[0,0,0,0,0,500,0]") != NULL &&
	      strstr(mem, "\"remapped_stale\":0") != NULL && strstr(mem, "\"ctr_idc\":false") != NULL,
	      "runs, remap, IDC: %s", mem);
}

/* x86_64 never runs the probe: the refusal is written without counts. */
static void test_refuse_without_run(void)
{
	struct cs_icache_obs o;
	struct cs_icache_result r;
	char mem[2048];
	struct cs_buf b;
	struct cs_jsonw j;

	memset(&o, 0, sizeof o);
	cs_icache_refuse(&r, "coherent", CS_ICACHE_COHERENT " (x86 snoops stores into fetched code)");
	CHECK(!r.has_granule && strcmp(r.code, "coherent") == 0, "refuse: %s", r.code);
	cs_buf_init(&b, mem, sizeof mem);
	cs_jsonw_init(&j, &b, 0);
	cs_jsonw_obj(&j);
	cs_icache_json(&j, &o, &r, "not run: the architecture keeps instruction fetch coherent");
	cs_jsonw_obj_end(&j);
	CHECK(cs_jsonw_finish(&j) == 0, "json writer error");
	CHECK(strstr(mem, "\"strides\":[]") != NULL && strstr(mem, "\"granule_bytes\":null") != NULL,
	      "no-run member: %s", mem);
}

int main(void)
{
	test_refuse_without_run();
	test_cases();
	test_coherent_sentence();
	test_maintenance_ignored();
	test_bad_input();
	test_json();
	return cs_test_summary("icache");
}
