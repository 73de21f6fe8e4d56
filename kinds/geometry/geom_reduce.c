/* geom_reduce.c: the geometry kind's reduction (docs/geometry.md s.2-s.5),
 * the reduce column of common/kinds.h: for each data or unified level, the
 * line between its latency and the next level's (the sweep's floors on
 * either side of the knee paired with it), the first count over that line
 * at each stride (the step), the ways from the steps at the largest
 * strides, the way size where that step begins, sets and size from them,
 * the published figures and the knee beside them; a refusal with its
 * figures wherever the table cannot say. Total on any table the reader
 * accepts. Freestanding. */
#include "geom_kind.h"
#include "../../reduce/emulated.h"
#include "../../reduce/kinds.h"
#include "../../reduce/rules.h"

uint32_t cs_geom_step(const struct cs_geom_stride *s, double line_ns)
{
	for (uint32_t k = 1; k <= s->n && k <= CS_GEOM_MAX_COUNTS; k++) {
		uint32_t left = s->n - k + 1, need = left < CS_GEOM_STAY ? left : CS_GEOM_STAY, j = 0;
		if (!(s->ns[k - 1] > line_ns))
			continue;
		if (need < 2 && CS_GEOM_STAY > 1)
			return 0; /* the table's last count alone: not a step that stays */
		while (j < need && s->ns[k - 1 + j] > line_ns)
			j++;
		if (j == need)
			return k;
	}
	return 0;
}

static struct cs_buf *refuse(struct cs_geom_level *L, const char *code, struct cs_buf *b)
{
	if (L->n_refusals >= CS_GEOM_MAX_REFUSALS) {
		cs_buf_init(b, 0, 0);
		return b;
	}
	struct cs_refusal *f = &L->refusals[L->n_refusals++];
	cs_strlcpy(f->code, code, sizeof f->code);
	cs_buf_init(b, f->reason, sizeof f->reason);
	return b;
}

static void put_level(struct cs_buf *b, const struct cs_geom_level *L)
{
	cs_putc(b, 'L');
	cs_put_u64(b, L->level);
}

/* The levels: the published geometry's data and unified levels, else the
 * published caches', else one per knee the sweep found. */
static void levels(const struct cs_capture *c, const struct cs_result *r, struct cs_geom_result *g)
{
	const struct cs_geom_capture *k = &c->geom;
	for (uint32_t lv = 1; lv <= 16 && g->n < CS_GEOM_MAX_LEVELS; lv++) {
		int has = cs_geom_pub_find(k, lv) != 0;
		for (uint32_t i = 0; !has && !k->n_published && i < c->n_caches && i < CS_MAX_CACHES; i++)
			has = c->caches[i].level == lv && c->caches[i].type != CS_CACHE_INSTRUCTION;
		if (has)
			g->levels[g->n++].level = lv;
	}
	if (g->n || k->n_published || c->n_caches)
		return;
	for (uint32_t i = 0; i < r->n_knees && i < CS_MAX_KNEES && g->n < CS_GEOM_MAX_LEVELS; i++)
		if (r->knees[i].has_bytes) {
			g->levels[g->n].level = g->n + 1;
			g->n++;
		}
}

/* The sweep's knee for level L and the floors on either side: 1 when found. */
static int floors(const struct cs_capture *c, const struct cs_result *r, struct cs_geom_level *L)
{
	uint32_t found = 0;
	int by_pub = c->geom.n_published || c->n_caches;
	for (uint32_t i = 0; i < r->n_knees && i < CS_MAX_KNEES; i++) {
		const struct cs_knee *k = &r->knees[i];
		if (!k->has_bytes)
			continue;
		if (by_pub ? k->has_published && k->published_level == L->level : found + 1 == L->level) {
			if (found + 1 >= r->n_levels)
				return 0;
			L->has_knee = 1;
			L->knee_bytes = k->bytes;
			L->has_floors = 1;
			L->floor_ns = r->levels[found].floor_ns;
			L->next_ns = r->levels[found + 1].floor_ns;
			L->line_ns = L->floor_ns + CS_GEOM_RISE * (L->next_ns - L->floor_ns);
			return L->next_ns > L->floor_ns;
		}
		found++;
	}
	return 0;
}

static void no_level(const struct cs_result *r, struct cs_geom_level *L)
{
	struct cs_buf b;
	refuse(L, CS_R_GEOM_NO_LEVEL, &b);
	cs_puts(&b, "the sweep paired no knee with ");
	put_level(&b, L);
	cs_puts(&b, " (");
	cs_put_u64(&b, r->n_levels);
	cs_puts(&b, " levels, ");
	cs_put_u64(&b, r->n_knees);
	cs_puts(&b, " knees): no latency of the level and the next to find its step between");
}

