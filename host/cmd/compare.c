/* compare.c: `cacheshape compare [--json] [--force] A B` (compare.h,
 * docs/repeats.md s.5): both captures read strictly and reduced; the
 * processor's identity (the capture's cpu member: CPUID vendor, family,
 * model and stepping, or the MIDR's fields) must be the same unless
 * --force (the identity as the one reader keeps it, reader/capture.c);
 * then published level by published level, as reduce's summary pairs them
 * (never the k-th plateau of a series): the knee and the floor below it
 * and, where both captures have them, the floor in core cycles, the read
 * bandwidth and the geometry (ways, sets, size). A difference is claimed
 * only beyond a stated variation: the spreads over repeats (robust to a
 * wild one, reduce/repeat.c), or a documented one; knees on the size grid.
 * Exit 0 no level differs beyond a stated variation, 1 one differs, 2 the
 * captures cannot be compared (unreadable, different processors, no
 * levels). */
#include "compare.h"
#include "../input.h"
#include "replay.h"
#include "../cmd.h"
#include "../cli.h"
#include "../textout.h"
#include "../../common/jsonw.h"
#include "../../common/csmath.h"
#include "../../reduce/query.h"
#include "../../reduce/repeat.h"
#include "../../reduce/rules_repeat.h"

#include <stdlib.h>
#include <string.h>

#define SIG_MAX CS_TEXT_MAX

struct side {
	const char *path;
	struct cs_replay *p;
	char sig[SIG_MAX]; /* "" when the capture names no processor */
};

void cs_usage_compare(FILE *f)
{
	fputs("usage: cacheshape compare [--json] [--force] A B\n"
	      "\n"
	      "Two captures of one processor (firmware against Linux, two boots,\n"
	      "two machines of one model), published level by published level (as\n"
	      "reduce's summary pairs them): the knee and the floor below it, and\n"
	      "where both captures have them the floor in core cycles, the read\n"
	      "bandwidth (GB/s) and the geometry (ways, sets, size); then the knees\n"
	      "paired with no level, and memory. A difference is claimed only\n"
	      "beyond a stated variation: the captures' spreads over their repeats\n"
	      "(probe --repeat, the firmware's repeat=; robust to one wild repeat),\n"
	      "or a documented one (bandwidth). Two knees one step of the size grid\n"
	      "apart agree. Without repeats a larger difference is said as \"not\n"
	      "repeated: cannot tell noise from change\" (docs/repeats.md).\n"
	      "\n"
	      "  --json         the same as one JSON object on stdout\n"
	      "  --force        compare captures of different (or unnamed) processors\n"
	      "  -h, --help     this text\n"
	      "  -V, --version  the version\n"
	      "\n"
	      "A or B may be '-', standard input.\n"
	      "\n"
	      "Exit status: 0 no level differs beyond a stated variation (every level\n"
	      "agrees, or some cannot be told), 1 a level differs beyond one,\n"
	      "2 the captures cannot be compared (one cannot be read, their CPUID\n"
	      "signatures differ or are missing without --force, or no levels).\n", f);
}

int cs_compare_agree(double alo, double ahi, double blo, double bhi, double slack)
{
	double lo = alo > blo ? alo : blo, hi = ahi < bhi ? ahi : bhi;
	return lo <= hi * slack;
}

/* The file whole, through the one bounded reader of every input
 * (host/input.c, docs/inputs.md): at most CS_READ_MAX_FILE bytes from a
 * file, FIFO, device or standard input ('-'), a silent FIFO given up after
 * CS_INPUT_WAIT_S s. */
static char *slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	char *t = NULL;
	if (cs_input_slurp(path, CS_READ_MAX_FILE, "a capture (4 MiB, CS_READ_MAX_FILE)", &t, len, err, errlen))
		return NULL;
	return t;
}

