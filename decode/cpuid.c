/* cpuid.c: collecting a CPUID dump; identification and published caches
 * read from it. The leaf 2 descriptor table is in cpuid_leaf2.c. */
#include "cpuid.h"
#include "../common/buf.h"
#include "../common/emulator.h"

#define CS_LEAF_EXT 0x80000000u
#define CS_LEAF4_MAX_SUB 16u   /* real parts stop at 4 or 5 */
#define CS_LEAF2_MAX_ITER 4u   /* AL is 1 on every part seen */
#define CS_LEAF18_MAX_SUB 16u  /* Sapphire Rapids reports 8 */

int cs_cpuid_add(struct cs_cpuid_dump *d, uint32_t leaf, uint32_t subleaf,
		 uint32_t eax, uint32_t ebx, uint32_t ecx, uint32_t edx)
{
	struct cs_cpuid_entry *e;

	if (d->n >= CS_CPUID_DUMP_MAX)
		return -1;
	e = &d->e[d->n++];
	e->leaf = leaf;
	e->subleaf = subleaf;
	e->r.eax = eax;
	e->r.ebx = ebx;
	e->r.ecx = ecx;
	e->r.edx = edx;
	return 0;
}

const struct cs_cpuid_regs *cs_cpuid_find(const struct cs_cpuid_dump *d,
					  uint32_t leaf, uint32_t subleaf)
{
	uint32_t i;

	for (i = 0; i < d->n && i < CS_CPUID_DUMP_MAX; i++)
		if (d->e[i].leaf == leaf && d->e[i].subleaf == subleaf)
			return &d->e[i].r;
	return NULL;
}

/* Runs one leaf and records it; returns the registers (zeros when full). */
static struct cs_cpuid_regs query(cs_cpuid_fn fn, void *ctx,
				  struct cs_cpuid_dump *d, uint32_t leaf,
				  uint32_t subleaf)
{
	struct cs_cpuid_regs r = { 0, 0, 0, 0 };

	fn(leaf, subleaf, &r, ctx);
	(void)cs_cpuid_add(d, leaf, subleaf, r.eax, r.ebx, r.ecx, r.edx);
	return r;
}

/* Subleaves until the cache type field (EAX[4:0]) reads 0, kept too. */
static void query_cache_list(cs_cpuid_fn fn, void *ctx,
			     struct cs_cpuid_dump *d, uint32_t leaf)
{
	uint32_t sub;

	for (sub = 0; sub < CS_LEAF4_MAX_SUB; sub++)
		if ((query(fn, ctx, d, leaf, sub).eax & 0x1f) == 0)
			break;
}

static void collect_basic(cs_cpuid_fn fn, void *ctx, struct cs_cpuid_dump *d,
			  uint32_t max_basic, int *hypervisor)
{
	uint32_t i, iters;

	if (max_basic >= 1)
		*hypervisor = (int)(query(fn, ctx, d, 1, 0).ecx >> 31);
	if (max_basic >= 2) {
		/* Leaf 2 ignores ECX; a second call returns the next
		 * iteration, recorded as subleaf i. */
		iters = query(fn, ctx, d, 2, 0).eax & 0xff;
		for (i = 1; i < iters && i < CS_LEAF2_MAX_ITER; i++)
			(void)query(fn, ctx, d, 2, i);
	}
	if (max_basic >= 4)
		query_cache_list(fn, ctx, d, 4);
	if (max_basic >= 6)
		(void)query(fn, ctx, d, 6, 0);
	if (max_basic >= 7)
		(void)query(fn, ctx, d, 7, 0);
	if (max_basic >= 0x18) {
		/* subleaf 0's EAX: the last valid subleaf (TLBs, cpuid_tlb.c) */
		iters = query(fn, ctx, d, 0x18, 0).eax;
		for (i = 1; i <= iters && i < CS_LEAF18_MAX_SUB; i++)
			(void)query(fn, ctx, d, 0x18, i);
	}
}

void cs_cpuid_collect(cs_cpuid_fn fn, void *ctx, struct cs_cpuid_dump *d)
{
	uint32_t max_basic, max_ext, leaf, ext1_ecx = 0;
	int hypervisor = 0;
	struct cs_cpuid_regs r;

	d->n = 0;
	max_basic = query(fn, ctx, d, 0, 0).eax;
	collect_basic(fn, ctx, d, max_basic, &hypervisor);
	if (hypervisor)
		(void)query(fn, ctx, d, 0x40000000u, 0);

	max_ext = query(fn, ctx, d, CS_LEAF_EXT, 0).eax;
	if ((max_ext & 0xffff0000u) != CS_LEAF_EXT)
		return; /* no extended leaves: EAX echoes something else */
	for (leaf = CS_LEAF_EXT + 1; leaf <= max_ext && leaf <= 0x80000008u;
	     leaf++) {
		r = query(fn, ctx, d, leaf, 0);
		if (leaf == 0x80000001u)
			ext1_ecx = r.ecx;
	}
	if (max_ext >= 0x80000019u)
		(void)query(fn, ctx, d, 0x80000019u, 0); /* 1 GiB TLBs */
	if (max_ext >= 0x8000001du && (ext1_ecx & (1u << 22)))
		query_cache_list(fn, ctx, d, 0x8000001du);
}