/* Strides whose blocks fail the block rule (docs/reduction.md s.1) are left out (step 0). */
static uint32_t steps(const struct cs_capture *c, struct cs_geom_level *L)
{
	const struct cs_geom_capture *k = &c->geom;
	double q = c->clock.has_quantum ? c->clock.quantum_ns : 0;
	uint32_t dropped = 0;
	for (uint32_t i = 0; i < k->n_strides && i < CS_GEOM_MAX_STRIDES; i++) {
		const struct cs_geom_stride *s = &k->strides[i];
		if (q > 0 && s->has_block && s->block_ns < CS_BLOCK_MIN_QUANTA * q) {
			L->step[i] = 0;
			dropped++;
			continue;
		}
		L->step[i] = cs_geom_step(s, L->line_ns);
	}
	return dropped;
}

/* The band (s.3): from the smallest stride up, the first stride whose step
 * p (at least 2) the strides after it repeat, CS_GEOM_MIN_RUN in a row (a
 * stride between with too few counts to show p is passed over). Returns
 * the run's length, 0 when there is none; *p, and *first and *last
 * (stride indices) of the run. */
static uint32_t band(const struct cs_geom_capture *k, const struct cs_geom_level *L, uint32_t *p,
		     uint32_t *first, uint32_t *last)
{
	uint32_t n = k->n_strides < CS_GEOM_MAX_STRIDES ? k->n_strides : CS_GEOM_MAX_STRIDES;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t q = L->step[i], run = 0, end = i;
		if (q < 2)
			continue;
		for (uint32_t j = i; j < n; j++) {
			if (L->step[j] == q) {
				run++;
				end = j;
			} else if (L->step[j] || k->strides[j].n >= q + CS_GEOM_STAY - 1) {
				break;
			}
		}
		if (run >= CS_GEOM_MIN_RUN) {
			*p = q;
			*first = i;
			*last = end;
			return run;
		}
	}
	return 0;
}

static uint32_t stepped(const struct cs_geom_capture *k, const struct cs_geom_level *L)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < k->n_strides && i < CS_GEOM_MAX_STRIDES; i++)
		n += L->step[i] != 0;
	return n;
}

/* "64 B: 9, 128 B: 9" : the steps the refusal rests on */
static void put_steps(struct cs_buf *b, const struct cs_geom_capture *k, const struct cs_geom_level *L)
{
	int any = 0;
	for (uint32_t i = 0; i < k->n_strides && i < CS_GEOM_MAX_STRIDES; i++) {
		if (!L->step[i])
			continue;
		cs_puts(b, any ? ", " : "");
		cs_put_size(b, (double)k->strides[i].stride_bytes);
		cs_puts(b, ": ");
		cs_put_u64(b, L->step[i]);
		any = 1;
	}
}

static void put_line(struct cs_buf *b, const struct cs_geom_level *L)
{
	cs_puts(b, " over ");
	cs_put_g(b, L->line_ns, 3);
	cs_puts(b, " ns (");
	cs_put_g(b, L->floor_ns, 3);
	cs_puts(b, " ns + CS_GEOM_RISE ");
	cs_put_g(b, CS_GEOM_RISE, 3);
	cs_puts(b, " x (");
	cs_put_g(b, L->next_ns, 3);
	cs_puts(b, " - ");
	cs_put_g(b, L->floor_ns, 3);
	cs_puts(b, " ns))");
}

/* The largest count the table holds at a stride of at least 'from' bytes. */
static uint32_t held_from(const struct cs_geom_capture *k, double from, uint64_t *at)
{
	uint32_t best = 0;
	for (uint32_t i = 0; i < k->n_strides && i < CS_GEOM_MAX_STRIDES; i++)
		if ((double)k->strides[i].stride_bytes >= from && k->strides[i].n > best) {
			best = k->strides[i].n;
			*at = k->strides[i].stride_bytes;
		}
	return best;
}

/* A way size at or past the span whose address bits are physical: lines
 * at such strides land in sets the program cannot know. */
static void beyond_span(const struct cs_geom_capture *k, struct cs_geom_level *L, double way, const char *what)
{
	struct cs_buf b;
	refuse(L, CS_R_GEOM_NO_PHYSICAL, &b);
	cs_puts(&b, what);
	cs_puts(&b, " ");
	cs_put_size(&b, way);
	cs_puts(&b, " is not below the ");
	cs_put_size(&b, (double)k->span_bytes);
	cs_puts(&b, " within which addresses are known to be physical (");
	cs_puts(&b, k->memory);
	cs_puts(&b, "): its sets cannot be told apart");
}