static int load(struct side *s)
{
	char err[512];
	size_t len = 0;
	char *text = slurp(s->path, &len, err, sizeof err);
	s->p = cs_replay_new();
	if (!text || !s->p || cs_replay_mem(s->p, text, len, err, sizeof err)) {
		cs_eprintf("cacheshape compare: %s: %s", s->path, s->p ? err : "out of memory");
		free(text);
		return -1;
	}
	cs_strlcpy(s->sig, s->p->cap.cpu_sig, sizeof s->sig); /* the reader's (reader/capture.c) */
	free(text);
	return 0;
}

/* ---- level by level ---- */

/* A figure and its spread (its own value at both ends without repeats). */
struct fig {
	int has;
	int bad;    /* the figure is not a finite number (a capture at a double's limits) */
	double v, lo, hi;
	uint32_t found; /* repeats that gave the spread (0: none, one pass) */
	uint32_t wild;  /* ... and those left out as wild (docs/repeats.md s.2) */
	double at;  /* where it lies: a level's first size, a knee's own */
	double top; /* the largest size its capture swept */
};

/* The figures of a row, each judged by its rule (s.5); the last ones only
 * where both captures have them (a clock, a bandwidth or a geometry member
 * missing from one is not a difference of the processor). */
enum unit { U_NS, U_BYTES, U_CYCLES, U_GBPS, U_COUNT };
enum judge {
	J_GRID,   /* knees: one step of the size grid, then the spreads over repeats */
	J_SPREAD, /* floors: the slack, then the spreads over repeats */
	J_CLOCK,  /* cycles: as floors, or the clock's own stability where the floors in ns agree */
	J_STATED, /* a documented run-to-run variation (bandwidth: no spread is ever measured) */
	J_COUNT   /* counted: equal or not */
};
struct measure {
	const char *text, *json;
	enum unit unit;
	enum judge judge;
	double slack;
	const char *slack_name;
	int both_only;
};
enum { M_FLOOR, M_KNEE, M_CYCLES, M_READ, M_WAYS, M_SETS, M_GSIZE, N_M };
static const struct measure measures[N_M] = {
	{ "floor", "floor_ns", U_NS, J_SPREAD, CS_COMPARE_FLOOR_SLACK, "CS_COMPARE_FLOOR_SLACK", 0 },
	{ "knee", "knee_bytes", U_BYTES, J_GRID, CS_COMPARE_KNEE_STEPS, "CS_COMPARE_KNEE_STEPS", 0 },
	{ "floor in cycles", "floor_cycles", U_CYCLES, J_CLOCK, CS_COMPARE_CYCLES_SLACK, "CS_COMPARE_CYCLES_SLACK", 1 },
	{ "read", "read_gbps", U_GBPS, J_STATED, CS_COMPARE_BW_SLACK, "CS_COMPARE_BW_SLACK", 1 },
	{ "ways", "geometry_ways", U_COUNT, J_COUNT, CS_COMPARE_GEOM_SLACK, "CS_COMPARE_GEOM_SLACK", 1 },
	{ "sets", "geometry_sets", U_COUNT, J_COUNT, CS_COMPARE_GEOM_SLACK, "CS_COMPARE_GEOM_SLACK", 1 },
	{ "geometry size", "geometry_bytes", U_BYTES, J_COUNT, CS_COMPARE_GEOM_SLACK, "CS_COMPARE_GEOM_SLACK", 1 },
};

/* A figure from its value and spread; one that is not finite is kept as
 * such (said in words, never compared). */
static struct fig make_fig(double v, const struct cs_spread *s, uint32_t reps, double at, double top)
{
	int sp = reps && s && s->has;
	struct fig f = { 1, 0, v, sp ? s->min : v, sp ? s->max : v, sp ? s->found : 0, sp ? s->wild : 0, at, top };
	f.bad = !cs_isfinite(f.v) || !cs_isfinite(f.lo) || !cs_isfinite(f.hi);
	return f;
}

static struct fig one_value(double v)
{
	return make_fig(v, NULL, 0, 0, 0);
}

/* What a row pairs (s.5): a published level's knee and the level below it,
 * as reduce's summary pairs them; the n-th knee paired with no published
 * level; or the level past the last knee (memory). */
enum row_kind { R_LEVEL, R_UNMATCHED, R_MEMORY };

