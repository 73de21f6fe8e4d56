/* cpuid_tlb.c: the TLBs an x86 processor publishes, read from a CPUID dump
 * (cpuid.h): leaf 0x18, AMD's 0x80000005/6 and 0x80000019, and leaf 2's
 * descriptor bytes (table in cpuid_leaf2.c). The raw registers stay in the
 * dump, which the capture keeps whole. */
#include "cpuid.h"
#include "../common/buf.h"

#define KIB4 4096ull
#define MIB2 (2ull << 20)
#define MIB4 (4ull << 20)
#define GIB1 (1ull << 30)
#define CS_LEAF18_MAX_SUB 16u /* as cpuid.c collects */
#define CS_LEAF2_MAX_ITER 4u

/* Collects TLBs into a caller's array, sorted by page size, level, type;
 * when it is full, the ones that sort first are kept. */
struct tlb_list {
	struct cs_tlb *out;
	uint32_t max, n;
};

static int tlb_before(const struct cs_tlb *a, const struct cs_tlb *b)
{
	if (a->page_bytes != b->page_bytes)
		return a->page_bytes < b->page_bytes;
	if (a->level != b->level)
		return a->level < b->level;
	return a->type < b->type;
}

static void tlb_add(struct tlb_list *l, const struct cs_tlb *t)
{
	uint32_t i;

	if (t->entries == 0 || t->level == 0 || l->max == 0)
		return;
	if (l->n >= l->max) { /* full: keep the first in order, drop the last */
		if (!tlb_before(t, &l->out[l->max - 1]))
			return;
		l->n--;
	}
	i = l->n++;
	while (i > 0 && tlb_before(t, &l->out[i - 1])) {
		l->out[i] = l->out[i - 1];
		i--;
	}
	l->out[i] = *t;
}

/* ---- leaf 0x18: deterministic address translation parameters ----
 * Per subleaf: EDX[4:0] type (0 none, 1 data, 2 instruction, 3 unified,
 * 4 load only, 5 store only), EDX[7:5] level, EDX[8] fully associative;
 * EBX[0..3] 4K, 2M, 4M, 1G pages, EBX[31:16] ways; ECX sets. */
static void decode_leaf18(const struct cs_cpuid_dump *d, struct tlb_list *l)
{
	static const uint64_t pages[4] = { KIB4, MIB2, MIB4, GIB1 };
	const struct cs_cpuid_regs *r = cs_cpuid_find(d, 0x18, 0);
	uint32_t last, sub, type, bit;

	if (!r)
		return;
	last = r->eax;
	for (sub = 0; sub <= last && sub < CS_LEAF18_MAX_SUB; sub++) {
		struct cs_tlb t;
		r = cs_cpuid_find(d, 0x18, sub);
		if (!r)
			break;
		type = r->edx & 0x1f;
		if (type == 0 || type == 5 || type > 5)
			continue; /* none; store only (the sweep loads); reserved */
		t.type = type == 2 ? CS_CACHE_INSTRUCTION :
			 type == 3 ? CS_CACHE_UNIFIED : CS_CACHE_DATA;
		t.level = (r->edx >> 5) & 7;
		t.ways = r->ebx >> 16;
		t.entries = t.ways * r->ecx;
		if ((r->edx >> 8) & 1)
			t.ways = t.entries;
		for (bit = 0; bit < 4; bit++) {
			if (!((r->ebx >> bit) & 1))
				continue;
			t.page_bytes = pages[bit];
			tlb_add(l, &t);
		}
	}
}

/* ---- AMD: 0x80000005 (L1), 0x80000006 (L2), 0x80000019 (1 GiB) ---- */

/* 0x80000005's associativity byte: 0 reserved, 0xFF fully, else ways. */
static uint32_t l1_ways(uint32_t v, uint32_t entries)
{
	return v == 0xff ? entries : v;
}