/* No stride shows a step: the table did not reach the level (too little
 * memory of known address), or reached it and the index spread the lines. */
static void no_step(const struct cs_capture *c, struct cs_geom_level *L, uint32_t dropped)
{
	const struct cs_geom_capture *k = &c->geom;
	double way = (double)L->published_sets * L->line_bytes;
	uint64_t at = 0;
	uint32_t held = held_from(k, L->published_ways ? way : (double)CS_GEOM_STRIDE_MAX, &at);
	uint32_t need = L->published_ways ? L->published_ways + CS_GEOM_STAY : k->counts_max;
	struct cs_buf b;
	if (dropped == k->n_strides) {
		refuse(L, CS_R_GEOM_BLOCK, &b);
		cs_puts(&b, "every stride's shortest block lasted under CS_BLOCK_MIN_QUANTA ");
		cs_put_g(&b, CS_BLOCK_MIN_QUANTA, 4);
		cs_puts(&b, " quanta of the clock");
		return;
	}
	/* in a virtual machine the guest's physical addresses need not be the
	 * machine's: a spread of the lines is then no evidence of a hash */
	refuse(L, held >= need && c->vm != 1 ? CS_R_GEOM_HASHED : CS_R_GEOM_NO_PHYSICAL, &b);
	cs_puts(&b, "no stride shows ");
	put_level(&b, L);
	cs_puts(&b, "'s step");
	put_line(&b, L);
	if (held >= need) {
		cs_puts(&b, ", though at ");
		cs_put_size(&b, (double)at);
		cs_puts(&b, " the table holds ");
		cs_put_u64(&b, held);
		cs_puts(&b, " lines, past its ways + CS_GEOM_STAY ");
		cs_put_u64(&b, CS_GEOM_STAY);
		if (c->vm == 1)
			cs_puts(&b, ": in this virtual machine the hypervisor may back the guest's huge pages with "
				    "smaller ones, so its physical bits above 12 are not the machine's, and a hashed "
				    "index cannot be told from that");
		else
			cs_puts(&b, ": the index spreads one stride's lines over many sets (sliced or hashed)");
		return;
	}
	cs_puts(&b, ": the ");
	cs_put_size(&b, (double)k->region_bytes);
	cs_puts(&b, " of known physical address (");
	cs_puts(&b, k->memory);
	cs_puts(&b, ") hold ");
	cs_put_u64(&b, held);
	cs_puts(&b, " lines at a stride of ");
	cs_put_size(&b, L->published_ways ? way : (double)CS_GEOM_STRIDE_MAX);
	cs_puts(&b, " or more, and the step needs ");
	cs_put_u64(&b, need);
	cs_puts(&b, L->published_ways ? " (its published ways + CS_GEOM_STAY)" : " (counts_max)");
}

/* s.4: the published ways, confirmed within one slice where some stride
 * steps at exactly ways + 1, or said not to be. */
static void slice(struct cs_buf *b, const struct cs_geom_capture *k, const struct cs_geom_level *L)
{
	int any = 0;
	if (!L->published_ways)
		return;
	for (uint32_t i = 0; i < k->n_strides && i < CS_GEOM_MAX_STRIDES; i++) {
		if (L->step[i] != L->published_ways + 1)
			continue;
		cs_puts(b, any ? ", " : "; the published ");
		if (!any) {
			cs_put_u64(b, L->published_ways);
			cs_puts(b, " ways show, within one slice, at ");
		}
		cs_put_size(b, (double)k->strides[i].stride_bytes);
		any = 1;
	}
	if (!any) {
		cs_puts(b, "; published ");
		cs_put_u64(b, L->published_ways);
		cs_puts(b, " ways, not confirmed");
	}
}

static void hashed(const struct cs_capture *c, struct cs_geom_level *L)
{
	const struct cs_geom_capture *k = &c->geom;
	struct cs_buf b;
	/* a guest's steps may wander with the host's pages, not a hash */
	refuse(L, c->vm == 1 ? CS_R_GEOM_NO_PHYSICAL : CS_R_GEOM_HASHED, &b);
	cs_puts(&b, "no step");
	put_line(&b, L);
	cs_puts(&b, " repeats at CS_GEOM_MIN_RUN ");
	cs_put_u64(&b, CS_GEOM_MIN_RUN);
	cs_puts(&b, " strides in a row: it wanders with the stride (");
	put_steps(&b, k, L);
	cs_puts(&b, ")");
	slice(&b, k, L);
	if (c->vm == 1)
		cs_puts(&b, "; in this virtual machine the guest's physical bits above 12 need not be the "
			    "machine's, so a wandering step cannot be told from the hypervisor's pages");
}

