/* replay.c: the capture read.c read (the capture reader), reduced and
 * written out by the very code `cacheshape` runs: reduce --json's text
 * (reduce/json.c), the report (kinds/sweep/sweep_report.c), the staircase SVG
 * (chart/svg.c), the check table's cells (reduce/row.c). */
#include "wasm.h"
#include "../../chart/svg.h"
#include "../../reduce/json.h"
#include "../../reduce/report.h"
#include "../../reduce/row.h"

char cs_w_out[CS_OUT_BYTES];
static struct cs_work work;
struct cs_result cs_w_res;
int cs_w_reduced;

void cs_w_out_buf(struct cs_buf *b)
{
	cs_buf_init(b, cs_w_out, sizeof cs_w_out);
}

int cs_w_out_len(const struct cs_buf *b)
{
	return b->overflow ? -1 : (int)b->len;
}

CS_EXPORT(cs_out) char *cs_out(void) { return cs_w_out; }

/* 0 when reduced (refusals are answers); 1 when the reducer finds the
 * capture malformed: cs_out() then holds the message as `cacheshape`
 * prints it ("malformed capture: ..."), NUL-terminated. */
CS_EXPORT(cs_reduce_capture) int cs_w_reduce_capture(void)
{
	char why[256];
	struct cs_buf b;

	/* every kind of the table, once (reduce/kinds.c) */
	cs_w_reduced = cs_reduce_capture(&cs_w_cap, &work, &cs_w_res, why, sizeof why) == 0;
	if (cs_w_reduced)
		return 0;
	cs_w_out_buf(&b);
	cs_puts(&b, "malformed capture: ");
	cs_puts(&b, why);
	return 1;
}

/* `cacheshape reduce --json`'s text: its length, or -1 (not reduced, or a
 * string that is not UTF-8: the command prints nothing then either). */
CS_EXPORT(cs_json) int cs_json(void)
{
	struct cs_buf b;

	cs_w_out_buf(&b);
	if (!cs_w_reduced || cs_result_json_write(&b, &cs_w_cap, &cs_w_res))
		return -1;
	return (int)b.len;
}

/* The report people read (the firmware's screen and `cacheshape reduce`). */
CS_EXPORT(cs_report) int cs_report(void)
{
	struct cs_buf b;

	cs_w_out_buf(&b);
	if (!cs_w_reduced)
		return -1;
	cs_report_text(&b, &cs_w_cap, &cs_w_res);
	return cs_w_out_len(&b);
}

/* The staircase as `cacheshape plot` draws it; cs_w_in holds the name the
 * legend shows when the capture has no label. with_result 0: points and
 * curve only (the live chart while a sweep runs). */
CS_EXPORT(cs_svg) int cs_svg(uint32_t name_len, int with_result)
{
	static char name[CS_TEXT_MAX];
	struct cs_svg_item it = { &cs_w_cap, with_result && cs_w_reduced ? &cs_w_res : 0, name };
	struct cs_buf b;

	if (name_len >= sizeof name)
		name_len = sizeof name - 1;
	for (uint32_t i = 0; i < name_len; i++)
		name[i] = cs_w_in[i];
	name[name_len] = '\0';
	cs_w_out_buf(&b);
	if (cs_svg_staircase(&b, &it, 1))
		return -1;
	return (int)b.len;
}

/* The cells of `cacheshape check`'s row, one a line. */
CS_EXPORT(cs_row) int cs_row(void)
{
	static char cells[CS_ROW_CELLS][CS_ROW_CELL_MAX];
	struct cs_buf b;

	cs_w_out_buf(&b);
	if (!cs_w_reduced)
		return -1;
	cs_row_cells(cells, &cs_w_cap, &cs_w_res);
	for (int i = 0; i < CS_ROW_CELLS; i++) {
		cs_puts(&b, cells[i]);
		cs_putc(&b, '\n');
	}
	return cs_w_out_len(&b);
}

/* A size as the reports print it ("33.9 KiB"). */
CS_EXPORT(cs_size) int cs_size(double bytes)
{
	struct cs_buf b;

	cs_w_out_buf(&b);
	cs_put_size(&b, bytes);
	return cs_w_out_len(&b);
}
