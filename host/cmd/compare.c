/* compare.c: `cacheshape compare [--json] [--force] A B` (compare.h,
 * docs/repeats.md s.5): both captures read strictly and reduced; the
 * processor's identity (the capture's cpu member: CPUID vendor, family,
 * model and stepping, or the MIDR's fields) must be the same unless
 * --force; then level by level the floor and the knee at its top and,
 * where both captures have them, the floor in core cycles, the read
 * bandwidth and the geometry (ways, sets, size), each difference weighed
 * against the two captures' spreads over their repeats, or a named slack
 * where a figure has none (the identity as the one reader keeps it,
 * reader/capture.c).
 * Exit 0 every level agrees within noise, 1 one differs, 2 the captures
 * cannot be compared (unreadable, different processors, no levels). */
#include "compare.h"
#include "replay.h"
#include "../cmd.h"
#include "../cli.h"
#include "../textout.h"
#include "../../common/jsonw.h"

#include <stdlib.h>
#include <string.h>

#define CAPTURE_MAX (4u << 20) /* the reader's bound on a file */
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
	      "two machines of one model), level by level: the floor and the knee\n"
	      "at its top, and where both captures have them the floor in core\n"
	      "cycles, the read bandwidth (GB/s) and the geometry (ways, sets,\n"
	      "size); each difference against the two captures' own spreads over\n"
	      "their repeats (probe --repeat, the firmware's repeat=; a capture\n"
	      "without repeats has the grid's resolution alone), or the named\n"
	      "slack of a figure without spreads, and a verdict per level: agree\n"
	      "within noise, or differ beyond it (docs/repeats.md).\n"
	      "\n"
	      "  --json         the same as one JSON object on stdout\n"
	      "  --force        compare captures of different (or unnamed) processors\n"
	      "  -h, --help     this text\n"
	      "  -V, --version  the version\n"
	      "\n"
	      "A or B may be '-', standard input.\n"
	      "\n"
	      "Exit status: 0 every level agrees within noise, 1 a level differs,\n"
	      "2 the captures cannot be compared (one cannot be read, their CPUID\n"
	      "signatures differ or are missing without --force, or no levels).\n", f);
}

int cs_compare_agree(double alo, double ahi, double blo, double bhi, double slack)
{
	double lo = alo > blo ? alo : blo, hi = ahi < bhi ? ahi : bhi;
	return lo <= hi * slack;
}

/* The file whole (at most CAPTURE_MAX bytes), NUL-terminated; '-' is stdin. */
static char *slurp(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	char *t = f ? malloc(CAPTURE_MAX + 2) : NULL;
	size_t n = t ? fread(t, 1, CAPTURE_MAX + 1, f) : 0;
	if (!f || !t || ferror(f) || n > CAPTURE_MAX) {
		snprintf(err, errlen, "%s", !f ? "cannot open it" : !t ? "out of memory" :
				       n > CAPTURE_MAX ? "larger than the reader's 4 MiB" : "read error");
		if (f && f != stdin)
			fclose(f);
		free(t);
		return NULL;
	}
	if (f != stdin)
		fclose(f);
	t[n] = '\0';
	*len = n;
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
	double v, lo, hi;
	uint32_t found;
	double at;  /* where it lies: a level's first size, a knee's own */
	double top; /* the largest size its capture swept */
};

/* The figures of a level (s.5), each judged by its slack; the last ones
 * only where both captures have them (a clock, a bandwidth or a geometry
 * member missing from one is not a difference of the processor). */
