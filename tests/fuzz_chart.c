/* fuzz_chart.c: libFuzzer target for the chart's scale: cs_chart_layout and
 * its mapping and ticks (chart/draw.c), the chart drawn on a canvas, and
 * cacheshape plot's SVG (host/cmd/plot.c, chart/svg.c: the staircase, the TLB
 * panel, the sweep on large pages), for any positive finite costs, sizes
 * and page counts (all the reader admits: 1e308 pages, 5e-324 ns), and the
 * reduction of all of it (every kind: reduce/kinds.c, the TLB's too). The
 * input: a header of 4 bytes (width, height, flags, captures) and then
 * doubles as raw IEEE bits, taken in pairs (bytes or pages, ns), folded to
 * positive finite values. Flags: 1 the adjacency strip, 2 the canvas, 4
 * TLB series (every third pair, and published TLBs of the sizes seen), 8
 * the sweep on large pages (every third pair), 16 as many points as a
 * capture holds (else 64), 32 bandwidth series (the other third of the
 * pairs: (bytes, ns per byte) of a read, and a copy of the same, with an
 * MLP size at each series' first point). What must hold: the axes are finite and
 * ordered, every point but an outlier (common/outlier.h) lands on the plot, the
 * ticks are finite, rising and few, the drawing stays on its canvas, the
 * SVG holds no nan or inf, and everything returns (a hang is found by
 * libFuzzer's -timeout; make fuzz gives 10 s). Seeds: tests/data/chart. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/csmath.h"
#include "../common/outlier.h"
#include "../chart/draw.h"
#include "../host/cmd/plot.h"
#include "../host/cmd/replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_CAPS 3
#define DRAW_W 320
#define DRAW_H 200

static double positive(const uint8_t *p)
{
	double v;
	memcpy(&v, p, sizeof v);
	v = cs_fabs(v);
	return cs_isfinite(v) && v > 0 ? v : 1;
}

static int has_size(const struct cs_capture *c, double b)
{
	for (uint32_t i = 0; i < c->n_points; i++)
		if (c->points[i].bytes == b)
			return 1;
	return 0;
}

static void check_map(const struct cs_chart_map *m, const struct cs_capture *c)
{
	double t, last = 0;
	int label, i;
	if (!cs_isfinite(m->xmin) || !cs_isfinite(m->xmax) || !(m->xmin > 0) || !(m->xmin < m->xmax) ||
	    !cs_isfinite(m->ymin) || !cs_isfinite(m->ymax) || !(m->ymin > 0) || !(m->ymin < m->ymax))
		abort();
	for (uint32_t k = 0; k < c->n_points; k++) {
		int x = cs_chart_x(m, c->points[k].bytes), y = cs_chart_y(m, c->points[k].ns);
		if (cs_point_outlier(c->points, c->n_points, k, NULL))
			continue; /* drawn, never stretching the axes (common/outlier.h) */
		if (x < m->px || x >= m->px + m->pw || y < m->py || y >= m->py + m->ph)
			abort(); /* the axes hold every point but the outliers */
	}
	for (i = 0; cs_chart_xtick(m, i, &t, &label) == 0; i++) {
		if (!cs_isfinite(t) || !(t > last) || i > 2100)
			abort();
		last = t;
	}
	last = 0;
	for (i = 0; cs_chart_ytick(m, i, &t) == 0; i++) {
		if (!cs_isfinite(t) || !(t > last) || i > 700)
			abort();
		last = t;
	}
}

/* A TLB point (pages, ns) into the series k picks (page sizes 4 KiB, 2 MiB,
 * 1 GiB and one from the input), and a published TLB of that many entries
 * when it fits one. */
static void add_tlb(struct cs_capture *c, double pages, double ns, uint32_t k)
{
	static const uint64_t page[CS_TLB_MAX_SIZES] = { 4096, 2u << 20, 1u << 30, 16384 };
	struct cs_tlb_capture *t = &c->tlb;
	uint32_t s = k % CS_TLB_MAX_SIZES;
	while (t->n_series <= s) {
		struct cs_tlb_series *z = &t->series[t->n_series];
		memset(z, 0, sizeof *z);
		z->page_bytes = page[t->n_series];
		z->alias_lines = (k & 8) ? 512 : 0;
		t->n_series++;
	}
	struct cs_tlb_series *z = &t->series[s];
	for (uint32_t i = 0; i < z->n; i++)
		if (z->pts[i].pages == pages)
			return;
	if (z->n < CS_TLB_MAX_POINTS)
		z->pts[z->n++] = (struct cs_tlb_point){ pages, ns, (k & 1) != 0, ns, 0, 0 };
	if (pages >= 1 && pages < 4294967296.0 && t->n_published < CS_MAX_TLBS) {
		t->has_published = 1;
		t->published[t->n_published++] = (struct cs_tlb){ 1 + k % 2, CS_CACHE_DATA, z->page_bytes,
								   (uint32_t)pages, 4 };
	}
}

/* A point of the sweep on large pages. */
static void add_large(struct cs_capture *c, double bytes, double ns, uint32_t most)
{
	struct cs_tlb_capture *t = &c->tlb;
	for (uint32_t i = 0; i < t->n_large; i++)
		if (t->large[i].bytes == bytes)
			return;
	t->has_large = 1;
	t->large_page_bytes = 2u << 20;
	if (t->n_large < most)
		t->large[t->n_large++] = (struct cs_point){ bytes, ns, 0, 0 };
}

