/* test_svg_labels: the SVG's text layout (chart/svg_labels.c): the box a
 * text is estimated to take, the lane of mark labels (rows, the flip at
 * the right edge, a label drawn once), the pass that leaves out a tick
 * label meeting one placed (by priority, then order; reserved boxes too),
 * linear ticks, and a document's title and legend (chart/svg.c). */
#include <string.h>
#include "check.h"
#include "../chart/svg_parts.h"
#include "../common/buf.h"

CS_TEST_MAIN_DEFS;

static char out[1 << 20];

static int count(const char *s, const char *w)
{
	int n = 0;
	size_t k = strlen(w);
	for (; *s; s++)
		n += strncmp(s, w, k) == 0;
	return n;
}

static void test_box(void)
{
	int x0, y0, x1, y1;
	/* 10 characters of 10 px: 62 px across, 8 above the baseline, 3 below */
	cs_svg_text_box(100, 50, "start", 10, 0, "0123456789", &x0, &y0, &x1, &y1);
	CHECK(x0 == 100 && x1 == 162 && y0 == 42 && y1 == 53, "start: %d %d %d %d", x0, y0, x1, y1);
	cs_svg_text_box(100, 50, "end", 10, 0, "0123456789", &x0, &y0, &x1, &y1);
	CHECK(x0 == 38 && x1 == 100, "end: %d %d", x0, x1);
	cs_svg_text_box(100, 50, "middle", 10, 0, "0123456789", &x0, &y0, &x1, &y1);
	CHECK(x0 == 69 && x1 == 131, "middle: %d %d", x0, x1);
	/* turned up: along y, centred on (x, y) */
	cs_svg_text_box(100, 50, "middle", 10, CS_SVG_UP, "0123456789", &x0, &y0, &x1, &y1);
	CHECK(x0 == 92 && x1 == 103 && y0 == 19 && y1 == 81, "up: %d %d %d %d", x0, y0, x1, y1);
	/* a UTF-8 character is one */
	cs_svg_text_box(0, 50, "start", 10, 0, "\xc2\xb7\xe2\x82\xac", &x0, &y0, &x1, &y1);
	CHECK(x1 == 13, "two characters of UTF-8: %d", x1);
}

static void test_lane(void)
{
	int x[6] = { 100, 110, 120, 600, 935, 100 }, row[6];
	const char *text[6] = { "L1 32 KiB", "L1 knee 33.8 KiB", "L1 knee 33.9 KiB", "L2 1 MiB",
				"L3 32 MiB", "L1 32 KiB" };
	uint32_t col[6] = { 1, 2, 3, 1, 1, 1 };
	const char *anchor[6];
	int rows = cs_svg_lane(x, text, col, 6, 956, row, anchor);
	CHECK(rows == 3, "three close labels take three rows: %d", rows);
	CHECK(row[0] == 0 && row[1] == 1 && row[2] == 2, "rows %d %d %d", row[0], row[1], row[2]);
	CHECK(row[3] == 0, "a label far away shares the first row: %d", row[3]);
	CHECK(anchor[4][0] == 'e' && anchor[0][0] == 's', "past the right edge it ends at its line: %s",
	      anchor[4]);
	CHECK(row[5] == -1, "the same text, place and colour: drawn once (%d)", row[5]);
	col[5] = 9;
	rows = cs_svg_lane(x, text, col, 6, 956, row, anchor);
	CHECK(row[5] >= 0, "the same text in another colour is drawn (%d)", row[5]);
	CHECK(cs_svg_lane(x, text, col, 0, 956, row, anchor) == 0, "no labels, no rows");
}

static void test_pass(void)
{
	struct cs_buf b;
	cs_buf_init(&b, out, sizeof out);
	cs_svg_labels_begin();
	cs_svg_label(100, 100, "start", "knee-label", 10, CS_SVG_FIXED, CS_SVG_PRIO_MARK, 0, "FIXED-A");
	cs_svg_label(110, 102, "start", "tick", 10, CS_SVG_DROP, CS_SVG_PRIO_TICK, 0, "DROP-ON-A");
	cs_svg_label(300, 100, "start", "tick", 10, CS_SVG_DROP, CS_SVG_PRIO_TICK, 0, "TICK-LOW");
	cs_svg_label(305, 100, "start", "floor", 10, CS_SVG_DROP, CS_SVG_PRIO_FLOOR, 0, "FLOOR-UNDER");
	cs_svg_label(500, 100, "start", "tick", 10, CS_SVG_DROP, CS_SVG_PRIO_TICK, 0, "FIRST");
	cs_svg_label(505, 100, "start", "tick", 10, CS_SVG_DROP, CS_SVG_PRIO_TICK, 0, "SECOND");
	cs_svg_label(700, 100, "start", "tick", 10, CS_SVG_DROP, CS_SVG_PRIO_TICK, CS_SVG_FILL(0xabcdef),
		     "<&>");
	cs_svg_reserve(0, 190, 960, 210);
	cs_svg_label(10, 200, "start", "tick", 10, CS_SVG_DROP, CS_SVG_PRIO_TICK, 0, "ON-RESERVED");
	cs_svg_label(20, 300, "middle", "axis-title", 11, CS_SVG_FIXED | CS_SVG_UP, CS_SVG_PRIO_TITLE, 0,
		     "UP");
	cs_svg_labels_write(&b);
	CHECK(!b.overflow, "written");
	CHECK(count(out, "FIXED-A") == 1, "a fixed label is written");
	CHECK(count(out, "DROP-ON-A") == 0, "a tick label on a fixed one is left out");
	CHECK(count(out, "TICK-LOW") == 1 && count(out, "FLOOR-UNDER") == 0,
	      "a higher priority is placed first, whatever the order");
	CHECK(count(out, "FIRST") == 1 && count(out, "SECOND") == 0, "the same priority: the first wins");
	CHECK(count(out, "ON-RESERVED") == 0, "a reserved box stays clear");
	CHECK(count(out, "&lt;&amp;&gt;") == 1 && count(out, "fill=\"#abcdef\"") == 1,
	      "text escaped, its colour given");
	CHECK(count(out, "transform=\"rotate(-90 20 300)\"") == 1, "a turned label");
	CHECK(count(out, "<!-- labels: 9 given, 4 left out where they would overlap, 0 past") == 1,
	      "the pass counts what it left out: %s", out);
	/* past the pass's room: counted, never written past its arrays */
	cs_buf_init(&b, out, sizeof out);
	cs_svg_labels_begin();
	for (int i = 0; i < CS_SVG_MAX_LABELS + 5; i++)
		cs_svg_label(i, 10, "start", "tick", 10, CS_SVG_DROP, CS_SVG_PRIO_TICK, 0, "x");
	cs_svg_labels_write(&b);
	CHECK(count(out, " 5 past the pass's room") == 1, "labels past the room are counted");
}

