/* kinds.c: a capture reduced, every kind of the table (common/kinds.h)
 * once, into one struct cs_result; and the text report, each kind's lines
 * in the table's order, then the sweep's and the adjacency's refusals.
 * Freestanding. */
#include "kinds.h"
#include "summary.h"

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

void cs_none_after(const struct cs_capture *c, struct cs_result *r)
{
	(void)c;
	(void)r;
}

typedef int (*cs_reduce_fn)(const struct cs_capture *c, struct cs_work *w,
			    struct cs_result *r, char *err, size_t errlen);
typedef void (*cs_after_fn)(const struct cs_capture *c, struct cs_result *r);
typedef void (*cs_report_fn)(struct cs_buf *b, const struct cs_capture *c,
			     const struct cs_result *r);
static const struct {
	cs_reduce_fn reduce;
	cs_report_fn report;
	cs_after_fn after;
} kinds[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, \
		plot, settings, screen, points, synthetic, query, after, ...) { reduce, report, after },
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
	for (uint32_t k = 0; end >= CS_KIND_COUNT && k < CS_KIND_COUNT; k++)
		kinds[k].after(c, r); /* after every row: it reads them all */
	return 0;
}

int cs_reduce_capture(const struct cs_capture *c, struct cs_work *w,
		      struct cs_result *r, char *err, size_t errlen)
{
	return cs_reduce_kinds(c, w, r, 0, CS_KIND_COUNT, err, errlen);
}

static int name_char(char ch)
{
	return (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

void cs_report_plain(struct cs_buf *b, size_t from)
{
	char *s = b->p;
	size_t i = from, o = from, n = b->len;
	if (!s)
		return;
	while (i < n) {
		size_t e = i + 3;
		if (!(s[i] == 'C' && i + 3 < n && s[i + 1] == 'S' && s[i + 2] == '_' &&
		      s[i + 3] >= 'A' && s[i + 3] <= 'Z') ||
		    (i > from && (name_char(s[i - 1]) || (s[i - 1] >= 'a' && s[i - 1] <= 'z')))) {
			s[o++] = s[i++];
			continue;
		}
		while (e < n && name_char(s[e]))
			e++;
		if (o > from && s[o - 1] == '(' && e < n && s[e] == ')') {
			o--; /* " (CS_X)": the parenthesis goes with it */
			if (o > from && s[o - 1] == ' ')
				o--;
			e++;
		} else if (e + 1 < n && (s[e] == ';' || s[e] == ',' || s[e] == ':') && s[e + 1] == ' ') {
			e += 2; /* "(CS_X; more)", "(CS_X: more)" -> "(more)" */
		} else if (e < n && s[e] == ' ') {
			e++; /* "CS_X 0.1" -> "0.1" */
		} else if (o > from && s[o - 1] == ' ') {
			o--; /* "by CS_X." -> "by." at worst, never a stray space */
		}
		i = e;
	}
	s[o] = 0;
	b->len = o;
}

void cs_report_text(struct cs_buf *b, const struct cs_capture *c,
		    const struct cs_result *r)
{
	size_t from = b->len;
	cs_summary_text(b, c, r); /* the answer first (docs/summary.md) */
	cs_report_plain(b, from);
	cs_putc(b, '\n');
	cs_report_detail(b, c, r);
}

static void report_detail(struct cs_buf *b, const struct cs_capture *c,
			  const struct cs_result *r);

void cs_report_detail(struct cs_buf *b, const struct cs_capture *c,
		      const struct cs_result *r)
{
	size_t from = b->len;
	report_detail(b, c, r);
	cs_report_plain(b, from);
}

void cs_report_detail_explain(struct cs_buf *b, const struct cs_capture *c,
			      const struct cs_result *r)
{
	report_detail(b, c, r);
}

static void report_detail(struct cs_buf *b, const struct cs_capture *c,
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
