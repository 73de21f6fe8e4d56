/* example.c: the throwaway kind's freestanding columns (example.h). */
#include "../../common/engine.h"
#include "../../common/capture_write.h"
#include "../../reduce/kinds.h"
#include "../../reduce/json.h"

int cs_example_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	(void)ev;
	c->example.present = 1;
	c->example.value = e->plan.settings[CS_KIND_EXAMPLE][0]; /* example_value= (example_settings.c) */
	return 0;
}

void cs_example_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	if (!c->example.present)
		return;
	cs_jsonw_key(j, "example");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "value");
	cs_jsonw_u64(j, c->example.value);
	cs_jsonw_obj_end(j);
}

int cs_example_reduce(const struct cs_capture *c, struct cs_work *w,
		      struct cs_result *r, char *err, size_t errlen)
{
	(void)w;
	(void)err;
	(void)errlen;
	r->example.present = c->example.present;
	r->example.doubled = 2 * c->example.value;
	return 0;
}

void cs_example_report(struct cs_buf *b, const struct cs_capture *c,
		       const struct cs_result *r)
{
	(void)c;
	if (!r->example.present)
		return;
	cs_puts(b, "example: doubled ");
	cs_put_u64(b, r->example.doubled);
	cs_putc(b, '\n');
}

void cs_example_json(struct cs_rjson *o, const struct cs_capture *c,
		     const struct cs_result *r)
{
	(void)c;
	cs_rjson_key(o, "example");
	if (r->example.present)
		cs_rjson_num(o, (double)r->example.doubled);
	else
		cs_jsonw_null(&o->j);
}
