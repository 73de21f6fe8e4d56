/* test_bandwidth.c: the bandwidth kind's capture member (kinds/bandwidth/,
 * docs/capture.md "Bandwidth"): a round trip through the writer and the
 * reader, null members with their reasons, and the reader's refusals
 * (the byte-counting convention, the capacities of bw_capture.h, duplicate
 * sizes, series and chain counts), each naming its field path. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "../common/capture_write.h"
#include "../reader/reader.h"
#include "../kinds/bandwidth/bw_kind.h"

CS_TEST_MAIN_DEFS;

static int read_mem(const char *data, size_t len, struct cs_capture *c, char *err, size_t errlen)
{
	size_t need = cs_read_arena_need(len);
	void *arena = malloc(need);
	int rc;

	if (!arena) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	rc = cs_read_capture(data, len, arena, need, c, NULL, err, errlen);
	free(arena);
	return rc;
}

#define HEAD "{\"format\":\"cacheshape-capture\",\"version\":1,"
#define PTS "\"sweep\":{\"points\":[{\"bytes\":4096,\"ns\":1},{\"bytes\":8192,\"ns\":1.1}]}"
#define WITH(member) HEAD member "," PTS "}"
#define BW(series) WITH("\"bandwidth\":{\"series\":[" series "]}")
#define P1 "{\"bytes\":4096,\"ns_per_byte\":0.01}"
#define P2 "{\"bytes\":8192,\"ns_per_byte\":0.02,\"ns_per_byte_min\":0.019,\"block_ns\":2e5}"
#define READ1 "{\"op\":\"read\",\"kernel\":\"avx2\",\"vector_bytes\":32,\"threads\":1," \
	"\"bytes_per_byte_touched\":1,\"points\":[" P1 "," P2 "]}"
#define MLP(sizes) WITH("\"bandwidth\":{\"series\":[],\"mlp\":[" sizes "]}")

static struct cs_capture a, b;
static char text[256 * 1024];

static void fill(struct cs_capture *c)
{
	struct cs_bw_capture *k = &c->bw;

	cs_capture_init(c);
	c->n_points = 2;
	c->points[0] = (struct cs_point){ 4096, 1, 0, 0 };
	c->points[1] = (struct cs_point){ 8192, 1.5, 0, 0 };
	k->present = 1;
	strcpy(k->vector_note, "XCR0 had AVX state");
	k->n_series = 3;
	for (uint32_t s = 0; s < 2; s++) {
		struct cs_bw_series *e = &k->series[s];
		e->op = s ? CS_BW_COPY : CS_BW_READ;
		strcpy(e->kernel, "avx2");
		e->vector_bytes = 32;
		e->threads = 1;
		e->bytes_per_byte_touched = cs_bw_convention(e->op);
		e->n = 5;
		for (uint32_t i = 0; i < 5; i++)
			e->pts[i] = (struct cs_bw_point){ 4096.0 * (1u << i), 0.01 + 0.0123456789 * i,
							  0.009 + 0.0123456789 * i, i & 1, 1e5 * (i + 1) };
	}
	k->series[2].op = CS_BW_NT_WRITE;
	k->series[2].threads = 1;
	k->series[2].bytes_per_byte_touched = 1;
	k->series[2].refused = 1;
	strcpy(k->series[2].refusal, "no non-temporal store on this processor");
	k->mlp_present = 1;
	k->n_mlp = 2;
	for (uint32_t m = 0; m < 2; m++) {
		k->mlp[m].bytes = 16384.0 * (m + 1);
		k->mlp[m].n = 5;
		for (uint32_t i = 0; i < 5; i++) {
			k->mlp[m].chains[i] = 1u << i;
			k->mlp[m].ns[i] = 4.0 / (i + 1) + m;
		}
	}
}

static int round_trip(char *err, size_t errlen)
{
	struct cs_buf buf;

	cs_buf_init(&buf, text, sizeof text);
	CHECK(cs_capture_write(&buf, &a, NULL, NULL) == 0, "writer: overflow");
	return read_mem(text, buf.len, &b, err, errlen);
}

static void test_round_trip(void)
{
	char err[512] = "";

	fill(&a);
	int rc = round_trip(err, sizeof err);
	CHECK(rc == 0, "bandwidth round trip: %s", err);
	if (rc)
		return;
	const struct cs_bw_capture *k = &a.bw, *m = &b.bw;
	CHECK(m->present && !m->null && m->n_series == 3 && !strcmp(m->vector_note, k->vector_note),
	      "the member: %u series", m->n_series);
	int same = 1;
	for (uint32_t s = 0; s < 2; s++) {
		const struct cs_bw_series *p = &m->series[s], *q = &k->series[s];
		same &= p->op == q->op && !strcmp(p->kernel, q->kernel) && p->vector_bytes == 32 &&
			p->threads == 1 && p->bytes_per_byte_touched == q->bytes_per_byte_touched &&
			p->n == 5 && !p->refused;
		for (uint32_t i = 0; i < 5; i++)
			same &= p->pts[i].bytes == q->pts[i].bytes &&
				fabs(p->pts[i].ns_per_byte / q->pts[i].ns_per_byte - 1) < 1e-8 &&
				fabs(p->pts[i].ns_per_byte_min / q->pts[i].ns_per_byte_min - 1) < 1e-8 &&
				p->pts[i].has_block == q->pts[i].has_block &&
				(!p->pts[i].has_block || p->pts[i].block_ns == q->pts[i].block_ns);
	}
	CHECK(same, "read and copy series, point by point");
	CHECK(m->series[2].refused && m->series[2].n == 0 && m->series[2].op == CS_BW_NT_WRITE &&
		      !strcmp(m->series[2].refusal, k->series[2].refusal),
	      "the refused nt_write");
	CHECK(m->mlp_present && !m->mlp_null && m->n_mlp == 2 && m->mlp[1].n == 5 &&
		      m->mlp[1].chains[4] == 16 && fabs(m->mlp[1].ns[4] - (4.0 / 5 + 1)) < 1e-9 &&
		      m->mlp[0].bytes == 16384,
	      "mlp");
	/* a second read into the same struct: what the first held is gone */
	a.bw.n_series = 1;
	a.bw.series[0].n = 2;
	a.bw.mlp_null = 1;
	strcpy(a.bw.mlp_why, "one processor, no chase");
	rc = round_trip(err, sizeof err);
	CHECK(rc == 0 && b.bw.n_series == 1 && b.bw.series[0].n == 2 && b.bw.mlp_null &&
		      !strcmp(b.bw.mlp_why, "one processor, no chase") && b.bw.n_mlp == 0,
	      "reread: %s", err);
	/* null with its reason */
	a.bw.null = 1;
	strcpy(a.bw.why, "no counter fine enough");
	rc = round_trip(err, sizeof err);
	CHECK(rc == 0 && b.bw.present && b.bw.null && !strcmp(b.bw.why, "no counter fine enough") &&
		      b.bw.n_series == 0,
	      "null bandwidth: %s", err);
	/* absent */
	a.bw.present = 0;
	rc = round_trip(err, sizeof err);
	CHECK(rc == 0 && !b.bw.present && strstr(text, "bandwidth") == NULL, "absent: %s", err);
}

