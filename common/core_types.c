/* cores.c: grouping processors by kind of core (cores.h). Freestanding. */
#include "core_types.h"
#include "buf.h"

uint32_t cs_ident_digest(const uint32_t *words, uint32_t n)
{
	uint32_t h = 2166136261u;
	for (uint32_t i = 0; i < n; i++)
		for (int k = 0; k < 4; k++) {
			h ^= (words[i] >> (8 * k)) & 0xff;
			h *= 16777619u;
		}
	return h;
}

static void name_group(struct cs_kind_group *g, const struct cs_proc_ident *p,
		       uint32_t n_groups, int caches_only)
{
	struct cs_buf b;
	cs_buf_init(&b, g->kind, sizeof g->kind);
	if (n_groups == 1) {
		cs_puts(&b, "all");
		return;
	}
	if (p->arm) {
		cs_puts(&b, "midr-");
		cs_put_hex(&b, p->core_type, 8);
	} else if (p->core_type == 0x40) {
		cs_puts(&b, "performance");
	} else if (p->core_type == 0x20) {
		cs_puts(&b, "efficiency");
	} else {
		cs_puts(&b, "type-");
		cs_put_hex(&b, p->core_type, 2);
	}
	if (caches_only) {
		cs_puts(&b, "-c");
		cs_put_hex(&b, p->cache_sig, 8);
	}
}

uint32_t cs_group_kinds(const struct cs_proc_ident *p, uint32_t n,
			struct cs_kind_group *g, uint32_t cap)
{
	uint32_t ng = 0;
	uint32_t first[64];
	for (uint32_t i = 0; i < n; i++) {
		uint32_t k;
		for (k = 0; k < ng; k++)
			if (g[k].core_type == p[i].core_type && g[k].cache_sig == p[i].cache_sig)
				break;
		if (k == ng) {
			if (ng == cap || ng == 64)
				continue;
			cs_memset(&g[ng], 0, sizeof g[ng]);
			g[ng].core_type = p[i].core_type;
			g[ng].cache_sig = p[i].cache_sig;
			first[ng] = i;
			ng++;
		}
		if (g[k].n < sizeof g[k].procs / sizeof g[k].procs[0])
			g[k].procs[g[k].n++] = p[i].number;
	}
	for (uint32_t k = 0; k < ng; k++) {
		/* the same core type in another group: only the caches tell them apart */
		int twin = 0;
		for (uint32_t j = 0; j < ng; j++)
			if (j != k && g[j].core_type == g[k].core_type)
				twin = 1;
		name_group(&g[k], &p[first[k]], ng, twin);
	}
	return ng;
}
