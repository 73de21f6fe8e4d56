/* bench_reduce.c: captures read and reduced per second, on one core.
 * Builds a realistic capture (70 sweep points from 4 KiB to 640 MiB over a
 * three-cache staircase with a little noise, three adjacency series of 12
 * distances), writes it with the capture writer, then times read + reduce in
 * a loop. A benchmark, not a test: it prints figures and the target beside
 * them, and exits 0 unless something could not run.
 * usage: bench_reduce [SECONDS] [CAPTURE-PATH] */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "../common/capture_write.h"
#include "../common/synthetic.h"
#include "../reader/json.h"
#include "../host/cmd/replay.h"

#define TARGET_PER_S 20000.0 /* issue 2: one core of the build machine */

static const uint32_t ruler[] = { 8, 16, 24, 32, 48, 64, 96, 128, 192, 256,
				  384, 512 };

/* Deterministic noise in [-1, 1]. */
static double noise(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(*s >> 11) / (double)(1ull << 52) - 1.0;
}

static double staircase(double bytes)
{
	static const double edge[] = { 48 * 1024.0, 2 * 1048576.0,
				       32 * 1048576.0 };
	static const double cost[] = { 1.1, 4.2, 16.0, 85.0 };
	double ns = cost[0];
	for (int i = 0; i < 3; i++) {
		/* a shoulder a quarter-octave wide either side of the edge */
		double x = bytes / edge[i];
		double f = x <= 0.84 ? 0 : x >= 1.19 ? 1 : (x - 0.84) / 0.35;
		ns += f * (cost[i + 1] - cost[i]);
	}
	return ns;
}

static void build(struct cs_capture *c)
{
	static const double footprint[] = { 16384, 524288, 268435456 };
	uint64_t s = 42;

	cs_capture_init(c);
	cs_strlcpy(c->label, "bench: three-level staircase", sizeof(c->label));
	cs_strlcpy(c->env_kind, "synthetic", sizeof(c->env_kind));
	cs_strlcpy(c->arch, "x86_64", sizeof(c->arch));
	cs_strlcpy(c->clock.source, "tsc", sizeof(c->clock.source));
	c->clock.has_hz = 1;
	c->clock.hz = 2.1e9;
	c->clock.has_quantum = 1;
	c->clock.quantum_ns = 0.476;
	cs_strlcpy(c->published_source, "cpuid-leaf4",
		   sizeof(c->published_source));
	c->n_caches = 3;
	c->caches[0] = (struct cs_cache){ 1, CS_CACHE_DATA, 49152, 64 };
	c->caches[1] = (struct cs_cache){ 2, CS_CACHE_UNIFIED, 2097152, 64 };
	c->caches[2] = (struct cs_cache){ 3, CS_CACHE_UNIFIED, 31457280, 64 };
	c->n_points = 70;
	for (uint32_t i = 0; i < c->n_points; i++) {
		struct cs_point *p = &c->points[i];
		p->bytes = 4096.0 * (double)(1u << (i / 4)) *
			   (i % 4 == 0 ? 1 : i % 4 == 1 ? 1.1892071150027210
			    : i % 4 == 2 ? 1.4142135623730951 : 1.6817928305074290);
		p->bytes = (double)(uint64_t)p->bytes;
		p->ns = staircase(p->bytes) * (1 + 0.02 * noise(&s));
		p->has_block = 1;
		p->block_ns = 120000.0 * (1 + 0.1 * noise(&s));
	}
	for (uint32_t a = 0; a < 3; a++) {
		/* an adjacency series, through the kind's row (common/synthetic.h) */
		double d[12], ns[12];
		for (uint32_t k = 0; k < 12; k++) {
			d[k] = ruler[k];
			ns[k] = (a ? 8.0 : 2.2) +
				(a ? 0.05 : 0.0) * (d[k] < 128 ? d[k] : 128) +
				0.05 * noise(&s);
		}
		struct cs_synth_curve k = { .variant = a, .size = footprint[a], .n = 12, .x = d, .y = ns };
		if (cs_synthetic_curve(CS_KIND_ADJACENCY, c, &k) != 0)
			exit(2);
	}
}

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The JSON tree alone (jsmn and the strict layer, reader/json.c), with the
 * reader's bounds. */
