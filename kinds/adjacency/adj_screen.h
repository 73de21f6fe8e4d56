/* adj_screen.h: the adjacency kind's pictures' shared words (adj_screen.c):
 * a series' verdict, for the screen's strip and the SVG panel (adj_plot.c).
 * Its screen column itself is declared from the table (chart/draw.c). */
#ifndef CS_ADJ_SCREEN_H
#define CS_ADJ_SCREEN_H

#include <stddef.h>
#include "../../chart/draw.h"
#include "../../common/result.h"

/* Series k's verdict: its placement and footprint, then its granule or its
 * refusal's code (r may be NULL: live). */
void cs_adj_verdict(char *out, size_t cap, const struct cs_capture *c,
		    const struct cs_result *r, uint32_t k);

#endif