struct row {
	const char *name, *json, *err;
};

static const struct row rows[] = {
	{ "one read series", BW(READ1), NULL },
	{ "no series", BW(""), NULL },
	{ "null with reason", WITH("\"bandwidth\":null,\"bandwidth_reason\":\"not here\""), NULL },
	{ "null without reason", WITH("\"bandwidth\":null"), "bandwidth_reason: missing" },
	{ "not an object", WITH("\"bandwidth\":3"), "bandwidth: " },
	{ "series missing", WITH("\"bandwidth\":{}"), "bandwidth.series: missing" },
	{ "unknown op", BW("{\"op\":\"fill\",\"threads\":1,\"bytes_per_byte_touched\":1,\"points\":[" P1 "]}"),
	  "bandwidth.series[0].op: must be one of read, write, copy, nt_write" },
	{ "copy counted once", BW("{\"op\":\"copy\",\"threads\":1,\"bytes_per_byte_touched\":1,\"points\":[" P1 "]}"),
	  "bandwidth.series[0].bytes_per_byte_touched: copy counts 2" },
	{ "read counted twice", BW("{\"op\":\"read\",\"threads\":1,\"bytes_per_byte_touched\":2,\"points\":[" P1 "]}"),
	  "bandwidth.series[0].bytes_per_byte_touched: read counts 1" },
	{ "threads missing", BW("{\"op\":\"read\",\"bytes_per_byte_touched\":1,\"points\":[" P1 "]}"),
	  "bandwidth.series[0].threads: missing" },
	{ "threads zero", BW("{\"op\":\"read\",\"threads\":0,\"bytes_per_byte_touched\":1,\"points\":[" P1 "]}"),
	  "bandwidth.series[0].threads: " },
	{ "kernel too long", BW("{\"op\":\"read\",\"kernel\":\"avx512-and-more-x\",\"threads\":1,"
				"\"bytes_per_byte_touched\":1,\"points\":[" P1 "]}"),
	  "bandwidth.series[0].kernel: " },
	{ "vector too wide", BW("{\"op\":\"read\",\"vector_bytes\":512,\"threads\":1,"
				"\"bytes_per_byte_touched\":1,\"points\":[" P1 "]}"),
	  "bandwidth.series[0].vector_bytes: " },
	{ "no points", BW("{\"op\":\"read\",\"threads\":1,\"bytes_per_byte_touched\":1,\"points\":[]}"),
	  "bandwidth.series[0].points: " },
	{ "refused with points", BW("{\"op\":\"nt_write\",\"threads\":1,\"bytes_per_byte_touched\":1,"
				    "\"refusal\":\"none\",\"points\":[" P1 "]}"),
	  "bandwidth.series[0].points: an operation refused has no points, got 1" },
	{ "refused, no points", BW("{\"op\":\"nt_write\",\"threads\":1,\"bytes_per_byte_touched\":1,"
				   "\"refusal\":\"none\",\"points\":[]}"), NULL },
	{ "duplicate size", BW("{\"op\":\"read\",\"threads\":1,\"bytes_per_byte_touched\":1,\"points\":[" P1 "," P1 "]}"),
	  "bandwidth.series[0].points[1].bytes: duplicate size 4096" },
	{ "zero ns", BW("{\"op\":\"read\",\"threads\":1,\"bytes_per_byte_touched\":1,\"points\":"
			"[{\"bytes\":4096,\"ns_per_byte\":0}]}"),
	  "bandwidth.series[0].points[0].ns_per_byte: " },
	{ "minimum above median", BW("{\"op\":\"read\",\"threads\":1,\"bytes_per_byte_touched\":1,\"points\":"
				     "[{\"bytes\":4096,\"ns_per_byte\":0.1,\"ns_per_byte_min\":0.2}]}"),
	  "bandwidth.series[0].points[0].ns_per_byte_min: the minimum 0.2 is above" },
	{ "two read series on one thread", BW(READ1 "," READ1), "bandwidth.series[1]: a second read series" },
	{ "read on one and on all", BW(READ1 ",{\"op\":\"read\",\"threads\":8,\"bytes_per_byte_touched\":1,"
				   "\"points\":[" P1 "]}"), NULL },
	{ "too many series", BW(READ1 "," READ1 "," READ1 "," READ1 "," READ1 "," READ1 "," READ1 "," READ1 "," READ1),
	  "bandwidth.series: " },
	{ "mlp", MLP("{\"bytes\":16384,\"chains\":[{\"n\":1,\"ns\":4},{\"n\":2,\"ns\":2}]}"), NULL },
	{ "mlp null", WITH("\"bandwidth\":{\"series\":[],\"mlp\":null,\"mlp_reason\":\"no chase\"}"), NULL },
	{ "mlp null without reason", WITH("\"bandwidth\":{\"series\":[],\"mlp\":null}"),
	  "bandwidth.mlp_reason: missing" },
	{ "mlp no chains", MLP("{\"bytes\":16384,\"chains\":[]}"), "bandwidth.mlp[0].chains: " },
	{ "mlp chain count zero", MLP("{\"bytes\":16384,\"chains\":[{\"n\":0,\"ns\":4}]}"),
	  "bandwidth.mlp[0].chains[0].n: " },
	{ "mlp duplicate chain count", MLP("{\"bytes\":16384,\"chains\":[{\"n\":2,\"ns\":4},{\"n\":2,\"ns\":2}]}"),
	  "bandwidth.mlp[0].chains[1].n: duplicate chain count 2" },
	{ "mlp duplicate size", MLP("{\"bytes\":16384,\"chains\":[{\"n\":1,\"ns\":4}]},"
				    "{\"bytes\":16384,\"chains\":[{\"n\":1,\"ns\":4}]}"),
	  "bandwidth.mlp[1].bytes: duplicate size 16384" },
	{ "mlp too many chains", MLP("{\"bytes\":16384,\"chains\":[{\"n\":1,\"ns\":4},{\"n\":2,\"ns\":4},"
				     "{\"n\":3,\"ns\":4},{\"n\":4,\"ns\":4},{\"n\":5,\"ns\":4},{\"n\":6,\"ns\":4},"
				     "{\"n\":7,\"ns\":4},{\"n\":8,\"ns\":4},{\"n\":9,\"ns\":4}]}"),
	  "bandwidth.mlp[0].chains: " },
};

