/* refusal.c: refusals are records with a code and a sentence. */
#include "internal.h"

void cs_refusal_set(struct cs_refusal *f, const char *code, struct cs_buf *b)
{
	cs_strlcpy(f->code, code, sizeof f->code);
	cs_buf_init(b, f->reason, sizeof f->reason);
}

struct cs_buf *cs_refuse(struct cs_result *r, const char *code,
			 struct cs_buf *b)
{
	if (r->n_refusals >= CS_MAX_REFUSALS) {
		cs_buf_init(b, NULL, 0); /* writes go nowhere */
		return b;
	}
	struct cs_refusal *f = &r->refusals[r->n_refusals++];
	if (r->n_refusals == CS_MAX_REFUSALS) {
		/* never drop silently: the last slot says the list overflowed */
		cs_refusal_set(f, "too-many-refusals", b);
		cs_puts(b, "more refusals than this build records; the rest are not listed");
		cs_buf_init(b, NULL, 0);
		return b;
	}
	cs_refusal_set(f, code, b);
	return b;
}
