/* example_plot.c: the example kind's plot column: its panel under the
 * staircase, one bar a capture that has it (its doubled value against
 * twice its setting's range), drawn with the chart's parts
 * (chart/svg_parts.h) for `cacheshape plot` and the page alike. */
#include "../../chart/svg_parts.h"
#include "../../common/buf.h"
#include "example.h"

#define EXAMPLE_HEAD 24  /* the panel's title */
#define EXAMPLE_BAR 18   /* a capture's bar, and the gap under it */
#define EXAMPLE_LEFT 80

static int bars(const struct cs_svg_item *items, int n)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		k += items[i].res && items[i].res->example.present;
	return k;
}

/* nothing of its own drawn on the staircase */
CS_SVG_STAIR_NONE(cs_example_plot)

int cs_example_plot_height(const struct cs_svg_item *items, int n)
{
	int k = bars(items, n);
	return k ? EXAMPLE_HEAD + k * EXAMPLE_BAR + 8 : 0;
}

void cs_example_plot_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0)
{
	int y = y0 + EXAMPLE_HEAD, w = CS_SVG_W - EXAMPLE_LEFT - 20;
	cs_puts(b, "<g id=\"example\">\n");
	cs_svg_text(b, 4, y0 + 16, "start", "tick", "example: each capture's value doubled, "
		    "against twice its setting's range");
	for (int i = 0; i < n; i++) {
		const struct cs_result *r = items[i].res;
		char t[48];
		struct cs_buf tb;
		if (!r || !r->example.present)
			continue;
		int len = (int)((double)w * (double)r->example.doubled / (2.0 * CS_EXAMPLE_VALUE_MAX));
		cs_puts(b, "<rect class=\"example-bar\"");
		cs_svg_attr(b, "x", EXAMPLE_LEFT);
		cs_svg_attr(b, "y", y);
		cs_svg_attr(b, "width", len > 1 ? len : 1);
		cs_svg_attr(b, "height", EXAMPLE_BAR - 6);
		cs_puts(b, " fill=\"#");
		cs_svg_hex6(b, cs_svg_colour(i));
		cs_puts(b, "\"/>\n");
		cs_buf_init(&tb, t, sizeof t);
		cs_puts(&tb, "doubled ");
		cs_put_u64(&tb, r->example.doubled);
		cs_svg_text(b, EXAMPLE_LEFT - 4, y + EXAMPLE_BAR - 8, "end", "tick", t);
		y += EXAMPLE_BAR;
	}
	cs_puts(b, "</g>\n");
}
