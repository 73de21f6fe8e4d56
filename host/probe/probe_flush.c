/* probe_flush.c: the flush seed 003's experiments need (probe.h). The
 * arch layer's instruction (clflush; dc civac) where this process may run
 * it: tried first on a line of its own under a guard (host/probe/trap.h), since
 * an arm64 kernel may keep EL0 from it (SCTLR_EL1.UCI clear). Else, or
 * when asked (--flush evict), eviction: a read of every line of a buffer
 * CS_EVICT_FACTOR times the largest published cache. Which one, and why,
 * goes into the capture. */
#define _GNU_SOURCE
#include "probe.h"
#include "trap.h"
#include "../../arch/arch.h"
#include "../../common/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Eviction reads this many times the largest published cache: with LRU
 * or a pseudo-random policy, two passes' worth of other lines leave
 * little of the range behind; bounded both ways. */
#define CS_EVICT_FACTOR 2
#define CS_EVICT_MIN (8ull << 20)
#define CS_EVICT_MAX (512ull << 20)
#define CS_EVICT_STRIDE 64 /* a line: the smallest any cache here publishes */

static unsigned char *evict_buf;
static uint64_t evict_bytes;
static volatile uint64_t evict_sink;

static void evict(const void *p, uint64_t bytes)
{
	uint64_t sum = 0;
	(void)p;
	(void)bytes;
	for (uint64_t i = 0; i < evict_bytes; i += CS_EVICT_STRIDE)
		sum += ((volatile unsigned char *)evict_buf)[i];
	evict_sink += sum;
}

static unsigned char probe_line[256] __attribute__((aligned(128)));

static void try_arch(void *arg)
{
	(void)arg;
	probe_line[0]++;
	cs_arch_flush(probe_line, sizeof probe_line);
}

uint64_t cs_flush_evict_bytes(uint64_t largest)
{
	uint64_t want = largest > CS_EVICT_MAX ? CS_EVICT_MAX : CS_EVICT_FACTOR * largest;
	if (want < CS_EVICT_MIN)
		want = CS_EVICT_MIN;
	return want > CS_EVICT_MAX ? CS_EVICT_MAX : want;
}

static int use_eviction(struct cs_flush *f, uint64_t largest, char *why, size_t whylen)
{
	uint64_t want = cs_flush_evict_bytes(largest);
	void *m = mmap(NULL, want, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		snprintf(why, whylen, "no memory for the eviction buffer (%llu bytes)",
			 (unsigned long long)want);
		return -1;
	}
	memset(m, 1, want); /* every page there, every line distinct from the range */
	evict_buf = m;
	evict_bytes = want;
	f->method = "eviction";
	f->evict_bytes = want;
	f->fn = evict;
	return 0;
}

int cs_flush_choose_with(struct cs_flush *f, enum cs_flush_mode mode, uint64_t largest,
			 void (*try_fn)(void *arg), char *why, size_t whylen)
{
	memset(f, 0, sizeof *f);
	f->mode = mode;
	f->instruction = cs_arch_flush_name();
	if (mode != CS_FLUSH_EVICT) {
		f->signal = cs_trap_try(try_fn, NULL);
		f->arch_allowed = f->signal == 0;
	}
	if (f->arch_allowed) {
		f->method = f->instruction;
		f->fn = cs_arch_flush;
		snprintf(f->why, sizeof f->why, "%s ran in this process (tried first on a line of its own)",
			 f->instruction);
		return 0;
	}
	if (mode == CS_FLUSH_ARCH) {
		snprintf(why, whylen, "--flush arch: %s is not allowed in this process (signal %d)",
			 f->instruction, f->signal);
		return -1;
	}
	if (use_eviction(f, largest, why, whylen) != 0)
		return -1;
	if (mode == CS_FLUSH_EVICT)
		snprintf(f->why, sizeof f->why, "eviction asked for (--flush evict); %s not tried",
			 f->instruction);
	else
		snprintf(f->why, sizeof f->why, "%s is not allowed in this process (it raised signal %d): "
			 "eviction instead, by reading %llu MiB", f->instruction, f->signal,
			 (unsigned long long)(f->evict_bytes >> 20));
	return 0;
}

int cs_flush_choose(struct cs_flush *f, enum cs_flush_mode mode, uint64_t largest,
		    char *why, size_t whylen)
{
	return cs_flush_choose_with(f, mode, largest, try_arch, why, whylen);
}

void cs_flush_release(struct cs_flush *f)
{
	if (evict_buf)
		munmap(evict_buf, evict_bytes);
	evict_buf = NULL;
	evict_bytes = 0;
	f->fn = NULL;
}

void cs_flush_json(struct cs_jsonw *j, const struct cs_flush *f)
{
	cs_jsonw_key(j, "flush");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "method");
	cs_jsonw_str(j, f->method ? f->method : "none");
	cs_jsonw_key(j, "instruction");
	cs_jsonw_str(j, f->instruction ? f->instruction : "");
	cs_jsonw_key(j, "allowed_in_user_space");
	if (f->mode == CS_FLUSH_EVICT)
		cs_jsonw_null(j);
	else
		cs_jsonw_bool(j, f->arch_allowed);
	cs_jsonw_key(j, "eviction_bytes");
	if (f->evict_bytes)
		cs_jsonw_u64(j, f->evict_bytes);
	else
		cs_jsonw_null(j);
	cs_jsonw_key(j, "why");
	cs_jsonw_str(j, f->why);
	cs_jsonw_obj_end(j);
}
