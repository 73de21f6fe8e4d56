/* probe_cpus.c: the other CPUs of a Linux process, as threads each pinned
 * to its CPU. A platform service (common/services.h): a gang of processors
 * running one function at once, every CPU this process may run on (the
 * probe's own thread is the gang's first); while competitors stream
 * (--competitors) the other CPUs are theirs, and then the gang is the
 * caller alone. And the competitors for the shared cache (seed 000 s.4):
 * threads on the other CPUs, each streaming through its own buffer (read,
 * add, write back one word a line) for as long as the sweep runs. Their
 * buffers are theirs: they are not the probe's working set. */
#define _GNU_SOURCE
#include "probe.h"
#include "../../common/buf.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* ---- the gang ---- */

static int others(const struct cs_probe_svc *b, int *out, int max)
{
	int cpus[CS_PROBE_GANG_MAX], n = cs_online_cpus(cpus, CS_PROBE_GANG_MAX), got = 0;
	for (int i = 0; i < n && got < max; i++)
		if (cpus[i] != b->cpu)
			out[got++] = cpus[i];
	return got;
}

static uint32_t gang_count(void *ctx, char *why, size_t whylen)
{
	struct cs_probe_svc *b = ctx;
	int o[CS_PROBE_GANG_MAX];
	if (b->competitors) {
		snprintf(why, whylen, "competitor threads stream on the other CPUs (--competitors %d)",
			 b->competitors);
		return 1;
	}
	b->n_others = others(b, o, CS_PROBE_GANG_MAX - 1);
	memcpy(b->others, o, sizeof o);
	if (b->n_others == 0)
		snprintf(why, whylen, "this process may run on CPU %d alone", b->cpu);
	return 1 + (uint32_t)b->n_others;
}

struct targ {
	struct cs_probe_svc *b;
	uint32_t k;
};

static void *thread_main(void *arg)
{
	struct targ *t = arg;
	struct cs_probe_svc *b = t->b;
	cpu_set_t s;
	CPU_ZERO(&s);
	CPU_SET(b->others[t->k - 1], &s);
	if (pthread_setaffinity_np(pthread_self(), sizeof s, &s) != 0)
		b->unpinned++;
	b->fn(b->arg, t->k);
	return NULL;
}

static uint32_t gang_start(void *ctx, uint32_t n, void (*fn)(void *arg, uint32_t k), void *arg,
			   char *why, size_t whylen)
{
	static struct targ args[CS_PROBE_GANG_MAX];
	struct cs_probe_svc *b = ctx;
	uint32_t got = 0;
	b->fn = fn;
	b->arg = arg;
	b->started = 0;
	for (uint32_t k = 1; k < n && k <= (uint32_t)b->n_others; k++) {
		args[k] = (struct targ){ b, k };
		if (pthread_create(&b->th[k], NULL, thread_main, &args[k]) != 0) {
			snprintf(why, whylen, "pthread_create failed for CPU %d", b->others[k - 1]);
			break;
		}
		got++;
	}
	b->started = got;
	return got;
}

static int gang_join(void *ctx)
{
	struct cs_probe_svc *b = ctx;
	for (uint32_t k = 1; k <= b->started; k++)
		pthread_join(b->th[k], NULL);
	b->started = 0;
	return 0;
}

void cs_probe_gang_init(struct cs_probe_svc *p)
{
	p->s.gang_count = gang_count;
	p->s.gang_start = gang_start;
	p->s.gang_join = gang_join;
}

/* ---- the competitors ---- */

struct worker {
	pthread_t t;
	int cpu, started;
	uint64_t *buf;
	uint64_t bytes;
	atomic_int *stop;
	atomic_ullong lines; /* lines streamed */
};

struct impl {
	atomic_int stop;
	double t0;
	struct worker w[CS_MAX_COMPETITORS];
};

static void *stream(void *arg)
{
	struct worker *w = arg;
	cpu_set_t s;
	uint64_t n = w->bytes / 64, done = 0;

	CPU_ZERO(&s);
	CPU_SET(w->cpu, &s);
	(void)pthread_setaffinity_np(pthread_self(), sizeof s, &s);
	while (!atomic_load_explicit(w->stop, memory_order_relaxed)) {
		volatile uint64_t *p = w->buf;
		for (uint64_t i = 0; i < n; i++)
			p[i * 8] += 1;
		done += n;
		atomic_store_explicit(&w->lines, done, memory_order_relaxed);
	}
	return NULL;
}

