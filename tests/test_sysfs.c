/* test_sysfs: the host probe's readers of what Linux publishes about each
 * CPU (host/probe/sysfs.c), its kinds of core (host/probe/probe_core_types.c) and its
 * emulation check (host/probe/probe_cpu.c), on files recorded from real ARM
 * machines (tests/data/sysfs/, whose README names each source), made into
 * trees under a temporary folder; and MIDR and CTR_EL0 values as real
 * machines printed them, decoded by decode/armcache.c. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"
#include "../host/probe/probe.h"
#include "../decode/armcache.h"

CS_TEST_MAIN_DEFS;

static char tmpl[] = "/tmp/cs-sysfs-XXXXXX";

static void mkdirs(char *path)
{
	for (char *p = path + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(path, 0755);
			*p = '/';
		}
}

/* data/sysfs/NAME: each "/sys/PATH:VALUE" line becomes ROOT/PATH holding
 * "VALUE\n", as the kernel writes it. Returns the root, or NULL. */
static const char *tree(const char *name)
{
	static char root[256];
	char path[512], line[2048];
	FILE *in;
	snprintf(path, sizeof path, "tests/data/sysfs/%s", name);
	in = fopen(path, "r");
	CHECK(in != NULL, "%s opens", path);
	if (!in)
		return NULL;
	snprintf(root, sizeof root, "%s/%s", tmpl, name);
	while (fgets(line, sizeof line, in)) {
		char *colon = strchr(line, ':'), file[2400];
		FILE *out;
		if (line[0] != '/' || !colon || strncmp(line, "/sys/", 5))
			continue;
		*colon = 0;
		snprintf(file, sizeof file, "%s%s", root, line + 4);
		mkdirs(file);
		out = fopen(file, "w");
		if (out) {
			fputs(colon + 1, out);
			fclose(out);
		}
	}
	fclose(in);
	return root;
}

static void test_parse_size(void)
{
	static const struct { const char *text; int ok; uint64_t want; } rows[] = {
		{ "32K\n", 1, 32768 },   { "512K", 1, 524288 },   { "12288K\n", 1, 12582912 },
		{ "2M\n", 1, 2097152 },  { "65536\n", 1, 65536 }, { "1G", 1, 1ull << 30 },
		{ "", 0, 0 },            { "K\n", 0, 0 },         { "32k\n", 0, 0 },
		{ "32 K", 0, 0 },        { "32K\n\n", 0, 0 },     { "-32K", 0, 0 },
		{ "32KB", 0, 0 },        { "99999999999999999999K", 0, 0 },
		{ "18014398509481984K", 0, 0 }, /* 2^54 KiB: past 64 bits */
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		uint64_t v = 7;
		int rc = cs_sysfs_parse_size(rows[i].text, &v);
		CHECK((rc == 0) == rows[i].ok, "size '%s': rc %d", rows[i].text, rc);
		CHECK(!rows[i].ok || v == rows[i].want, "size '%s': %llu", rows[i].text, (unsigned long long)v);
		CHECK(rows[i].ok || v == 7, "size '%s' refused but written", rows[i].text);
	}
}

static void test_parse_cpulist(void)
{
	int c[16];
	CHECK(cs_sysfs_parse_cpulist("0-3,6\n", c, 16) == 5 && c[3] == 3 && c[4] == 6, "0-3,6");
	CHECK(cs_sysfs_parse_cpulist("0\n", c, 16) == 1 && c[0] == 0, "0");
	CHECK(cs_sysfs_parse_cpulist("\n", c, 16) == 0, "empty list (offline, all online)");
	CHECK(cs_sysfs_parse_cpulist("4-7,0-3", c, 16) == 8 && c[0] == 4 && c[7] == 3, "order kept");
	CHECK(cs_sysfs_parse_cpulist("3-1", c, 16) == -1, "descending range refused");
	CHECK(cs_sysfs_parse_cpulist("0,,1", c, 16) == -1, "empty item refused");
	CHECK(cs_sysfs_parse_cpulist("0-", c, 16) == -1, "open range refused");
	CHECK(cs_sysfs_parse_cpulist("0-16", c, 16) == -1, "longer than the array refused");
	CHECK(cs_sysfs_parse_cpulist("0-3 ", c, 16) == -1, "trailing space refused");
}

static void test_parse_midr(void)
{
	uint64_t m = 0;
	CHECK(cs_sysfs_parse_midr("0x00000000410fd871\n", &m) == 0 && m == 0x410fd871, "GB10 A725");
	CHECK(cs_sysfs_parse_midr("0x00000000410FD811", &m) == 0 && m == 0x410fd811, "upper case");
	CHECK(cs_sysfs_parse_midr("0x0000000000000000000", &m) == -1, "more than 16 digits");
	CHECK(cs_sysfs_parse_midr("410fd871\n", &m) == -1, "no 0x");
	CHECK(cs_sysfs_parse_midr("0x\n", &m) == -1, "no digits");
	CHECK(cs_sysfs_parse_midr("0x410fd871 \n", &m) == -1, "trailing space");
}

