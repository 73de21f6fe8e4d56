/* svg_labels.c: the SVG's text and its layout pass, the lane of mark
 * labels, and labelled axes with units (svg_parts.h). Freestanding: the
 * pass keeps its labels in static arrays, one document at a time. */
#include "svg_parts.h"
#include "../common/buf.h"
#include "../common/csmath.h"

/* Small: the pass is static, in every build of the core (the firmware's
 * too); coordinates stay within a few axis lengths (draw.h's mapping). */
struct label {
	int16_t x, y, x0, y0, x1, y1; /* the point given; the estimated box */
	uint8_t size, flags, prio, placed;
	uint32_t fill;
	const char *anchor, *cls;
	uint32_t at, len; /* in pool */
};

static struct label labels[CS_SVG_MAX_LABELS];
static char pool[CS_SVG_LABEL_POOL];
static int n_labels, n_lost;
static uint32_t pool_len;
#define MAX_RESERVED 64
static int reserved[MAX_RESERVED][4];
static int n_reserved;

void cs_svg_labels_begin(void)
{
	n_labels = 0;
	n_lost = 0;
	pool_len = 0;
	n_reserved = 0;
}

/* Characters of s (a UTF-8 character counts once). */
static int chars(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static int round_up(double v)
{
	int i = (int)v;
	return (double)i < v ? i + 1 : i;
}

void cs_svg_text_box(int x, int y, const char *anchor, int size, int flags, const char *s,
		     int *x0, int *y0, int *x1, int *y1)
{
	int w = round_up(chars(s) * CS_SVG_CHAR_EM * size);
	int up = round_up(CS_SVG_ASCENT * size), down = round_up(CS_SVG_DESCENT * size);
	int a = anchor[0] == 'm' ? w / 2 : anchor[0] == 'e' ? w : 0;
	if (flags & CS_SVG_UP) { /* rotated -90 about (x, y): along y, upwards */
		*x0 = x - up;
		*x1 = x + down;
		*y0 = y - (w - a);
		*y1 = y + a;
	} else {
		*x0 = x - a;
		*x1 = x - a + w;
		*y0 = y - up;
		*y1 = y + down;
	}
}

static int16_t clamp16(int v)
{
	return (int16_t)(v < -30000 ? -30000 : v > 30000 ? 30000 : v);
}

void cs_svg_label(int x, int y, const char *anchor, const char *cls, int size, int flags,
		  int prio, uint32_t fill, const char *s)
{
	size_t len = cs_strlen(s);
	if (n_labels == CS_SVG_MAX_LABELS || len >= sizeof pool - pool_len) {
		n_lost++; /* written as a comment: the document says so */
		return;
	}
	struct label *l = &labels[n_labels++];
	int x0, y0, x1, y1;
	l->x = clamp16(x);
	l->y = clamp16(y);
	l->size = (uint8_t)size;
	l->flags = (uint8_t)flags;
	l->prio = (uint8_t)prio;
	l->fill = fill;
	l->anchor = anchor;
	l->cls = cls;
	l->at = pool_len;
	l->len = (uint32_t)len;
	for (size_t i = 0; i < len; i++)
		pool[pool_len++] = s[i];
	pool[pool_len++] = '\0';
	cs_svg_text_box(l->x, l->y, anchor, size, flags, s, &x0, &y0, &x1, &y1);
	l->x0 = clamp16(x0);
	l->y0 = clamp16(y0);
	l->x1 = clamp16(x1);
	l->y1 = clamp16(y1);
}

void cs_svg_text(struct cs_buf *b, int x, int y, const char *anchor,
		 const char *cls, const char *s)
{
	(void)b;
	cs_svg_label(x, y, anchor, cls, CS_SVG_TICK_PX, CS_SVG_FIXED, CS_SVG_PRIO_MARK, 0, s);
}

void cs_svg_reserve(int x0, int y0, int x1, int y1)
{
	if (n_reserved == MAX_RESERVED)
		return;
	int *r = reserved[n_reserved++];
	r[0] = x0;
	r[1] = y0;
	r[2] = x1;
	r[3] = y1;
}

static int meets(int ax0, int ay0, int ax1, int ay1, int bx0, int by0, int bx1, int by1)
{
	return ax0 < bx1 && bx0 < ax1 && ay0 < by1 && by0 < ay1;
}

static int clear(const struct label *l)
{
	for (int i = 0; i < n_reserved; i++)
		if (meets(l->x0, l->y0, l->x1, l->y1, reserved[i][0], reserved[i][1],
			  reserved[i][2], reserved[i][3]))
			return 0;
	for (int i = 0; i < n_labels; i++)
		if (labels[i].placed &&
		    meets(l->x0, l->y0, l->x1, l->y1, labels[i].x0, labels[i].y0, labels[i].x1, labels[i].y1))
			return 0;
	return 1;
}

static void write_label(struct cs_buf *b, const struct label *l)
{
	cs_puts(b, "<text");
	cs_svg_attr(b, "x", l->x);
	cs_svg_attr(b, "y", l->y);
	if (l->flags & CS_SVG_UP) {
		cs_puts(b, " transform=\"rotate(-90 ");
		cs_svg_num(b, l->x);
		cs_putc(b, ' ');
		cs_svg_num(b, l->y);
		cs_puts(b, ")\"");
	}
	cs_svg_attr(b, "font-size", l->size);
	cs_puts(b, " text-anchor=\"");
	cs_puts(b, l->anchor);
	cs_puts(b, "\" class=\"");
	cs_puts(b, l->cls);
	cs_putc(b, '"');
	if (l->fill) {
		cs_puts(b, " fill=\"#");
		cs_svg_hex6(b, l->fill & 0xffffffu);
		cs_putc(b, '"');
	}
	cs_putc(b, '>');
	cs_svg_esc(b, pool + l->at, l->len);
	cs_puts(b, "</text>\n");
}

/* Fixed texts first, then the rest by priority, each in the order given;
 * a CS_SVG_DROP text that meets one placed is left out. Written in the
 * order given, so the document reads as it was drawn. */
void cs_svg_labels_write(struct cs_buf *b)
{
	int dropped = 0;
	for (int i = 0; i < n_labels; i++)
		labels[i].placed = 0;
	for (int i = 0; i < n_labels; i++)
		if (labels[i].flags & CS_SVG_FIXED)
			labels[i].placed = 1;
	for (int p = CS_SVG_PRIO_TITLE; p >= 0; p--)
		for (int i = 0; i < n_labels; i++) {
			struct label *l = &labels[i];
			if (l->placed || l->prio != p)
				continue;
			l->placed = clear(l);
			dropped += !l->placed;
		}
	cs_puts(b, "<g id=\"labels\">\n");
	for (int i = 0; i < n_labels; i++)
		if (labels[i].placed)
			write_label(b, &labels[i]);
	cs_puts(b, "</g>\n<!-- labels: ");
	cs_svg_num(b, n_labels);
	cs_puts(b, " given, ");
	cs_svg_num(b, dropped);
	cs_puts(b, " left out where they would overlap, ");
	cs_svg_num(b, n_lost);
	cs_puts(b, " past the pass's room -->\n");
}

/* ---- the lane ---- */

int cs_svg_lane(const int *x, const char *const *text, const uint32_t *col, int n, int right,
		int *row, const char **anchor)
{
	int box[CS_SVG_LANE_MAX][4], rows = 0;
	if (n > CS_SVG_LANE_MAX)
		n = CS_SVG_LANE_MAX;
	for (int i = 0; i < n; i++) {
		int same = -1;
		for (int j = 0; j < i && same < 0; j++)
			if (row[j] >= 0 && x[j] == x[i] && col[j] == col[i] &&
			    cs_strlen(text[j]) == cs_strlen(text[i])) {
				const char *a = text[i], *c = text[j];
				while (*a && *a == *c)
					a++, c++;
				if (!*a && !*c)
					same = j;
			}
		if (same >= 0) {
			row[i] = -1;
			anchor[i] = anchor[same];
			box[i][0] = box[i][1] = box[i][2] = box[i][3] = 0;
			continue;
		}
		int x0, y0, x1, y1;
		anchor[i] = "start";
		cs_svg_text_box(x[i] + 3, 0, "start", CS_SVG_SMALL_PX, 0, text[i], &x0, &y0, &x1, &y1);
		if (x1 > right) {
			anchor[i] = "end";
			cs_svg_text_box(x[i] - 3, 0, "end", CS_SVG_SMALL_PX, 0, text[i], &x0, &y0, &x1, &y1);
		}
		box[i][0] = x0 - 2; /* a little air between neighbours */
		box[i][2] = x1 + 2;
		for (int r = 0;; r++) {
			int free = 1;
			for (int j = 0; j < i && free; j++)
				if (row[j] == r && box[j][0] < box[i][2] && box[i][0] < box[j][2])
					free = 0;
			if (free) {
				row[i] = r;
				break;
			}
		}
		rows = row[i] + 1 > rows ? row[i] + 1 : rows;
	}
	return rows;
}

/* ---- axes ---- */

void cs_svg_axis_titles(int px, int py, int pw, int ph, const char *x_title,
			const char *y_title)
{
	cs_svg_axis_titles_at(px, py, pw, ph, px - CS_SVG_AXIS_LEFT + 14, x_title, y_title);
}

void cs_svg_axis_titles_at(int px, int py, int pw, int ph, int ytitle_x, const char *x_title,
			   const char *y_title)
{
	if (x_title && *x_title)
		cs_svg_label(px + pw / 2, py + ph - 1 + 36, "middle", "axis-title",
			     CS_SVG_AXIS_TITLE_PX, CS_SVG_FIXED, CS_SVG_PRIO_TITLE, 0, x_title);
	if (y_title && *y_title)
		cs_svg_label(ytitle_x, py + ph / 2, "middle", "axis-title",
			     CS_SVG_AXIS_TITLE_PX, CS_SVG_FIXED | CS_SVG_UP, CS_SVG_PRIO_TITLE, 0, y_title);
}

/* x: one grid line an octave while they stay 3 pixels apart (else one a
 * label), a label every 'every' octaves, 'every' the smallest power of two
 * that keeps the widest label clear of the next (counted from the map's
 * exponents: at most 2^-1074 .. 2^1023, never by p <= xmax). */
void cs_svg_axes_x(struct cs_buf *b, const struct cs_chart_map *m, enum cs_svg_xfmt xfmt, int size)
{
	char t[40];
	struct cs_buf tb;
	int bottom = m->py + m->ph - 1, octaves = m->xk1 - m->xk0, every = 1;
	double per = (double)(m->pw - 1) / (octaves > 0 ? octaves : 1), p = m->xmin;
	int widest = 0;
	for (int l2 = 0; l2 <= octaves; l2++, p *= 2) {
		cs_buf_init(&tb, t, sizeof t);
		if (xfmt == CS_SVG_X_BYTES)
			cs_put_size(&tb, p);
		else
			cs_put_g(&tb, p, 9);
		int w = round_up(chars(t) * CS_SVG_CHAR_EM * size);
		widest = w > widest ? w : widest;
	}
	while (every < 4096 && every * per < widest + 6)
		every *= 2;
	int step = per >= 3 ? 1 : every;
	p = m->xmin;
	for (int l2 = 0; l2 <= octaves; l2 += step) {
		if (l2)
			for (int k = 0; k < step; k++)
				p *= 2; /* exact: within 2^xk0 .. 2^xk1 */
		int x = cs_chart_x(m, p);
		cs_svg_grid(b, x, m->py, x, bottom);
		if ((m->xk0 + l2) % every)
			continue;
		cs_buf_init(&tb, t, sizeof t);
		if (xfmt == CS_SVG_X_BYTES)
			cs_put_size(&tb, p);
		else
			cs_put_g(&tb, p, 9);
		cs_svg_label(x, bottom + 16, "middle", "tick", size, CS_SVG_DROP,
			     CS_SVG_PRIO_TICK, 0, t);
	}
}

void cs_svg_axes(struct cs_buf *b, const struct cs_chart_map *m, enum cs_svg_xfmt xfmt,
		 const char *x_title, const char *y_title)
{
	char t[40];
	struct cs_buf tb;
	double ns;
	for (int i = 0; cs_chart_ytick(m, i, &ns) == 0; i++) {
		int y = cs_chart_y(m, ns);
		cs_svg_grid(b, m->px, y, m->px + m->pw - 1, y);
		cs_buf_init(&tb, t, sizeof t);
		cs_put_g(&tb, ns, 3);
		cs_svg_label(m->px - 4, y + 4, "end", "tick", CS_SVG_TICK_PX, CS_SVG_DROP,
			     CS_SVG_PRIO_TICK, 0, t);
	}
	cs_svg_axes_x(b, m, xfmt, CS_SVG_SMALL_PX);
	cs_svg_axis(b, m, m->py + m->ph - 1);
	cs_svg_axis_titles(m->px, m->py, m->pw, m->ph, x_title, y_title);
}

void cs_svg_lin_ticks(double lo, double hi, int max_ticks, double *first, double *step)
{
	static const double mult[3] = { 1, 2, 5 };
	double span = hi > lo ? hi - lo : 1, s = 1;
	if (max_ticks < 2)
		max_ticks = 2;
	for (int k = 0; k < 400 && span / s > 40; k++)
		s *= 10;
	for (int k = 0; k < 400 && span / s < 4; k++)
		s /= 10;
	/* s: a power of ten with span / s in 4 .. 40; widen by 1, 2, 5 */
	double best = s * 10;
	for (int d = -1; d <= 1; d++)
		for (int j = 2; j >= 0; j--) {
			double c = mult[j] * (d < 0 ? s / 10 : d > 0 ? s * 10 : s);
			if (span / c + 1 <= max_ticks && c < best)
				best = c;
		}
	*step = best;
	*first = -cs_floor(-lo / best) * best; /* the first multiple at or above lo */
}

/* floor(log10 v) for v > 0, by steps (v within the doubles' range) */
static int decade(double v)
{
	int e = 0;
	for (; v >= 10 && e < 400; e++)
		v /= 10;
	for (; v < 1 && e > -400; e--)
		v *= 10;
	return e;
}

int cs_svg_lin_digits(double vmax, double step)
{
	double v = vmax < 0 ? -vmax : vmax;
	if (!(v > 0) || !(step > 0) || !cs_isfinite(v) || !cs_isfinite(step))
		return 3;
	int x = decade(v), sig = x - decade(step) + 1;
	if (sig < x + 1) /* never an exponent where the integer part is whole */
		sig = x + 1;
	return sig < 1 ? 1 : sig > 12 ? 12 : sig;
}
