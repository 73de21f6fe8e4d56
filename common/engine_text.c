/* engine_text.c: what the engine says, as the lines a person reads
 * (engine.h cs_event_text): the same on the firmware's screen and on the
 * host probe's stderr. Freestanding. */
#include "engine.h"

/* v with 'decimals' digits, right-aligned in 'width' columns. */
static void put_right(struct cs_buf *b, double v, int decimals, size_t width)
{
	char num[40];
	struct cs_buf n;
	cs_buf_init(&n, num, sizeof num);
	cs_put_fixed(&n, v, decimals);
	for (size_t k = n.len; k < width; k++)
		cs_putc(b, ' ');
	cs_puts(b, num);
}

/* "  [ 7/57] 32 KiB          1.11 ns  (median 1.11, block 26 us)  left ~0.6 s"
 * ("left <0.1 s" under a tenth, "sweep done" after the last point) */
static void point(struct cs_buf *b, const struct cs_event *e)
{
	size_t s;
	cs_puts(b, "  [");
	if (e->i + 1 < 10)
		cs_putc(b, ' ');
	cs_put_u64(b, e->i + 1);
	cs_putc(b, '/');
	cs_put_u64(b, e->n);
	cs_puts(b, "] ");
	s = b->len;
	cs_put_size(b, (double)e->bytes);
	cs_pad_to(b, s, 10);
	cs_putc(b, ' ');
	put_right(b, e->pr->ns_min, 2, 8);
	cs_puts(b, " ns  (median ");
	cs_put_fixed(b, e->pr->ns_median, 2);
	cs_puts(b, ", block ");
	cs_put_fixed(b, e->pr->block_ns / 1000.0, 0);
	cs_puts(b, " us)");
	/* never "0.0 s" while a point is left (issue 26): under a tenth,
	 * "<0.1 s"; after the last point, the sweep is done */
	if (e->i + 1 >= e->n)
		cs_puts(b, "  sweep done\n");
	else if (e->eta_s < 0.05) {
		cs_puts(b, "  left <0.1 s\n");
	} else {
		cs_puts(b, "  left ~");
		cs_put_fixed(b, e->eta_s, 1);
		cs_puts(b, " s\n");
	}
}

/* A sweep's progress in at most about CS_PROGRESS_LINES lines (issue 40: a
 * quick run's console, and `make run`, within a screen or two): the first
 * point, every step-th, and the last. A line per point scrolled a real
 * machine's screen past everything before it. */
#define CS_PROGRESS_LINES 12u
static int point_shown(const struct cs_event *e)
{
	uint32_t step = (e->n + CS_PROGRESS_LINES - 1) / CS_PROGRESS_LINES;
	return e->i == 0 || e->i + 1 >= e->n || step <= 1 || (e->i + 1) % step == 0;
}

void cs_event_text(struct cs_buf *b, const struct cs_event *e)
{
	if (e->words) { /* a kind's own event, in its words */
		e->words(b, e);
		return;
	}
	switch (e->kind) {
	case CS_EV_POINT:
		if (point_shown(e))
			point(b, e);
		break;
	case CS_EV_POINT_FAILED:
		cs_puts(b, "  [");
		cs_put_u64(b, e->i + 1);
		cs_putc(b, '/');
		cs_put_u64(b, e->n);
		cs_puts(b, "] ");
		cs_put_u64(b, e->bytes);
		cs_puts(b, " bytes: not measured (the clock did not move)\n");
		break;
	case CS_EV_ADJ_BEGIN:
		cs_puts(b, "adjacency probe:\n");
		break;
	case CS_EV_ADJ_NOT_RUN:
		cs_puts(b, "  ");
		cs_puts(b, e->text);
		cs_putc(b, '\n');
		break;
	case CS_EV_EXP_BEGIN:
		cs_puts(b, "experiments: single accesses, stride prefetch, random against fixed stride\n");
		break;
	case CS_EV_EXP_DONE:
		cs_puts(b, "  done in ");
		cs_put_fixed(b, e->seconds, 2);
		cs_puts(b, " s\n");
		break;
	case CS_EV_EXP_NOT_RUN:
		cs_puts(b, "experiments: not run (");
		cs_puts(b, e->text);
		cs_puts(b, ")\n");
		break;
	case CS_EV_NOTE:
		cs_puts(b, e->text);
		break;
	case CS_EV_NONE:
	case CS_EV_SWEEP:
	case CS_EV_ADJ_PLACED:
	case CS_EV_ADJ_POINT:
	case CS_EV_ADJ_POINT_FAILED:
	case CS_EV_ADJ_SERIES:
	case CS_EV_ADJ_REFUSED:
		break; /* drawn, or said whole by their kind (words) */
	}
}
