/* probe_cli.c: `cacheshape probe -o FILE [options]`: options, then pin,
 * calibrate, map, run the engine (sweep, adjacency, experiments: the
 * firmware's own, probe_run.c), reduce, and write the capture by the
 * output-file rule (host/outfile.h: temp file, fsync, read back through the
 * strict reader, link: no half capture is ever left under its name). */
#define _GNU_SOURCE
#include "probe.h"
#include "../cmd.h"
#include "../outfile.h"
#include "../textout.h"
#include "../cli.h"
#include "../reader.h"
#include "../../arch/arch.h"
#include "../../common/buf.h"
#include "../../common/emulator.h"
#include "../../common/setting.h"
#include "../../common/capture_write.h"
#include "../../common/host_step.h"
#include "../../reduce/report.h"
#include "../../reduce/summary.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define CS_FULL_MAX (512ull << 20)
#define CS_QUICK_MAX (64ull << 20)
#define CS_COMPETE_MIN (64ull << 20)
#define CS_COMPETE_MAX (1ull << 30)
/* Warm-up and first trial block: at most this many loads (common/probe.h,
 * cs_chase_point_capped). 16 Ki loads is a few ms even in DRAM. */
#define CS_WARM_MAX 16384ull
#define CS_TEXT_BYTES (4u << 20) /* the reader's limit on a capture */
/* probe_timer.c measures a clock's step over at most 300 ms (CS_Q_MAX_NS):
 * a clamp must step at least three times in that window to be seen. */
#define CS_CLAMP_MAX_NS 100000000ull
/* A run the clamp makes longer than this needs --force (issue 17). */
#define CS_CLAMP_RUN_MAX_S 3600.0

/* The declared options' values (common/setting.h), by getopt val: the
 * program's from CS_OPT_PROG on, each kind's from CS_OPT_KIND on, a kind's
 * CS_KIND_SETTINGS_MAX each. */
#define CS_OPT_PROG 1000
#define CS_OPT_KIND 2000

/* The declaration a getopt val names, or NULL; *kind is CS_KIND_COUNT for
 * the program's. */
static const struct cs_setting *decl_of(int c, uint32_t *kind, uint32_t *idx)
{
	if (c >= CS_OPT_PROG && c < CS_OPT_PROG + CS_SET_PROG_COUNT) {
		*kind = CS_KIND_COUNT;
		*idx = (uint32_t)(c - CS_OPT_PROG);
		return &cs_prog_settings[*idx];
	}
	if (c >= CS_OPT_KIND && c < CS_OPT_KIND + CS_KIND_COUNT * CS_KIND_SETTINGS_MAX) {
		*kind = (uint32_t)(c - CS_OPT_KIND) / CS_KIND_SETTINGS_MAX;
		*idx = (uint32_t)(c - CS_OPT_KIND) % CS_KIND_SETTINGS_MAX;
		if (*idx < cs_kind_settings[*kind]->n)
			return &cs_kind_settings[*kind]->v[*idx];
	}
	return NULL;
}

static int host_takes(const struct cs_setting *d)
{
	return d->option && (d->flags & CS_SETTING_HOST);
}

/* One declared option's lines of --help: its name and value, what it
 * takes (the declared range), its default and its help. */
static void usage_decl(FILE *f, const struct cs_setting *d)
{
	char range[256], def[160];
	struct cs_buf b;
	cs_buf_init(&b, range, sizeof range);
	cs_setting_range(&b, d);
	cs_buf_init(&b, def, sizeof def);
	cs_setting_default(&b, d);
	fprintf(f, "  --%s%s  (settings file: %s=)\n      %s\n      takes %s;\n      default: %s\n", d->option,
		d->type == CS_SETTING_BOOL ? "" : d->type == CS_SETTING_TEXT ? " TEXT"
		: d->type == CS_SETTING_ENUM || d->type == CS_SETTING_NAME ? " WORD" : " N",
		d->key, d->help, range, def);
}

/* The settings the firmware's settings file shares with the probe, and
 * every kind with its own: from their declarations. */
static void usage_settings(FILE *f)
{
	fputs("Settings, as the firmware's settings file takes them too (docs/settings.md):\n", f);
	for (uint32_t i = 0; i < CS_SET_PROG_COUNT; i++)
		if (host_takes(&cs_prog_settings[i]))
			usage_decl(f, &cs_prog_settings[i]);
	fputs("\nThe kinds of measurement, each run in turn, and their settings:\n", f);
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++) {
		const struct cs_setting_table *t = cs_kind_settings[k];
		int any = 0;
		for (uint32_t i = 0; i < t->n; i++)
			any |= host_takes(&t->v[i]);
		fprintf(f, "  %s%s\n", cs_setting_kind_names[k], any ? ":" : " (no settings)");
		for (uint32_t i = 0; i < t->n; i++)
			if (host_takes(&t->v[i]))
				usage_decl(f, &t->v[i]);
	}
}

