/* capture.c: names of the capture's enumerations, and a blank capture. */
#include "capture.h"
#include "buf.h"

static const char *const placement_names[] = { "first", "middle", "last" };
static const char *const cache_type_names[] = { "data", "instruction", "unified" };

const char *cs_placement_name(enum cs_placement p)
{
	return (unsigned)p < 3 ? placement_names[p] : "?";
}

const char *cs_cache_type_name(enum cs_cache_type t)
{
	return (unsigned)t < 3 ? cache_type_names[t] : "?";
}

int cs_placement_parse(const char *name, enum cs_placement *out)
{
	for (unsigned i = 0; i < 3; i++)
		if (cs_streq(name, placement_names[i])) {
			*out = (enum cs_placement)i;
			return 0;
		}
	return -1;
}

int cs_cache_type_parse(const char *name, enum cs_cache_type *out)
{
	for (unsigned i = 0; i < 3; i++)
		if (cs_streq(name, cache_type_names[i])) {
			*out = (enum cs_cache_type)i;
			return 0;
		}
	return -1;
}

void cs_capture_init(struct cs_capture *c)
{
	cs_memset(c, 0, sizeof *c);
	c->version = 1;
	c->vm = -1; /* unsaid until cpu.hypervisor says */
}

int cs_arch_token(const char *s)
{
	if (!s || !*s)
		return 0;
	for (; *s; s++) {
		char ch = *s;
		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		      (ch >= '0' && ch <= '9') || ch == '_'))
			return 0;
	}
	return 1;
}

int cs_arch_known(const char *s)
{
	return cs_streq(s, "x86_64") || cs_streq(s, "aarch64") || cs_streq(s, "riscv64");
}
