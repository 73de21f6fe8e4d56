/* test_capture_write: the capture writer (common/, run by the firmware)
 * against a real JSON parser (yajl, through the reader's jdom): what it writes, the host reader reads back
 * to the same capture; strings are escaped; nesting misuse and overflow are
 * reported, never a half document called complete. */
#include <string.h>
#include <stdlib.h>
#include "check.h"
#include "../common/capture_write.h"
#include "../reader/json.h"
#include "../host/reader.h"

CS_TEST_MAIN_DEFS;

static struct cs_capture a;
static char text[1 << 20];

static void fill(struct cs_capture *c)
{
	cs_capture_init(c);
	strcpy(c->label, "label with \"quotes\", a \\ backslash,\ta tab and \x01 a control");
	strcpy(c->env_kind, "uefi");
	strcpy(c->arch, "x86_64");
	strcpy(c->clock.source, "tsc");
	c->clock.has_hz = 1;
	c->clock.hz = 2100000000;
	c->clock.has_quantum = 1;
	c->clock.quantum_ns = 0.476190476;
	strcpy(c->published_source, "cpuid-leaf4");
	c->n_caches = 2;
	c->caches[0] = (struct cs_cache){ 1, CS_CACHE_DATA, 49152, 64 };
	c->caches[1] = (struct cs_cache){ 3, CS_CACHE_UNIFIED, 32u << 20, 0 };
	c->n_points = 70;
	for (uint32_t i = 0; i < 70; i++) {
		c->points[i].bytes = 4096.0 * (1 << (i / 4)) + 64 * i;
		c->points[i].ns = 0.95 + i * 1.000000001;
		c->points[i].has_block = i % 2;
		c->points[i].block_ns = 120000.5 + i;
	}
	c->n_adj = 2;
	c->adj[0].placement = CS_PLACE_MIDDLE;
	c->adj[0].has_footprint = 1;
	c->adj[0].footprint_bytes = 131072;
	c->adj[0].n = 3;
	for (uint32_t i = 0; i < 3; i++)
		c->adj[0].pts[i] = (struct cs_adj_point){ 8.0 * (i + 1), 4.1 + i };
	c->adj[1].placement = CS_PLACE_LAST;
	c->adj[1].n = 1;
	c->adj[1].pts[0] = (struct cs_adj_point){ 512, 90.25 };
	/* a placement refused where it was measured: no points, its words */
	c->n_adj = 3;
	c->adj[2].placement = CS_PLACE_LAST;
	c->adj[2].refused = 1;
	strcpy(c->adj[2].refusal_code, "placement-crosses-edge");
	strcpy(c->adj[2].refusal_reason, "no footprint F with F and 2F inside level 3");
}

static void extra(struct cs_jsonw *j, void *ctx)
{
	(void)ctx;
	cs_jsonw_key(j, "cpuid");
	cs_jsonw_arr(j);
	cs_jsonw_hex(j, 0x8444c004);
	cs_jsonw_arr_end(j);
}