enum unit { U_NS, U_BYTES, U_CYCLES, U_GBPS, U_COUNT };
struct measure {
	const char *text, *json;
	enum unit unit;
	double slack;
	const char *slack_name;
	int both_only;
};
enum { M_FLOOR, M_KNEE, M_CYCLES, M_READ, M_WAYS, M_SETS, M_GSIZE, N_M };
static const struct measure measures[N_M] = {
	{ "floor", "floor_ns", U_NS, CS_COMPARE_FLOOR_SLACK, "CS_COMPARE_FLOOR_SLACK", 0 },
	{ "knee", "knee_bytes", U_BYTES, CS_COMPARE_KNEE_SLACK, "CS_COMPARE_KNEE_SLACK", 0 },
	{ "floor in cycles", "floor_cycles", U_CYCLES, CS_COMPARE_CYCLES_SLACK, "CS_COMPARE_CYCLES_SLACK", 1 },
	{ "read", "read_gbps", U_GBPS, CS_COMPARE_BW_SLACK, "CS_COMPARE_BW_SLACK", 1 },
	{ "ways", "geometry_ways", U_COUNT, CS_COMPARE_GEOM_SLACK, "CS_COMPARE_GEOM_SLACK", 1 },
	{ "sets", "geometry_sets", U_COUNT, CS_COMPARE_GEOM_SLACK, "CS_COMPARE_GEOM_SLACK", 1 },
	{ "geometry size", "geometry_bytes", U_BYTES, CS_COMPARE_GEOM_SLACK, "CS_COMPARE_GEOM_SLACK", 1 },
};

static struct fig one_value(double v)
{
	return (struct fig){ 1, v, v, v, 0, 0, 0 };
}

/* The read on one thread's level l (kinds/bandwidth/), in GB/s: 1 / its
 * floor in ns per byte; no spread (a bandwidth is measured once). */
static void fig_read(const struct cs_result *r, uint32_t l, struct fig *f)
{
	for (uint32_t i = 0; i < r->bw.n_series; i++) {
		const struct cs_bw_series_result *s = &r->bw.series[i];
		if (s->op == CS_BW_READ && s->threads == 1 && s->measured) {
			if (l < s->n_levels && s->levels[l].floor_ns > 0)
				*f = one_value(1.0 / s->levels[l].floor_ns);
			return;
		}
	}
}

/* The geometry (kinds/geometry/) of the published level the knee at the
 * top of this level is paired with: ways, sets, size; counts, no spread. */
static void fig_geometry(const struct cs_result *r, uint32_t published, struct fig *f)
{
	for (uint32_t k = 0; published && k < r->geom.n && k < CS_GEOM_MAX_LEVELS; k++) {
		const struct cs_geom_level *g = &r->geom.levels[k];
		if (g->level != published || !g->has_geometry)
			continue;
		f[M_WAYS] = one_value(g->ways);
		f[M_SETS] = one_value(g->sets);
		f[M_GSIZE] = one_value(g->size_bytes);
	}
}

/* Level l's figures: its floor, the knee at its top (the l-th found knee),
 * the floor in core cycles (the capture's own clock, when stable), the read
 * bandwidth and the geometry. */
static void figures(const struct cs_result *r, uint32_t l, struct fig *f)
{
	uint32_t seen = 0, published = 0;
	double cpn = cs_clock_cycles_per_ns(r);
	struct fig *floor = &f[M_FLOOR], *knee = &f[M_KNEE];
	memset(f, 0, N_M * sizeof *f);
	if (l < r->n_levels) {
		const struct cs_spread *s = &r->rep.floor[l];
		double v = r->levels[l].floor_ns;
		*floor = (struct fig){ 1, v, r->rep.n && s->has ? s->min : v, r->rep.n && s->has ? s->max : v,
				       r->rep.n ? s->found : 0, r->levels[l].first_bytes, 0 };
	}
	floor->top = knee->top = r->top_bytes;
	for (uint32_t j = 0; j < r->n_knees && j < CS_MAX_KNEES; j++) {
		const struct cs_spread *s = &r->rep.knee[j];
		double v = r->knees[j].bytes;
		if (!r->knees[j].has_bytes || seen++ != l)
			continue;
		*knee = (struct fig){ 1, v, r->rep.n && s->has ? s->min : v, r->rep.n && s->has ? s->max : v,
				      r->rep.n ? s->found : 0, v, r->top_bytes };
		published = r->knees[j].has_published ? r->knees[j].published_level : 0;
	}
	if (floor->has && cpn > 0)
		f[M_CYCLES] = (struct fig){ 1, floor->v * cpn, floor->lo * cpn, floor->hi * cpn, floor->found, 0, 0 };
	fig_read(r, l, &f[M_READ]);
	fig_geometry(r, published, f);
}