/* The knee of r that row (kind, key) names, or -1. */
static int32_t row_knee(const struct cs_result *r, enum row_kind kind, uint32_t key)
{
	for (uint32_t j = 0, n = 0; j < r->n_knees && j < CS_MAX_KNEES; j++) {
		const struct cs_knee *k = &r->knees[j];
		if (kind == R_LEVEL && k->has_published && k->published_level == key)
			return (int32_t)j;
		if (kind == R_UNMATCHED && k->has_bytes && !k->has_published && n++ == key)
			return (int32_t)j;
	}
	return -1;
}

/* The read on one thread for the row, in GB/s, as the bandwidth kind
 * answers it (reduce/query.h): at a published level, or for memory past
 * the read's last knee when that knee pairs with the latency's last
 * published level. No spread (a bandwidth is measured once). */
static void fig_read(const struct cs_result *r, enum row_kind kind, uint32_t key, uint32_t mem_pub,
		     struct fig *f)
{
	struct cs_query q = { kind == R_LEVEL ? CS_Q_READ_GBPS : CS_Q_READ_GBPS_PAST,
			      kind == R_LEVEL ? key : mem_pub, { 0 }, 0 };
	if (kind == R_UNMATCHED || (kind == R_MEMORY && !mem_pub))
		return;
	if (cs_ask(&q, 0, r))
		*f = one_value(q.v[0]);
}

/* The geometry of published level 'published' (ways, sets, size), as the
 * geometry kind answers it; counts, no spread. */
static void fig_geometry(const struct cs_result *r, uint32_t published, struct fig *f)
{
	struct cs_query q = { CS_Q_GEOMETRY, published, { 0 }, 0 };
	if (!published || !cs_ask(&q, 0, r))
		return;
	f[M_WAYS] = one_value(q.v[0]);
	f[M_SETS] = one_value(q.v[1]);
	f[M_GSIZE] = one_value(q.v[2]);
}

/* The row's figures in one capture: the knee (its spread over repeats),
 * the floor of the level below it (or, for memory, of the level past the
 * last knee), that floor in core cycles (the capture's own clock, when
 * stable), the read bandwidth and the geometry. */
static void figures(const struct cs_result *r, enum row_kind kind, uint32_t key, struct fig *f)
{
	double cpn = cs_cycles_per_ns(r);
	uint32_t reps = r->rep.n, lvl = CS_MAX_LEVELS, found, mem_pub = 0;
	struct fig *floor = &f[M_FLOOR], *knee = &f[M_KNEE];
	memset(f, 0, N_M * sizeof *f);
	if (kind == R_MEMORY) {
		mem_pub = cs_knees_last_published(r->knees, r->n_knees, &found);
		lvl = found;
	} else {
		int32_t j = row_knee(r, kind, key);
		if (j >= 0 && r->knees[j].has_bytes) {
			*knee = make_fig(r->knees[j].bytes, &r->rep.knee[j], reps, r->knees[j].bytes, r->top_bytes);
			lvl = cs_knees_found_before(r->knees, (uint32_t)j);
		} else if (j >= 0) { /* a published level with no knee: missing where its size was swept */
			knee->at = r->knees[j].published_bytes;
		}
	}
	knee->top = r->top_bytes;
	if (lvl < r->n_levels && lvl < CS_MAX_LEVELS)
		*floor = make_fig(r->levels[lvl].floor_ns, &r->rep.floor[lvl], reps, r->levels[lvl].first_bytes,
				  r->top_bytes);
	floor->top = r->top_bytes;
	if (floor->has && cpn > 0) {
		f[M_CYCLES] = make_fig(floor->v * cpn, NULL, 0, 0, 0);
		f[M_CYCLES].lo = floor->lo * cpn;
		f[M_CYCLES].hi = floor->hi * cpn;
		f[M_CYCLES].found = floor->found;
		f[M_CYCLES].bad = !cs_isfinite(f[M_CYCLES].lo) || !cs_isfinite(f[M_CYCLES].hi) ||
				  !cs_isfinite(f[M_CYCLES].v);
	}
	fig_read(r, kind, key, mem_pub, &f[M_READ]);
	if (kind == R_LEVEL)
		fig_geometry(r, key, f);
}