int main(void)
{
	fill(&a);
	struct cs_buf buf;
	cs_buf_init(&buf, text, sizeof text);
	CHECK(cs_capture_write(&buf, &a, extra, NULL) == 0, "writer reports success");

#if CS_TEST_HOSTED /* read back by the host's reader (yajl) */
	static struct cs_capture b;
	static const struct cs_jd_limits lim = { 4096, 32 };
	static char arena[1 << 20];
	char perr[512];
	struct cs_jd *root = cs_jd_parse(text, buf.len, arena, sizeof arena, &lim, perr, sizeof perr);
	CHECK(root != NULL, "yajl parses the writer's output: %s", perr);
	if (root) {
		struct cs_jd *v = cs_jd_get(root, "label", 5), *cpuid = cs_jd_get(root, "cpuid", 5),
			     *clock = cs_jd_get(root, "clock", 5);
		CHECK(v && v->kind == CS_JD_STRING && v->u.str.len == strlen(a.label) &&
		      memcmp(v->u.str.s, a.label, v->u.str.len) == 0, "escaped label round-trips");
		CHECK(cpuid && cpuid->kind == CS_JD_ARRAY && cs_jd_count(cpuid) == 1 &&
		      cs_jd_first(cpuid)->kind == CS_JD_STRING && cs_jd_first(cpuid)->u.str.len == 10 &&
		      memcmp(cs_jd_first(cpuid)->u.str.s, "0x8444c004", 10) == 0,
		      "producer extras are written");
		v = clock && clock->kind == CS_JD_OBJECT ? cs_jd_get(clock, "clamp_ns", 8) : NULL;
		CHECK(v && v->kind == CS_JD_NULL, "absent clamp is null");
	}

	char err[512];
	int rc = cs_read_capture_mem(text, buf.len, &b, NULL, err, sizeof err);
	CHECK(rc == 0, "host reader reads the writer's output: %s", err);
	if (rc == 0) {
		CHECK(strcmp(a.label, b.label) == 0, "label");
		CHECK(b.clock.hz == a.clock.hz && fabs(b.clock.quantum_ns - a.clock.quantum_ns) < 1e-12 && !b.clock.has_clamp, "clock");
		CHECK(b.n_caches == 2 && b.caches[1].size_bytes == 32u << 20 && b.caches[1].line_bytes == 0 &&
		      b.caches[0].type == CS_CACHE_DATA, "caches");
		int same = b.n_points == a.n_points;
		for (uint32_t i = 0; same && i < a.n_points; i++)
			same = b.points[i].bytes == a.points[i].bytes &&
			       fabs(b.points[i].ns / a.points[i].ns - 1) < 1e-8 &&
			       b.points[i].has_block == a.points[i].has_block &&
			       (!a.points[i].has_block || fabs(b.points[i].block_ns / a.points[i].block_ns - 1) < 1e-8);
		CHECK(same, "70 sweep points round-trip to 9 significant digits");
		CHECK(b.n_adj == 3 && b.adj[2].refused && b.adj[2].n == 0 &&
		      strcmp(b.adj[2].refusal_code, "placement-crosses-edge") == 0 &&
		      strcmp(b.adj[2].refusal_reason, a.adj[2].refusal_reason) == 0, "a refused series round-trips");
		CHECK(b.n_adj == 3 && b.adj[0].placement == CS_PLACE_MIDDLE && b.adj[0].footprint_bytes == 131072 &&
		      b.adj[0].n == 3 && b.adj[0].pts[2].distance == 24 && !b.adj[1].has_footprint && b.adj[1].n == 1,
		      "adjacency series round-trip");
	}
#endif

	/* overflow: a buffer too small fails, and says so */
	static char small[512];
	cs_buf_init(&buf, small, sizeof small);
	CHECK(cs_capture_write(&buf, &a, NULL, NULL) == -1 && buf.overflow, "a short buffer is an error");

	/* nesting misuse is an error, not a document */
	struct cs_jsonw j;
	cs_buf_init(&buf, text, sizeof text);
	cs_jsonw_init(&j, &buf, 0);
	cs_jsonw_obj(&j);
	cs_jsonw_key(&j, "a");
	cs_jsonw_obj_end(&j);
	CHECK(cs_jsonw_finish(&j) == -1, "a key without a value is an error");
	cs_buf_init(&buf, text, sizeof text);
	cs_jsonw_init(&j, &buf, 0);
	cs_jsonw_arr(&j);
	cs_jsonw_num(&j, NAN);
	cs_jsonw_num(&j, 1.5);
	cs_jsonw_arr_end(&j);
	CHECK(cs_jsonw_finish(&j) == 0 && strcmp(text, "[null,1.5]") == 0, "NaN is written as null: %s", text);
	cs_buf_init(&buf, text, sizeof text);
	cs_jsonw_init(&j, &buf, 0);
	for (int i = 0; i < CS_JSONW_DEPTH + 2; i++)
		cs_jsonw_arr(&j);
	CHECK(j.error, "nesting past the writer's depth is flagged");
	return cs_test_summary("capture_write");
}
