/* example_read.c: the example kind's reader (example.h), on reader/field.h:
 * part of the one freestanding reader (the firmware, the host, the page). */
#include "../../reader/reader.h"
#include "example.h"

int cs_example_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_example_capture *x = &c->example;
	struct cs_jd *o;
	size_t m;

	if (cs_jr_get_object(r, root, "example", 0, &o))
		return -1;
	if (!o)
		return 0;
	m = cs_jr_push_key(r, "example");
	if (cs_jr_get_uint(r, o, "value", 1, 1, CS_EXAMPLE_VALUE_MAX, &x->value) ||
	    cs_jr_get_uint(r, o, "page_bytes", 0, 1, UINT64_MAX, &x->page_bytes) ||
	    cs_jr_get_string(r, o, "how", 0, x->how, sizeof x->how) ||
	    cs_jr_get_string(r, o, "refused", 0, x->how, sizeof x->how))
		return -1;
	x->has_page = x->page_bytes != 0;
	cs_jr_pop(r, m);
	x->present = 1;
	return 0;
}
