/* adj_report.c: the adjacency probe's lines of the text report (the report
 * column of common/kinds.h; reduce/kinds.c walks it): a verdict per
 * placement, identical on the firmware's screen and from `cacheshape
 * reduce`. Columns are padded for a fixed-width console. */
#include "../../reduce/kinds.h"

static size_t line_start(const struct cs_buf *b)
{
	return b->len;
}

static void put_fig(struct cs_buf *b, const char *name, int has, double v)
{
	cs_puts(b, name);
	if (has)
		cs_put_fixed(b, v, 2);
	else
		cs_puts(b, "-");
}

void cs_adj_report(struct cs_buf *b, const struct cs_capture *c,
		   const struct cs_result *r)
{
	(void)c;
	if (!r->n_adj)
		return;
	cs_puts(b, "adjacency:\n");
	for (uint32_t i = 0; i < r->n_adj; i++) {
		const struct cs_adj_result *a = &r->adj[i];
		size_t s = line_start(b);
		cs_puts(b, "  ");
		cs_puts(b, cs_placement_name(a->placement));
		cs_pad_to(b, s, 11);
		if (a->has_footprint) {
			cs_puts(b, "F ");
			cs_put_size(b, a->footprint_bytes);
		}
		cs_pad_to(b, s, 24);
		if (a->has_granule) {
			cs_puts(b, "granule ");
			cs_put_g(b, a->granule_bytes, 6);
			cs_puts(b, " B");
		} else {
			cs_puts(b, "refused ");
			cs_put_text(b, a->refusal.code);
		}
		if (a->has_fit) {
			cs_puts(b, "  (");
			put_fig(b, "r2 ", a->has_r2, a->r2);
			put_fig(b, ", margin ", a->has_margin, a->margin);
			put_fig(b, ", ramp ", a->has_ramp, a->ramp);
			cs_putc(b, ')');
		}
		cs_putc(b, '\n');
	}
}