void cs_usage_probe(FILE *f)
{
	fputs("usage: cacheshape probe -o FILE [options]\n"
	      "\n"
	      "Measures this machine with the same probe as the firmware: a random\n"
	      "pointer chase over working sets from 4 KiB up, four sizes an octave,\n"
	      "then the adjacency probe at the placements the sweep allows, the\n"
	      "line-size, stride and random-access experiments, and the\n"
	      "instruction-cache experiment (on ARM: code in a memfd mapped twice,\n"
	      "writable and executable).\n"
	      "Pinned to one CPU. Writes one capture (docs/capture.md) and prints its\n"
	      "reduction. Progress, with the time left, goes to stderr.\n"
	      "\n"
	      "  -o, --output FILE   the capture: a new file ('-': standard output, the\n"
	      "                      report then goes to stderr); never a symbolic link,\n"
	      "                      a directory or a device\n"
	      "  --force             replace FILE when it is an existing regular file,\n"
	      "                      and run a clamp that makes the run over an hour\n"
	      "  --quick             4 KiB..64 MiB, 3 blocks of >= 20 us a size\n"
	      "                      (default: 4 KiB..512 MiB, 9 blocks of >= 1 ms)\n"
	      "  --pages 4k|huge     transparent huge pages by madvise (default huge;\n"
	      "                      falls back to 4 KiB with a note in the capture)\n"
	      "  --clock counter|monotonic|coarse\n"
	      "                      the architecture's counter (default: the TSC,\n"
	      "                      rated against CLOCK_MONOTONIC_RAW; or the generic\n"
	      "                      timer's CNTVCT_EL0 at CNTFRQ_EL0; 'tsc' and\n"
	      "                      'cntvct' name it too), CLOCK_MONOTONIC, or\n"
	      "                      CLOCK_MONOTONIC_COARSE (moves every few ms)\n"
	      "  --clamp NS          round every reading down to a multiple of NS ns\n"
	      "                      (1 to 100000000); blocks last at least 100 of\n"
	      "                      the clock's quanta, so the run's length is said\n"
	      "                      before it starts, and over an hour needs --force.\n"
	      "                      A clamp finer than the clock moves is measured\n"
	      "                      anyway and refused by the reducer (clock-unusable)\n"
	      "  --cpu N             the CPU to pin to (default: the last one allowed);\n"
	      "                      the capture names its kind of core (MIDR on ARM)\n"
	      "  --all-core-types    one capture per core type (big.LITTLE, P/E\n"
	      "                      cores), each on the first CPU of its type, into\n"
	      "                      FILE-<type>-cpuN.json; none may exist already\n"
	      "                      (but with --force)\n"
	      "  --flush auto|arch|evict\n"
	      "                      how the experiments empty the caches: the\n"
	      "                      architecture's instruction (clflush, dc civac)\n"
	      "                      where this process may run it, else eviction by\n"
	      "                      reading a buffer twice the largest cache (auto,\n"
	      "                      the default); the capture says which\n"
	      "  --seed N            the random chase's starting number, to run the\n"
	      "                      same chase again (default: from the clock)\n"
	      "  -q, --quiet         no progress on stderr\n"
	      "  --brief             the summary alone: each published level, claimed\n"
	      "                      and measured, with a verdict (docs/summary.md)\n"
	      "  -h, --help          this text\n"
	      "  -V, --version       the version\n"
	      "\n", f);
	usage_settings(f);
	fputs("\n"
	      "Competitors stream through their own buffers (4x the largest\n"
	      "published cache, >= 64 MiB each) on the other CPUs while the probe\n"
	      "runs; with the sweep, at most half this machine's memory. Sizes are\n"
	      "decimal digits with K, M, G or T in binary units (010M is 10 MiB).\n"
	      "Memory: one region of the largest working set, reused by every size\n"
	      "and by the adjacency probe; competitors' buffers are their own.\n"
	      "The capture is written to a temporary file beside FILE, synced, read\n"
	      "back, compared and read by the strict capture reader before it is\n"
	      "put in place: a capture the reader would refuse is never kept.\n"
	      "Exit status: 0 written, 1 the measurement or the write failed\n"
	      "(nothing is left behind), 2 wrong usage or a FILE that may not be\n"
	      "written.\n", f);
}

static int usage_error(const char *fmt, const char *a, const char *b)
{
	char msg[4600];
	snprintf(msg, sizeof msg, fmt, a, b);
	return cs_usage_error("probe", "%s", msg);
}

/* Decimal digits only (no octal, no hex, no sign, no space), with K, M or
 * G (and an optional B or iB) when 'sizes'; -1 on anything else or on
 * overflow. */
