/* example_read.c: the throwaway kind's reader (host only, example.h). */
#include "../../reader/reader.h"

int cs_example_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_jd *o;
	size_t m;

	if (cs_jr_get_object(r, root, "example", 0, &o) || !o)
		return o ? -1 : 0;
	m = cs_jr_push_key(r, "example");
	if (cs_jr_get_uint(r, o, "value", 1, 0, 1000000, &c->example.value))
		return -1;
	cs_jr_pop(r, m);
	c->example.present = 1;
	return 0;
}