struct row {
	uint32_t level;
	struct fig a[N_M], b[N_M];
	int agree_m[N_M]; /* -1: not compared */
	int agree;
	int compared; /* 0: no figure lies within both sweeps */
	char sentence[1200];
};

/* 1 agree, 0 differ, -1 not compared: in neither, or in one only and past
 * the other's sweep (a shorter sweep is not a different processor), or in
 * one only of a figure compared only where both have it. */
static int verdict(const struct fig *a, const struct fig *b, const struct measure *m)
{
	if (!a->has && !b->has)
		return -1;
	if (!a->has || !b->has) {
		const struct fig *in = a->has ? a : b, *out = a->has ? b : a;
		return m->both_only || in->at > out->top ? -1 : 0; /* within both sweeps: a difference */
	}
	return cs_compare_agree(a->lo, a->hi, b->lo, b->hi, m->slack);
}

static void put_v(struct cs_buf *b, double v, enum unit u)
{
	static const char *const unit[] = { " ns", "", " cycles", " GB/s", "" };
	if (u == U_BYTES)
		cs_put_size(b, v);
	else
		cs_put_g(b, v, u == U_COUNT ? 10 : 4);
	cs_puts(b, unit[u]);
}

static void put_fig(struct cs_buf *b, const struct measure *m, const struct fig *a, const struct fig *c,
		    int agree)
{
	cs_puts(b, m->text);
	if (!a->has || !c->has) {
		const struct fig *out = a->has ? c : a;
		cs_puts(b, a->has ? " in A only" : " in B only");
		if (agree < 0 && m->both_only) {
			cs_puts(b, ": not compared");
		} else if (agree < 0) {
			cs_puts(b, ", past the other's sweep (to ");
			cs_put_size(b, out->top);
			cs_puts(b, "): not compared");
		}
		return;
	}
	cs_puts(b, " A ");
	put_v(b, a->v, m->unit);
	cs_puts(b, ", B ");
	put_v(b, c->v, m->unit);
	if (agree) {
		cs_puts(b, ": agree within noise");
		if (m->both_only) { /* say what judged it */
			cs_puts(b, " (");
			cs_put_g(b, m->slack, 6);
			cs_puts(b, "x, ");
			cs_puts(b, m->slack_name);
			cs_putc(b, ')');
		}
		return;
	}
	cs_puts(b, ": differ by ");
	cs_put_pct(b, c->v / a->v - 1);
	cs_puts(b, ", beyond noise (A ");
	put_v(b, a->lo, m->unit);
	cs_puts(b, " .. ");
	put_v(b, a->hi, m->unit);
	cs_puts(b, ", B ");
	put_v(b, c->lo, m->unit);
	cs_puts(b, " .. ");
	put_v(b, c->hi, m->unit);
	cs_puts(b, ", each widened by ");
	cs_put_g(b, m->slack, 6);
	cs_puts(b, "x, ");
	cs_puts(b, m->slack_name);
	cs_putc(b, ')');
}

static void one_row(const struct cs_result *a, const struct cs_result *b, uint32_t l, struct row *w)
{
	struct cs_buf s;
	memset(w, 0, sizeof *w);
	w->level = l + 1;
	figures(a, l, w->a);
	figures(b, l, w->b);
	w->agree = 1;
	cs_buf_init(&s, w->sentence, sizeof w->sentence);
	for (int m = 0; m < N_M; m++) {
		w->agree_m[m] = verdict(&w->a[m], &w->b[m], &measures[m]);
		w->agree &= w->agree_m[m] != 0;
		w->compared |= w->agree_m[m] >= 0;
		if (m != M_FLOOR && !w->a[m].has && !w->b[m].has)
			continue; /* the floor is always said, the others where present */
		if (m != M_FLOOR)
			cs_puts(&s, "; ");
		put_fig(&s, &measures[m], &w->a[m], &w->b[m], w->agree_m[m]);
	}
}

