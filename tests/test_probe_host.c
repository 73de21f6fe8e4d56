/* test_probe_host.c: the host probe's units that do not depend on this
 * machine's figures: a clamped clock (every reading a multiple of the
 * clamp, its quantum the clamp), the counter's rate (published or
 * measured, and which), the region (aligned, the size asked for, pages
 * recorded), what the CPU publishes (sorted levels, a choice), the flush
 * (the instruction where it runs, eviction where it traps) and seed 001
 * (run in two views of a memfd, or said not to be needed), the longest
 * PFN-contiguous run of made-up pagemap entries. It runs on
 * the build machine and, cross-built, under qemu-aarch64-static
 * (tests/suite-linux-aarch64.sh). (The size grid is the engine's:
 * test_engine.c.) */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include "check.h"
#include "../host/probe/probe.h"
#include "../kinds/icache/icache.h"

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

/* The counter's rate: the published one when the measured agrees within
 * CS_HZ_PUBLISHED_TOLERANCE, else the measured; always both recorded. */
static void test_counter_rate(void)
{
	struct cs_hclock h;
	char why[128] = "";
	int rc = cs_hclock_open(&h, CS_HCLOCK_TSC, 0, why, sizeof why);
	CHECK(rc == 0, "the counter opens: %s", why);
	if (rc)
		return;
	CHECK(!strcmp(h.name, cs_arch_counter_name()), "named %s", h.name);
	CHECK(h.hz > 0 && h.hz_measured > 0 && h.clk.ns_per_tick == 1e9 / h.hz, "a rate: %g", h.hz);
	if (h.hz_published > 0 && !strcmp(h.hz_from, "CNTFRQ_EL0"))
		CHECK(h.hz == h.hz_published && fabs(h.hz_measured / h.hz_published - 1) <=
		      CS_HZ_PUBLISHED_TOLERANCE, "published %g used, measured %g", h.hz_published, h.hz_measured);
	else
		CHECK(!strcmp(h.hz_from, "CLOCK_MONOTONIC_RAW") && h.hz == h.hz_measured,
		      "measured %g used (published %g)", h.hz_measured, h.hz_published);
}

static void trap_ill(void *arg)
{
	(void)arg;
	raise(SIGILL);
}

static void trap_segv(void *arg)
{
	(void)arg;
	raise(SIGSEGV);
}

static void test_flush(void)
{
	struct cs_flush f;
	char why[256] = "";
	static unsigned char buf[4096];
	CHECK(cs_flush_choose(&f, CS_FLUSH_AUTO, 1 << 20, why, sizeof why) == 0 && f.arch_allowed &&
	      !strcmp(f.method, cs_arch_flush_name()) && f.evict_bytes == 0,
	      "the instruction runs in user space here: %s (%s)", f.method, f.why);
	f.fn(buf, sizeof buf);
	cs_flush_release(&f);
	CHECK(cs_flush_choose_with(&f, CS_FLUSH_AUTO, 1 << 20, trap_ill, why, sizeof why) == 0 &&
	      !f.arch_allowed && f.signal == SIGILL && !strcmp(f.method, "eviction") &&
	      f.evict_bytes == 8u << 20 && strstr(f.why, "not allowed in this process"),
	      "SIGILL: eviction of %llu bytes: %s", (unsigned long long)f.evict_bytes, f.why);
	f.fn(buf, sizeof buf); /* reads the eviction buffer */
	cs_flush_release(&f);
	CHECK(cs_flush_choose_with(&f, CS_FLUSH_AUTO, 8u << 20, trap_segv, why, sizeof why) == 0 &&
	      f.signal == SIGSEGV && f.evict_bytes == 16u << 20, "SIGSEGV: twice the largest cache");
	cs_flush_release(&f);
	CHECK(cs_flush_choose_with(&f, CS_FLUSH_ARCH, 1 << 20, trap_ill, why, sizeof why) == -1 &&
	      strstr(why, "--flush arch"), "--flush arch where it traps: refused: %s", why);
	CHECK(cs_flush_choose_with(&f, CS_FLUSH_EVICT, 1 << 20, trap_ill, why, sizeof why) == 0 &&
	      f.signal == 0 && f.evict_bytes == 8u << 20 && strstr(f.why, "asked for"),
	      "--flush evict: not tried: %s", f.why);
	cs_flush_release(&f);
	CHECK(cs_flush_evict_bytes(1ull << 40) == 512u << 20 && cs_flush_evict_bytes(1ull << 62) == 512u << 20 &&
	      cs_flush_evict_bytes(0) == 8u << 20 && cs_flush_evict_bytes(32u << 20) == 64u << 20,
	      "the buffer: twice the largest cache, from 8 MiB to 512 MiB");
}

