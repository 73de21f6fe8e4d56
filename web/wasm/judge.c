/* judge.c: the page's check verdict, by the core's judgement
 * (reader/expect_compare.c and each kind's <name>_expect.c, the expect
 * column of common/kinds.h): the very C `cacheshape check` runs, on the
 * capture read.c read (its "expect", or NAME.expect's) and replay.c
 * reduced. No expectation is judged in JavaScript. */
#include "wasm.h"

/* Whether the capture read (or NAME.expect) carried an expectation. */
CS_EXPORT(cs_expect_present) int cs_expect_present(void)
{
	return cs_w_exp.present;
}

/* The verdict, as check's table words it (cs_judgement_word: 0 "-", 1
 * "ok", 2 "known failure", 3 "FAIL"), or -1 when nothing was reduced;
 * cs_out() holds the notes check prints below its table, one a line (each
 * ending in '\n'): a known failure's first, then each difference. */
CS_EXPORT(cs_judge) int cs_judge(void)
{
	static char why[CS_JUDGE_WHY];
	enum cs_judgement v;
	struct cs_buf b;
	const char *known;

	cs_w_out_buf(&b);
	if (!cs_w_reduced)
		return -1;
	v = cs_expect_judge(&cs_w_exp, &cs_w_cap, &cs_w_res, why, sizeof why);
	known = cs_expect_known_note(&cs_w_exp, v);
	if (known) {
		cs_puts(&b, known);
		cs_puts(&b, cs_w_exp.known_failure);
		cs_putc(&b, '\n');
	}
	cs_puts(&b, why);
	return (int)v;
}

/* The verdict's word, into cs_out(): its length. */
CS_EXPORT(cs_judgement_word) int cs_w_judgement_word(int v)
{
	struct cs_buf b;

	cs_w_out_buf(&b);
	cs_puts(&b, cs_judgement_word((enum cs_judgement)v));
	return cs_w_out_len(&b);
}
