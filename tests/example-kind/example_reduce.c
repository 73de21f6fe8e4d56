/* example_reduce.c: the example kind's reducing columns (example.h): its
 * reduction, its phase after every row, its lines of the report, its
 * members of reduce --json, its cell of the summary. Freestanding. */
#include "../../reduce/kinds.h"
#include "../../reduce/json.h"
#include "../../reduce/summary.h"
#include "../../common/buf.h"

int cs_example_reduce(const struct cs_capture *c, struct cs_work *w, struct cs_result *r,
		      char *err, size_t errlen)
{
	const struct cs_example_capture *x = &c->example;
	(void)w;
	(void)err;
	(void)errlen;
	cs_memset(&r->example, 0, sizeof r->example);
	r->example.present = x->present;
	r->example.doubled = 2 * x->value;
	r->example.has_page = x->has_page;
	r->example.page_bytes = x->page_bytes;
	return 0;
}

/* The after column: once every row is reduced, what another kind found
 * (the sweep's knees) is there to read. */
void cs_example_after(const struct cs_capture *c, struct cs_result *r)
{
	(void)c;
	if (r->example.present)
		r->example.knees = r->n_knees;
}

void cs_example_report(struct cs_buf *b, const struct cs_capture *c, const struct cs_result *r)
{
	if (!r->example.present)
		return;
	cs_puts(b, "example: doubled ");
	cs_put_u64(b, r->example.doubled);
	cs_puts(b, "; the region on ");
	if (r->example.has_page) {
		cs_put_size(b, (double)r->example.page_bytes);
		cs_puts(b, " pages (");
	} else {
		cs_puts(b, "pages of no known size (");
	}
	cs_puts(b, c->example.how);
	cs_puts(b, "); the sweep's knees: ");
	cs_put_u64(b, r->example.knees);
	cs_putc(b, '\n');
}

/* "example": {"doubled", "page_bytes", "knees"}, or null without it */
void cs_example_json(struct cs_rjson *o, const struct cs_capture *c, const struct cs_result *r)
{
	(void)c;
	cs_rjson_key(o, "example");
	if (!r->example.present) {
		cs_jsonw_null(&o->j);
		return;
	}
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "doubled");
	cs_rjson_num(o, (double)r->example.doubled);
	cs_rjson_key(o, "page_bytes");
	cs_rjson_opt(o, r->example.has_page, (double)r->example.page_bytes);
	cs_rjson_key(o, "knees");
	cs_rjson_num(o, r->example.knees);
	cs_jsonw_obj_end(&o->j);
}

/* The summary column: a column of its own ("example"), the doubled value
 * in each published level's row. */
void cs_example_summary(struct cs_summary *s, int row, const struct cs_capture *c,
			const struct cs_result *r)
{
	(void)c;
	if (row >= 0 || !r->example.present)
		return;
	int k = cs_summary_column(s, "example", "example_doubled");
	for (uint32_t i = 0; k >= 0 && i < s->n; i++)
		if (s->row[i].has_level) {
			s->row[i].has_cell[k] = 1;
			s->row[i].cell[k] = (double)r->example.doubled;
		}
}