/* Seed 001 on this process's code memory (two views of one memfd,
 * probe_code.c; kinds/icache/icache_platform.c), or the architecture's
 * reason not to; and the service alone: two views of the same pages. */
static void test_icache(void)
{
	static struct cs_probe_svc svc;
	static struct cs_cpuinfo ci_none;
	static struct cs_pool pool;
	const struct cs_icache_host *ic;
	struct cs_svc_code code;
	char why[256];
	cs_probe_services_init(&svc, 0, &ci_none, &pool, 0);
	memset(&code, 0, sizeof code);
	CHECK(svc.s.code_map(svc.s.ctx, CS_ICACHE_CODE_BYTES, &code, why, sizeof why) == 0 && code.w != code.x &&
	      code.bytes >= CS_ICACHE_CODE_BYTES && strstr(code.how, "mapped twice"), "code memory: %s", why);
	if (code.w) {
		((volatile unsigned char *)code.w)[7] = 0x5a;
		CHECK(((volatile unsigned char *)code.x)[7] == 0x5a, "the run view sees what the written one wrote");
		CHECK(svc.s.code_remap(svc.s.ctx, &code) == 0 && ((volatile unsigned char *)code.x)[7] == 0x5a,
		      "mapped anew, the same pages");
		svc.s.code_unmap(svc.s.ctx, &code);
	}
	cs_icache_host_run(&svc.s);
	ic = cs_icache_host_last();
	if (ic->rc == 0) {
		CHECK(ic->obs.first == CS_ICACHE_WORDS && ic->obs.n == 7 && ic->obs.runs == 3 && ic->views == 2,
		      "ran: first %llu, %u strides", (unsigned long long)ic->obs.first, ic->obs.n);
		CHECK(strstr(ic->how, "memfd") && strstr(ic->how, "mapped twice"), "%s", ic->how);
		CHECK(ic->res.has_granule != (ic->res.code[0] != 0), "a granule or a refusal: %s", ic->res.code);
		for (uint32_t i = 0; i < ic->obs.n; i++)
			CHECK(ic->obs.stale_min[i] <= ic->obs.stale[i], "stride %u: min <= max", ic->obs.stride[i]);
	} else {
		CHECK(!strcmp(ic->res.code, "coherent") && !ic->res.has_granule && ic->obs.n == 0 &&
		      !strcmp(ic->method, "not run: the architecture keeps instruction fetch coherent"),
		      "not run: %s: %s", ic->res.code, ic->res.reason);
	}
}

/* Made-up pagemap entries: n pages from frame pfn, each one on. */
#define PM_PRESENT (1ull << 63)
static void frames(uint64_t *e, uint32_t n, uint64_t pfn)
{
	for (uint32_t i = 0; i < n; i++)
		e[i] = PM_PRESENT | (pfn + i);
}