int cs_compete_start(struct cs_compete *k, int n, uint64_t buffer_bytes,
		     int probe_cpu, char *why, size_t whylen)
{
	int cpus[1024], ncpu = cs_online_cpus(cpus, 1024), others[1024], nother = 0;
	struct impl *im;

	memset(k, 0, sizeof *k);
	if (n <= 0)
		return 0;
	for (int i = 0; i < ncpu; i++)
		if (cpus[i] != probe_cpu)
			others[nother++] = cpus[i];
	if (nother == 0) {
		snprintf(why, whylen, "no CPU other than the probe's (%d) to run a competitor on", probe_cpu);
		return -1;
	}
	im = calloc(1, sizeof *im);
	if (!im) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	k->impl = im;
	k->threads = n;
	k->buffer_bytes = buffer_bytes;
	for (int i = 0; i < n; i++) {
		struct worker *w = &im->w[i];
		void *m = mmap(NULL, buffer_bytes, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (m == MAP_FAILED) {
			snprintf(why, whylen, "competitor %d: mmap of %llu bytes: %s", i,
				 (unsigned long long)buffer_bytes, strerror(errno));
			cs_compete_stop(k);
			return -1;
		}
		memset(m, 1, buffer_bytes); /* faulted in before the sweep starts */
		w->buf = m;
		w->bytes = buffer_bytes;
		w->cpu = k->cpus[i] = others[i % nother];
		w->stop = &im->stop;
	}
	im->t0 = cs_wall_s();
	for (int i = 0; i < n; i++) {
		int e = pthread_create(&im->w[i].t, NULL, stream, &im->w[i]);
		if (e) {
			snprintf(why, whylen, "competitor %d: pthread_create: %s", i, strerror(e));
			cs_compete_stop(k);
			return -1;
		}
		im->w[i].started = 1;
	}
	return 0;
}

void cs_compete_stop(struct cs_compete *k)
{
	struct impl *im = k->impl;
	if (!im)
		return;
	atomic_store(&im->stop, 1);
	k->seconds = cs_wall_s() - im->t0;
	for (int i = 0; i < k->threads; i++) {
		struct worker *w = &im->w[i];
		if (w->started)
			pthread_join(w->t, NULL);
		if (w->bytes)
			k->passes[i] = (double)atomic_load(&w->lines) * 64.0 / (double)w->bytes;
		if (w->buf)
			munmap(w->buf, w->bytes);
	}
	free(im);
	k->impl = NULL;
}

void cs_compete_json(struct cs_jsonw *j, const struct cs_compete *k)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, "competitors");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "threads");
	cs_jsonw_u64(j, (uint64_t)k->threads);
	if (k->threads) {
		double bytes = 0;
		cs_jsonw_key(j, "buffer_bytes");
		cs_jsonw_u64(j, k->buffer_bytes);
		cs_jsonw_key(j, "cpus");
		cs_jsonw_arr(j);
		j->pretty = 0;
		for (int i = 0; i < k->threads; i++)
			cs_jsonw_i64(j, k->cpus[i]);
		cs_jsonw_arr_end(j);
		j->pretty = pretty;
		cs_jsonw_key(j, "work");
		cs_jsonw_str(j, "each thread reads, adds to and writes back one 8-byte word in every 64-byte line of its own buffer, over and over, pinned to its CPU, from before the sweep until after the adjacency probe");
		for (int i = 0; i < k->threads; i++)
			bytes += k->passes[i] * (double)k->buffer_bytes;
		cs_jsonw_key(j, "seconds");
		cs_jsonw_numsig(j, k->seconds, 4);
		cs_jsonw_key(j, "lines_per_s");
		cs_jsonw_numsig(j, k->seconds > 0 ? bytes / 64.0 / k->seconds : 0, 4);
	}
	cs_jsonw_obj_end(j);
}
