/* probe_bw.c: the bandwidth kind's hooks for the host probe
 * (kinds/bandwidth/bw_probe.h): the arch layer's widest kernels as a user
 * process may run them (XCR0 as Linux set it), and every CPU this process
 * may run on at once, as threads, each pinned to its CPU (the probe's own
 * thread is the gang's first; kinds/bandwidth/bw_gang.c gives each its own
 * slice of the region). While competitors stream (--competitors) the other
 * CPUs are theirs: then no aggregate. */
#define _GNU_SOURCE
#include "probe.h"
#include "../../common/buf.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

static int others(const struct cs_probe_bw *b, int *out, int max)
{
	int cpus[CS_PROBE_BW_MAX], n = cs_online_cpus(cpus, CS_PROBE_BW_MAX), got = 0;
	for (int i = 0; i < n && got < max; i++)
		if (cpus[i] != b->cpu)
			out[got++] = cpus[i];
	return got;
}

static uint32_t gang_count(void *ctx, char *why, size_t whylen)
{
	struct cs_probe_bw *b = ctx;
	int o[CS_PROBE_BW_MAX];
	if (b->competitors) {
		snprintf(why, whylen, "competitor threads stream on the other CPUs (--competitors %d)",
			 b->competitors);
		return 1;
	}
	b->n_others = others(b, o, CS_PROBE_BW_MAX - 1);
	memcpy(b->others, o, sizeof o);
	if (b->n_others == 0)
		snprintf(why, whylen, "this process may run on CPU %d alone", b->cpu);
	return 1 + (uint32_t)b->n_others;
}

struct targ {
	struct cs_probe_bw *b;
	uint32_t k;
};

static void *thread_main(void *arg)
{
	struct targ *t = arg;
	struct cs_probe_bw *b = t->b;
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
	static struct targ args[CS_PROBE_BW_MAX];
	struct cs_probe_bw *b = ctx;
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
	struct cs_probe_bw *b = ctx;
	for (uint32_t k = 1; k <= b->started; k++)
		pthread_join(b->th[k], NULL);
	b->started = 0;
	return 0;
}

void cs_probe_bw_hooks(struct cs_bw_hooks *h, struct cs_probe_bw *b, int cpu, int competitors)
{
	memset(h, 0, sizeof *h);
	memset(b, 0, sizeof *b);
	b->cpu = cpu;
	b->competitors = competitors;
	if (cs_arch_bw_select(&b->k, 0, NULL) != 0) {
		h->off = "the arch layer offers no streaming kernels here";
		return;
	}
	h->kernels = &b->k;
	h->gang_count = gang_count;
	h->gang_start = gang_start;
	h->gang_join = gang_join;
	h->ctx = b;
}