struct row {
	enum row_kind kind;
	uint32_t key; /* the published level; the unmatched knee's rank */
	char name[48];
	struct fig a[N_M], b[N_M];
	int verdict_m[N_M]; /* V_ */
	int verdict;
	char sentence[1600];
};

/* A figure's or a row's verdict. */
enum { V_NONE = -1, V_DIFFER = 0, V_AGREE = 1, V_UNTOLD = 2 };

double cs_compare_knee_steps(const struct cs_capture *ca, const struct cs_capture *cb, double alo, double ahi,
			     double blo, double bhi)
{
	double x, y;
	if (alo > bhi)
		x = alo, y = bhi;
	else if (blo > ahi)
		x = blo, y = ahi;
	else
		return 0;
	double sa = cs_grid_steps(ca, x, y), sb = cs_grid_steps(cb, x, y);
	return sa < sb ? sa : sb;
}

/* Either capture measured a spread of this figure over repeats. */
static int repeated(const struct fig *a, const struct fig *b)
{
	return a->found > 1 || b->found > 1;
}

static int verdict(const struct cs_capture *ca, const struct cs_capture *cb, const struct fig *a,
		   const struct fig *b, const struct measure *m, int floors_agree)
{
	if (!a->has && !b->has)
		return V_NONE;
	if (a->bad || b->bad)
		return V_NONE; /* said in words: not a finite number */
	if (!a->has || !b->has) {
		const struct fig *in = a->has ? a : b, *out = a->has ? b : a;
		return m->both_only || in->at > out->top ? V_NONE : V_DIFFER; /* within both sweeps */
	}
	switch (m->judge) {
	case J_COUNT:
		return a->v == b->v ? V_AGREE : V_DIFFER;
	case J_STATED:
		return cs_compare_agree(a->lo, a->hi, b->lo, b->hi, m->slack) ? V_AGREE : V_DIFFER;
	case J_GRID:
		if (cs_compare_knee_steps(ca, cb, a->lo, a->hi, b->lo, b->hi) <= m->slack + CS_GRID_EPS)
			return V_AGREE;
		return repeated(a, b) ? V_DIFFER : V_UNTOLD;
	case J_CLOCK:
	case J_SPREAD:
		if (cs_compare_agree(a->lo, a->hi, b->lo, b->hi, m->slack))
			return V_AGREE;
		return repeated(a, b) || (m->judge == J_CLOCK && floors_agree) ? V_DIFFER : V_UNTOLD;
	}
	return V_NONE;
}

/* A number for people, or words where it is not one (never inf, nan,
 * null or ?: issue 41). */
static void put_finite(struct cs_buf *b, double v, enum unit u)
{
	static const char *const unit[] = { " ns", "", " cycles", " GB/s", "" };
	if (!cs_isfinite(v)) {
		cs_puts(b, "(not a finite number)");
		return;
	}
	if (u == U_BYTES)
		cs_put_size(b, v);
	else
		cs_put_g(b, v, u == U_COUNT ? 10 : 4);
	cs_puts(b, unit[u]);
}

static void put_spread(struct cs_buf *b, const char *side, const struct fig *f, enum unit u)
{
	cs_puts(b, side);
	put_finite(b, f->lo, u);
	cs_puts(b, " .. ");
	put_finite(b, f->hi, u);
	if (f->found > 1) {
		cs_puts(b, " over ");
		cs_put_u64(b, f->found);
		cs_puts(b, " repeats");
		if (f->wild) {
			cs_puts(b, ", ");
			cs_put_u64(b, f->wild);
			cs_puts(b, " wild left out");
		}
	} else {
		cs_puts(b, ", not repeated");
	}
}

/* What judged a figure, in words (the stated variation); brief: without
 * the spreads (an agreement). */