static void test_rows(void)
{
	char err[512];

	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row *r = &rows[i];
		err[0] = 0;
		int rc = read_mem(r->json, strlen(r->json), &b, err, sizeof err);
		if (!r->err)
			CHECK(rc == 0, "%s: %s", r->name, err);
		else
			CHECK(rc == -1 && strstr(err, r->err), "%s: got \"%s\", want \"%s\"", r->name,
			      rc ? err : "(read)", r->err);
	}
}

/* The capacities of bw_capture.h, one past each: refused, naming the path. */
static void test_bounds(void)
{
	static char big[64 * 1024];
	char err[512];
	struct cs_buf o;
	cs_buf_init(&o, big, sizeof big);
	cs_puts(&o, HEAD "\"bandwidth\":{\"series\":[{\"op\":\"read\",\"threads\":1,"
		    "\"bytes_per_byte_touched\":1,\"points\":[");
	for (int i = 0; i <= CS_BW_MAX_POINTS; i++) {
		cs_puts(&o, i ? "," : "");
		cs_puts(&o, "{\"bytes\":");
		cs_put_u64(&o, 4096 + 64 * (uint64_t)i);
		cs_puts(&o, ",\"ns_per_byte\":0.01}");
	}
	cs_puts(&o, "]}]}," PTS "}");
	int rc = read_mem(big, o.len, &a, err, sizeof err);
	CHECK(rc == -1 && strstr(err, "bandwidth.series[0].points: "), "%d points: %s",
	      CS_BW_MAX_POINTS + 1, err);
	cs_buf_init(&o, big, sizeof big);
	cs_puts(&o, HEAD "\"bandwidth\":{\"series\":[],\"mlp\":[");
	for (int i = 0; i <= CS_MLP_MAX_SIZES; i++) {
		cs_puts(&o, i ? "," : "");
		cs_puts(&o, "{\"bytes\":");
		cs_put_u64(&o, 4096 * (uint64_t)(i + 1));
		cs_puts(&o, ",\"chains\":[{\"n\":1,\"ns\":1}]}");
	}
	cs_puts(&o, "]}," PTS "}");
	rc = read_mem(big, o.len, &a, err, sizeof err);
	CHECK(rc == -1 && strstr(err, "bandwidth.mlp: "), "%d MLP sizes: %s", CS_MLP_MAX_SIZES + 1, err);
	/* exactly the capacities: read */
	cs_buf_init(&o, big, sizeof big);
	cs_puts(&o, HEAD "\"bandwidth\":{\"series\":[{\"op\":\"read\",\"threads\":1,"
		    "\"bytes_per_byte_touched\":1,\"points\":[");
	for (int i = 0; i < CS_BW_MAX_POINTS; i++) {
		cs_puts(&o, i ? "," : "");
		cs_puts(&o, "{\"bytes\":");
		cs_put_u64(&o, 4096 + 64 * (uint64_t)i);
		cs_puts(&o, ",\"ns_per_byte\":0.01}");
	}
	cs_puts(&o, "]}]}," PTS "}");
	rc = read_mem(big, o.len, &a, err, sizeof err);
	CHECK(rc == 0 && a.bw.series[0].n == CS_BW_MAX_POINTS, "%d points: %s", CS_BW_MAX_POINTS, err);
}

int main(void)
{
	test_round_trip();
	test_rows();
	test_bounds();
	return cs_test_summary("test_bandwidth");
}
