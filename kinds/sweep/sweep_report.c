/* sweep_report.c: the sweep's lines of the text report (the report column
 * of common/kinds.h; reduce/kinds.c walks it), and the level line every
 * staircase shares (reduce/report.h), identical on the firmware's screen
 * and from `cacheshape reduce`. Columns are padded for a fixed-width
 * console. */
#include "../../reduce/kinds.h"

static size_t line_start(const struct cs_buf *b)
{
	return b->len;
}

void cs_report_put_ns(struct cs_buf *b, double ns)
{
	cs_put_fixed(b, ns, ns < 10 ? 2 : 1);
	cs_puts(b, " ns");
}

/* One end of a level: a size, or a whole count of pages in full. */
static void put_end(struct cs_buf *b, double v, int pages)
{
	if (pages)
		cs_put_g(b, v, 9);
	else
		cs_put_size(b, v);
}

void cs_report_level(struct cs_buf *b, uint32_t n, const struct cs_level *L, int pages,
		     double cpn)
{
	size_t s = line_start(b);
	cs_puts(b, "  level ");
	cs_put_u64(b, n);
	cs_pad_to(b, s, 11);
	cs_puts(b, "floor ");
	cs_report_put_ns(b, L->floor_ns);
	if (cpn > 0) {
		cs_puts(b, " = ");
		cs_put_fixed(b, L->floor_ns * cpn, 1);
		cs_puts(b, " cycles");
	}
	cs_putc(b, ' '); /* a long figure ("over 1.8e308 cycles") overruns the column */
	cs_pad_to(b, s, cpn > 0 ? 44 : 30);
	put_end(b, L->first_bytes, pages);
	cs_puts(b, " .. ");
	put_end(b, L->last_bytes, pages);
	if (pages)
		cs_puts(b, " pages");
	if (L->climb) /* reduction.md s.9: levels joined by a smooth climb */
		cs_puts(b, "  (smooth climb)");
	cs_putc(b, '\n');
}

static void report_levels(struct cs_buf *b, const struct cs_result *r)
{
	cs_puts(b, "levels: ");
	cs_put_u64(b, r->n_levels);
	cs_puts(b, " (from ");
	cs_put_u64(b, r->n_plateaus);
	cs_puts(b, r->n_plateaus == 1 ? " plateau)\n" : " plateaus)\n");
	for (uint32_t l = 0; l < r->n_levels; l++) {
		const struct cs_spread *f = &r->rep.floor[l];
		cs_report_level(b, l + 1, &r->levels[l], 0, cs_clock_cycles_per_ns(r));
		if (!r->rep.n || l >= CS_MAX_LEVELS)
			continue;
		cs_puts(b, "           spread ");
		if (f->has) { /* docs/repeats.md s.3 */
			cs_report_put_ns(b, f->min);
			cs_puts(b, " .. ");
			cs_report_put_ns(b, f->max);
		} else {
			cs_puts(b, "none");
		}
		cs_puts(b, ", the floor in ");
		cs_put_u64(b, f->found);
		cs_puts(b, " of ");
		cs_put_u64(b, r->rep.n);
		cs_puts(b, " repeats");
		if (f->wild) { /* s.3: more than CS_REPEAT_WILD_MADS off, left out */
			cs_puts(b, ", ");
			cs_put_u64(b, f->wild);
			cs_puts(b, " wild left out");
		}
		cs_putc(b, '\n');
	}
}

/* A knee's spread over the repeats (docs/repeats.md s.2): "a .. b (k/N)". */
static void spread_cell(struct cs_buf *b, const struct cs_result *r, uint32_t n)
{
	const struct cs_spread *s = &r->rep.knee[n];
	if (!r->knees[n].has_bytes || n >= CS_MAX_KNEES) {
		cs_puts(b, "-");
		return;
	}
	if (s->has) {
		cs_put_size(b, s->min);
		cs_puts(b, " .. ");
		cs_put_size(b, s->max);
		cs_putc(b, ' ');
	}
	cs_putc(b, '(');
	cs_put_u64(b, s->found);
	cs_putc(b, '/');
	cs_put_u64(b, r->rep.n);
	if (s->wild) { /* s.2: wild repeats left out of the spread */
		cs_puts(b, ", ");
		cs_put_u64(b, s->wild);
		cs_puts(b, " wild");
	}
	cs_putc(b, ')');
}