/* Copies the 4 bytes of a register, little-endian, as CPUID defines. */
static void put_reg(char *dst, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++)
		dst[i] = (char)((v >> (8 * i)) & 0xff);
}

/* Shifts out leading spaces and cuts trailing ones. */
static void trim_spaces(char *s)
{
	size_t i = 0, n;

	while (s[i] == ' ')
		i++;
	if (i)
		for (n = 0;; n++) {
			s[n] = s[n + i];
			if (!s[n])
				break;
		}
	n = cs_strlen(s);
	while (n > 0 && s[n - 1] == ' ')
		s[--n] = '\0';
}

static void ident_brand(const struct cs_cpuid_dump *d, struct cs_cpu_ident *id)
{
	const struct cs_cpuid_regs *r;
	uint32_t i;

	for (i = 0; i < 3; i++) {
		r = cs_cpuid_find(d, 0x80000002u + i, 0);
		if (!r) {
			id->brand[0] = '\0';
			return;
		}
		put_reg(id->brand + 16 * i, r->eax);
		put_reg(id->brand + 16 * i + 4, r->ebx);
		put_reg(id->brand + 16 * i + 8, r->ecx);
		put_reg(id->brand + 16 * i + 12, r->edx);
	}
	id->brand[48] = '\0';
	trim_spaces(id->brand);
}

/* Family, model and stepping with the extended fields, as the SDM and the
 * AMD APM define them: extended family only when the base is 0xF, extended
 * model when the base family is 6 or 0xF. */
static void ident_fms(uint32_t eax, struct cs_cpu_ident *id)
{
	uint32_t base_family = (eax >> 8) & 0xf;
	uint32_t base_model = (eax >> 4) & 0xf;

	id->stepping = eax & 0xf;
	id->family = base_family;
	if (base_family == 0xf)
		id->family += (eax >> 20) & 0xff;
	id->model = base_model;
	if (base_family == 6 || base_family == 0xf)
		id->model |= ((eax >> 16) & 0xf) << 4;
}

void cs_cpuid_ident(const struct cs_cpuid_dump *d, struct cs_cpu_ident *id)
{
	const struct cs_cpuid_regs *r;

	cs_memset(id, 0, sizeof(*id));
	r = cs_cpuid_find(d, 0, 0);
	if (r) {
		put_reg(id->vendor, r->ebx);
		put_reg(id->vendor + 4, r->edx);
		put_reg(id->vendor + 8, r->ecx);
		id->vendor[12] = '\0';
	}
	r = cs_cpuid_find(d, 1, 0);
	if (r) {
		ident_fms(r->eax, id);
		id->hypervisor = (int)(r->ecx >> 31);
	}
	r = cs_cpuid_find(d, 0x40000000u, 0);
	if (r && id->hypervisor) {
		put_reg(id->hv_signature, r->ebx);
		put_reg(id->hv_signature + 4, r->ecx);
		put_reg(id->hv_signature + 8, r->edx);
		id->hv_signature[12] = '\0'; /* KVM pads with NULs */
	}
	ident_brand(d, id);
	r = cs_cpuid_find(d, 0x80000007u, 0);
	if (r)
		id->invariant_tsc = (int)((r->edx >> 8) & 1);
	r = cs_cpuid_find(d, 0x80000001u, 0);
	if (r)
		id->has_rdtscp = (int)((r->edx >> 27) & 1);
}

/* ---- Published caches ---- */

/* Collects caches into a caller's array, sorted by level then type. */
struct cache_list {
	struct cs_cache *out;
	uint32_t max, n;
};

static int cache_before(const struct cs_cache *a, const struct cs_cache *b)
{
	if (a->level != b->level)
		return a->level < b->level;
	return a->type < b->type;
}

static void list_add(struct cache_list *l, uint32_t level,
		     enum cs_cache_type type, uint64_t size, uint32_t line)
{
	struct cs_cache c;
	uint32_t i;

	if (size == 0 || level == 0 || l->n >= l->max)
		return;
	c.level = level;
	c.type = type;
	c.size_bytes = size;
	c.line_bytes = line;
	i = l->n++;
	while (i > 0 && cache_before(&c, &l->out[i - 1])) {
		l->out[i] = l->out[i - 1];
		i--;
	}
	l->out[i] = c;
}