static void put_rule(struct cs_buf *b, const struct measure *m, const struct fig *a, const struct fig *c,
		     int brief)
{
	switch (m->judge) {
	case J_COUNT:
		cs_puts(b, "counted: equal or not, ");
		cs_puts(b, m->slack_name);
		return;
	case J_STATED:
		cs_puts(b, brief ? "within " : "a documented run-to-run variation of ");
		cs_put_g(b, m->slack, 6);
		cs_puts(b, "x, ");
		cs_puts(b, m->slack_name);
		if (!brief)
			cs_puts(b, "; not measured in these captures");
		return;
	default:
		break;
	}
	if (repeated(a, c) && brief) {
		cs_puts(b, "spreads over repeats widened by ");
	} else if (repeated(a, c)) {
		put_spread(b, "A ", a, m->unit);
		put_spread(b, ", B ", c, m->unit);
		cs_puts(b, ": the spreads over repeats, less any more than ");
		cs_put_g(b, CS_REPEAT_WILD_MADS, 6);
		cs_puts(b, " median absolute deviations off their median (CS_REPEAT_WILD_MADS), each widened by ");
	} else {
		cs_puts(b, brief ? "not repeated, within " : "within ");
	}
	cs_put_g(b, m->slack, 6);
	cs_puts(b, m->judge == J_GRID ? " step of the size grid, " : "x, ");
	cs_puts(b, m->slack_name);
}

static void put_fig(struct cs_buf *b, const struct measure *m, const struct fig *a, const struct fig *c,
		    int v)
{
	cs_puts(b, m->text);
	if (a->bad || c->bad) {
		cs_puts(b, a->bad ? " in A" : " in B");
		cs_puts(b, " is not a finite number (at a double's limits): not compared");
		return;
	}
	if (!a->has && !c->has) {
		cs_puts(b, " in neither: not compared");
		return;
	}
	if (!a->has || !c->has) {
		const struct fig *out = a->has ? c : a;
		cs_puts(b, a->has ? " in A only" : " in B only");
		if (v == V_NONE && m->both_only) {
			cs_puts(b, ": not compared");
		} else if (v == V_NONE) {
			cs_puts(b, ", past the other's sweep (to ");
			put_finite(b, out->top, U_BYTES);
			cs_puts(b, "): not compared");
		}
		return;
	}
	cs_puts(b, " A ");
	put_finite(b, a->v, m->unit);
	cs_puts(b, ", B ");
	put_finite(b, c->v, m->unit);
	if (v == V_AGREE) {
		cs_puts(b, ": agree within noise (");
		put_rule(b, m, a, c, 1);
		cs_putc(b, ')');
		return;
	}
	double pct = c->v / a->v - 1;
	if (cs_isfinite(pct)) {
		cs_puts(b, ": differ by ");
		cs_put_pct(b, pct);
	} else {
		cs_puts(b, ": differ by more than a number can say");
	}
	if (v == V_UNTOLD) {
		cs_puts(b, "; not repeated: cannot tell noise from change (neither capture measured a spread "
			   "over repeats, probe --repeat; ");
		put_rule(b, m, a, c, 0);
		cs_puts(b, " is a resolution, not a run-to-run variation)");
		return;
	}
	cs_puts(b, ", beyond noise (");
	put_rule(b, m, a, c, 0);
	cs_putc(b, ')');
}

static void row_name(struct row *w)
{
	struct cs_buf b;
	cs_buf_init(&b, w->name, sizeof w->name);
	if (w->kind == R_LEVEL) {
		cs_puts(&b, "L");
		cs_put_u64(&b, w->key);
	} else if (w->kind == R_UNMATCHED) {
		cs_puts(&b, "unmatched knee ");
		cs_put_u64(&b, w->key + 1);
	} else {
		cs_puts(&b, "memory");
	}
}