static int parse_u64(const char *s, uint64_t *out, int sizes)
{
	uint64_t v = 0;
	const char *end = s;
	if (!s || *s < '0' || *s > '9')
		return -1;
	for (; *end >= '0' && *end <= '9'; end++) {
		unsigned d = (unsigned)(*end - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	if (sizes && *end) {
		int sh = (*end == 'K' || *end == 'k') ? 10 : (*end == 'M' || *end == 'm') ? 20
		       : (*end == 'G' || *end == 'g') ? 30 : (*end == 'T' || *end == 't') ? 40 : -1;
		if (sh < 0)
			return -1;
		end++;
		if (*end == 'i' && end[1] == 'B')
			end += 2;
		else if (*end == 'B')
			end++;
		if (v > (UINT64_MAX >> sh))
			return -1;
		v <<= sh;
	}
	if (*end)
		return -1;
	*out = v;
	return 0;
}

/* The architecture's counter, by any of its names. */
static int counter_word(const char *v)
{
	return !strcmp(v, "counter") || !strcmp(v, "tsc") || !strcmp(v, "cntvct") ||
	       !strcmp(v, cs_arch_counter_name());
}

/* A declared option's value (common/setting.h), refused with its declared
 * range as the firmware's settings file refuses it: 0, or the usage
 * error's status. */
static int parse_decl(const struct cs_setting *d, uint32_t kind, uint32_t idx, const char *v,
		      struct cs_probe_opts *o)
{
	struct cs_setting_value val;
	char err[256], range[256], name[48];
	struct cs_buf b;
	snprintf(name, sizeof name, "--%s", d->option);
	cs_buf_init(&b, range, sizeof range);
	cs_setting_range(&b, d);
	if (cs_setting_parse(d, v ? v : "1", v ? strlen(v) : 1, &val, err, sizeof err) != 0) {
		char msg[600];
		snprintf(msg, sizeof msg, "%s: '%s' is not %s", name, v, range);
		return usage_error("%s%s", msg, "");
	}
	if (kind < CS_KIND_COUNT) {
		o->kind[kind][idx] = val.u;
		return 0;
	}
	switch (idx) {
	case CS_SET_MAX_BYTES: {
		/* a sweep's buffer must also fit in this machine's memory */
		long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
		uint64_t most = pages > 0 && psz > 0 ? (uint64_t)pages * (uint64_t)psz : UINT64_MAX;
		if (val.u > most) {
			char msg[600];
			snprintf(msg, sizeof msg, "%s: '%s' is too large: more than this machine's memory, %llu MiB "
				 "(the setting takes %s)", name, v, (unsigned long long)(most >> 20), range);
			return usage_error("%s%s", msg, "");
		}
		o->max_bytes = val.u;
		break;
	}
	case CS_SET_COMPETITORS: o->competitors = (int)val.u; break;
	case CS_SET_REPEAT: o->repeat = (uint32_t)val.u; break;
	case CS_SET_LABEL: o->label = v; break;
	}
	return 0;
}

/* One option's value: 0, or the usage error's status. */
static int parse_value(const char *name, const char *v, struct cs_probe_opts *o)
{
	char lim[24];
	uint64_t n;
	if (!strcmp(name, "-o") || !strcmp(name, "--output")) {
		if (!*v)
			return usage_error("%s: the file name is empty%s", name, "");
		o->out = v;
	} else if (!strcmp(name, "--pages")) {
		if (!strcmp(v, "4k") || !strcmp(v, "4K"))
			o->pages = CS_PAGES_4K;
		else if (!strcmp(v, "huge"))
			o->pages = CS_PAGES_HUGE;
		else
			return usage_error("--pages: '%s' is not 4k or huge%s", v, "");
	} else if (!strcmp(name, "--clock")) {
		if (counter_word(v))
			o->clock = CS_HCLOCK_TSC;
		else if (!strcmp(v, "monotonic"))
			o->clock = CS_HCLOCK_MONOTONIC;
		else if (!strcmp(v, "coarse"))
			o->clock = CS_HCLOCK_COARSE;
		else
			return usage_error("--clock: '%s' is not counter (tsc, cntvct), monotonic or coarse%s", v, "");
	} else if (!strcmp(name, "--flush")) {
		if (!strcmp(v, "auto"))
			o->flush = CS_FLUSH_AUTO;
		else if (!strcmp(v, "arch"))
			o->flush = CS_FLUSH_ARCH;
		else if (!strcmp(v, "evict"))
			o->flush = CS_FLUSH_EVICT;
		else
			return usage_error("--flush: '%s' is not auto, arch or evict%s", v, "");
	} else if (!strcmp(name, "--clamp")) {
		if (parse_u64(v, &n, 0) || n < 1 || n > CS_CLAMP_MAX_NS) {
			snprintf(lim, sizeof lim, "%llu", (unsigned long long)CS_CLAMP_MAX_NS);
			return usage_error("--clamp: '%s' is not a whole number of ns from 1 to %s "
					   "(a clock's step is measured within 300 ms)", v, lim);
		}
		o->clamp_ns = (double)n;
	} else if (!strcmp(name, "--cpu")) {
		if (parse_u64(v, &n, 0) || n > 4095)
			return usage_error("--cpu: '%s' is not a CPU number%s", v, "");
		o->cpu = (int)n;
	} else if (!strcmp(name, "--seed")) {
		if (parse_u64(v, &n, 0) || n == 0)
			return usage_error("--seed: '%s' is not a non-zero number%s", v, "");
		o->seed = n;
	}
	return 0;
}

/* The probe's own options (not settings), by their getopt val: their
 * names as parse_value() knows them. The declared settings' options follow
 * them in probe_long (build_long). */
static const struct option probe_own[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "pages", required_argument, NULL, 'P' },
	{ "clock", required_argument, NULL, 'C' },
	{ "clamp", required_argument, NULL, 'K' },
	{ "cpu", required_argument, NULL, 'U' },
	{ "flush", required_argument, NULL, 'F' },
	{ "seed", required_argument, NULL, 'S' },
	{ "force", no_argument, NULL, 'f' },
	{ "quick", no_argument, NULL, 'k' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "brief", no_argument, NULL, 'b' },
	{ "all-core-types", no_argument, NULL, 'A' },
	/* its name before "kinds" came to mean the table's measurement
	 * kinds (common/kinds.h): scripts in the field still pass it */
	{ "all-kinds", no_argument, NULL, 'A' },
};
#define CS_PROBE_OWN (sizeof probe_own / sizeof probe_own[0])
static struct option probe_long[CS_PROBE_OWN + CS_SET_PROG_COUNT + CS_KIND_COUNT * CS_KIND_SETTINGS_MAX + 3];

static void add_long(size_t *n, const struct cs_setting *d, int val)
{
	if (!host_takes(d))
		return;
	probe_long[*n] = (struct option){ d->option, d->type == CS_SETTING_BOOL ? no_argument : required_argument,
					  NULL, val };
	(*n)++;
}

/* The probe's own options, then every declared setting with an option. */
static void build_long(void)
{
	static const struct option std[] = { CS_OPT_STD, { NULL, 0, NULL, 0 } };
	size_t n = 0;
	for (size_t i = 0; i < CS_PROBE_OWN; i++)
		probe_long[n++] = probe_own[i];
	for (uint32_t i = 0; i < CS_SET_PROG_COUNT; i++)
		add_long(&n, &cs_prog_settings[i], CS_OPT_PROG + (int)i);
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		for (uint32_t i = 0; i < cs_kind_settings[k]->n && i < CS_KIND_SETTINGS_MAX; i++)
			add_long(&n, &cs_kind_settings[k]->v[i], CS_OPT_KIND + (int)(k * CS_KIND_SETTINGS_MAX + i));
	for (size_t i = 0; i < sizeof std / sizeof std[0]; i++)
		probe_long[n++] = std[i];
}

/* "--NAME" of the option whose val is c. */
static const char *long_of(int c, char *out, size_t cap)
{
	for (const struct option *lo = probe_long; lo->name; lo++)
		if (lo->val == c) {
			snprintf(out, cap, "--%s", lo->name);
			return out;
		}
	return "?";
}

/* 0 to go on; 1 --help; 3 --version; else the exit status of a usage
 * error (2). */
static int parse_opts(int argc, char **argv, struct cs_probe_opts *o)
{
	char name[32];
	int c, rc;

	const struct cs_setting *d;
	uint32_t kind, idx;

	build_long();
	memset(o, 0, sizeof *o);
	cs_kind_settings_default(o->kind);
	o->pages = CS_PAGES_HUGE;
	o->clock = CS_HCLOCK_TSC;
	o->cpu = -1;
	while ((c = cs_getopt("probe", argc, argv, "o:qhV", probe_long)) != CS_OPT_END) {
		switch (c) {
		case CS_OPT_HELP: return 1;
		case CS_OPT_VERSION: return 3;
		case 'f': o->force = 1; break;
		case 'k': o->quick = 1; break;
		case 'q': o->quiet = 1; break;
		case 'b': o->brief = 1; break;
		case 'A': o->all_kinds = 1; break;
		case CS_OPT_BAD: return CS_EXIT_ERROR;
		default:
			if ((d = decl_of(c, &kind, &idx))) {
				if ((rc = parse_decl(d, kind, idx, optarg, o)))
					return rc;
			} else if ((rc = parse_value(long_of(c, name, sizeof name), optarg, o)))
				return rc;
		}
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'%s (the capture is -o FILE)", argv[optind], "");
	if (!o->out)
		return usage_error("-o FILE is required%s%s", "", "");
	if (o->all_kinds && (o->cpu >= 0 || !strcmp(o->out, "-")))
		return usage_error("--all-core-types (--all-kinds) picks the CPUs and writes a "
				   "file a core type: no --cpu%s%s, no -o -", "", "");
	return 0;
}

/* The probe's capture by the output-file rule (outfile.h): decided before
 * measuring, written after. */
static unsigned out_flags(const struct cs_probe_opts *o)
{
	return CS_OUT_HAS_FORCE | (o->force ? CS_OUT_FORCE : 0);
}

static int check_output(const struct cs_probe_opts *o)
{
	char why[4400];
	if (cs_outfile_check(o->out, out_flags(o), NULL, 0, why, sizeof why) == 0 &&
	    cs_outfile_ext(o->out, cs_outfile_capture_exts, why, sizeof why) == 0)
		return 0;
	cs_eprintf("cacheshape probe: %s", why);
	return CS_EXIT_ERROR;
}

/* The bytes written, read back from the temporary file, through the strict
 * capture reader: a capture it would refuse is never put in place. */
static int reader_takes(const char *data, size_t len, void *ctx, char *why, size_t whylen)
{
	char err[512];
	(void)ctx;
	static struct cs_capture back;
	if (cs_read_capture_mem(data, len, &back, NULL, err, sizeof err) == 0)
		return 0;
	snprintf(why, whylen, "the capture read back is one the strict reader refuses (%s); not kept", err);
	return -1;
}

static void duration(char *out, size_t cap, double s)
{
	if (s < 120)
		snprintf(out, cap, "%.0f s", s);
	else if (s < 7200)
		snprintf(out, cap, "%.0f min", s / 60);
	else
		snprintf(out, cap, "%.1f h", s / 3600);
}

/* The largest working set the sweep will use (as map_region() sets it). */
static uint64_t sweep_max_of(const struct cs_probe_opts *o)
{
	return o->max_bytes ? o->max_bytes : o->quick ? CS_QUICK_MAX : CS_FULL_MAX;
}

/* --clamp: the engine's plan (cs_plan_blocks) on a clock that moves in
 * clamp-sized steps; each size takes its blocks and at least one trial
 * block as long, each adjacency distance at each placement the same. Said
 * before the run, and refused over CS_CLAMP_RUN_MAX_S without --force. */
static int clamp_plan(const struct cs_probe_opts *o)
{
	static uint64_t sizes[CS_MAX_SWEEP_POINTS];
	uint32_t n = cs_grid_sizes(sweep_max_of(o), sizes, CS_MAX_SWEEP_POINTS), blocks;
	struct cs_plan p = { 0 };
	char a[32], b[32], lim[32];
	double block;
	if (!(o->clamp_ns > 0))
		return 0;
	cs_plan_blocks(&p, o->quick, o->clamp_ns);
	blocks = p.blocks;
	block = p.min_block_ns;
	/* --repeat N runs the whole sweep N times: the time said is all of
	 * them (issue 41: it said one repeat's) */
	uint32_t reps = o->repeat ? o->repeat : 1;
	p.sweep_max = sweep_max_of(o);
	p.repeats = reps;
	/* each kind's timed points (the table's points column): the sweep's
	 * row, then the rows after it (the adjacency probe's) */
	double sweep = (double)cs_plan_points(&p, CS_KIND_SWEEP, CS_KIND_SWEEP + 1) *
		       (blocks + 1) * block * 1e-9;
	double adj = (double)cs_plan_points(&p, CS_KIND_SWEEP + 1, CS_KIND_COUNT) *
		     (blocks + 1) * block * 1e-9;
	char times[48] = "";
	duration(a, sizeof a, sweep);
	duration(b, sizeof b, sweep + adj);
	if (reps > 1)
		snprintf(times, sizeof times, ", %u times (--repeat)", reps);
	fprintf(stderr, "clamp: %.0f ns makes every block at least %.6g ms: the sweep (%u sizes, %u blocks "
		"each and a trial%s) takes at least %s, up to %s with the adjacency probe\n",
		o->clamp_ns, block * 1e-6, n, blocks, times, a, b);
	if (sweep + adj <= CS_CLAMP_RUN_MAX_S || o->force)
		return 0;
	duration(lim, sizeof lim, CS_CLAMP_RUN_MAX_S);
	return usage_error("--clamp: a run of up to %s is over %s: --force runs it anyway, "
			   "or choose a smaller clamp, --quick or --max-bytes", b, lim);
}

/* Competitors' buffers (probe.h): 4x the largest published cache, from
 * CS_COMPETE_MIN to CS_COMPETE_MAX each. */
static uint64_t competitor_bytes(const struct cs_cpuinfo *c)
{
	uint64_t largest = cs_cpuinfo_largest(c);
	uint64_t want = 4 * largest < CS_COMPETE_MIN ? CS_COMPETE_MIN : 4 * largest;
	return want > CS_COMPETE_MAX ? CS_COMPETE_MAX : want;
}

/* --competitors: their buffers and the sweep's region together within
 * half this machine's memory (the bound --max-bytes has), and threads that
 * must share a CPU said so. */
static int competitor_plan(const struct cs_probe_opts *o, const struct cs_cpuinfo *c)
{
	int cpus[1024], n = cs_online_cpus(cpus, 1024), others = n > 1 ? n - 1 : 0;
	uint64_t each = competitor_bytes(c), phys = cs_phys_bytes(), sweep = sweep_max_of(o);
	double total = (double)each * o->competitors + (double)sweep;
	char msg[400];
	if (!o->competitors)
		return 0;
	if (o->competitors > others)
		fprintf(stderr, "competitors: %d threads on %d other CPU%s: they share CPUs, so each streams "
			"for part of the time only\n", o->competitors, others, others == 1 ? "" : "s");
	if (phys && total > (double)phys / 2) {
		snprintf(msg, sizeof msg, "%d buffers of %llu MiB beside the sweep's %llu MiB make %.0f MiB, more "
			 "than half this machine's %llu MiB: fewer competitors, or a smaller --max-bytes",
			 o->competitors, (unsigned long long)(each >> 20), (unsigned long long)(sweep >> 20),
			 total / 1048576.0, (unsigned long long)(phys >> 20));
		return usage_error("--competitors: %s%s", msg, "");
	}
	return 0;
}

static void read_loadavg(double *v)
{
	FILE *f = fopen("/proc/loadavg", "r");
	v[0] = v[1] = v[2] = -1;
	if (f) {
		if (fscanf(f, "%lf %lf %lf", &v[0], &v[1], &v[2]) != 3)
			v[0] = v[1] = v[2] = -1;
		fclose(f);
	}
}

static void make_label(char *out, size_t cap, const struct cs_cpuinfo *ci,
		       const struct cs_probe_opts *o, const struct cs_pool *p,
		       const struct cs_plan *plan, const char *date)
{
	struct cs_buf b;
	cs_buf_init(&b, out, cap);
	/* text from outside as valid UTF-8 here, so that the label the field
	 * holds is the one the capture says, never longer (buf.h) */
	if (ci->emulated)
		cs_puts(&b, "qemu-user emulated, not a real cache: ");
	cs_put_utf8(&b, ci->brand);
	if (ci->id.hypervisor) {
		cs_puts(&b, " (virtual machine");
		if (ci->id.hv_signature[0]) {
			cs_puts(&b, ", ");
			cs_put_utf8(&b, ci->id.hv_signature);
		}
		cs_puts(&b, ")");
	}
	cs_puts(&b, ", Linux host probe on CPU ");
	cs_put_u64(&b, (uint64_t)o->cpu);
	cs_puts(&b, ", ");
	cs_puts(&b, date);
	cs_puts(&b, ", clock ");
	cs_puts(&b, o->clock == CS_HCLOCK_TSC ? cs_arch_counter_name()
		    : o->clock == CS_HCLOCK_MONOTONIC ? "monotonic" : "coarse");
	if (o->clamp_ns > 0) {
		cs_puts(&b, " clamp ");
		cs_put_g(&b, o->clamp_ns, 6);
		cs_puts(&b, " ns");
	}
	cs_puts(&b, ", pages ");
	cs_puts(&b, o->pages == CS_PAGES_HUGE ? "huge" : "4k");
	if (p->used && strcmp(p->used, o->pages == CS_PAGES_HUGE ? "huge" : "4k")) {
		cs_puts(&b, " (got ");
		cs_puts(&b, p->used);
		cs_puts(&b, ")");
	}
	cs_puts(&b, ", competitors ");
	cs_put_u64(&b, (uint64_t)o->competitors);
	cs_puts(&b, o->quick ? ", quick" : "");
	cs_puts(&b, ", to ");
	cs_put_size(&b, (double)plan->sweep_max);
	if (o->label && *o->label) {
		cs_puts(&b, ": ");
		cs_put_utf8(&b, o->label);
	}
}

/* Large and used once: off the stack. */
static struct cs_cpuinfo ci;
static struct cs_hclock hc;
static struct cs_pool pool;
static struct cs_compete comp;
static struct cs_flush flush;
static struct cs_probe_run run;
static struct cs_capture cap;
static struct cs_work work;
static struct cs_result res;

/* The kinds' host steps (common/host_step.h: seed 001) on this process's
 * services, pinned, before the clock; their lines. */
static void host_steps(const struct cs_probe_opts *o)
{
	static struct cs_probe_svc svc;
	cs_probe_services_init(&svc, o->cpu, &ci, &pool, 0);
	cs_host_steps_run(&svc.s);
	cs_probe_services_close(&svc);
}

static void say_host_steps(FILE *f)
{
	char text[2048];
	struct cs_buf b;
	cs_buf_init(&b, text, sizeof text);
	cs_host_steps_say(&b);
	fputs(text, f);
}

static int pick_cpu(struct cs_probe_opts *o)
{
	int cpus[1024], n = cs_online_cpus(cpus, 1024);
	char num[16];
	if (n <= 0)
		return usage_error("cannot read this process's CPU affinity%s%s", "", "");
	if (o->cpu < 0) {
		o->cpu = cpus[n - 1];
		return 0;
	}
	for (int i = 0; i < n; i++)
		if (cpus[i] == o->cpu)
			return 0;
	snprintf(num, sizeof num, "%d", o->cpu);
	return usage_error("--cpu: CPU %s is not one this process may run on%s", num, "");
}

static int open_clock(const struct cs_probe_opts *o)
{
	char why[512];
	if (cs_hclock_open(&hc, o->clock, o->clamp_ns, why, sizeof why) != 0) {
		fprintf(stderr, "cacheshape probe: clock %s: %s\n", hc.name, why);
		return CS_EXIT_FAIL;
	}
	if (!o->quiet) {
		fprintf(stderr, "clock: %s", hc.name);
		if (hc.kind == CS_HCLOCK_TSC && hc.hz_published > 0)
			fprintf(stderr, " at %.3f MHz (from %s; CNTFRQ_EL0 says %.3f, CLOCK_MONOTONIC_RAW %.3f)",
				hc.hz / 1e6, hc.hz_from, hc.hz_published / 1e6, hc.hz_measured / 1e6);
		else if (hc.kind == CS_HCLOCK_TSC)
			fprintf(stderr, " at %.3f MHz (against CLOCK_MONOTONIC_RAW)", hc.hz / 1e6);
		fprintf(stderr, ", own step %.3g ns", hc.raw_quantum_ns);
		if (o->clamp_ns > 0)
			fprintf(stderr, ", clamped to %.0f ns: step %.6g ns", o->clamp_ns, hc.quantum_ns);
		fprintf(stderr, ", one read %.1f ns\n", hc.read_ns);
	}
	if (o->clamp_ns > 0 && hc.quantum_ns > 1.5 * o->clamp_ns)
		fprintf(stderr, "clock: a %.0f ns clamp cannot be honoured by a clock that moves in "
			"steps of %.6g ns; measuring anyway, and the reducer will refuse it "
			"(clock-unusable)\n", o->clamp_ns, hc.quantum_ns);
	return CS_EXIT_OK;
}

/* The largest working set, and the one region every size reuses. */
static int map_region(const struct cs_probe_opts *o, struct cs_plan *plan)
{
	char why[512];
	plan->sweep_max = sweep_max_of(o);
	if (cs_phys_bytes() && plan->sweep_max > cs_phys_bytes() / 2) {
		fprintf(stderr, "cacheshape probe: --max-bytes %llu is more than half this machine's memory\n",
			(unsigned long long)plan->sweep_max);
		return CS_EXIT_ERROR;
	}
	if (cs_pool_map(&pool, plan->sweep_max, o->pages, why, sizeof why) != 0) {
		fprintf(stderr, "cacheshape probe: memory: %s\n", why);
		return CS_EXIT_FAIL;
	}
	if (!o->quiet)
		fprintf(stderr, "pages: asked %s, got %s%s%s\n", o->pages == CS_PAGES_HUGE ? "huge" : "4k",
			pool.used, pool.note[0] ? ": " : "", pool.note);
	return CS_EXIT_OK;
}

static void fill_capture(const struct cs_probe_opts *o)
{
	cs_capture_init(&cap);
	cs_strlcpy(cap.env_kind, "linux", sizeof cap.env_kind);
	cs_strlcpy(cap.arch, cs_arch_name(), sizeof cap.arch);
	cs_strlcpy(cap.clock.source, hc.name, sizeof cap.clock.source);
	if (hc.kind == CS_HCLOCK_TSC) {
		cap.clock.has_hz = 1;
		cap.clock.hz = hc.hz;
	}
	cap.clock.has_quantum = 1;
	cap.clock.quantum_ns = hc.quantum_ns;
	cap.clock.has_clamp = o->clamp_ns > 0;
	cap.clock.clamp_ns = o->clamp_ns;
	cs_cpuinfo_publish(&ci, &cap);
	cap.vm = ci.has_cpuid ? ci.id.hypervisor : -1; /* as its cpu member says */
	/* the emulator as the capture read back will name it (common/emulator.h) */
	cs_emulator_fill("", ci.has_cpuid ? ci.id.hv_signature : "", "", cap.emulator, sizeof cap.emulator,
			 cap.emulator_evidence, sizeof cap.emulator_evidence);
}

/* Threads streaming on the other CPUs for the whole run (--competitors). */
static int start_competitors(const struct cs_probe_opts *o)
{
	char why[512];
	uint64_t want = competitor_bytes(&ci);
	if (!o->competitors)
		return CS_EXIT_OK;
	if (cs_compete_start(&comp, o->competitors, want, o->cpu, why, sizeof why) != 0) {
		fprintf(stderr, "cacheshape probe: competitors: %s\n", why);
		return CS_EXIT_ERROR;
	}
	if (!o->quiet)
		fprintf(stderr, "competitors: %d thread(s) streaming %llu MiB each\n",
			o->competitors, (unsigned long long)(want >> 20));
	return CS_EXIT_OK;
}

static int measure(struct cs_probe_opts *o, struct cs_probe_record *rec)
{
	struct cs_plan *plan = &run.e.plan;
	double t0 = cs_wall_s();
	char sz[32];
	struct cs_buf b;
	int rc;

	if ((rc = open_clock(o)) || (rc = map_region(o, plan)))
		return rc;
	cs_probe_run_init(&run, &hc, &pool, &flush, &work, &res, o->quiet);
	cs_probe_services_init(&run.svc, o->cpu, &ci, &pool, o->competitors); /* every kind's */
	cs_plan_blocks(plan, o->quick, hc.quantum_ns);
	plan->warm_max = CS_WARM_MAX;
	plan->seed = o->seed ? o->seed : (uint64_t)(cs_wall_s() * 1e9) | 1;
	plan->largest_cache = cs_cpuinfo_largest(&ci);
	plan->repeats = o->repeat ? o->repeat : 1;
	memcpy(plan->settings, o->kind, sizeof plan->settings); /* each kind's (--bandwidth) */
	fill_capture(o);
	if ((rc = start_competitors(o))) {
		cs_pool_unmap(&pool);
		return rc;
	}
	if (!o->quiet) {
		cs_buf_init(&b, sz, sizeof sz);
		cs_put_size(&b, (double)plan->sweep_max);
		fprintf(stderr, "sweep: 4 KiB to %s on CPU %d, %u blocks of at least %.0f us a size%s\n",
			sz, o->cpu, plan->blocks, plan->min_block_ns / 1000.0,
			plan->repeats > 1 ? ", the whole sweep repeated (--repeat)" : "");
	}
	cs_engine_run(&run.e, &cap);
	cs_probe_services_close(&run.svc);
	cs_compete_stop(&comp);
	read_loadavg(rec->load_after);
	rec->total_s = cs_wall_s() - t0;
	rec->peak_rss = cs_peak_rss();
	rec->peak_rss_before_tlb = run.svc.peak_rss_before_alias ? run.svc.peak_rss_before_alias : rec->peak_rss;
	rec->tlb_window_bytes = run.svc.alias_bytes;
	return CS_EXIT_OK;
}

static int finish(struct cs_probe_opts *o, struct cs_probe_record *rec)
{
	char *text = malloc(CS_TEXT_BYTES), why[4400];
	struct cs_buf b;
	int rc = CS_EXIT_OK;

	if (!text) {
		fprintf(stderr, "cacheshape probe: no memory for the capture text\n");
		return CS_EXIT_FAIL;
	}
	/* The reduction people read, on stdout (stderr when the capture goes
	 * there): every kind, reduced once (the sweep's rows while it was
	 * measured, for the placements; the rest now), escaped as every text
	 * output is. */
	FILE *out = strcmp(o->out, "-") ? stdout : stderr;
	if (cs_place_reduce_rest(&run.place, &cap, why, sizeof why) == 0) {
		cs_buf_init(&b, text, CS_TEXT_BYTES);
		if (o->brief) { /* the answer alone (docs/summary.md) */
			cs_summary_text(&b, &cap, &res);
			cs_report_plain(&b, 0);
		} else
			cs_report_text(&b, &cap, &res);
		if (b.len && text[b.len - 1] != '\n')
			cs_putc(&b, '\n');
		cs_fput_lines(out, text);
	} else {
		fprintf(out, "reduction failed: %s\n", why);
	}
	if (!o->brief)
		say_host_steps(out);
	cs_buf_init(&b, text, CS_TEXT_BYTES);
	if (cs_capture_write(&b, &cap, cs_probe_extra, rec) != 0) {
		fprintf(stderr, "cacheshape probe: the capture does not fit %u bytes; nothing written\n",
			CS_TEXT_BYTES);
		rc = CS_EXIT_FAIL;
	} else if (cs_outfile_write(o->out, out_flags(o), NULL, 0, text, b.len, reader_takes, NULL, why,
				    sizeof why) != 0) {
		cs_eprintf("cacheshape probe: NOT written: %s", why);
		rc = CS_EXIT_FAIL;
	} else {
		cs_eprintf("capture written: %s (%zu bytes, read back, compared and read by the strict reader; %.1f s)",
			   strcmp(o->out, "-") ? o->out : "standard output", b.len, rec->total_s);
	}
	free(text);
	return rc;
}

/* What the processor is and publishes, which kind of core the probe is
 * pinned to, the flush the experiments will use, and seed 001: before the
 * clock, on the pinned CPU. */
static int describe(struct cs_probe_opts *o)
{
	static int cpus[1024];
	static struct cs_cpu_kinds kinds;
	char why[512];
	int n = cs_online_cpus(cpus, 1024);

	cs_cpu_kinds_read(CS_SYSFS_ROOT, cpus, n, &kinds); /* asks each CPU: before pinning */
	if (cs_pin_cpu(o->cpu, why, sizeof why) != 0) {
		fprintf(stderr, "cacheshape probe: %s\n", why);
		return CS_EXIT_FAIL;
	}
	cs_cpuinfo_read(&ci, o->cpu);
	cs_cpu_kinds_text(ci.kinds, sizeof ci.kinds, &kinds);
	if (cs_flush_choose(&flush, o->flush, cs_cpuinfo_largest(&ci), why, sizeof why) != 0) {
		fprintf(stderr, "cacheshape probe: %s\n", why);
		return CS_EXIT_ERROR;
	}
	host_steps(o);
	if (o->quiet)
		return CS_EXIT_OK;
	cs_eprintf("cpu: %s%s, probe on CPU %d; published caches from %s (%s)",
		   ci.brand, ci.id.hypervisor ? " (virtual machine)" : "", o->cpu,
		   ci.chosen, ci.agreement);
	cs_eprintf("     %s", ci.kinds);
	if (ci.emulated)
		cs_eprintf("note: %s", ci.emulation);
	fprintf(stderr, "flush: %s (%s)\n", flush.method, flush.why);
	say_host_steps(stderr);
	return CS_EXIT_OK;
}

static void record_init(struct cs_probe_record *rec, struct cs_probe_opts *o,
			int argc, char **argv, char *date, size_t datelen)
{
	time_t now = time(NULL);
	struct tm tm;
	struct cs_buf b;
	memset(rec, 0, sizeof *rec);
	gmtime_r(&now, &tm);
	strftime(rec->started, sizeof rec->started, "%Y-%m-%dT%H:%M:%SZ", &tm);
	strftime(date, datelen, "%Y-%m-%d", &tm);
	cs_buf_init(&b, rec->argv, sizeof rec->argv);
	cs_puts(&b, "cacheshape");
	for (int i = 0; i < argc; i++) {
		cs_putc(&b, ' ');
		cs_puts(&b, argv[i]);
	}
	rec->o = o;
	rec->ci = &ci;
	rec->hc = &hc;
	rec->pool = &pool;
	rec->k = &comp;
	rec->fl = &flush;
	rec->plan = &run.e.plan;
	rec->c = &cap;
	rec->cpu = o->cpu;
}

int cs_probe_one(struct cs_probe_opts *o, int argc, char **argv)
{
	struct cs_probe_record rec;
	char date[16];
	int rc;

	if ((rc = check_output(o)) || (rc = pick_cpu(o)) || (rc = clamp_plan(o)))
		return rc;
	record_init(&rec, o, argc, argv, date, sizeof date);
	read_loadavg(rec.load_before);
	rc = describe(o);
	if (rc == CS_EXIT_OK)
		rc = competitor_plan(o, &ci);
	if (rc == CS_EXIT_OK)
		rc = measure(o, &rec);
	if (rc == CS_EXIT_OK) {
		make_label(cap.label, sizeof cap.label, &ci, o, &pool, &run.e.plan, date);
		rc = finish(o, &rec);
		cs_pool_unmap(&pool);
	}
	cs_flush_release(&flush);
	return rc;
}

int cs_cmd_probe(int argc, char **argv)
{
	struct cs_probe_opts o;
	int rc = parse_opts(argc, argv, &o);

	if (rc == 1) {
		cs_usage_probe(stdout);
		return CS_EXIT_OK;
	}
	if (rc == 3)
		return cs_print_version();
	if (rc)
		return rc;
	return o.all_kinds ? cs_probe_all_kinds(&o, argc, argv) : cs_probe_one(&o, argc, argv);
}