/* The 4-bit encoding of 0x80000006 and 0x80000019 (AMD APM vol. 3, the
 * L2/L3 cache and TLB associativity table): 0 disabled, 0xF fully; 7 is
 * reserved and 9 defers to 0x8000001D, which describes no TLB: ways not
 * published (0). */
static uint32_t l2_ways(uint32_t v, uint32_t entries)
{
	static const uint8_t ways[16] = { 0, 1, 2, 3, 4, 6, 8, 0, 16, 0, 32, 48, 64, 96, 128, 0 };
	return v == 0xf ? entries : ways[v & 0xf];
}

static void amd_add(struct tlb_list *l, uint32_t level, enum cs_cache_type type,
		    uint64_t page, uint32_t entries, uint32_t ways)
{
	struct cs_tlb t = { level, type, page, entries, ways };
	tlb_add(l, &t);
}

/* One register of 0x80000005: data [31:24] ways, [23:16] entries;
 * instruction [15:8], [7:0]. */
static void amd_l1(struct tlb_list *l, uint32_t v, uint64_t page)
{
	uint32_t de = (v >> 16) & 0xff, ie = v & 0xff;
	if (v >> 24)
		amd_add(l, 1, CS_CACHE_DATA, page, de, l1_ways(v >> 24, de));
	if ((v >> 8) & 0xff)
		amd_add(l, 1, CS_CACHE_INSTRUCTION, page, ie, l1_ways((v >> 8) & 0xff, ie));
}

/* One register of 0x80000006 or 0x80000019: data [31:28] ways (encoded),
 * [27:16] entries; instruction [15:12], [11:0]. A field whose ways read 0
 * is a disabled (absent) TLB. */
static void amd_l2(struct tlb_list *l, uint32_t level, uint32_t v, uint64_t page)
{
	uint32_t de = (v >> 16) & 0xfff, ie = v & 0xfff;
	if (v >> 28)
		amd_add(l, level, CS_CACHE_DATA, page, de, l2_ways(v >> 28, de));
	if ((v >> 12) & 0xf)
		amd_add(l, level, CS_CACHE_INSTRUCTION, page, ie, l2_ways((v >> 12) & 0xf, ie));
}

static void decode_amd(const struct cs_cpuid_dump *d, struct tlb_list *l)
{
	const struct cs_cpuid_regs *r5 = cs_cpuid_find(d, 0x80000005u, 0);
	const struct cs_cpuid_regs *r6 = cs_cpuid_find(d, 0x80000006u, 0);
	const struct cs_cpuid_regs *r19 = cs_cpuid_find(d, 0x80000019u, 0);

	if (r5) {
		amd_l1(l, r5->ebx, KIB4);
		amd_l1(l, r5->eax, MIB2);
	}
	if (r6) {
		amd_l2(l, 2, r6->ebx, KIB4);
		amd_l2(l, 2, r6->eax, MIB2);
	}
	if (r19) {
		amd_l2(l, 1, r19->eax, GIB1);
		amd_l2(l, 2, r19->ebx, GIB1);
	}
}

/* ---- leaf 2: descriptor bytes, as for the caches (cpuid.c) ---- */
static void decode_leaf2(const struct cs_cpuid_dump *d, struct tlb_list *l)
{
	const struct cs_cpuid_regs *r = cs_cpuid_find(d, 2, 0);
	struct cs_tlb t[3];
	uint32_t iters, it, reg, byte, v, n;

	if (!r)
		return;
	iters = r->eax & 0xff;
	for (it = 0; it < iters && it < CS_LEAF2_MAX_ITER; it++) {
		r = cs_cpuid_find(d, 2, it);
		if (!r)
			break;
		for (reg = 0; reg < 4; reg++) {
			v = reg == 0 ? r->eax : reg == 1 ? r->ebx : reg == 2 ? r->ecx : r->edx;
			if (v >> 31)
				continue;
			for (byte = reg == 0 ? 1 : 0; byte < 4; byte++) {
				n = cs_cpuid_leaf2_tlb((uint8_t)(v >> (8 * byte)), t, 3);
				for (uint32_t k = 0; k < n; k++)
					tlb_add(l, &t[k]);
			}
		}
	}
}