static void one_row(const struct cs_replay *pa, const struct cs_replay *pb, enum row_kind kind, uint32_t key,
		    struct row *w)
{
	struct cs_buf s;
	memset(w, 0, sizeof *w);
	w->kind = kind;
	w->key = key;
	row_name(w);
	figures(&pa->res, kind, key, w->a);
	figures(&pb->res, kind, key, w->b);
	cs_buf_init(&s, w->sentence, sizeof w->sentence);
	int differ = 0, untold = 0, agree = 0;
	for (int m = 0; m < N_M; m++) {
		int v = verdict(&pa->cap, &pb->cap, &w->a[m], &w->b[m], &measures[m],
				w->verdict_m[M_FLOOR] == V_AGREE);
		w->verdict_m[m] = v;
		differ |= v == V_DIFFER;
		untold |= v == V_UNTOLD;
		agree |= v == V_AGREE;
		if (m != M_FLOOR && !w->a[m].has && !w->b[m].has)
			continue; /* the floor is always said, the others where present */
		if (m != M_FLOOR)
			cs_puts(&s, "; ");
		put_fig(&s, &measures[m], &w->a[m], &w->b[m], v);
	}
	w->verdict = differ ? V_DIFFER : untold ? V_UNTOLD : agree ? V_AGREE : V_NONE;
}

/* The rows: each published level either capture pairs a knee with (or
 * lists as missing), in level order; then the knees paired with none, by
 * rank; then memory, the level past the last knee. */
static uint32_t make_rows(const struct cs_replay *pa, const struct cs_replay *pb, struct row *rows, uint32_t max)
{
	const struct cs_result *r[2] = { &pa->res, &pb->res };
	uint32_t n = 0, unmatched = 0;
	for (uint32_t lvl = 1; lvl <= CS_MAX_LEVELS && n < max; lvl++)
		if (row_knee(r[0], R_LEVEL, lvl) >= 0 || row_knee(r[1], R_LEVEL, lvl) >= 0)
			one_row(pa, pb, R_LEVEL, lvl, &rows[n++]);
	for (int s = 0; s < 2; s++) {
		uint32_t u = 0;
		while (row_knee(r[s], R_UNMATCHED, u) >= 0)
			u++;
		unmatched = u > unmatched ? u : unmatched;
	}
	for (uint32_t u = 0; u < unmatched && n < max; u++)
		one_row(pa, pb, R_UNMATCHED, u, &rows[n++]);
	if ((r[0]->n_levels || r[1]->n_levels) && n < max)
		one_row(pa, pb, R_MEMORY, 0, &rows[n++]);
	return n;
}

/* ---- the answer ---- */

static const char *const verdict_word[] = { "differ", "agree", "untold" };

static void put_side_text(const char *name, const struct side *s)
{
	char line[3 * CS_TEXT_MAX + 512];
	struct cs_buf b;
	uint32_t n = s->p->res.rep.n ? s->p->res.rep.n : 1;
	cs_buf_init(&b, line, sizeof line);
	cs_puts(&b, name);
	cs_puts(&b, ": ");
	cs_put_text(&b, s->p->cap.label[0] ? s->p->cap.label : "(no label)"); /* escaped: issue 41 */
	cs_puts(&b, " (");
	cs_put_text(&b, s->path);
	cs_puts(&b, "), ");
	cs_put_text(&b, s->sig[0] ? s->sig : "no CPUID signature");
	cs_puts(&b, ", ");
	cs_put_u64(&b, n);
	cs_puts(&b, n > 1 ? " repeats\n" : " repeat\n");
	fputs(line, stdout);
}

static int text_answer(const struct side *a, const struct side *b, const struct row *w, uint32_t n,
		       int forced)
{
	uint32_t differ = 0, compared = 0, untold = 0;
	put_side_text("A", a);
	put_side_text("B", b);
	if (forced)
		printf("processor: compared by --force (%s)\n",
		       strcmp(a->sig, b->sig) ? "the signatures differ" : "no signature");
	for (uint32_t i = 0; i < n; i++) {
		printf("%s: %s\n", w[i].name, w[i].sentence);
		differ += w[i].verdict == V_DIFFER;
		untold += w[i].verdict == V_UNTOLD;
		compared += w[i].verdict != V_NONE;
	}
	if (differ)
		printf("verdict: %u of %u levels differ beyond noise\n", differ, compared);
	else if (untold)
		printf("verdict: no level differs beyond a stated variation; %u of %u cannot be told "
		       "(not repeated: cannot tell noise from change)\n", untold, compared);
	else
		printf("verdict: every level agrees within noise (%u levels)\n", compared);
	return differ ? CS_EXIT_FAIL : CS_EXIT_OK;
}