static int parse_only(const char *text, size_t len, char *err, size_t errlen)
{
	static const struct cs_jd_limits lim = { CS_READ_MAX_VALUES,
						 CS_READ_MAX_DEPTH };
	static void *arena;

	if (!arena && !(arena = malloc(CS_READ_ARENA)))
		return -1;
	return cs_jd_parse(text, len, arena, CS_READ_ARENA, &lim, err,
			   errlen) ? 0 : -1;
}

enum { FILE_REDUCE, MEM_REDUCE, MEM_READ, PARSE, REDUCE };

/* Calls per second of one of the loops below, for 'seconds'. */
static double run(int mode, double seconds, struct cs_replay *p,
		  const char *path, const char *text, size_t len)
{
	char err[512];
	double t0 = now_s(), t;
	long n = 0;

	do {
		for (int i = 0; i < 200; i++) {
			int rc = mode == FILE_REDUCE ? cs_replay_file(p, path, err, sizeof(err))
				 : mode == MEM_REDUCE ? cs_replay_mem(p, text, len, err, sizeof(err))
				 : mode == MEM_READ ? cs_read_capture_mem(text, len, &p->cap, &p->exp,
									 err, sizeof(err))
				 : mode == PARSE ? parse_only(text, len, err, sizeof(err))
				 : cs_reduce_capture(&p->cap, &p->work, &p->res, err, sizeof(err));
			if (rc) {
				fprintf(stderr, "bench: %s\n", err);
				exit(2);
			}
		}
		n += 200;
		t = now_s() - t0;
	} while (t < seconds);
	return (double)n / t;
}

static void row(const char *what, double per_s, int target)
{
	printf("  %-24s %9.0f captures/s  %7.1f us each", what, per_s,
	       1e6 / per_s);
	if (target)
		printf("   target >= %.0f/s: %s", TARGET_PER_S,
		       per_s >= TARGET_PER_S ? "met" : "NOT MET");
	putchar('\n');
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 3.0;
	const char *path = argc > 2 ? argv[2] : "bench-capture.json";
	static char text[256 * 1024];
	struct cs_replay *p = cs_replay_new();
	struct rusage ru;
	struct cs_buf b;
	cpu_set_t one;
	FILE *f;

	if (!p || seconds <= 0)
		return 2;
	/* One core: the figure is per core, and migrations add noise. */
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu() < 0 ? 0 : sched_getcpu(), &one);
	sched_setaffinity(0, sizeof(one), &one);

	build(&p->cap);
	cs_buf_init(&b, text, sizeof(text));
	if (cs_capture_write(&b, &p->cap, NULL, NULL) || !(f = fopen(path, "w"))) {
		fprintf(stderr, "bench: cannot write %s\n", path);
		return 2;
	}
	fwrite(text, 1, b.len, f);
	fclose(f);
	printf("bench: %u sweep points, %u adjacency series of %u, %zu bytes "
	       "of JSON (%s), %.0f s a figure, one core\n", p->cap.n_points,
	       p->cap.n_adj, p->cap.adj[0].n, b.len, path, seconds);
	row("read file + reduce", run(FILE_REDUCE, seconds, p, path, text, b.len), 1);
	row("read memory + reduce", run(MEM_REDUCE, seconds, p, path, text, b.len), 0);
	row("read memory alone", run(MEM_READ, seconds, p, path, text, b.len), 0);
	row("JSON parse alone (jsmn)", run(PARSE, seconds, p, path, text, b.len), 0);
	row("reduce alone", run(REDUCE, seconds, p, path, text, b.len), 0);
	printf("  result: %u levels, %u knees, %u refusals\n", p->res.n_levels,
	       p->res.n_knees, p->res.n_refusals);
	getrusage(RUSAGE_SELF, &ru);
	printf("  peak memory (ru_maxrss): %.1f MiB\n", ru.ru_maxrss / 1024.0);
	cs_replay_free(p);
	return 0;
}