static void one_stride(const struct cs_geom_capture *k, struct cs_geom_level *L)
{
	struct cs_buf b;
	refuse(L, CS_R_GEOM_NO_STEP, &b);
	cs_puts(&b, "the step");
	put_line(&b, L);
	cs_puts(&b, " shows at one stride only (");
	put_steps(&b, k, L);
	cs_puts(&b, "), under CS_GEOM_MIN_RUN ");
	cs_put_u64(&b, CS_GEOM_MIN_RUN);
	cs_puts(&b, " in a row");
}

static void half_wrong(const struct cs_geom_capture *k, struct cs_geom_level *L, uint32_t p, uint32_t first,
		       uint32_t want, uint32_t got)
{
	struct cs_buf b;
	refuse(L, CS_R_GEOM_HASHED, &b);
	cs_puts(&b, "the step sits at ");
	cs_put_u64(&b, p);
	cs_puts(&b, " from ");
	cs_put_size(&b, (double)k->strides[first].stride_bytes);
	cs_puts(&b, " up, but at half that stride at ");
	cs_put_u64(&b, got);
	cs_puts(&b, ", not 2W + 1 = ");
	cs_put_u64(&b, want);
	cs_puts(&b, " within CS_GEOM_HALF_SLACK ");
	cs_put_u64(&b, CS_GEOM_HALF_SLACK);
	cs_puts(&b, ": not a plain power-of-two index");
}

/* Above the band every stride puts the lines in one set of the level, as
 * at its way size: a stride that holds more lines than the band's says the
 * index uses higher bits (hashed, s.4); one that holds fewer is something
 * else with fewer ways (a TLB's set, 4 KiB pages under a hypervisor): the
 * level's figures stand, and the note says so (s.3). 0, or -1 refused. */
static int above(const struct cs_geom_capture *k, struct cs_geom_level *L, uint32_t p, uint32_t last)
{
	struct cs_buf b;
	for (uint32_t j = last + 1; j < k->n_strides && j < CS_GEOM_MAX_STRIDES; j++) {
		uint32_t q = L->step[j];
		if (q > p || (!q && k->strides[j].n >= p + CS_GEOM_STAY - 1)) {
			refuse(L, CS_R_GEOM_HASHED, &b);
			cs_puts(&b, "the step sits at ");
			cs_put_u64(&b, p);
			cs_puts(&b, " up to ");
			cs_put_size(&b, (double)k->strides[last].stride_bytes);
			cs_puts(&b, ", but at ");
			cs_put_size(&b, (double)k->strides[j].stride_bytes);
			cs_puts(&b, q ? " at " : " the level holds all ");
			cs_put_u64(&b, q ? q : k->strides[j].n);
			cs_puts(&b, q ? "" : " lines");
			cs_puts(&b, ": a larger stride holds more lines, so the index uses bits above the way size (");
			put_steps(&b, k, L);
			cs_puts(&b, ")");
			return -1;
		}
		if (q && q < p && !L->note[0]) {
			cs_buf_init(&b, L->note, sizeof L->note);
			cs_puts(&b, "from ");
			cs_put_size(&b, (double)k->strides[j].stride_bytes);
			cs_puts(&b, " up the cost rises from ");
			cs_put_u64(&b, q);
			cs_puts(&b, " lines: something with fewer ways than the level intervenes at large strides "
				    "(a TLB's set, or 4 KiB pages behind a hypervisor's huge page)");
		}
	}
	return 0;
}

/* The band's step is the level above's (its ways + 1), and half the
 * stride breaks the doubling: that level holds the lines this one loses,
 * so this one's ways are fewer and do not show (s.3). */
static void masked(const struct cs_geom_capture *k, struct cs_geom_level *L, const struct cs_geom_level *up,
		   uint32_t p, uint32_t first, uint32_t got)
{
	struct cs_buf b;
	refuse(L, CS_R_GEOM_MASKED, &b);
	cs_puts(&b, "the step at ");
	cs_put_u64(&b, p);
	cs_puts(&b, " from ");
	cs_put_size(&b, (double)k->strides[first].stride_bytes);
	cs_puts(&b, " up is L");
	cs_put_u64(&b, up->level);
	cs_puts(&b, "'s (");
	cs_put_u64(&b, up->ways);
	cs_puts(&b, " ways), and at half that stride ");
	put_level(&b, L);
	cs_puts(&b, "'s sits at ");
	cs_put_u64(&b, got);
	cs_puts(&b, ", not 2W + 1 = ");
	cs_put_u64(&b, 2 * (p - 1) + 1);
	cs_puts(&b, " within CS_GEOM_HALF_SLACK ");
	cs_put_u64(&b, CS_GEOM_HALF_SLACK);
	cs_puts(&b, ": L");
	cs_put_u64(&b, up->level);
	cs_puts(&b, " holds the lines this level loses, so its fewer ways do not show");
}

