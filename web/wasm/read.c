/* read.c: the page reads a capture with the capture reader itself
 * (reader/, the C the host command and the firmware run): JavaScript puts
 * the file's bytes where cs_read_reserve() says and calls cs_read(); the
 * capture lands in cs_w_cap (what cs_reduce_capture reduces) and its
 * "expect" in cs_w_exp, or cs_out() holds the reader's message, word for
 * word the host's. cs_expect_json() hands the expectation back as JSON
 * (numbers to 17 digits, exact) for the check panel's comparison. */
#include "wasm.h"
#include "../../reader/fmt.h"
#include "../../reader/reader.h"

struct cs_capture cs_w_cap;
struct cs_expect cs_w_exp;
char cs_w_in[CS_IN_BYTES];

CS_EXPORT(cs_in) char *cs_in(void) { return cs_w_in; }
CS_EXPORT(cs_in_bytes) uint32_t cs_in_bytes(void) { return CS_IN_BYTES; }

/* The file and the reader's arena after it, grown from the module's
 * memory as the largest file read so far needs (kept from one read to the
 * next, as the host keeps its arena). */
static char *heap;
static size_t heap_size;

CS_EXPORT(cs_read_reserve) char *cs_read_reserve(uint32_t len)
{
	size_t need = len + 16 + cs_read_arena_need(len);

	if (len > CS_READ_MAX_FILE + 1)
		return 0;
	if (need > heap_size) {
		size_t pages = (need + 65535) / 65536;
		long got = __builtin_wasm_memory_grow(0, (unsigned long)pages);
		if (got < 0)
			return 0;
		heap = (char *)((unsigned long)got * 65536);
		heap_size = pages * 65536;
	}
	return heap;
}

static char *arena_of(uint32_t len)
{
	return heap + ((len + 15) & ~15u);
}

/* The capture cs_read_reserve(len) holds, read: 0, or -1 with the reader's
 * message in cs_out() (NUL-terminated). */
CS_EXPORT(cs_read) int cs_read(uint32_t len)
{
	if (!heap || len + 16 + cs_read_arena_need(len) > heap_size) {
		cs_fmt(cs_w_out, CS_OUT_BYTES, "no room reserved for %u bytes", len);
		return -1;
	}
	return cs_read_capture(heap, len, arena_of(len), heap_size - ((len + 15) & ~15u),
			       &cs_w_cap, &cs_w_exp, cs_w_out, 512);
}

/* NAME.expect beside a capture, as check reads it (host/expect.c's
 * cs_read_expect_beside): at most 16383 bytes, 4096 values, nesting 8,
 * into cs_w_exp. 0, or -1 with the message (without the file's name). */
CS_EXPORT(cs_read_expect_file) int cs_read_expect_file(uint32_t len)
{
	static const struct cs_jd_limits lim = { 4096, 8 };
	struct cs_jr r;
	struct cs_jd *root;

	if (len > 16383) {
		cs_fmt(cs_w_out, CS_OUT_BYTES, "larger than %u bytes", 16383u);
		return -1;
	}
	if (!heap || len + 16 + cs_read_arena_need(len) > heap_size) {
		cs_fmt(cs_w_out, CS_OUT_BYTES, "no room reserved for %u bytes", len);
		return -1;
	}
	cs_expect_init(&cs_w_exp);
	cs_jr_init(&r, cs_w_out, 512);
	root = cs_jd_parse(heap, len, arena_of(len), heap_size - ((len + 15) & ~15u),
			   &lim, cs_w_out, 512);
	return !root || cs_jr_object(&r, root) || cs_read_expect(&r, root, &cs_w_exp) ? -1 : 0;
}

/* ---- the expectation as JSON ---- */

static void num(struct cs_buf *b, double v)
{
	char t[40];
	cs_fmt(t, sizeof t, "%.17g", v);
	cs_puts(b, t);
}

static void str(struct cs_buf *b, const char *s)
{
	cs_putc(b, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			cs_putc(b, '\\');
			cs_putc(b, (char)c);
		} else if (c < 0x20) {
			cs_puts(b, "\\u00");
			cs_put_hex(b, c, 2);
		} else {
			cs_putc(b, (char)c);
		}
	}
	cs_putc(b, '"');
}

static void sizes(struct cs_buf *b, const char *key, uint32_t n,
		  const struct cs_expect_size *v)
{
	cs_puts(b, key);
	cs_putc(b, '[');
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			cs_putc(b, ',');
		if (v[i].has_bytes)
			num(b, v[i].bytes);
		else
			cs_puts(b, "null");
	}
	cs_puts(b, "],");
}

