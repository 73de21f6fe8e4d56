/* test_reduce_geom: the geometry reduction (kinds/geometry/geom_reduce.c,
 * docs/geometry.md) on tables with known answers from a cache model
 * (tests/geom_model.h): an 8-way and a 12-way L1, an L2 of 1024 sets, a
 * hashed L3, random replacement (soft steps), a noisy table, missing
 * strides, a level whose step never appears, no memory of known address, a
 * way size past the physical span, a clock too coarse; the share against
 * the knee; the writer and reader round trip. `test_reduce_geom
 * --sentences` prints each refusal's sentence for
 * tests/suite-mutation.sh (its mutation-geometry rows) (each names its constant's value). */
#include <string.h>
#include "check.h"
#include "geom_model.h"
#include "../kinds/geometry/geom_kind.h"
#include "../reduce/kinds.h"
#include "../common/capture_write.h"
#include "../reader/reader.h"

CS_TEST_MAIN_DEFS;

static struct cs_capture cap;
static struct cs_work work;
static struct cs_result res;
static char err[512];

/* L1 32 KiB 8-way 1.2 ns, L2 512 KiB 8-way (1024 sets) 4 ns, L3 8 MiB
 * 16-way 15 ns, memory 90 ns: this machine's kind of core, by CPUID. */
static struct gm_cache amd(void)
{
	struct gm_cache c = { 64, 3, { { 8, 64, 1.2, 0, 0 }, { 8, 1024, 4.0, 0, 0 }, { 16, 8192, 15, 0, 0 } },
			      90, 0, 7 };
	return c;
}

static void build(const struct gm_cache *c, uint64_t top, uint32_t counts)
{
	cs_capture_init(&cap);
	gm_sweep(c, &cap, 256.0 * 1024 * 1024);
	gm_publish(c, &cap.geom);
	gm_table(c, &cap.geom, top, counts);
}

static const struct cs_geom_level *reduce_level(uint32_t level)
{
	memset(&res, 0, sizeof res);
	if (cs_reduce_capture(&cap, &work, &res, err, sizeof err) != 0)
		return NULL;
	for (uint32_t i = 0; i < res.geom.n; i++)
		if (res.geom.levels[i].level == level)
			return &res.geom.levels[i];
	return NULL;
}

static const char *code(const struct cs_geom_level *L)
{
	return L && L->n_refusals ? L->refusals[0].code : "";
}

static void expect_geometry(const char *what, uint32_t level, uint32_t ways, double sets)
{
	const struct cs_geom_level *L = reduce_level(level);
	CHECK(L && L->has_geometry, "%s: L%u measured (refused %s: %s)", what, level, code(L),
	      L && L->n_refusals ? L->refusals[0].reason : "");
	if (!L || !L->has_geometry)
		return;
	CHECK(L->ways == ways, "%s: L%u ways %u, want %u", what, level, L->ways, ways);
	CHECK(L->sets == sets, "%s: L%u sets %g, want %g", what, level, L->sets, sets);
	CHECK(L->size_bytes == ways * sets * 64, "%s: L%u size %g", what, level, L->size_bytes);
}

static void expect_refused(const char *what, uint32_t level, const char *want)
{
	const struct cs_geom_level *L = reduce_level(level);
	CHECK(L && !L->has_geometry && strcmp(code(L), want) == 0, "%s: L%u refused %s, got '%s' (%s)", what,
	      level, want, code(L), L && L->n_refusals ? L->refusals[0].reason : "measured");
}

/* Measured right, or refused: never a wrong figure. */
static void expect_not_wrong(const char *what, uint32_t level, uint32_t ways, double sets)
{
	const struct cs_geom_level *L = reduce_level(level);
	CHECK(L && (!L->has_geometry || (L->ways == ways && L->sets == sets)), "%s: L%u %u ways %g sets, want %u %g or a refusal",
	      what, level, L ? L->ways : 0, L ? L->sets : 0, ways, sets);
}