static void test_ticks(void)
{
	double first, step;
	cs_svg_lin_ticks(0.9, 4.1, 5, &first, &step);
	CHECK(step == 1 && first == 1, "0.9 .. 4.1: from %g by %g", first, step);
	cs_svg_lin_ticks(150, 330, 5, &first, &step);
	CHECK(step == 50 && first == 150, "150 .. 330: from %g by %g", first, step);
	cs_svg_lin_ticks(2.16539813, 2.1654315, 5, &first, &step);
	CHECK(step > 0.9e-5 && step < 1.1e-5, "a narrow range: by %g", step);
	CHECK(cs_svg_lin_digits(2.1654315, step) >= 6, "enough figures to tell them apart: %d",
	      cs_svg_lin_digits(2.1654315, step));
	CHECK(cs_svg_lin_digits(400, 100) == 3, "400 by 100: %d", cs_svg_lin_digits(400, 100));
	CHECK(cs_svg_lin_digits(4.5, 0.5) == 2, "4.5 by 0.5: %d", cs_svg_lin_digits(4.5, 0.5));
	CHECK(cs_svg_lin_digits(0.004, 0.001) == 1, "0.004 by 0.001: %d", cs_svg_lin_digits(0.004, 0.001));
}

static struct cs_capture cap;
static struct cs_result res;

static void test_document(void)
{
	struct cs_svg_item it[2];
	struct cs_buf b;
	char t[512];
	cs_capture_init(&cap);
	memset(&res, 0, sizeof res);
	for (int i = 0; i < 8; i++) {
		cap.points[i].bytes = 4096.0 * (1 << i);
		cap.points[i].ns = i < 4 ? 1 : 5;
	}
	cap.n_points = 8;
	memcpy(cap.label, "Some CPU, a run, 2026-12-02", 28);
	it[0] = (struct cs_svg_item){ &cap, &res, "a.json" };
	it[1] = (struct cs_svg_item){ &cap, &res, "dir/a.json" };
	cs_svg_title(t, sizeof t, it, 1);
	CHECK(strcmp(t, "Some CPU \xc2\xb7 2026-12-02") == 0, "title: %s", t);
	memcpy(cap.about.producer, "cacheshape-probe", 17);
	memcpy(cap.about.started, "2026-11-30T16:01:04Z", 21);
	cs_svg_title(t, sizeof t, it, 2);
	CHECK(strcmp(t, "Some CPU \xc2\xb7 2026-11-30 \xc2\xb7 cacheshape-probe \xc2\xb7 2 captures") == 0,
	      "title of two: %s", t);
	cs_svg_legend_text(t, sizeof t, it, 0);
	CHECK(strcmp(t, "Some CPU, a run, 2026-12-02 \xc2\xb7 2026-11-30 \xc2\xb7 cacheshape-probe") == 0,
	      "legend: %s", t);
	cs_svg_legend_text(t, sizeof t, it, 1);
	CHECK(count(t, " (a.json, 2)") == 1, "a repeated line told apart: %s", t);
	cs_buf_init(&b, out, sizeof out);
	CHECK(cs_svg_staircase(&b, it, 2) == 0 && count(out, "class=\"theme-light\"") == 1,
	      "light by default");
	struct cs_svg_opts o = { CS_SVG_DARK, CS_SVG_PANEL_ALL };
	cs_buf_init(&b, out, sizeof out);
	CHECK(cs_svg_staircase_opts(&b, it, 2, &o) == 0 && count(out, "class=\"theme-dark\"") == 1,
	      "dark on request");
	CHECK(count(out, "class=\"axis-title\">working set (bytes, log scale)<") == 1 &&
	      count(out, ">ns per load (log scale)<") == 1, "axes titled with their units");
	cs_buf_init(&b, out, sizeof out);
	CHECK(cs_svg_staircase(&b, it, 1) == 0 && count(out, "class=\"theme-light\"") == 1,
	      "the theme is the document's: light again after a dark one");
}

int main(void)
{
	test_box();
	test_lane();
	test_pass();
	test_ticks();
	test_document();
	return cs_test_summary("svg_labels");
}