static void codes(struct cs_buf *b, const char *key, uint32_t n,
		  const char (*v)[CS_CODE_MAX])
{
	cs_puts(b, key);
	cs_putc(b, '[');
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			cs_putc(b, ',');
		str(b, v[i]);
	}
	cs_puts(b, "],");
}

static void exp_json(struct cs_buf *b, const struct cs_expect_exp *x)
{
	cs_puts(b, "\"exp\":");
	if (!x->present) {
		cs_puts(b, "null,");
		return;
	}
	cs_puts(b, "{\"line\":");
	if (x->has_line)
		num(b, x->line_bytes);
	else
		cs_puts(b, "null");
	cs_puts(b, ",\"singleRefusal\":");
	str(b, x->single_refusal);
	cs_puts(b, ",\"strideFlat\":");
	cs_put_i64(b, x->stride_flat);
	cs_puts(b, ",\"breaksAt\":");
	if (x->has_breaks)
		num(b, x->breaks_at_bytes);
	else
		cs_puts(b, "null");
	cs_puts(b, ",\"strideRefusal\":");
	str(b, x->stride_refusal);
	cs_puts(b, ",\"randomDefeated\":");
	cs_put_i64(b, x->random_defeated);
	cs_puts(b, ",\"randomRefusal\":");
	str(b, x->random_refusal);
	cs_puts(b, "},");
}

static void tlb_json(struct cs_buf *b, const struct cs_expect_tlb *t)
{
	if (t->has_series) {
		cs_puts(b, "\"tlb\":[");
		for (uint32_t i = 0; i < t->n; i++) {
			const struct cs_expect_tlb_series *s = &t->s[i];
			cs_puts(b, i ? ",{\"page\":" : "{\"page\":");
			cs_put_u64(b, s->page_bytes);
			if (s->has_knees) {
				cs_puts(b, ",\"knees\":[");
				for (uint32_t k = 0; k < s->n_knees; k++) {
					if (k)
						cs_putc(b, ',');
					if (s->has[k])
						num(b, s->entries[k]);
					else
						cs_puts(b, "null");
				}
				cs_putc(b, ']');
			}
			if (s->has_refusals) {
				cs_putc(b, ',');
				codes(b, "\"refusals\":", s->n_refusals, s->refusals);
				b->len--; /* the trailing ',' */
			}
			cs_putc(b, '}');
		}
		cs_puts(b, "],");
	}
	if (t->has_translation) {
		cs_puts(b, "\"translation\":[");
		for (uint32_t i = 0; i < t->n_translation; i++) {
			if (i)
				cs_putc(b, ',');
			cs_put_u64(b, t->translation[i]);
		}
		cs_puts(b, "],");
	}
}

/* "geometry":[{level, ways, sets} or {level, refusal}] (kinds/geometry/). */
static void geom_json(struct cs_buf *b, const struct cs_expect_geom *g)
{
	if (!g->present)
		return;
	cs_puts(b, "\"geometry\":[");
	for (uint32_t i = 0; i < g->n; i++) {
		const struct cs_expect_geom_level *l = &g->l[i];
		cs_puts(b, i ? ",{\"level\":" : "{\"level\":");
		cs_put_u64(b, l->level);
		if (l->has_ways) {
			cs_puts(b, ",\"ways\":");
			cs_put_u64(b, l->ways);
			cs_puts(b, ",\"sets\":");
			cs_put_u64(b, l->sets);
		} else {
			cs_puts(b, ",\"refusal\":");
			str(b, l->refusal);
		}
		cs_putc(b, '}');
	}
	cs_puts(b, "],");
}

/* cs_w_exp as the check panel's object (web/js/expect.js): a member only
 * where the expectation has it; "present" says whether there was one. */
CS_EXPORT(cs_expect_json) int cs_expect_json(void)
{
	const struct cs_expect *e = &cs_w_exp;
	struct cs_buf b;

	cs_w_out_buf(&b);
	cs_puts(&b, "{");
	if (e->has_knees)
		sizes(&b, "\"knees\":", e->n_knees, e->knees);
	if (e->has_granules)
		sizes(&b, "\"granules\":", e->n_granules, e->granules);
	if (e->has_refusals)
		codes(&b, "\"refusals\":", e->n_refusals, e->refusals);
	exp_json(&b, &e->exp);
	tlb_json(&b, &e->tlb);
	geom_json(&b, &e->geom);
	cs_puts(&b, "\"knownFailure\":");
	if (e->has_known_failure)
		str(&b, e->known_failure);
	else
		cs_puts(&b, "null");
	cs_puts(&b, ",\"tolerance\":");
	num(&b, e->knee_tolerance);
	cs_puts(&b, e->present ? ",\"present\":true}" : ",\"present\":false}");
	return cs_w_out_len(&b);
}
