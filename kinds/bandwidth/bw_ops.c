/* bw_ops.c: the bandwidth kind's operation names and its byte-counting
 * convention (bw_kind.h), shared by its writer, reader, reduction and the
 * importers. Freestanding. */
#include "bw_kind.h"

static const char *const names[CS_BW_N_OPS] = { "read", "write", "copy", "nt_write" };

const char *cs_bw_op_name(enum cs_bw_op op)
{
	return (unsigned)op < CS_BW_N_OPS ? names[op] : 0;
}

static int same(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

int cs_bw_op_parse(const char *name, enum cs_bw_op *op)
{
	for (int i = 0; i < CS_BW_N_OPS; i++)
		if (same(name, names[i])) {
			*op = (enum cs_bw_op)i;
			return 0;
		}
	return -1;
}

double cs_bw_convention(enum cs_bw_op op)
{
	return op == CS_BW_COPY ? 2.0 : 1.0;
}

double cs_bw_footprint(enum cs_bw_op op)
{
	return op == CS_BW_COPY ? 2.0 : 1.0;
}
