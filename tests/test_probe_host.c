/* test_probe_host.c: the host probe's units that do not depend on this
 * machine's figures: a clamped clock (every reading a multiple of the
 * clamp, its quantum the clamp), the region (aligned, the size asked for,
 * pages recorded), and what the CPU publishes (sorted levels, a choice).
 * (The size grid is the engine's: test_engine.c.) */
#define _GNU_SOURCE
#include <string.h>
#include "check.h"
#include "../host/probe.h"

CS_TEST_MAIN_DEFS;

static void test_clamp(void)
{
	struct cs_hclock h;
	char why[128] = "";
	int rc = cs_hclock_open(&h, CS_HCLOCK_MONOTONIC, 1000, why, sizeof why);
	CHECK(rc == 0, "monotonic clock clamped to 1 us: %s", why);
	if (rc)
		return;
	int multiples = 1;
	for (int i = 0; i < 1000; i++)
		multiples &= h.clk.now(h.clk.ctx) % 1000 == 0;
	CHECK(multiples, "every clamped reading is a multiple of the clamp");
	CHECK(h.quantum_ns >= 1000 && h.quantum_ns <= 1500,
	      "the clamped quantum is the clamp's step: %g ns", h.quantum_ns);
	CHECK(h.raw_quantum_ns > 0 && h.raw_quantum_ns <= h.quantum_ns,
	      "the unclamped step (%g) is no coarser than the clamped one (%g)",
	      h.raw_quantum_ns, h.quantum_ns);
	CHECK(h.clk.ns_per_tick == 1.0, "clamped readings are in ns");
}

static void test_pool(void)
{
	struct cs_pool p;
	char why[256] = "";
	int rc = cs_pool_map(&p, 3u << 20, CS_PAGES_4K, why, sizeof why);
	CHECK(rc == 0, "a 3 MiB region maps: %s", why);
	if (rc)
		return;
	CHECK(((uintptr_t)p.mem & ((2u << 20) - 1)) == 0, "the region is 2 MiB aligned");
	CHECK(p.bytes >= (3u << 20) && p.bytes < (5u << 20), "region of %llu bytes",
	      (unsigned long long)p.bytes);
	CHECK(p.used && (!strcmp(p.used, "4k") || !strcmp(p.used, "mixed")),
	      "4 KiB pages asked for, '%s' recorded", p.used ? p.used : "(null)");
	((volatile char *)p.mem)[p.bytes - 1] = 1;
	cs_pool_unmap(&p);
	CHECK(p.mem == NULL, "unmapped");
}

static void test_cpuinfo(void)
{
	static struct cs_cpuinfo ci;
	static struct cs_capture c;
	int cpus[8];
	int n = cs_online_cpus(cpus, 8);
	CHECK(n > 0, "at least one CPU allowed");
	cs_cpuinfo_read(&ci, n > 0 ? cpus[0] : 0);
	CHECK(ci.chosen && (!strcmp(ci.chosen, "cpuid") || !strcmp(ci.chosen, "sysfs") ||
			    !strcmp(ci.chosen, "none")), "a source is chosen");
	CHECK(ci.agreement[0] != 0, "the comparison is written down");
	cs_capture_init(&c);
	cs_cpuinfo_publish(&ci, &c);
	int sorted = 1;
	for (uint32_t i = 1; i < c.n_caches; i++)
		sorted &= c.caches[i].level >= c.caches[i - 1].level;
	CHECK(sorted, "published caches are in level order");
	CHECK(c.n_caches == 0 || c.published_source[0], "a published list names its source");
}

int main(void)
{
	test_clamp();
	test_pool();
	test_cpuinfo();
	return cs_test_summary("probe_host");
}
