/* tlb_report.c: the TLB kind's lines of the text report (tlb_kind.h, the
 * report column of common/kinds.h): the same words on the firmware's screen
 * and from `cacheshape reduce`. Freestanding. */
#include "tlb_kind.h"
#include "../../reduce/kinds.h"
#include "../../reduce/query.h"
#include "../../common/csmath.h"

/* A page count of the grid (a whole number), in full. */
static void put_count(struct cs_buf *b, double v)
{
	cs_put_g(b, v, 9);
}

/* A knee, which lies between two counts: three or four figures. */
static void put_knee(struct cs_buf *b, double v)
{
	cs_put_g(b, v, v < 1000 ? 3 : 4);
}

/* Core cycles per ns while cs_tlb_report writes (0: none, as for
 * cs_tlb_report_result alone). */
static double cpn_;

static void levels(struct cs_buf *b, const struct cs_tlb_series_result *s)
{
	for (uint32_t l = 0; l < s->n_levels; l++)
		cs_report_level(b, l + 1, &s->levels[l], 1, cpn_);
}

/* A TLB sweep's knees: entries, reach, retired rule, published, gap. */
static void knee_cell(struct cs_buf *b, const void *ctx, uint32_t n, uint32_t col)
{
	const struct cs_tlb_series_result *s = ctx;
	const struct cs_tlb_knee *k = &s->knees[n];
	if (col == 0 && k->has_entries)
		put_knee(b, k->entries);
	else if (col == 0)
		cs_puts(b, "missing");
	else if (col == 1 && k->has_entries)
		cs_put_size(b, cs_tlb_reach(k->entries, s->page_bytes));
	else if (col == 2 && k->has_retired)
		put_count(b, k->retired_entries);
	else if (col == 3 && k->has_published) {
		cs_putc(b, 'L');
		cs_put_u64(b, k->published_level);
		cs_putc(b, ' ');
		put_count(b, k->published_entries);
	} else if (col == 3)
		cs_puts(b, k->alias ? "aliasing" : "unmatched");
	else if (col == 4 && k->has_gap)
		cs_put_pct(b, k->gap);
	else
		cs_puts(b, "-");
}

static void knees(struct cs_buf *b, const struct cs_tlb_series_result *s)
{
	static const uint8_t stop[] = { 11, 22, 35, 46, 60 };
	static const char *const title[] = { "entries", "reach", "retired", "published", "gap" };
	const struct cs_report_table t = { "  knees:", 5, stop, title, knee_cell, s };
	if (s->n_knees)
		cs_report_table(b, &t, s->n_knees);
}

static void one_series(struct cs_buf *b, const struct cs_tlb_series *ser,
		       const struct cs_tlb_series_result *s)
{
	cs_puts(b, "TLB, ");
	cs_put_page(b, s->page_bytes);
	cs_puts(b, " pages");
	if (ser->page_tables[0]) {
		cs_puts(b, " (page tables: ");
		cs_puts(b, ser->page_tables);
		cs_puts(b, ")");
	}
	if (!s->measured) {
		cs_puts(b, ": not measured\n");
	} else {
		cs_puts(b, ": ");
		cs_put_u64(b, s->n_points);
		cs_puts(b, " points, ");
		cs_put_u64(b, s->n_used);
		cs_puts(b, " used; levels ");
		cs_put_u64(b, s->n_levels);
		cs_putc(b, '\n');
		levels(b, s);
		knees(b, s);
	}
	for (uint32_t i = 0; i < s->n_refusals; i++) {
		cs_puts(b, "  ");
		cs_puts(b, s->refusals[i].code);
		cs_puts(b, ": ");
		cs_puts(b, s->refusals[i].reason);
		cs_putc(b, '\n');
	}
}

/* The two staircases: each data-cache knee at a TLB's reach, or the
 * reaches the data-cache knees were held against. */