/* Leaf 4 and 0x8000001D share the layout: EAX type[4:0] level[7:5];
 * EBX ways[31:22] partitions[21:12] line[11:0]; ECX sets; all minus one. */
static void decode_cache_list(const struct cs_cpuid_dump *d, uint32_t leaf,
			      struct cache_list *l)
{
	const struct cs_cpuid_regs *r;
	uint32_t sub, type;
	uint64_t size;

	for (sub = 0; sub < CS_LEAF4_MAX_SUB; sub++) {
		r = cs_cpuid_find(d, leaf, sub);
		if (!r || (type = r->eax & 0x1f) == 0)
			break;
		if (type > 3)
			continue; /* reserved types */
		size = (uint64_t)((r->ebx >> 22) + 1) *
		       (((r->ebx >> 12) & 0x3ff) + 1) *
		       ((r->ebx & 0xfff) + 1) * ((uint64_t)r->ecx + 1);
		list_add(l, (r->eax >> 5) & 7, (enum cs_cache_type)(type - 1),
			 size, (r->ebx & 0xfff) + 1);
	}
}

static int has_topoext(const struct cs_cpuid_dump *d)
{
	const struct cs_cpuid_regs *r = cs_cpuid_find(d, 0x80000001u, 0);

	return r && ((r->ecx >> 22) & 1);
}

/* AMD's legacy leaves. 0x80000005 ECX/EDX: L1D/L1I size KiB [31:24], line
 * [7:0]. 0x80000006 ECX: L2 size KiB [31:16], assoc [15:12] (0 = none);
 * EDX: L3 size [31:18] in 512 KiB units. Intel leaves 0x80000005 zero, so
 * this source needs an L1 there to count at all. */
static void decode_legacy_amd(const struct cs_cpuid_dump *d,
			      struct cache_list *l)
{
	const struct cs_cpuid_regs *r5 = cs_cpuid_find(d, 0x80000005u, 0);
	const struct cs_cpuid_regs *r6 = cs_cpuid_find(d, 0x80000006u, 0);

	if (!r5 || (r5->ecx == 0 && r5->edx == 0))
		return;
	list_add(l, 1, CS_CACHE_DATA, (uint64_t)(r5->ecx >> 24) * 1024,
		 r5->ecx & 0xff);
	list_add(l, 1, CS_CACHE_INSTRUCTION, (uint64_t)(r5->edx >> 24) * 1024,
		 r5->edx & 0xff);
	if (!r6)
		return;
	if ((r6->ecx >> 12) & 0xf)
		list_add(l, 2, CS_CACHE_UNIFIED,
			 (uint64_t)(r6->ecx >> 16) * 1024, r6->ecx & 0xff);
	if ((r6->edx >> 12) & 0xf)
		list_add(l, 3, CS_CACHE_UNIFIED,
			 (uint64_t)(r6->edx >> 18) * 512 * 1024,
			 r6->edx & 0xff);
}

/* Leaf 2: AL counts the calls needed; a register with bit 31 set holds no
 * descriptors; AL itself is not one. 0xFF ("see leaf 4") names no cache. */
static void decode_leaf2(const struct cs_cpuid_dump *d, struct cache_list *l)
{
	const struct cs_cpuid_regs *r = cs_cpuid_find(d, 2, 0);
	struct cs_cpu_ident id;
	struct cs_cache c;
	uint32_t iters, it, reg, byte, v;

	if (!r)
		return;
	cs_cpuid_ident(d, &id);
	iters = r->eax & 0xff;
	for (it = 0; it < iters && it < CS_LEAF2_MAX_ITER; it++) {
		r = cs_cpuid_find(d, 2, it);
		if (!r)
			break;
		for (reg = 0; reg < 4; reg++) {
			v = reg == 0 ? r->eax : reg == 1 ? r->ebx :
			    reg == 2 ? r->ecx : r->edx;
			if (v >> 31)
				continue;
			for (byte = reg == 0 ? 1 : 0; byte < 4; byte++)
				if (cs_cpuid_leaf2_descriptor(
					    (uint8_t)(v >> (8 * byte)),
					    id.family, id.model, &c))
					list_add(l, c.level, c.type,
						 c.size_bytes, c.line_bytes);
		}
	}
}

const char *cs_cpuid_source_name(enum cs_cpuid_cache_source src)
{
	switch (src) {
	case CS_CPUID_SRC_LEAF4: return "cpuid-leaf4";
	case CS_CPUID_SRC_8000001D: return "cpuid-8000001d";
	case CS_CPUID_SRC_80000005: return "cpuid-80000005";
	case CS_CPUID_SRC_LEAF2: return "cpuid-leaf2";
	}
	return "";
}

