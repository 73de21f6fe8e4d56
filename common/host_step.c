/* host_step.c: the table's host column walked (host_step.h). Each kind's
 * functions declared from its row, so that no header lists them. */
#include "host_step.h"
#include "kinds.h"

#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, screen, points, synthetic, query, after, summary, row, host, ...) \
	void host##_run(const struct cs_services *s); \
	void host##_say(struct cs_buf *b); \
	void host##_json(struct cs_jsonw *j);
CS_KINDS
#undef CS_KIND

void cs_none_host_run(const struct cs_services *s)
{
	(void)s;
}

void cs_none_host_say(struct cs_buf *b)
{
	(void)b;
}

void cs_none_host_json(struct cs_jsonw *j)
{
	(void)j;
}

void cs_host_steps_run(const struct cs_services *s)
{
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, screen, points, synthetic, query, after, summary, row, host, ...) \
	host##_run(s);
	CS_KINDS
#undef CS_KIND
}

void cs_host_steps_say(struct cs_buf *b)
{
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, screen, points, synthetic, query, after, summary, row, host, ...) \
	host##_say(b);
	CS_KINDS
#undef CS_KIND
}

void cs_host_steps_json(struct cs_jsonw *j)
{
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, screen, points, synthetic, query, after, summary, row, host, ...) \
	host##_json(j);
	CS_KINDS
#undef CS_KIND
}