static void test_pfn_run(void)
{
	static uint64_t e[8 * 512];
	struct cs_pfn_run r;
	memset(e, 0, sizeof e);
	cs_pfn_longest_run(e, 2048, &r);
	CHECK(r.present == 0 && r.with_pfn == 0 && r.pages == 0, "no page in memory: no run (%llu)",
	      (unsigned long long)r.pages);
	for (uint32_t i = 0; i < 2048; i++)
		e[i] = PM_PRESENT; /* what a process without CAP_SYS_ADMIN reads */
	cs_pfn_longest_run(e, 2048, &r);
	CHECK(r.present == 2048 && r.with_pfn == 0 && r.pages == 0, "frames hidden: present %llu, with PFN %llu, run %llu",
	      (unsigned long long)r.present, (unsigned long long)r.with_pfn, (unsigned long long)r.pages);
	/* huge pages at frames 0x1000 (alone), 0x5000, 0x5200, 0x5400 (a run of 3), 0x9000, 0x9200 (of 2),
	 * then 0x5600 (contiguous with the run of 3 in frames, not in place) */
	static const uint64_t at[8] = { 0x1000, 0x5000, 0x5200, 0x5400, 0x9000, 0x9200, 0x5600, 0x7000 };
	for (uint32_t h = 0; h < 8; h++)
		frames(e + h * 512, 512, at[h]);
	cs_pfn_longest_run(e, 8 * 512, &r);
	CHECK(r.pages == 3 * 512 && r.start == 512 && r.first_pfn == 0x5000,
	      "the longest run: 3 huge pages from entry 512, frame 0x5000 (%llu pages from %llu, 0x%llx)",
	      (unsigned long long)r.pages, (unsigned long long)r.start, (unsigned long long)r.first_pfn);
	uint64_t off = 0, bytes = 0, span = 0;
	CHECK(cs_pfn_span(&r, 4096, 0, &off, &bytes, &span) == 1 && off == 2u << 20 && bytes == 6u << 20 &&
		      span == 4u << 20,
	      "3 huge pages: the region 2 MiB in, 6 MiB long, span 4 MiB (%llu, %llu, %llu)",
	      (unsigned long long)off, (unsigned long long)bytes, (unsigned long long)span);
	struct cs_pfn_run one = { .present = 512, .with_pfn = 512, .start = 0, .pages = 512 };
	CHECK(cs_pfn_span(&one, 4096, 0, &off, &bytes, &span) == 0, "a run of one huge page: not longer, no region");
	one.pages = 1023;
	CHECK(cs_pfn_span(&one, 4096, 0, &off, &bytes, &span) == 0, "a page short of 4 MiB: its span would be 2 MiB, no region");
	one.pages = 1024;
	one.start = 7;
	CHECK(cs_pfn_span(&one, 4096, 0, &off, &bytes, &span) == 1 && span == 4u << 20 && bytes == 4u << 20 &&
		      off == 7 * 4096,
	      "4 MiB from page 7: its region, span 4 MiB (%llu at %llu)", (unsigned long long)span,
	      (unsigned long long)off);
	CHECK(cs_pfn_span(&one, 4096, 4u << 20, &off, &bytes, &span) == 1 &&
		      cs_pfn_span(&one, 4096, (4u << 20) + 1, &off, &bytes, &span) == 0,
	      "a run as long as the least asked for serves, one shorter does not");
	CHECK(r.present == 8 * 512 && r.with_pfn == 8 * 512, "every entry counted");
	e[512 + 700] += 1; /* one 4 KiB frame out of step inside the run */
	cs_pfn_longest_run(e, 8 * 512, &r);
	CHECK(r.pages == 2 * 512 && r.start == 4 * 512 && r.first_pfn == 0x9000,
	      "a frame out of step breaks it: the run of 2 wins (%llu pages from %llu)",
	      (unsigned long long)r.pages, (unsigned long long)r.start);
	e[512 + 700] -= 1;
	e[4 * 512 + 3] &= ~PM_PRESENT; /* the run of 2 loses a page; the run of 3 is whole again */
	e[512 + 9] |= 1ull << 55;       /* a flag bit (soft-dirty) is not part of the frame */
	cs_pfn_longest_run(e, 8 * 512, &r);
	CHECK(r.pages == 3 * 512 && r.start == 512 && r.present == 8 * 512 - 1,
	      "flag bits ignored, a page out of memory counted (%llu pages, %llu present)",
	      (unsigned long long)r.pages, (unsigned long long)r.present);
	for (uint32_t i = 0; i < 16; i++)
		e[i] = PM_PRESENT | (0x800 - i); /* descending frames are not contiguous */
	cs_pfn_longest_run(e, 16, &r);
	CHECK(r.pages == 1 && r.with_pfn == 16, "descending frames: runs of one page (%llu)",
	      (unsigned long long)r.pages);
}

int main(void)
{
	test_clamp();
	test_counter_rate();
	test_pool();
	test_cpuinfo();
	test_flush();
	test_icache();
	test_pfn_run();
	return cs_test_summary("probe_host");
}
