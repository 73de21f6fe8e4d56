/* probe_icache.c: seed 001 as a user program (probe.h). The code lives in
 * one memfd mapped twice, a writable view and an executable view, so that
 * no page is ever writable and executable at once (as W^X kernels and
 * hardened distributions require); the arch layer writes through one and
 * runs the other (cs_arch_icache_views: aarch64 runs it, x86_64 says why
 * there is nothing to run), each stride CS_ICACHE_USER_RUNS times, since a
 * preemptible process may lose lines to another task between the rewrite
 * and the run. kinds/icache/icache.c reduces the counts, as in the firmware. */
#define _GNU_SOURCE
#include "probe.h"
#include "../../arch/arch.h"
#include "../../common/buf.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define CS_ICACHE_USER_RUNS 3

struct views {
	int fd;
	size_t bytes;
	void *w, *x;
};

static void unmap(struct views *v)
{
	if (v->w && v->w != MAP_FAILED)
		munmap(v->w, v->bytes);
	if (v->x && v->x != MAP_FAILED)
		munmap(v->x, v->bytes);
	if (v->fd >= 0)
		close(v->fd);
}

static int map_views(struct views *v, char *why, size_t whylen)
{
	long page = sysconf(_SC_PAGESIZE);
	v->bytes = (CS_ICACHE_CODE_BYTES + (size_t)page - 1) / (size_t)page * (size_t)page;
	v->w = v->x = NULL;
	v->fd = memfd_create("cacheshape-seed001", MFD_CLOEXEC);
	if (v->fd < 0) {
		snprintf(why, whylen, "memfd_create: %s", strerror(errno));
		return -1;
	}
	if (ftruncate(v->fd, (off_t)v->bytes) != 0) {
		snprintf(why, whylen, "ftruncate of the memfd: %s", strerror(errno));
		return -1;
	}
	v->w = mmap(NULL, v->bytes, PROT_READ | PROT_WRITE, MAP_SHARED, v->fd, 0);
	if (v->w == MAP_FAILED) {
		snprintf(why, whylen, "the writable view: mmap: %s", strerror(errno));
		return -1;
	}
	v->x = mmap(NULL, v->bytes, PROT_READ | PROT_EXEC, MAP_SHARED, v->fd, 0);
	if (v->x == MAP_FAILED) {
		snprintf(why, whylen, "the executable view: mmap(PROT_EXEC) refused: %s "
			 "(a policy against executable memfds?)", strerror(errno));
		return -1;
	}
	return 0;
}

/* The executable view mapped anew, when even the smallest stride left the
 * code stale: what a fresh mapping runs tells an emulator from a core. */
static int remap_x(void *ctx, void **x)
{
	struct views *v = ctx;
	void *n;
	munmap(v->x, v->bytes);
	v->x = NULL;
	n = mmap(NULL, v->bytes, PROT_READ | PROT_EXEC, MAP_SHARED, v->fd, 0);
	if (n == MAP_FAILED)
		return -1;
	v->x = n;
	*x = n;
	return 0;
}

void cs_probe_icache_run(struct cs_probe_icache *ic)
{
	struct views v = { -1, 0, NULL, NULL };
	struct cs_icache_views uv;
	char why[CS_ICACHE_REASON_MAX];
	int rc;

	memset(ic, 0, sizeof *ic);
	if (map_views(&v, why, sizeof why) != 0) {
		cs_icache_refuse(&ic->res, "not_run", why);
		unmap(&v);
		return;
	}
	memset(&uv, 0, sizeof uv);
	uv.w = v.w;
	uv.x = v.x;
	uv.runs = CS_ICACHE_USER_RUNS;
	uv.remap = remap_x;
	uv.ctx = &v;
	rc = cs_arch_icache_views(&uv, &ic->obs, why, sizeof why);
	if (rc != 0) {
		cs_icache_refuse(&ic->res, rc > 0 ? "coherent" : "not_run", why);
	} else {
		ic->ran = 1;
		snprintf(ic->mapping, sizeof ic->mapping,
			 "memfd \"cacheshape-seed001\" of %zu bytes mapped twice, PROT_READ|PROT_WRITE "
			 "and PROT_READ|PROT_EXEC (MAP_SHARED): written through one view, run through "
			 "the other; no page writable and executable at once", v.bytes);
		cs_icache_infer(&ic->obs, &ic->res);
	}
	unmap(&v);
}

void cs_probe_icache_json(struct cs_jsonw *j, const struct cs_probe_icache *ic)
{
	char method[400];
	if (ic->ran)
		snprintf(method, sizeof method,
			 "1024 x add x0,x0,#1 + ret, written through one view of a memfd and run through "
			 "another; rewrite to #0; dc cvau every DminLine by the written view, ic ivau at "
			 "each stride by the run view, dsb ish, isb; count stale; each stride %d times, "
			 "the largest kept", CS_ICACHE_USER_RUNS);
	else
		snprintf(method, sizeof method, "not run: %s",
			 strcmp(ic->res.code, "coherent") ? "see the refusal"
			 : "the architecture keeps instruction fetch coherent");
	cs_icache_json(j, &ic->obs, &ic->res, method);
	if (ic->ran) {
		cs_jsonw_key(j, "icache_mapping");
		cs_jsonw_str(j, ic->mapping);
	}
}

/* The screen's line (stderr), as the firmware prints its own. */
void cs_probe_icache_say(FILE *f, const struct cs_probe_icache *ic)
{
	fprintf(f, "instruction cache probe: ");
	if (ic->res.has_granule)
		fprintf(f, "invalidation granule %u bytes (%s)", ic->res.granule_bytes, ic->res.reason);
	else
		fprintf(f, "%s", ic->res.reason);
	if (ic->ran) {
		fprintf(f, "\n     stale per stride:");
		for (uint32_t i = 0; i < ic->obs.n; i++)
			fprintf(f, " %u:%llu", ic->obs.stride[i], (unsigned long long)ic->obs.stale[i]);
		fprintf(f, "; unmaintained rerun %llu", (unsigned long long)ic->obs.cached);
	}
	fputc('\n', f);
}
