/* probe_gang.c: a gang of processors running one function at once, a
 * platform service of a Linux process (common/services.h): every CPU this
 * process may run on, as threads, each pinned to its CPU (the probe's own
 * thread is the gang's first). While competitors stream (--competitors)
 * the other CPUs are theirs: then the gang is the caller alone. */
#define _GNU_SOURCE
#include "probe.h"
#include "../../common/buf.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

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