static void catalogue(void)
{
	struct gm_cache c = amd();
	build(&c, 16u << 20, 64);
	expect_geometry("8-way L1", 1, 8, 64);
	expect_geometry("L2 of 1024 sets", 2, 8, 1024);
	expect_geometry("L3 of 8192 sets", 3, 16, 8192);
	const struct cs_geom_level *L = reduce_level(2);
	CHECK(L && L->has_knee && L->has_share && L->share > 0.8 && L->share < 1.0,
	      "share: knee over size, got %g", L ? L->share : -1);
	c.lv[0] = (struct gm_level){ 12, 64, 1.2, 0, 0 };
	build(&c, 16u << 20, 64);
	expect_geometry("12-way L1", 1, 12, 64);
	expect_refused("8-way L2 under a 12-way L1", 2, CS_R_GEOM_MASKED);
	c.lv[1].ways = 16; /* an L2 of more ways than L1's shows them */
	c.lv[1].sets = 512;
	build(&c, 16u << 20, 64);
	expect_geometry("16-way L2 under a 12-way L1", 2, 16, 512);
	c = amd();
	c.lv[2].hashed = 1;
	build(&c, 16u << 20, 64);
	expect_geometry("hashed L3, L2", 2, 8, 1024);
	expect_refused("hashed L3", 3, CS_R_GEOM_HASHED);
	cap.vm = 1; /* a guest's physical addresses need not be the machine's */
	expect_refused("hashed L3 in a virtual machine", 3, CS_R_GEOM_NO_PHYSICAL);
	build(&c, 16u << 20, 64); /* steps that wander, in a guest */
	for (uint32_t i = 10; i < cap.geom.n_strides; i++)
		for (uint32_t k = 0; k < 64; k++)
			cap.geom.strides[i].ns[k] = k < 8 ? 1.2 : k < 8 + (i % 3) * 5 ? 4.0 : 15;
	cap.vm = 1;
	expect_refused("a wandering L2 step in a virtual machine", 2, CS_R_GEOM_NO_PHYSICAL);
	cap.vm = 0;
	expect_refused("a wandering L2 step on a machine of its own", 2, CS_R_GEOM_HASHED);
	c = amd();
	c.lv[0].random = 1;
	build(&c, 16u << 20, 64);
	expect_geometry("random replacement L1", 1, 8, 64);
	expect_not_wrong("random replacement L1, L2", 2, 8, 1024);
	c.lv[1].random = 1;
	build(&c, 16u << 20, 64);
	expect_geometry("random replacement L1 and L2, L1", 1, 8, 64);
	expect_not_wrong("random replacement L1 and L2, L2", 2, 8, 1024);
	c = amd();
	c.noise = 0.05;
	build(&c, 16u << 20, 64);
	expect_geometry("noisy L1", 1, 8, 64);
	expect_geometry("noisy L2", 2, 8, 1024);
}

/* Strides missing from the table, a level out of its reach. */
static void gaps(void)
{
	struct gm_cache c = amd();
	build(&c, 16u << 20, 64);
	for (uint32_t i = 0; i < cap.geom.n_strides; i++) /* drop 8 KiB and 32 KiB */
		if (cap.geom.strides[i].stride_bytes == 8192 || cap.geom.strides[i].stride_bytes == 32768)
			cap.geom.strides[i].n = 0;
	expect_geometry("missing strides, L1", 1, 8, 64);
	expect_geometry("missing strides, L2", 2, 8, 1024);
	build(&c, 16u << 20, 64); /* strides left out of the table itself: 32 KiB */
	for (uint32_t i = 9; i + 1 < cap.geom.n_strides; i++)
		cap.geom.strides[i] = cap.geom.strides[i + 1];
	cap.geom.n_strides--;
	expect_geometry("a stride left out, L2", 2, 8, 1024);
	build(&c, 256u << 10, 64); /* L3's way size past what is known physical */
	cap.geom.span_bytes = 256u << 10;
	expect_refused("L3 past the span", 3, CS_R_GEOM_NO_PHYSICAL);
	build(&c, 256u << 10, 16); /* too few counts for L3's 16 ways */
	expect_refused("L3 beyond the counts", 3, CS_R_GEOM_NO_PHYSICAL);
	build(&c, 16u << 20, 64);
	cap.geom.n_strides = 0;
	strcpy(cap.geom.memory, "none");
	strcpy(cap.geom.refusal, "no huge page");
	expect_refused("no memory", 1, CS_R_GEOM_NO_PHYSICAL);
	build(&c, 16u << 20, 64);
	for (uint32_t i = 0; i < cap.geom.n_strides; i++) /* every block under 100 quanta */
		cap.geom.strides[i].block_ns = 50;
	expect_refused("short blocks", 1, CS_R_GEOM_BLOCK);
	build(&c, 16u << 20, 64);
	cap.n_points = 0; /* no sweep: no latency to step between */
	expect_refused("no sweep", 1, CS_R_GEOM_NO_LEVEL);
	c.lv[0].ns = 3.9; /* an L1 as slow as the L2: one level, no knee */
	build(&c, 16u << 20, 64);
	expect_refused("no knee for L1", 1, CS_R_GEOM_NO_LEVEL);
}

/* The sentences name their constants and values: a hashed L3 reached,
 * an L2 whose doubling breaks, one whose steps wander. With print, one
 * "CONSTANT<TAB>sentence" line each (tests/suite-mutation.sh (its mutation-geometry rows)). */