void cs_report_table(struct cs_buf *b, const struct cs_report_table *t, uint32_t rows)
{
	size_t s = line_start(b);
	cs_puts(b, t->heading);
	for (uint32_t c = 0; c < t->n_cols; c++) {
		cs_pad_to(b, s, t->stop[c]);
		cs_puts(b, t->title[c]);
	}
	cs_putc(b, '\n');
	for (uint32_t n = 0; n < rows; n++) {
		s = line_start(b);
		cs_puts(b, "  ");
		cs_put_u64(b, n + 1);
		for (uint32_t c = 0; c < t->n_cols; c++) {
			cs_pad_to(b, s, t->stop[c]);
			t->cell(b, t->ctx, n, c);
		}
		cs_putc(b, '\n');
	}
}

/* The sweep's knees: size, retired rule, published level, gap. */
static void knee_cell(struct cs_buf *b, const void *ctx, uint32_t n, uint32_t col)
{
	const struct cs_knee *k = &((const struct cs_result *)ctx)->knees[n];
	if (col == 4)
		spread_cell(b, ctx, n);
	else if (col == 0 && k->has_bytes)
		cs_put_size(b, k->bytes);
	else if (col == 0)
		cs_puts(b, "missing");
	else if (col == 1 && k->has_retired)
		cs_put_size(b, k->retired_bytes);
	else if (col == 2 && k->has_published) {
		cs_putc(b, 'L');
		cs_put_u64(b, k->published_level);
		cs_putc(b, ' ');
		cs_put_size(b, k->published_bytes);
	} else if (col == 2)
		cs_puts(b, "unmatched");
	else if (col == 3 && k->has_gap)
		cs_put_pct(b, k->gap);
	else
		cs_puts(b, "-");
}

static void report_knees(struct cs_buf *b, const struct cs_result *r)
{
	static const uint8_t stop[] = { 11, 24, 37, 55, 64 };
	static const char *const title[] = { "knee", "retired", "published", "gap",
					     "spread over repeats" };
	const struct cs_report_table t = { "knees:", r->rep.n ? 5 : 4, stop, title, knee_cell, r };
	if (!r->n_knees)
		return;
	cs_report_table(b, &t, r->n_knees);
	cs_puts(b, "gap with depth: ");
	switch (r->gap_order) {
	case CS_GAP_ORDER_FALLS:
		cs_puts(b, "each deeper knee falls further behind its published size\n");
		break;
	case CS_GAP_ORDER_NO:
		cs_puts(b, "does not fall at every level down\n");
		break;
	default:
		cs_puts(b, "fewer than two knees to compare\n");
	}
}

void cs_sweep_report(struct cs_buf *b, const struct cs_capture *c,
		     const struct cs_result *r)
{
	if (c->arch[0] && !cs_arch_known(c->arch)) {
		cs_puts(b, "note: environment.arch \"");
		cs_puts(b, c->arch);
		cs_puts(b, "\" is not one this build names (x86_64, aarch64, riscv64); read as it is\n");
	}
	cs_puts(b, "sweep: ");
	cs_put_u64(b, r->n_points);
	cs_puts(b, " points, ");
	cs_put_u64(b, r->n_used);
	cs_puts(b, " used");
	if (c->n_points) { /* smallest .. largest, in whatever order taken */
		double lo = c->points[0].bytes, hi = lo;
		for (uint32_t i = 1; i < c->n_points; i++) {
			lo = c->points[i].bytes < lo ? c->points[i].bytes : lo;
			hi = c->points[i].bytes > hi ? c->points[i].bytes : hi;
		}
		cs_puts(b, ", ");
		cs_put_size(b, lo);
		cs_puts(b, " .. ");
		cs_put_size(b, hi);
	}
	cs_putc(b, '\n');
	uint32_t pub = 0;
	for (uint32_t i = 0; i < c->n_caches; i++)
		pub += c->caches[i].type != CS_CACHE_INSTRUCTION;
	if (!pub)
		cs_puts(b, "published: no data or unified cache in this capture: knees are compared with nothing\n");
	report_levels(b, r);
	report_knees(b, r);
}
