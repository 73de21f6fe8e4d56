/* bw_reduce.c: the bandwidth kind's reduction (bw_kind.h, docs/bandwidth.md),
 * the reduce column of common/kinds.h. Each series is the sweep's
 * staircase on (bytes, ns per byte): the sweep's rules (reduce/: block
 * length, clock, plateaus, levels, knees, the grid's span, s.9's climbs,
 * the pairing with the published levels, s.4 version 2) are called on a
 * side capture of its points, not copied; a level's GB/s is 1 / its floor
 * (1 byte per ns is 1e9 B/s: 1 GB/s). Then the misses in flight and
 * Little's law, and the cross-witness table (bw_witness.c). Freestanding. */
#include "bw_kind.h"
#include "../../reduce/emulated.h"
#include "../../reduce/kinds.h"
#include "../../reduce/internal.h"

static const char *const op_words[CS_BW_N_OPS] = { "read", "write", "copy", "non-temporal write" };

void cs_bw_put_series(struct cs_buf *b, enum cs_bw_op op, uint32_t threads)
{
	cs_puts(b, (unsigned)op < CS_BW_N_OPS ? op_words[op] : "?");
	cs_puts(b, ", ");
	cs_put_u64(b, threads);
	cs_puts(b, threads == 1 ? " thread" : " threads");
}

double cs_bw_gbps(const struct cs_level *L)
{
	return L->floor_ns > 0 ? 1.0 / L->floor_ns : 0;
}

const struct cs_bw_series_result *cs_bw_read1(const struct cs_bw_result *t)
{
	for (uint32_t i = 0; i < t->n_series; i++)
		if (t->series[i].op == CS_BW_READ && t->series[i].threads == 1 && t->series[i].measured)
			return &t->series[i];
	return 0;
}

/* A refusal of series s, its reason opened with the series' name. */
static struct cs_buf *refuse(struct cs_bw_series_result *s, const char *code, struct cs_buf *b)
{
	if (s->n_refusals >= CS_BW_MAX_REFUSALS) {
		cs_buf_init(b, NULL, 0);
		return b;
	}
	cs_refusal_set(&s->refusals[s->n_refusals++], code, b);
	cs_puts(b, "bandwidth, ");
	cs_bw_put_series(b, s->op, s->threads);
	cs_puts(b, ": ");
	return b;
}

/* The side capture's points: the series' (footprint, ns per byte), the
 * footprint its buffer puts in the caches (a copy's two buffers). */
static void side_points(struct cs_capture *side, const struct cs_bw_series *ser)
{
	uint32_t n = ser->n < CS_BW_MAX_POINTS ? ser->n : CS_BW_MAX_POINTS;
	double fp = cs_bw_footprint(ser->op);
	for (uint32_t i = 0; i < n; i++) {
		const struct cs_bw_point *p = &ser->pts[i];
		side->points[i] = (struct cs_point){ p->bytes * fp, p->ns_per_byte, p->has_block,
						     p->block_ns };
	}
	side->n_points = n;
}

/* The sweep's malformed-capture message, placed: "bandwidth.series[I]: ...". */
static int malformed(uint32_t i, const char *why, char *err, size_t errlen)
{
	struct cs_buf b;
	cs_buf_init(&b, err, errlen);
	cs_puts(&b, "bandwidth.series[");
	cs_put_u64(&b, i);
	cs_puts(&b, "] (as a sweep of ns per byte): ");
	cs_puts(&b, why);
	return -1;
}

static int series(struct cs_work *w, const struct cs_bw_series *ser, uint32_t i,
		  struct cs_bw_series_result *s, char *err, size_t errlen)
{
	char why[CS_REASON_MAX];
	struct cs_result *sr = &w->side_res;

	side_points(&w->side, ser);
	if (cs_reduce(&w->side, w, sr, why, sizeof why) != 0)
		return malformed(i, why, err, errlen);
	s->n_used = sr->n_used;
	s->n_levels = sr->n_levels;
	cs_memcpy(s->levels, sr->levels, s->n_levels * sizeof s->levels[0]);
	s->n_knees = sr->n_knees;
	cs_memcpy(s->knees, sr->knees, s->n_knees * sizeof s->knees[0]);
	s->climbs = sr->climbs;
	for (uint32_t k = 0; k < sr->n_refusals; k++) {
		struct cs_buf b;
		refuse(s, sr->refusals[k].code, &b);
		cs_puts(&b, sr->refusals[k].reason);
	}
	return 0;
}

static void series_init(const struct cs_bw_series *ser, struct cs_bw_series_result *s)
{
	s->op = ser->op;
	s->threads = ser->threads ? ser->threads : 1;
	cs_strlcpy(s->kernel, ser->kernel, sizeof s->kernel);
	s->measured = !ser->refused;
	s->n_points = ser->n;
	s->n_used = s->n_levels = s->n_knees = s->n_refusals = 0;
	s->climbs.n = s->climbs.n_knees = 0;
}

int cs_bw_reduce(const struct cs_capture *c, struct cs_work *w, struct cs_result *r, char *err,
		 size_t errlen)
{
	const struct cs_bw_capture *k = &c->bw;
	struct cs_bw_result *t = &r->bw;

	/* counts and flags only: every reader stops at the counts */
	t->present = k->present;
	t->null = k->null;
	t->n_series = t->n_mlp = t->n_witness = 0;
	t->mlp_present = t->has_witness = 0;
	if (!k->present || k->null)
		return 0;
	/* the side capture a series is reduced in: made when the first
	 * series needs it (a whole capture to clear: most of check's time
	 * on captures that carry only misses in flight, issue 34 item 4) */
	struct cs_capture *side = 0;
	char why[CS_TEXT_MAX];
	const char *emu = cs_emulated(c, why, sizeof why);
	for (uint32_t i = 0; i < k->n_series && i < CS_BW_MAX_SERIES; i++) {
		const struct cs_bw_series *ser = &k->series[i];
		struct cs_bw_series_result *s = &t->series[t->n_series++];
		series_init(ser, s);
		if (emu && !ser->refused) { /* docs/emulators.md s.4 */
			struct cs_buf b;
			s->measured = 0;
			refuse(s, CS_R_EMULATED, &b);
			cs_puts(&b, "emulated by ");
			cs_puts(&b, emu);
			cs_puts(&b, " (");
			cs_puts(&b, why);
			cs_puts(&b, "): the bytes a ns are the emulator's translation on the host's caches, "
				    "not the emulated processor's");
			continue;
		}
		if (ser->refused) {
			struct cs_buf b;
			refuse(s, CS_R_BW_NOT_MEASURED, &b);
			cs_puts(&b, ser->refusal);
			continue;
		}
		if (!side) {
			side = &w->side;
			cs_capture_init(side);
			side->clock = c->clock;
			side->n_caches = c->n_caches;
			cs_memcpy(side->caches, c->caches, sizeof side->caches);
		}
		if (series(w, ser, i, s, err, errlen) != 0)
			return -1;
	}
	cs_bw_reduce_mlp(c, r, t);
	cs_bw_reduce_witness(c, r, t);
	return 0;
}