static void sentences(int print)
{
	static const char *const want[] = { "CS_GEOM_RISE", "CS_GEOM_STAY", "CS_GEOM_MIN_RUN", "CS_GEOM_HALF_SLACK" };
	static const char *const value[] = { "CS_GEOM_RISE 0.1", "CS_GEOM_STAY 3", "CS_GEOM_MIN_RUN 2",
					     "CS_GEOM_HALF_SLACK 1" };
	static char reason[3][CS_REASON_MAX];
	struct gm_cache c = amd();
	const struct cs_geom_level *L;
	c.lv[2].hashed = 1;
	build(&c, 16u << 20, 64);
	if ((L = reduce_level(3)) && L->n_refusals)
		strcpy(reason[0], L->refusals[0].reason);
	c = amd();
	build(&c, 16u << 20, 64);
	for (uint32_t k = 11; k < 64; k++) /* 32 KiB: L2's step at 12, not 2W + 1 = 17 */
		cap.geom.strides[9].ns[k] = 15;
	if ((L = reduce_level(2)) && L->n_refusals)
		strcpy(reason[1], L->refusals[0].reason);
	build(&c, 16u << 20, 64);
	for (uint32_t i = 10; i < cap.geom.n_strides; i++) /* from 64 KiB up the step wanders */
		for (uint32_t k = 0; k < 64; k++)
			cap.geom.strides[i].ns[k] = k < 8 ? 1.2 : k < 8 + (i % 3) * 5 ? 4.0 : 15;
	if ((L = reduce_level(2)) && L->n_refusals)
		strcpy(reason[2], L->refusals[0].reason);
	for (uint32_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const char *hit = NULL;
		for (uint32_t q = 0; q < 3 && !hit; q++)
			if (strstr(reason[q], want[i]))
				hit = reason[q];
		if (print)
			printf("%s\t%s\n", want[i], hit ? hit : "");
		CHECK(hit && strstr(hit, value[i]), "a reason names %s: %s | %s | %s", value[i], reason[0], reason[1],
		      reason[2]);
	}
}

#if CS_TEST_HOSTED
/* The table written and read back is the same table, reduced the same
 * (host only: its buffers are large for the firmware's selftest image). */
static void round_trip(void)
{
	static char text[1 << 20], arena_mem[1 << 23];
	static struct cs_capture back;
	struct cs_buf b;
	struct gm_cache c = amd();
	build(&c, 16u << 20, 64);
	strcpy(cap.label, "geometry round trip");
	strcpy(cap.env_kind, "synthetic");
	cs_buf_init(&b, text, sizeof text);
	CHECK(cs_capture_write(&b, &cap, NULL, NULL) == 0, "written");
	int rc = cs_read_capture(text, b.len, arena_mem, sizeof arena_mem, &back, NULL, err, sizeof err);
	CHECK(rc == 0, "read back: %s", err);
	CHECK(back.geom.n_strides == cap.geom.n_strides && back.geom.n_published == cap.geom.n_published,
	      "strides %u published %u", back.geom.n_strides, back.geom.n_published);
	CHECK(back.geom.span_bytes == cap.geom.span_bytes, "span");
	char *at = strstr(text, "\"counts_max\": 64");
	CHECK(at != NULL, "counts_max written");
	if (at) { /* a count past counts_max is refused with its path */
		memcpy(at, "\"counts_max\": 16", 16);
		rc = cs_read_capture(text, b.len, arena_mem, sizeof arena_mem, &back, NULL, err, sizeof err);
		CHECK(rc != 0 && strstr(err, "geometry.strides[0].ns"), "too many counts: %s", err);
	}
	/* the host's pagemap run (docs/geometry.md s.1) reads back; a memory no program gives does not */
	strcpy(cap.geom.memory, "pagemap");
	cap.geom.span_bytes = 8u << 20;
	cs_buf_init(&b, text, sizeof text);
	CHECK(cs_capture_write(&b, &cap, NULL, NULL) == 0, "pagemap: written");
	rc = cs_read_capture(text, b.len, arena_mem, sizeof arena_mem, &back, NULL, err, sizeof err);
	CHECK(rc == 0 && !strcmp(back.geom.memory, "pagemap") && back.geom.span_bytes == 8u << 20,
	      "memory pagemap, span 8 MiB read back: %s", err);
	at = strstr(text, "\"memory\": \"pagemap\"");
	CHECK(at != NULL, "memory written");
	if (at) {
		memcpy(at + 11, "guessed", 7);
		rc = cs_read_capture(text, b.len, arena_mem, sizeof arena_mem, &back, NULL, err, sizeof err);
		CHECK(rc != 0 && strstr(err, "geometry.memory"), "memory \"guessed\" refused: %s", err);
	}
}
#endif

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--sentences") == 0) {
		sentences(1);
		return 0;
	}
	catalogue();
	gaps();
	sentences(0);
#if CS_TEST_HOSTED
	round_trip();
#endif
	return cs_test_summary("reduce_geom");
}
