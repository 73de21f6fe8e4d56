/* probe_code.c: code memory, a platform service (common/services.h): one
 * memfd mapped twice, a writable view and an executable view, so that no
 * page is ever writable and executable at once (as W^X kernels and
 * hardened distributions require); the executable view mapped anew on
 * request (what a fresh mapping runs tells an emulator from a core). */
#define _GNU_SOURCE
#include "probe.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void unmap(void *ctx, struct cs_svc_code *c)
{
	(void)ctx;
	if (c->w && c->w != MAP_FAILED)
		munmap(c->w, c->bytes);
	if (c->x && c->x != MAP_FAILED)
		munmap(c->x, c->bytes);
	if (c->priv >= 0)
		close((int)c->priv);
	c->w = c->x = NULL;
	c->priv = -1;
}

static int map(void *ctx, uint64_t bytes, struct cs_svc_code *c, char *why, size_t whylen)
{
	long page = sysconf(_SC_PAGESIZE);
	c->bytes = (bytes + (uint64_t)page - 1) / (uint64_t)page * (uint64_t)page;
	c->w = c->x = NULL;
	c->priv = memfd_create("cacheshape-seed001", MFD_CLOEXEC);
	if (c->priv < 0) {
		snprintf(why, whylen, "memfd_create: %s", strerror(errno));
		unmap(ctx, c);
		return -1;
	}
	if (ftruncate((int)c->priv, (off_t)c->bytes) != 0) {
		snprintf(why, whylen, "ftruncate of the memfd: %s", strerror(errno));
		unmap(ctx, c);
		return -1;
	}
	c->w = mmap(NULL, c->bytes, PROT_READ | PROT_WRITE, MAP_SHARED, (int)c->priv, 0);
	if (c->w == MAP_FAILED) {
		snprintf(why, whylen, "the writable view: mmap: %s", strerror(errno));
		unmap(ctx, c);
		return -1;
	}
	c->x = mmap(NULL, c->bytes, PROT_READ | PROT_EXEC, MAP_SHARED, (int)c->priv, 0);
	if (c->x == MAP_FAILED) {
		snprintf(why, whylen, "the executable view: mmap(PROT_EXEC) refused: %s "
			 "(a policy against executable memfds?)", strerror(errno));
		unmap(ctx, c);
		return -1;
	}
	snprintf(c->how, sizeof c->how,
		 "memfd \"cacheshape-seed001\" of %llu bytes mapped twice, PROT_READ|PROT_WRITE "
		 "and PROT_READ|PROT_EXEC (MAP_SHARED): written through one view, run through "
		 "the other; no page writable and executable at once", (unsigned long long)c->bytes);
	snprintf(c->where, sizeof c->where, ", written through one view of a memfd and run through another");
	return 0;
}

static int remap(void *ctx, struct cs_svc_code *c)
{
	void *n;
	(void)ctx;
	munmap(c->x, c->bytes);
	c->x = NULL;
	n = mmap(NULL, c->bytes, PROT_READ | PROT_EXEC, MAP_SHARED, (int)c->priv, 0);
	if (n == MAP_FAILED)
		return -1;
	c->x = n;
	return 0;
}

void cs_probe_code_init(struct cs_probe_svc *p)
{
	p->s.code_map = map;
	p->s.code_remap = remap;
	p->s.code_unmap = unmap;
}