/* 1 when leaf 2 holds descriptor byte b (0xFE: "see leaf 0x18"). */
static int leaf2_has(const struct cs_cpuid_dump *d, uint8_t b)
{
	const struct cs_cpuid_regs *r = cs_cpuid_find(d, 2, 0);
	uint32_t iters = r ? r->eax & 0xff : 0;
	for (uint32_t it = 0; it < iters && it < CS_LEAF2_MAX_ITER; it++) {
		r = cs_cpuid_find(d, 2, it);
		if (!r)
			break;
		for (uint32_t reg = 0; reg < 4; reg++) {
			uint32_t v = reg == 0 ? r->eax : reg == 1 ? r->ebx : reg == 2 ? r->ecx : r->edx;
			if (v >> 31)
				continue;
			for (uint32_t byte = reg == 0 ? 1 : 0; byte < 4; byte++)
				if ((uint8_t)(v >> (8 * byte)) == b)
					return 1;
		}
	}
	return 0;
}

void cs_cpuid_tlbs_why(const struct cs_cpuid_dump *d, char *out, size_t len)
{
	struct cs_buf b;
	cs_buf_init(&b, out, len);
	if (leaf2_has(d, 0xfe))
		cs_puts(&b, "CPUID names no TLB: leaf 2 defers to leaf 0x18 (descriptor 0xFE), and leaf 0x18 "
			    "names none (a virtual machine may hide it); 0x80000005/6/19 are empty");
	else
		cs_puts(&b, "CPUID names no TLB (leaf 0x18, 0x80000005/6/19 and leaf 2 are empty)");
}

const char *cs_cpuid_tlb_source_name(enum cs_cpuid_tlb_source src)
{
	switch (src) {
	case CS_CPUID_TLB_LEAF18: return "cpuid-leaf18";
	case CS_CPUID_TLB_AMD: return "cpuid-80000005";
	case CS_CPUID_TLB_LEAF2: return "cpuid-leaf2";
	}
	return "";
}

uint32_t cs_cpuid_tlbs_from(const struct cs_cpuid_dump *d,
			    enum cs_cpuid_tlb_source src, struct cs_tlb *out,
			    uint32_t max)
{
	struct tlb_list l = { out, max, 0 };

	switch (src) {
	case CS_CPUID_TLB_LEAF18:
		decode_leaf18(d, &l);
		break;
	case CS_CPUID_TLB_AMD:
		decode_amd(d, &l);
		break;
	case CS_CPUID_TLB_LEAF2:
		decode_leaf2(d, &l);
		break;
	}
	return l.n;
}

uint32_t cs_cpuid_tlbs(const struct cs_cpuid_dump *d, struct cs_tlb *out,
		       uint32_t max, const char **source)
{
	static const enum cs_cpuid_tlb_source intel_order[] = {
		CS_CPUID_TLB_LEAF18, CS_CPUID_TLB_LEAF2, CS_CPUID_TLB_AMD,
	};
	static const enum cs_cpuid_tlb_source amd_order[] = {
		CS_CPUID_TLB_AMD, CS_CPUID_TLB_LEAF18, CS_CPUID_TLB_LEAF2,
	};
	struct cs_cpu_ident id;
	const enum cs_cpuid_tlb_source *order;
	uint32_t i, n;

	cs_cpuid_ident(d, &id);
	order = cs_streq(id.vendor, "AuthenticAMD") || cs_streq(id.vendor, "HygonGenuine")
		? amd_order : intel_order;
	for (i = 0; i < 3; i++) {
		n = cs_cpuid_tlbs_from(d, order[i], out, max);
		if (n) {
			if (source)
				*source = cs_cpuid_tlb_source_name(order[i]);
			return n;
		}
	}
	if (source)
		*source = "";
	return 0;
}
