/* report.h: the reduction as text for people, freestanding: the same words
 * on the firmware's screen and from `cacheshape reduce`. */
#ifndef CS_REPORT_H
#define CS_REPORT_H

#include "../common/buf.h"
#include "reduce.h"

/* Every kind's lines in the table's order (common/kinds.h): levels (floor,
 * extent), knees (size, retired-rule size, published size, signed gap),
 * whether the gap grows with depth, adjacency verdicts, the experiments,
 * the other processors; then every refusal of the sweep and the adjacency
 * probe with its reason. Lines end with '\n'. (reduce/kinds.c) */
void cs_report_text(struct cs_buf *b, const struct cs_capture *c,
		    const struct cs_result *r);
/* cs_report_text is the summary (summary.h), a blank line, then this: the
 * detail alone, every kind's lines and the refusals. */
void cs_report_detail(struct cs_buf *b, const struct cs_capture *c,
		      const struct cs_result *r);
/* The same with each rule's constant named (`reduce --explain`): the
 * default text says a rule in words and its value ("more than 0.05"); the
 * constant (CS_CLOCK_DRIFT_MAX, docs/) is for those who look it up, and
 * the JSON always carries it (issue 40 item 5). */
void cs_report_detail_explain(struct cs_buf *b, const struct cs_capture *c,
			      const struct cs_result *r);
/* The text written to b since 'from' in words for people: each CS_NAME
 * constant taken out, its value kept ("CS_GEOM_RISE 0.1 x" -> "0.1 x",
 * "(CS_X; probe --repeat)" -> "(probe --repeat)", " (CS_X)" -> ""). */
void cs_report_plain(struct cs_buf *b, size_t from);

/* For every kind's report: "12.3 ns" (two decimals under 10 ns), and one
 * level's line, "  level N  floor X ns  FIRST .. LAST\n": sizes for the
 * sweep, or (pages) whole page counts and " pages" for a TLB. */
void cs_report_put_ns(struct cs_buf *b, double ns);
/* With cpn (core cycles per ns, cs_cycles_per_ns) above 0 the floor
 * reads "floor X ns = Y cycles", the extent further right. */
void cs_report_level(struct cs_buf *b, uint32_t n, const struct cs_level *L, int pages,
		     double cpn);

/* ONE table of knees for people, every kind's (the sweep's, a TLB
 * sweep's): the heading, the titles at their columns, then per row "  N"
 * (1-based) and each cell at its column, written by cell(b, ctx, row, col). */
struct cs_report_table {
	const char *heading;
	uint32_t n_cols;
	const uint8_t *stop;          /* the column each cell starts at */
	const char *const *title;
	void (*cell)(struct cs_buf *b, const void *ctx, uint32_t row, uint32_t col);
	const void *ctx;
};
void cs_report_table(struct cs_buf *b, const struct cs_report_table *t, uint32_t rows);

#endif