/* A point of the read and the copy (kinds/bandwidth/), and the chase at
 * the first size with one and two chains. */
static void add_bw(struct cs_capture *c, double bytes, double ns, uint32_t k)
{
	struct cs_bw_capture *b = &c->bw;
	if (!b->present) {
		b->present = 1;
		b->n_series = 2;
		for (int s = 0; s < 2; s++) {
			memset(&b->series[s], 0, sizeof b->series[s]);
			b->series[s].op = s ? CS_BW_COPY : CS_BW_READ;
			b->series[s].threads = 1;
			b->series[s].bytes_per_byte_touched = s ? 2 : 1;
		}
		b->mlp_present = 1;
		b->n_mlp = 1;
		b->mlp[0] = (struct cs_mlp_size){ bytes, 2, { 1, 2 }, { ns, ns / (1 + (k & 3)) } };
	}
	for (int s = 0; s < 2; s++) {
		struct cs_bw_series *z = &b->series[s];
		for (uint32_t i = 0; i < z->n; i++)
			if (z->pts[i].bytes == bytes)
				return;
		if (z->n < CS_BW_MAX_POINTS)
			z->pts[z->n++] = (struct cs_bw_point){ bytes, ns, ns, (k & 1) != 0, ns };
	}
}

/* The n captures from the pairs (flags as the header's third byte). */
static void fill(struct cs_replay **rp, int n, int flags, const uint8_t *data, size_t size)
{
	int tlb = flags & 4, large = flags & 8, bw = flags & 32;
	uint32_t most = flags & 16 ? CS_MAX_SWEEP_POINTS : 64;
	for (int i = 0; i < n; i++) {
		struct cs_capture *c = &rp[i]->cap;
		cs_capture_init(c);
		c->n_points = 0;
	}
	for (size_t k = 0; k + 16 <= size; k += 16) {
		struct cs_capture *c = &rp[(k / 16) % (size_t)n]->cap;
		double bytes = positive(data + k), ns = positive(data + k + 8);
		int third = (int)((k / 16 / (size_t)n) % 3);
		if (tlb && third == 1)
			add_tlb(c, bytes, ns, (uint32_t)(k / 16));
		else if (large && third == 2)
			add_large(c, bytes, ns, most);
		else if (bw && third == 0 && (k / 16) % 2)
			add_bw(c, bytes, ns, (uint32_t)(k / 16));
		else if (c->n_points < most && !has_size(c, bytes)) {
			c->points[c->n_points].bytes = bytes;
			c->points[c->n_points].ns = ns;
			c->n_points++;
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct cs_replay *rp[MAX_CAPS];
	static uint32_t px[DRAW_W * (DRAW_H + 2)];
	static char *names[MAX_CAPS] = { "a.json", "b.json", "c.json" };
	struct cs_chart_range range = { 0, 0, 0, 0 };
	struct cs_chart_map m;
	char why[256];
	int n, strip, draw, w, h;

	if (size < 4)
		return 0;
	for (int i = 0; i < MAX_CAPS; i++)
		if (!rp[i] && !(rp[i] = cs_replay_new()))
			abort();
	w = 40 + data[0] * 3;
	h = 30 + data[1] * 2;
	strip = data[2] & 1;
	draw = data[2] & 2; /* the canvas costs more than the rest: half the time */
	n = 1 + data[3] % MAX_CAPS;
	fill(rp, n, data[2], data + 4, size - 4);
	for (int i = 0; i < n; i++) {
		struct cs_capture *c = &rp[i]->cap;
		if (!c->n_points) {
			c->points[0].bytes = 4096;
			c->points[0].ns = 1;
			c->n_points = 1;
		}
		if (cs_reduce_capture(c, &rp[i]->work, &rp[i]->res, why, sizeof why) != 0)
			memset(&rp[i]->res, 0, sizeof rp[i]->res);
		cs_chart_range_add(&range, c);
	}
	cs_chart_layout(&m, w, h, &range, strip);
	for (int i = 0; i < n; i++)
		check_map(&m, &rp[i]->cap);

	/* plot's SVG, in memory */
	char *svg = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&svg, &len);
	if (!f)
		abort();
	if (cs_plot_write_svg(f, rp, names, n) != 0)
		abort();
	fclose(f);
	if (strstr(svg, "nan") || strstr(svg, "inf"))
		abort();
	free(svg);
	/* the firmware's chart: on a canvas with a guard row above and below
	 * (at most DRAW_W x DRAW_H: the pixels cost more than all the rest) */
	if (draw && (w > DRAW_W || h > DRAW_H)) {
		w = w > DRAW_W ? DRAW_W : w;
		h = h > DRAW_H ? DRAW_H : h;
		cs_chart_layout(&m, w, h, &range, strip);
		for (int i = 0; i < n; i++)
			check_map(&m, &rp[i]->cap);
	}
	struct cs_canvas cv = { px + w, w, h, w };
	for (int x = 0; draw && x < w; x++)
		px[x] = px[(size_t)(h + 1) * (size_t)w + (size_t)x] = 0xdeadbeefu;
	if (draw)
		cs_chart_draw(&cv, &m, &rp[0]->cap, &rp[0]->res);
	for (int x = 0; draw && x < w; x++)
		if (px[x] != 0xdeadbeefu || px[(size_t)(h + 1) * (size_t)w + (size_t)x] != 0xdeadbeefu)
			abort();

	return 0;
}