/* One level, its floors known: ways, way size, or why not. up: the level
 * above, or NULL. */
static void measure(const struct cs_capture *c, struct cs_geom_level *L, const struct cs_geom_level *up)
{
	const struct cs_geom_capture *k = &c->geom;
	uint32_t p = 0, first = 0, last = 0, n, dropped = steps(c, L);
	double way = (double)L->published_sets * L->line_bytes;
	if (L->published_ways && way >= (double)k->span_bytes) {
		beyond_span(k, L, way, "its published way size");
		return;
	}
	if (!band(k, L, &p, &first, &last)) {
		n = stepped(k, L);
		if (!n)
			no_step(c, L, dropped);
		else if (n >= 2)
			hashed(c, L);
		else
			one_stride(k, L);
		return;
	}
	if (first > 0 && L->step[first - 1] && /* the stride before is half this one */
	    2 * k->strides[first - 1].stride_bytes == k->strides[first].stride_bytes) {
		uint32_t want = 2 * (p - 1) + 1, got = L->step[first - 1];
		if (got + CS_GEOM_HALF_SLACK < want || got > want + CS_GEOM_HALF_SLACK) {
			if (up && up->has_geometry && p == up->ways + 1)
				masked(k, L, up, p, first, got);
			else
				half_wrong(k, L, p, first, want, got);
			return;
		}
	}
	if ((double)k->strides[first].stride_bytes >= (double)k->span_bytes) {
		beyond_span(k, L, (double)k->strides[first].stride_bytes, "the step's way size");
		return;
	}
	if (above(k, L, p, last) != 0)
		return;
	L->has_geometry = 1;
	L->ways = p - 1;
	L->way_bytes = (double)k->strides[first].stride_bytes;
	L->sets = L->way_bytes / L->line_bytes;
	L->size_bytes = L->way_bytes * L->ways;
}

void cs_geom_reduce_result(const struct cs_capture *c, const struct cs_result *r, struct cs_geom_result *g)
{
	const struct cs_geom_capture *k = &c->geom;
	cs_memset(g, 0, sizeof *g);
	if (!k->present)
		return;
	g->present = 1;
	levels(c, r, g);
	char why[CS_TEXT_MAX];
	const char *emu = cs_emulated(c, why, sizeof why);
	for (uint32_t i = 0; i < g->n; i++) {
		struct cs_geom_level *L = &g->levels[i];
		const struct cs_geom_pub *p = cs_geom_pub_find(k, L->level);
		struct cs_buf b;
		L->type = p ? p->type : CS_CACHE_UNIFIED;
		L->line_bytes = p && p->line_bytes ? p->line_bytes : k->line_bytes;
		L->published_ways = p ? p->ways : 0;
		L->published_sets = p ? p->sets : 0;
		int have = floors(c, r, L);
		if (emu) { /* docs/emulators.md s.4: the host's ways and sets, not this level's */
			refuse(L, CS_R_EMULATED, &b);
			cs_puts(&b, "emulated by ");
			cs_puts(&b, emu);
			cs_puts(&b, " (");
			cs_puts(&b, why);
			cs_puts(&b, "): its conflicts are the host's caches seen through the emulator, not L");
			cs_put_u64(&b, L->level);
			cs_puts(&b, "'s ways and sets");
		} else if (!k->n_strides) {
			refuse(L, cs_streq(k->memory, "none") ? CS_R_GEOM_NO_PHYSICAL : CS_R_GEOM_BLOCK, &b);
			cs_puts(&b, k->refusal[0] ? k->refusal : "the capture's table has no strides");
		} else if (!have) {
			no_level(r, L);
		} else {
			measure(c, L, i ? &g->levels[i - 1] : NULL);
		}
		if (L->has_geometry && L->has_knee && L->size_bytes > 0) {
			L->has_share = 1;
			L->share = L->knee_bytes / L->size_bytes;
		}
	}
}

int cs_geom_reduce(const struct cs_capture *c, struct cs_work *w, struct cs_result *r, char *err,
		   size_t errlen)
{
	(void)w;
	(void)err;
	(void)errlen;
	cs_geom_reduce_result(c, r, &r->geom);
	return 0;
}
