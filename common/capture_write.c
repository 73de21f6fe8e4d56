/* capture_write.c: a capture to JSON text, in docs/capture.md's core layout,
 * then every kind's members through the table (kinds.h). Absent optional
 * figures are left out (absence means "not measured"). */
#include "capture_write.h"
#include "kinds.h"

static void write_clock(struct cs_jsonw *j, const struct cs_clock *k)
{
	cs_jsonw_key(j, "clock");
	cs_jsonw_obj(j);
	if (k->source[0]) {
		cs_jsonw_key(j, "source");
		cs_jsonw_str(j, k->source);
	}
	if (k->has_hz) {
		cs_jsonw_key(j, "hz");
		cs_jsonw_num(j, k->hz);
	}
	if (k->has_quantum) {
		cs_jsonw_key(j, "quantum_ns");
		cs_jsonw_num(j, k->quantum_ns);
	}
	cs_jsonw_key(j, "clamp_ns");
	if (k->has_clamp)
		cs_jsonw_num(j, k->clamp_ns);
	else
		cs_jsonw_null(j);
	cs_jsonw_obj_end(j);
}

void cs_none_published(struct cs_jsonw *j, const struct cs_capture *c)
{
	(void)j;
	(void)c;
}

/* The write, record and published columns of the table, in its order. */
typedef void (*cs_write_fn)(struct cs_jsonw *j, const struct cs_capture *c);
static const struct {
	cs_write_fn write, record, published;
} kinds[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, ...) \
	{ write, record, published },
	CS_KINDS
#undef CS_KIND
};

static void write_published(struct cs_jsonw *j, const struct cs_capture *c)
{
	cs_jsonw_key(j, "published");
	cs_jsonw_obj(j);
	if (c->published_source[0]) {
		cs_jsonw_key(j, "source");
		cs_jsonw_str(j, c->published_source);
	}
	cs_jsonw_key(j, "caches");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < c->n_caches; i++) {
		const struct cs_cache *k = &c->caches[i];
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "level");
		cs_jsonw_u64(j, k->level);
		cs_jsonw_key(j, "type");
		cs_jsonw_str(j, cs_cache_type_name(k->type));
		cs_jsonw_key(j, "size_bytes");
		cs_jsonw_u64(j, k->size_bytes);
		if (k->line_bytes) {
			cs_jsonw_key(j, "line_bytes");
			cs_jsonw_u64(j, k->line_bytes);
		}
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_arr_end(j);
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		kinds[k].published(j, c);
	cs_jsonw_obj_end(j);
}

/* "KEY": {"points": [...]}, one point a line: the sweep's, and every other
 * series of sweep points (the competitor's, each kind of core's). */
void cs_points_write(struct cs_jsonw *j, const char *key, const struct cs_point *pts, uint32_t n)
{
	cs_jsonw_key(j, key);
	cs_jsonw_obj(j);
	cs_points_array_write(j, pts, n);
	cs_jsonw_obj_end(j);
}

void cs_point_write(struct cs_jsonw *j, const char *xkey, double x, double ns, int has_median,
		    double ns_median, int has_block, double block_ns)
{
	int pretty = j->pretty;
	cs_jsonw_obj(j);
	j->pretty = 0; /* one point a line */
	cs_jsonw_key(j, xkey);
	cs_jsonw_num(j, x);
	cs_jsonw_key(j, "ns");
	cs_jsonw_numsig(j, ns, 9);
	if (has_median) {
		cs_jsonw_key(j, "ns_median");
		cs_jsonw_numsig(j, ns_median, 9);
	}
	if (has_block) {
		cs_jsonw_key(j, "block_ns");
		cs_jsonw_numsig(j, block_ns, 9);
	}
	cs_jsonw_obj_end(j);
	j->pretty = pretty;
}

void cs_points_array_write(struct cs_jsonw *j, const struct cs_point *pts, uint32_t n)
{
	cs_jsonw_key(j, "points");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < n; i++)
		cs_point_write(j, "bytes", pts[i].bytes, pts[i].ns, 0, 0, pts[i].has_block,
			       pts[i].block_ns);
	cs_jsonw_arr_end(j);
}

void cs_none_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	(void)j;
	(void)c;
}

void cs_none_record(struct cs_jsonw *j, const struct cs_capture *c)
{
	(void)j;
	(void)c;
}

int cs_capture_write(struct cs_buf *b, const struct cs_capture *c,
		     cs_capture_extra_fn extra, void *ctx)
{
	struct cs_jsonw j;
	cs_jsonw_init(&j, b, 1);
	cs_jsonw_obj(&j);
	cs_jsonw_key(&j, "format");
	cs_jsonw_str(&j, "cacheshape-capture");
	cs_jsonw_key(&j, "version");
	cs_jsonw_u64(&j, c->version);
	cs_jsonw_key(&j, "label");
	cs_jsonw_str(&j, c->label);
	if (c->env_kind[0] || c->arch[0]) {
		cs_jsonw_key(&j, "environment");
		cs_jsonw_obj(&j);
		if (c->env_kind[0]) {
			cs_jsonw_key(&j, "kind");
			cs_jsonw_str(&j, c->env_kind);
		}
		if (c->arch[0]) {
			cs_jsonw_key(&j, "arch");
			cs_jsonw_str(&j, c->arch);
		}
		cs_jsonw_obj_end(&j);
	}
	write_clock(&j, &c->clock);
	write_published(&j, c);
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		kinds[k].write(&j, c);
	if (extra)
		extra(&j, ctx);
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		kinds[k].record(&j, c);
	cs_jsonw_obj_end(&j);
	return cs_jsonw_finish(&j);
}