/* MIDR and CTR_EL0 as real machines printed them (README). */
static void test_decode(void)
{
	static const struct {
		const char *text, *machine, *impl, *part;
		uint32_t variant, partnum, rev;
	} rows[] = {
		{ "0x414fd0b1", "Raspberry Pi 5", "Arm", "Cortex-A76", 4, 0xd0b, 1 },
		{ "0x00000000410fd811", "Orange Pi 6 Plus cpu0", "Arm", "Cortex-A720", 0, 0xd81, 1 },
		{ "0x00000000410fd871", "GB10 cpu0", "Arm", "Cortex-A725", 0, 0xd87, 1 },
		{ "0x00000000410fd851", "GB10 cpu5 (composed)", "Arm", "Cortex-X925", 0, 0xd85, 1 },
		{ "0x413fd0c1", "Graviton2 (from /proc/cpuinfo's fields)", "Arm", "Neoverse N1", 3, 0xd0c, 1 },
		{ "0x000f0510", "qemu-aarch64-static 7.2, -cpu max", "Software (QEMU)", "QEMU max", 0, 0x051, 0 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		uint64_t m;
		CHECK(cs_sysfs_parse_midr(rows[i].text, &m) == 0, "%s parses", rows[i].machine);
		uint32_t impl = cs_arm_midr_implementer(m), part = cs_arm_midr_part(m);
		CHECK(!strcmp(cs_arm_implementer_name(impl), rows[i].impl), "%s: implementer %s",
		      rows[i].machine, cs_arm_implementer_name(impl));
		CHECK(part == rows[i].partnum && !strcmp(cs_arm_part_name(impl, part), rows[i].part),
		      "%s: part 0x%03x %s", rows[i].machine, part, cs_arm_part_name(impl, part));
		CHECK(cs_arm_midr_variant(m) == rows[i].variant && cs_arm_midr_revision(m) == rows[i].rev,
		      "%s: r%up%u", rows[i].machine, cs_arm_midr_variant(m), cs_arm_midr_revision(m));
	}
	struct cs_arm_ctr c;
	cs_arm_ctr_decode(0x000000049444c004ull, &c); /* the CD8180's CTR_EL0 */
	CHECK(c.imin_line_bytes == 64 && c.dmin_line_bytes == 64 && c.idc && !c.dic,
	      "CD8180 CTR_EL0: I %u D %u IDC %d DIC %d", c.imin_line_bytes, c.dmin_line_bytes, c.idc, c.dic);
	cs_arm_ctr_decode(0x80038003ull, &c); /* qemu-user max */
	CHECK(c.imin_line_bytes == 32 && c.dmin_line_bytes == 32 && !c.idc && !c.dic,
	      "QEMU max CTR_EL0: I %u D %u", c.imin_line_bytes, c.dmin_line_bytes);
}

static void test_rpi3_caches(void)
{
	struct cs_sysfs_cache s[CS_SYSFS_MAX];
	static struct cs_cpuinfo ci;
	static struct cs_capture cap;
	const char *root = tree("rpi3-bcm2837-caches.txt");
	uint32_t n;
	if (!root)
		return;
	n = cs_sysfs_read_caches(root, 0, s, CS_SYSFS_MAX);
	CHECK(n == 3, "Pi 3: 3 caches, got %u", n);
	if (n != 3)
		return;
	CHECK(s[0].level == 1 && !strcmp(s[0].type, "Data") && s[0].size_bytes == 32768 &&
	      s[0].ways == 4 && s[0].sets == 128 && s[0].line_bytes == 64, "Pi 3 L1d");
	CHECK(s[1].level == 1 && !strcmp(s[1].type, "Instruction") && s[1].ways == 2 && s[1].sets == 256,
	      "Pi 3 L1i");
	CHECK(s[2].level == 2 && !strcmp(s[2].type, "Unified") && s[2].size_bytes == 524288 &&
	      s[2].ways == 16 && s[2].sets == 512, "Pi 3 L2");
	CHECK(s[0].size_bytes == (uint64_t)s[0].ways * s[0].sets * s[0].line_bytes,
	      "size = ways x sets x line");
	CHECK(cs_sysfs_read_caches(root, 1, s, CS_SYSFS_MAX) == 0, "no cpu1 in the record");
	/* Published from sysfs where there is no CPUID (arm64: this test runs
	 * there too, under qemu-user); beside CPUID's on x86. */
	cs_cpuinfo_read_at(&ci, root, 0);
	cs_cpuinfo_publish(&ci, &cap);
	CHECK(ci.n_sysfs == 3 && ci.sysfs[2].size_bytes == 524288, "the record read: %u", ci.n_sysfs);
	if (ci.has_cpuid)
		CHECK(!strcmp(ci.chosen, "cpuid"), "CPUID chosen where there is one: %s", ci.chosen);
	else
		CHECK(!strcmp(ci.chosen, "sysfs") && !strcmp(cap.published_source, "linux-sysfs") &&
		      cap.n_caches == 3 && cap.caches[2].size_bytes == 524288 &&
		      cap.caches[2].type == CS_CACHE_UNIFIED && cap.caches[0].line_bytes == 64,
		      "published from sysfs: %u caches from '%s'", cap.n_caches, cap.published_source);
}

/* A record with index2 only: the gap before it is skipped, not an end. */
static void test_cd8180_l2(void)
{
	struct cs_sysfs_cache s[CS_SYSFS_MAX];
	const char *root = tree("orangepi6plus-cd8180-l2.txt");
	if (!root)
		return;
	for (int cpu = 0; cpu <= 6; cpu++) {
		uint32_t n = cs_sysfs_read_caches(root, cpu, s, CS_SYSFS_MAX);
		int want = cpu == 0 || cpu == 1 || cpu == 6;
		CHECK(n == (uint32_t)want, "cpu%d: %u caches", cpu, n);
		if (n == 1)
			CHECK(s[0].level == 2 && s[0].size_bytes == 512 * 1024 && s[0].ways == 8 &&
			      s[0].sets == 1024 && s[0].line_bytes == 0 && s[0].shared[0] == '0' + cpu,
			      "cpu%d L2 512K, 8 ways, 1024 sets, no line file, shared '%s'", cpu, s[0].shared);
	}
}

static void test_gb10_kinds(void)
{
	struct cs_cpu_kinds k;
	char text[512];
	int cpus[20];
	uint64_t m;
	const char *root = tree("gb10-dgx-spark-identification.txt");
	if (!root)
		return;
	for (int i = 0; i < 20; i++)
		cpus[i] = i;
	CHECK(cs_sysfs_read_midr(root, 3, &m) == 0 && m == 0x410fd871, "cpu3 midr");
	CHECK(cs_sysfs_read_midr(root, 20, &m) == -1, "no cpu20");
	cs_cpu_kinds_read(root, cpus, 20, &k);
	CHECK(k.n == 2, "GB10: 2 kinds, got %u", k.n);
	if (k.n != 2)
		return;
	CHECK(k.kind[0].cpu == 0 && k.kind[0].n == 10 && !strcmp(k.kind[0].name, "Cortex-A725") &&
	      !strcmp(k.kind[0].file_tag, "cortex-a725-cpu0"), "kind 0: %s on %d (%u), %s",
	      k.kind[0].name, k.kind[0].cpu, k.kind[0].n, k.kind[0].file_tag);
	CHECK(k.kind[1].cpu == 5 && k.kind[1].n == 10 && !strcmp(k.kind[1].name, "Cortex-X925") &&
	      !strcmp(k.kind[1].file_tag, "cortex-x925-cpu5"), "kind 1: %s on %d (%u), %s",
	      k.kind[1].name, k.kind[1].cpu, k.kind[1].n, k.kind[1].file_tag);
	cs_cpu_kinds_text(text, sizeof text, &k);
	CHECK(!strcmp(text, "2 kinds of core, by sysfs midr_el1 and caches: Cortex-A725 (10 CPUs from 0), "
			    "Cortex-X925 (10 CPUs from 5)"), "text: %s", text);
	/* Only the recorded CPUs 0-3: one kind */
	cs_cpu_kinds_read(root, cpus, 4, &k);
	CHECK(k.n == 1 && k.kind[0].n == 4, "CPUs 0-3 alone: one kind of 4");
}

/* The kernel's architecture word against this program's: only a foreign
 * one (qemu-user running an aarch64 program on x86) is called emulated. */
static void test_emulation(void)
{
	static struct cs_cpuinfo ci;
	const char *here = cs_arch_name();
	const char *root = tree("galaxy-s9-modalias.txt");
	if (root) {
		cs_cpuinfo_read_at(&ci, root, 0);
		CHECK(ci.emulated == (strcmp(here, "aarch64") != 0), "arm64 kernel, %s program: emulated %d",
		      here, ci.emulated);
	}
	root = tree("epyc-kvm-modalias.txt");
	if (root) {
		cs_cpuinfo_read_at(&ci, root, 0);
		CHECK(ci.emulated == (strncmp(here, "x86", 3) != 0), "x86 kernel, %s program: emulated %d",
		      here, ci.emulated);
		CHECK(!ci.emulated || strstr(ci.emulation, "'x86'"), "said why: %s", ci.emulation);
	}
}

int main(void)
{
	if (!mkdtemp(tmpl)) {
		perror("mkdtemp");
		return 1;
	}
	test_parse_size();
	test_parse_cpulist();
	test_parse_midr();
	test_decode();
	test_rpi3_caches();
	test_cd8180_l2();
	test_gb10_kinds();
	test_emulation();
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpl);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpl);
	return cs_test_summary("sysfs");
}
