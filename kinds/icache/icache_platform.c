/* icache_platform.c: seed 001 on the host's code memory (common/services.h,
 * icache.h): the pages mapped, the kernel of the architecture the build
 * chose run on them (kinds/icache/<arch>/icache_kernel.c), the counts
 * reduced by icache.c, and the capture's members and the screen's lines
 * written as each host wrote them before the services. A privileged host
 * (the firmware) runs it on one view, once a stride; a user process on two
 * views, each stride CS_ICACHE_USER_RUNS times, since a preemptible process
 * may lose lines to another task between the rewrite and the run. The
 * same code in every host. Freestanding. */
#include "icache.h"
#include "../../common/services.h"

#define CS_ICACHE_USER_RUNS 3

static struct cs_icache_host last; /* one run a program */

static int remap(void *ctx, void **x)
{
	const struct cs_services *s = ((const void **)ctx)[0];
	struct cs_svc_code *c = ((void **)ctx)[1];
	if (!s->code_remap || s->code_remap(s->ctx, c) != 0)
		return -1;
	*x = c->x;
	return 0;
}

void cs_icache_host_run(const struct cs_services *s)
{
	static struct cs_svc_code code;
	struct cs_icache_host *h = &last;
	struct cs_icache_views v;
	char why[CS_ICACHE_REASON_MAX], nopages[CS_ICACHE_REASON_MAX];
	const void *rctx[2] = { s, &code };
	struct cs_buf b;
	int mapped;

	cs_memset(h, 0, sizeof *h);
	cs_memset(&code, 0, sizeof code);
	cs_memset(&v, 0, sizeof v);
	why[0] = nopages[0] = 0;
	h->privileged = s && s->privileged;
	mapped = s && s->code_map &&
		 s->code_map(s->ctx, CS_ICACHE_CODE_BYTES, &code, nopages, sizeof nopages) == 0;
	if (!s || !s->code_map)
		cs_strlcpy(nopages, "the host offers no memory for code", sizeof nopages);
	if (!mapped && !h->privileged) {
		/* a user process says why it has no views before anything else */
		cs_icache_refuse(&h->res, "not_run", nopages);
		h->rc = -1;
		cs_strlcpy(h->method, "not run: see the refusal", sizeof h->method);
		return;
	}
	h->views = mapped && code.w != code.x ? 2 : 1;
	v.w = mapped ? code.w : NULL;
	v.x = mapped ? code.x : NULL;
	v.no_pages = nopages;
	v.privileged = h->privileged;
	v.runs = CS_ICACHE_USER_RUNS;
	v.where = code.where;
	v.remap = remap;
	v.ctx = rctx;
	h->rc = cs_icache_kernel(&v, &h->obs, why, sizeof why);
	if (h->rc != 0) {
		cs_icache_refuse(&h->res, h->rc > 0 ? "coherent" : "not_run", why);
		cs_strlcpy(h->method, h->rc > 0 ? "not run: the architecture keeps instruction fetch coherent"
					 : h->privileged ? "not run" : "not run: see the refusal",
			   sizeof h->method);
	} else {
		cs_buf_init(&b, h->method, sizeof h->method);
		cs_icache_kernel_method(&b, &v);
		cs_strlcpy(h->how, h->views == 2 ? code.how : v.how, sizeof h->how);
		cs_icache_infer(&h->obs, &h->res);
	}
	if (mapped)
		s->code_unmap(s->ctx, &code);
}

void cs_icache_host_json(struct cs_jsonw *j)
{
	const struct cs_icache_host *h = &last;
	cs_icache_json(j, &h->obs, &h->res, h->method);
	if (h->rc == 0) {
		cs_jsonw_key(j, h->views == 2 ? "icache_mapping" : "icache_pages");
		cs_jsonw_str(j, h->how);
	}
}

static void strides(struct cs_buf *b, const struct cs_icache_host *h)
{
	cs_puts(b, "\n     stale per stride:");
	for (uint32_t i = 0; i < h->obs.n; i++) {
		cs_putc(b, ' ');
		cs_put_u64(b, h->obs.stride[i]);
		cs_putc(b, ':');
		cs_put_u64(b, h->obs.stale[i]);
	}
	cs_puts(b, "; unmaintained rerun ");
	cs_put_u64(b, h->obs.cached);
}

void cs_icache_host_say(struct cs_buf *b)
{
	const struct cs_icache_host *h = &last;
	if (h->privileged && h->rc > 0)
		return; /* the firmware says nothing of a coherent architecture */
	cs_puts(b, "instruction cache probe: ");
	if (h->res.has_granule) {
		cs_puts(b, "invalidation granule ");
		cs_put_u64(b, h->res.granule_bytes);
		cs_puts(b, " bytes (");
		cs_puts(b, h->res.reason);
		cs_putc(b, ')');
	} else {
		if (h->privileged && h->rc != 0)
			cs_puts(b, "not run: ");
		cs_puts(b, h->res.reason);
	}
	if (h->privileged || h->rc == 0)
		strides(b, h);
	cs_putc(b, '\n');
}

const struct cs_icache_host *cs_icache_host_last(void)
{
	return &last;
}
