/* kinds.c: a capture reduced, every kind of the table (common/kinds.h)
 * once, into one struct cs_result; and the text report, each kind's lines
 * in the table's order, then the sweep's and the adjacency's refusals.
 * Freestanding. */
#include "kinds.h"
#include "summary.h"
#include "reference.h"

int cs_none_reduce(const struct cs_capture *c, struct cs_work *w,
		   struct cs_result *r, char *err, size_t errlen)
{
	(void)c;
	(void)w;
	(void)r;
	(void)err;
	(void)errlen;
	return 0;
}

void cs_none_report(struct cs_buf *b, const struct cs_capture *c,
		    const struct cs_result *r)
{
	(void)b;
	(void)c;
	(void)r;
}

typedef int (*cs_reduce_fn)(const struct cs_capture *c, struct cs_work *w,
			    struct cs_result *r, char *err, size_t errlen);
typedef void (*cs_report_fn)(struct cs_buf *b, const struct cs_capture *c,
			     const struct cs_result *r);
static const struct {
	cs_reduce_fn reduce;
	cs_report_fn report;
} kinds[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, ...) { reduce, report },
	CS_KINDS
#undef CS_KIND
};

int cs_reduce_kinds(const struct cs_capture *c, struct cs_work *w,
		    struct cs_result *r, uint32_t first, uint32_t end,
		    char *err, size_t errlen)
{
	if (errlen)
		err[0] = '\0';
	for (uint32_t k = first; k < end && k < CS_KIND_COUNT; k++)
		if (kinds[k].reduce(c, w, r, err, errlen) != 0)
			return -1;
	if (end >= CS_KIND_COUNT)
		cs_reference_verdict(c, r); /* after every kind: it reads them all */
	return 0;
}

int cs_reduce_capture(const struct cs_capture *c, struct cs_work *w,
		      struct cs_result *r, char *err, size_t errlen)
{
	return cs_reduce_kinds(c, w, r, 0, CS_KIND_COUNT, err, errlen);
}

void cs_report_text(struct cs_buf *b, const struct cs_capture *c,
		    const struct cs_result *r)
{
	cs_summary_text(b, c, r); /* the answer first (docs/summary.md) */
	cs_putc(b, '\n');
	cs_report_detail(b, c, r);
}

void cs_report_detail(struct cs_buf *b, const struct cs_capture *c,
		      const struct cs_result *r)
{
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		kinds[k].report(b, c, r);
	if (!r->n_refusals) {
		cs_puts(b, "refusals: none\n");
		return;
	}
	cs_puts(b, "refusals:\n");
	for (uint32_t i = 0; i < r->n_refusals; i++) {
		/* a refusal made where it was measured travels in the capture:
		 * its text is shown, never sent to the terminal (buf.h) */
		cs_puts(b, "  ");
		cs_put_text(b, r->refusals[i].code);
		cs_puts(b, ": ");
		cs_put_text(b, r->refusals[i].reason);
		cs_putc(b, '\n');
	}
}