uint32_t cs_cpuid_caches_from(const struct cs_cpuid_dump *d,
			      enum cs_cpuid_cache_source src,
			      struct cs_cache *out, uint32_t max)
{
	struct cache_list l;

	l.out = out;
	l.max = max;
	l.n = 0;
	switch (src) {
	case CS_CPUID_SRC_LEAF4:
		decode_cache_list(d, 4, &l);
		break;
	case CS_CPUID_SRC_8000001D:
		if (has_topoext(d))
			decode_cache_list(d, 0x8000001du, &l);
		break;
	case CS_CPUID_SRC_80000005:
		decode_legacy_amd(d, &l);
		break;
	case CS_CPUID_SRC_LEAF2:
		decode_leaf2(d, &l);
		break;
	}
	return l.n;
}

static int vendor_is_amd(const struct cs_cpuid_dump *d)
{
	struct cs_cpu_ident id;

	cs_cpuid_ident(d, &id);
	return cs_streq(id.vendor, "AuthenticAMD") ||
	       cs_streq(id.vendor, "HygonGenuine");
}

uint32_t cs_cpuid_caches(const struct cs_cpuid_dump *d, struct cs_cache *out,
			 uint32_t max, const char **source)
{
	static const enum cs_cpuid_cache_source intel_order[] = {
		CS_CPUID_SRC_LEAF4, CS_CPUID_SRC_8000001D,
		CS_CPUID_SRC_80000005, CS_CPUID_SRC_LEAF2,
	};
	static const enum cs_cpuid_cache_source amd_order[] = {
		CS_CPUID_SRC_8000001D, CS_CPUID_SRC_80000005,
		CS_CPUID_SRC_LEAF4, CS_CPUID_SRC_LEAF2,
	};
	const enum cs_cpuid_cache_source *order =
		vendor_is_amd(d) ? amd_order : intel_order;
	uint32_t i, n;

	for (i = 0; i < 4; i++) {
		n = cs_cpuid_caches_from(d, order[i], out, max);
		if (n) {
			if (source)
				*source = cs_cpuid_source_name(order[i]);
			return n;
		}
	}
	if (source)
		*source = "";
	return 0;
}

void cs_cpuid_ident_json(struct cs_jsonw *j, const struct cs_cpu_ident *id)
{
	cs_jsonw_key(j, "vendor");
	cs_jsonw_str(j, id->vendor);
	cs_jsonw_key(j, "brand");
	cs_jsonw_str(j, id->brand);
	cs_jsonw_key(j, "family");
	cs_jsonw_u64(j, id->family);
	cs_jsonw_key(j, "model");
	cs_jsonw_u64(j, id->model);
	cs_jsonw_key(j, "stepping");
	cs_jsonw_u64(j, id->stepping);
	cs_jsonw_key(j, "hypervisor");
	cs_jsonw_bool(j, id->hypervisor);
	cs_jsonw_key(j, "hv_signature");
	cs_jsonw_str(j, id->hv_signature);
	/* the conclusion beside its evidence (docs/emulators.md s.1): the
	 * emulator the signature names, null for none (KVM is none) */
	cs_jsonw_key(j, "emulator");
	if (cs_emulator_of_signature(id->hv_signature))
		cs_jsonw_str(j, cs_emulator_of_signature(id->hv_signature));
	else
		cs_jsonw_null(j);
	cs_jsonw_key(j, "invariant_tsc");
	cs_jsonw_bool(j, id->invariant_tsc);
}

void cs_cpuid_json(struct cs_jsonw *j, const struct cs_cpuid_dump *d)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, "cpuid");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < d->n; i++) {
		const struct cs_cpuid_entry *e = &d->e[i];
		cs_jsonw_obj(j);
		j->pretty = 0; /* one leaf a line */
		cs_jsonw_key(j, "leaf");
		cs_jsonw_hex(j, e->leaf);
		cs_jsonw_key(j, "subleaf");
		cs_jsonw_hex(j, e->subleaf);
		cs_jsonw_key(j, "eax");
		cs_jsonw_hex(j, e->r.eax);
		cs_jsonw_key(j, "ebx");
		cs_jsonw_hex(j, e->r.ebx);
		cs_jsonw_key(j, "ecx");
		cs_jsonw_hex(j, e->r.ecx);
		cs_jsonw_key(j, "edx");
		cs_jsonw_hex(j, e->r.edx);
		cs_jsonw_obj_end(j);
		j->pretty = pretty;
	}
	cs_jsonw_arr_end(j);
}