static void json_fig(struct cs_jsonw *j, const struct measure *m, const struct fig *a, const struct fig *b,
		     int v)
{
	cs_jsonw_key(j, m->json);
	if (!a->has && !b->has) {
		cs_jsonw_null(j);
		return;
	}
	cs_jsonw_obj(j);
	const struct fig *f[2] = { a, b };
	static const char *const k[2] = { "a", "b" };
	for (int s = 0; s < 2; s++) {
		cs_jsonw_key(j, k[s]);
		if (!f[s]->has) {
			cs_jsonw_null(j);
			continue;
		}
		cs_jsonw_obj(j);
		cs_jsonw_key_numsig(j, "value", f[s]->v, 10); /* null where not finite */
		cs_jsonw_key(j, "spread");
		cs_jsonw_arr(j);
		cs_jsonw_numsig(j, f[s]->lo, 10);
		cs_jsonw_numsig(j, f[s]->hi, 10);
		cs_jsonw_arr_end(j);
		cs_jsonw_key_u64(j, "spread_repeats", f[s]->found);
		cs_jsonw_key_u64(j, "wild_repeats", f[s]->wild);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_key(j, "agree"); /* null: not compared, or cannot be told */
	v == V_AGREE || v == V_DIFFER ? cs_jsonw_bool(j, v == V_AGREE) : cs_jsonw_null(j);
	cs_jsonw_key_str(j, "verdict", v == V_NONE ? "not-compared" : verdict_word[v]);
	cs_jsonw_key_numsig(j, "slack", m->slack, 10); /* what judged it (s.5) */
	cs_jsonw_key_str(j, "constant", m->slack_name);
	cs_jsonw_obj_end(j);
}

static void json_side(struct cs_jsonw *j, const char *key, const struct side *s)
{
	cs_jsonw_key(j, key);
	cs_jsonw_obj(j);
	cs_jsonw_key_str(j, "file", s->path);
	cs_jsonw_key_str(j, "label", s->p->cap.label);
	cs_jsonw_key(j, "signature");
	if (s->sig[0])
		cs_jsonw_str(j, s->sig);
	else
		cs_jsonw_null(j);
	cs_jsonw_key_u64(j, "repeats", s->p->res.rep.n ? s->p->res.rep.n : 1);
	cs_jsonw_obj_end(j);
}

static int json_answer(const struct side *a, const struct side *b, const struct row *w, uint32_t n,
		       int forced, const char *refused)
{
	static char mem[1 << 19];
	struct cs_buf buf;
	struct cs_jsonw j;
	uint32_t differ = 0, untold = 0;
	cs_buf_init(&buf, mem, sizeof mem);
	cs_jsonw_init(&j, &buf, 1);
	cs_jsonw_obj(&j);
	json_side(&j, "a", a);
	json_side(&j, "b", b);
	cs_jsonw_key_bool(&j, "same_processor", a->sig[0] && !strcmp(a->sig, b->sig));
	cs_jsonw_key_bool(&j, "forced", forced);
	cs_jsonw_key(&j, "refused");
	refused ? cs_jsonw_str(&j, refused) : cs_jsonw_null(&j);
	cs_jsonw_key(&j, "levels");
	cs_jsonw_arr(&j);
	for (uint32_t i = 0; i < n; i++) {
		cs_jsonw_obj(&j);
		cs_jsonw_key_str(&j, "row", w[i].name);
		cs_jsonw_key(&j, "level"); /* the published level; null for an unmatched knee or memory */
		w[i].kind == R_LEVEL ? cs_jsonw_u64(&j, w[i].key) : cs_jsonw_null(&j);
		for (int m = 0; m < N_M; m++)
			json_fig(&j, &measures[m], &w[i].a[m], &w[i].b[m], w[i].verdict_m[m]);
		cs_jsonw_key_str(&j, "verdict", w[i].verdict == V_NONE ? "not-compared" : verdict_word[w[i].verdict]);
		cs_jsonw_key_str(&j, "sentence", w[i].sentence);
		cs_jsonw_obj_end(&j);
		differ += w[i].verdict == V_DIFFER;
		untold += w[i].verdict == V_UNTOLD;
	}
	cs_jsonw_arr_end(&j);
	cs_jsonw_key(&j, "agree"); /* null: refused, or no difference but some cannot be told */
	refused || (!differ && untold) ? cs_jsonw_null(&j) : cs_jsonw_bool(&j, !differ);
	cs_jsonw_key_u64(&j, "untold", untold);
	cs_jsonw_obj_end(&j);
	if (cs_jsonw_finish(&j)) {
		cs_eprintf("cacheshape compare: the answer does not fit its buffer");
		return CS_EXIT_ERROR;
	}
	fwrite(mem, 1, buf.len, stdout);
	return refused ? CS_EXIT_ERROR : differ ? CS_EXIT_FAIL : CS_EXIT_OK;
}

/* Why the two cannot be compared without --force, or NULL. */
static const char *incomparable(const struct side *a, const struct side *b, char *why, size_t n)
{
	if (!a->sig[0] || !b->sig[0])
		snprintf(why, n, "%s names no processor (no cpu member with a CPUID or MIDR signature): "
			 "--force compares it anyway", !a->sig[0] ? a->path : b->path);
	else if (strcmp(a->sig, b->sig))
		snprintf(why, n, "different processors: A is %s, B is %s (--force compares them anyway)",
			 a->sig, b->sig);
	else
		return NULL;
	return why;
}

static int run(struct side *a, struct side *b, int json, int force)
{
	static struct row rows[CS_MAX_LEVELS + CS_MAX_KNEES + 1];
	char why[2 * CS_TEXT_MAX + 1024];
	const struct cs_result *ra = &a->p->res, *rb = &b->p->res;
	uint32_t n = 0;
	const char *refused = incomparable(a, b, why, sizeof why);
	if (refused && force)
		refused = NULL;
	if (!refused && !ra->n_levels && !rb->n_levels)
		refused = "neither capture has a level (its sweep was refused whole): nothing to compare";
	if (!refused)
		n = make_rows(a->p, b->p, rows, sizeof rows / sizeof rows[0]);
	if (json)
		return json_answer(a, b, rows, n, force && incomparable(a, b, why, sizeof why), refused);
	if (refused) {
		cs_eprintf("cacheshape compare: cannot compare %s and %s: %s", a->path, b->path, refused);
		return CS_EXIT_ERROR;
	}
	return text_answer(a, b, rows, n, force && incomparable(a, b, why, sizeof why) != NULL);
}

int cs_cmd_compare(int argc, char **argv)
{
	static const struct option lo[] = { { "json", no_argument, NULL, 'j' },
					    { "force", no_argument, NULL, 'f' },
					    CS_OPT_STD, { NULL, 0, NULL, 0 } };
	struct side a = { 0 }, b = { 0 };
	int json = 0, force = 0, c, rc;
	while ((c = cs_getopt("compare", argc, argv, "hV", lo)) != CS_OPT_END) {
		switch (c) {
		case CS_OPT_HELP: cs_usage_compare(stdout); return CS_EXIT_OK;
		case CS_OPT_VERSION: return cs_print_version();
		case 'j': json = 1; break;
		case 'f': force = 1; break;
		default: return CS_EXIT_ERROR; /* said by cs_getopt */
		}
	}
	if (argc - optind != 2)
		return cs_usage_error("compare", "two captures, A and B (got %d)", argc - optind);
	a.path = argv[optind];
	b.path = argv[optind + 1];
	if (!strcmp(a.path, "-") && !strcmp(b.path, "-"))
		return cs_usage_error("compare", "standard input ('-') can be one capture, not both");
	rc = load(&a) || load(&b) ? CS_EXIT_ERROR : run(&a, &b, json, force);
	cs_replay_free(a.p);
	cs_replay_free(b.p);
	return rc;
}