/* ---- the answer ---- */

static void put_side_text(const char *name, const struct side *s)
{
	printf("%s: %s (%s), %s, %u repeat%s\n", name, s->p->cap.label[0] ? s->p->cap.label : "(no label)",
	       s->path, s->sig[0] ? s->sig : "no CPUID signature",
	       s->p->res.rep.n ? s->p->res.rep.n : 1, s->p->res.rep.n > 1 ? "s" : "");
}

static int text_answer(const struct side *a, const struct side *b, const struct row *w, uint32_t n,
		       int forced)
{
	uint32_t differ = 0, compared = 0;
	put_side_text("A", a);
	put_side_text("B", b);
	if (forced)
		printf("processor: compared by --force (%s)\n",
		       strcmp(a->sig, b->sig) ? "the signatures differ" : "no signature");
	for (uint32_t i = 0; i < n; i++) {
		printf("level %u: %s\n", w[i].level, w[i].sentence);
		differ += !w[i].agree;
		compared += w[i].compared;
	}
	if (differ)
		printf("verdict: %u of %u levels differ beyond noise\n", differ, compared);
	else
		printf("verdict: every level agrees within noise (%u levels)\n", compared);
	return differ ? CS_EXIT_FAIL : CS_EXIT_OK;
}

static void json_fig(struct cs_jsonw *j, const struct measure *m, const struct fig *a, const struct fig *b,
		     int agree)
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
		cs_jsonw_key_numsig(j, "value", f[s]->v, 10);
		cs_jsonw_key(j, "spread");
		cs_jsonw_arr(j);
		cs_jsonw_numsig(j, f[s]->lo, 10);
		cs_jsonw_numsig(j, f[s]->hi, 10);
		cs_jsonw_arr_end(j);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_key(j, "agree"); /* null: not compared (past the other's sweep, or in one only) */
	agree < 0 ? cs_jsonw_null(j) : cs_jsonw_bool(j, agree);
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
	static char mem[1 << 18];
	struct cs_buf buf;
	struct cs_jsonw j;
	uint32_t differ = 0;
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
		cs_jsonw_key_u64(&j, "level", w[i].level);
		for (int m = 0; m < N_M; m++)
			json_fig(&j, &measures[m], &w[i].a[m], &w[i].b[m], w[i].agree_m[m]);
		cs_jsonw_key_str(&j, "verdict", !w[i].compared ? "not-compared" : w[i].agree ? "agree" : "differ");
		cs_jsonw_key_str(&j, "sentence", w[i].sentence);
		cs_jsonw_obj_end(&j);
		differ += !w[i].agree;
	}
	cs_jsonw_arr_end(&j);
	cs_jsonw_key(&j, "agree");
	refused ? cs_jsonw_null(&j) : cs_jsonw_bool(&j, !differ);
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
	static struct row rows[CS_MAX_LEVELS];
	char why[2 * CS_TEXT_MAX + 1024];
	const struct cs_result *ra = &a->p->res, *rb = &b->p->res;
	uint32_t n = ra->n_levels > rb->n_levels ? ra->n_levels : rb->n_levels;
	const char *refused = incomparable(a, b, why, sizeof why);
	if (refused && force)
		refused = NULL;
	else if (refused)
		n = 0;
	if (!refused && !n)
		refused = "neither capture has a level (its sweep was refused whole): nothing to compare";
	n = n > CS_MAX_LEVELS ? CS_MAX_LEVELS : n;
	for (uint32_t l = 0; l < n; l++)
		one_row(ra, rb, l, &rows[l]);
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