static void two_staircases(struct cs_buf *b, const struct cs_capture *c,
			   const struct cs_tlb_result *t)
{
	uint32_t reaches = 0;
	for (uint32_t i = 0; i < t->n_series; i++)
		for (uint32_t k = 0; k < t->series[i].n_knees; k++)
			reaches += t->series[i].knees[k].has_entries && !t->series[i].knees[k].alias;
	if (!reaches)
		return;
	cs_puts(b, "two staircases: ");
	if (!t->n_translation) {
		cs_puts(b, "no data-cache knee lies within ");
		cs_put_g(b, CS_TLB_TRANSLATION_NEAR * 100, 6);
		cs_puts(b, " % of a TLB reach");
		if (c->tlb.has_pool_pages) {
			cs_puts(b, " on the ");
			cs_put_page(b, c->tlb.pool_pages);
			cs_puts(b, " pages the data-cache sweep ran on");
		}
		cs_puts(b, ": its steps are the caches'\n");
		return;
	}
	for (uint32_t i = 0; i < t->n_translation; i++) {
		const struct cs_tlb_translation *x = &t->translation[i];
		if (i)
			cs_puts(b, "; ");
		cs_puts(b, "data-cache knee ");
		cs_put_u64(b, x->knee + 1);
		cs_puts(b, " (");
		cs_put_size(b, x->bytes);
		cs_puts(b, ") lies within ");
		cs_put_g(b, CS_TLB_TRANSLATION_NEAR * 100, 6);
		cs_puts(b, " % (|knee / reach - 1| = ");
		cs_put_fixed(b, cs_fabs(x->bytes / x->reach - 1), 2);
		cs_puts(b, " <= ");
		cs_put_g(b, CS_TLB_TRANSLATION_NEAR, 6);
		cs_puts(b, ") of the reach of ");
		if (x->level) {
			cs_puts(b, "the L");
			cs_put_u64(b, x->level);
			cs_puts(b, " TLB");
		} else {
			cs_puts(b, "a TLB level");
		}
		cs_puts(b, " for ");
		cs_put_page(b, x->page_bytes);
		cs_puts(b, " pages (");
		put_knee(b, x->entries);
		cs_puts(b, " x ");
		cs_put_page(b, x->page_bytes);
		cs_puts(b, " = ");
		cs_put_size(b, x->reach);
		cs_puts(b, "): translation, not a cache");
	}
	cs_putc(b, '\n');
}

static void large_pages(struct cs_buf *b, const struct cs_capture *c,
			const struct cs_tlb_result *t)
{
	if (!t->has_large)
		return;
	cs_puts(b, "sweep on large pages (");
	cs_put_page(b, c->tlb.large_page_bytes);
	if (c->tlb.large_page_tables[0]) {
		cs_puts(b, ", page tables: ");
		cs_puts(b, c->tlb.large_page_tables);
	}
	cs_puts(b, "): ");
	if (!t->large_reduced) {
		cs_puts(b, "cannot be reduced: ");
		cs_puts(b, t->large_err);
		cs_putc(b, '\n');
		return;
	}
	cs_put_u64(b, t->n_large_levels);
	cs_puts(b, " levels, knees");
	uint32_t shown = 0;
	for (uint32_t k = 0; k < t->n_large_knees; k++) {
		if (!t->large_knees[k].has_bytes)
			continue;
		cs_puts(b, shown++ ? ", " : " ");
		cs_put_size(b, t->large_knees[k].bytes);
	}
	if (!shown)
		cs_puts(b, " none");
	cs_putc(b, '\n');
}

void cs_tlb_report_result(struct cs_buf *b, const struct cs_capture *c,
			  const struct cs_tlb_result *t)
{
	const struct cs_tlb_capture *k = &c->tlb;
	if (!t->present)
		return;
	if (k->has_published && k->published_null) {
		cs_puts(b, "published TLBs: none (");
		cs_puts(b, k->published_reason);
		cs_puts(b, ")\n");
	}
	if (k->has_pool_pages) {
		cs_puts(b, "the data-cache sweep's memory was on ");
		cs_put_page(b, k->pool_pages);
		cs_puts(b, " pages");
		if (k->pool_pages_how[0]) {
			cs_puts(b, " (");
			cs_puts(b, k->pool_pages_how);
			cs_putc(b, ')');
		}
		cs_putc(b, '\n');
	}
	for (uint32_t i = 0; i < t->n_series; i++)
		one_series(b, &k->series[i], &t->series[i]);
	two_staircases(b, c, t);
	large_pages(b, c, t);
}

void cs_tlb_report(struct cs_buf *b, const struct cs_capture *c, const struct cs_result *r)
{
	cpn_ = cs_cycles_per_ns(r);
	cs_tlb_report_result(b, c, &r->tlb);
	cpn_ = 0;
}
