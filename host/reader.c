/* reader.c: the strict capture reader (capture.md) on yajl (jdom.h).
 * The size is checked before yajl sees the text; nesting, value count and
 * arena are bounded while the tree is built; then every core field is read
 * with its type and range, and each kind's members through the table
 * (common/kinds.h read column); unknown members are ignored, and null is
 * the same as absent for every optional field. */
#define _POSIX_C_SOURCE 200809L
#include "reader.h"
#include "cmd/expect.h"
#include "jread.h"
#include "reader_experiments.h"
#include "reader_mp.h"
#include "../common/kinds.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const env_kinds[] = { "uefi", "linux", "browser", "imported",
					 "synthetic", NULL };

/* An optional string; with 'allowed', one of those words. */
static int opt_string(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		      char *out, size_t cap, const char *const *allowed)
{
	struct cs_jd *v;
	size_t m, i;
	int rc;

	cs_jr_member(r, obj, key, 0, 1, &v);
	if (!v)
		return 0;
	m = cs_jr_push_key(r, key);
	rc = cs_jr_string(r, v, out, cap);
	for (i = 0; rc == 0 && allowed && allowed[i]; i++)
		if (strcmp(out, allowed[i]) == 0)
			break;
	if (rc == 0 && allowed && !allowed[i]) {
		char got[64], list[128] = "";
		for (i = 0; allowed[i]; i++) {
			strcat(list, i ? ", " : "");
			strcat(list, allowed[i]);
		}
		cs_jr_describe(v, got, sizeof(got));
		rc = cs_jr_fail(r, "must be one of %s, got %s", list, got);
	}
	cs_jr_pop(r, m);
	return rc;
}

static int read_header(struct cs_jr *r, const struct cs_jd *root,
		       struct cs_capture *c)
{
	struct cs_jd *v, *env;
	uint64_t version = 0;
	size_t m;

	if (cs_jr_member(r, root, "format", 1, 0, &v))
		return -1;
	if (v->kind != CS_JD_STRING || v->u.str.len != 18 ||
	    memcmp(v->u.str.s, "cacheshape-capture", 18) != 0) {
		char got[64];
		cs_jr_describe(v, got, sizeof(got));
		cs_jr_push_key(r, "format");
		return cs_jr_fail(r, "must be \"cacheshape-capture\", got %s",
				  got);
	}
	if (cs_jr_get_uint(r, root, "version", 1, 1, 1, &version))
		return -1;
	c->version = (uint32_t)version;
	cs_jr_member(r, root, "label", 0, 1, &v);
	if (v && !(v->kind == CS_JD_STRING && v->u.str.len == 0) &&
	    opt_string(r, root, "label", c->label, sizeof(c->label), NULL))
		return -1;
	if (cs_jr_get_object(r, root, "environment", 0, &env))
		return -1;
	if (env) {
		m = cs_jr_push_key(r, "environment");
		if (opt_string(r, env, "kind", c->env_kind,
			       sizeof(c->env_kind), env_kinds) ||
		    opt_string(r, env, "arch", c->arch, sizeof(c->arch), NULL))
			return -1;
		/* any token of letters, digits and '_' (capture.md): an arch
		 * this build does not know is noted by the report, not refused */
		cs_jr_member(r, env, "arch", 0, 1, &v);
		if (v && !cs_arch_token(c->arch)) {
			cs_jr_push_key(r, "arch");
			return cs_jr_fail(r, "must be a token of letters, digits "
					  "and _, got \"%s\"", c->arch);
		}
		cs_jr_pop(r, m);
	}
	return 0;
}

static int read_clock(struct cs_jr *r, const struct cs_jd *root, struct cs_clock *k)
{
	struct cs_jd *clk;
	size_t m;

	if (cs_jr_get_object(r, root, "clock", 0, &clk))
		return -1;
	if (!clk)
		return 0;
	m = cs_jr_push_key(r, "clock");
	if (opt_string(r, clk, "source", k->source, sizeof(k->source), NULL) ||
	    cs_jr_get_positive(r, clk, "hz", 0, &k->has_hz, &k->hz) ||
	    cs_jr_get_positive(r, clk, "quantum_ns", 0, &k->has_quantum, &k->quantum_ns) ||
	    cs_jr_get_positive(r, clk, "clamp_ns", 0, &k->has_clamp, &k->clamp_ns))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

static int read_cache(struct cs_jr *r, const struct cs_jd *v, struct cs_cache *cc)
{
	uint64_t level = 0, size = 0, line = 0;
	struct cs_jd *t;
	size_t m;
	char type[CS_WORD_MAX] = ""; /* stays "" when the member is null */
	static const char *const types[] = { "data", "instruction", "unified",
					     NULL };

	if (cs_jr_object(r, v) || cs_jr_get_uint(r, v, "level", 1, 1, 16, &level) ||
	    cs_jr_member(r, v, "type", 1, 0, &t) ||
	    opt_string(r, v, "type", type, sizeof(type), types) ||
	    cs_jr_get_uint(r, v, "size_bytes", 1, 1, 1ull << 50, &size) ||
	    cs_jr_get_uint(r, v, "line_bytes", 0, 1, 1u << 20, &line))
		return -1;
	m = cs_jr_push_key(r, "type");
	if (cs_cache_type_parse(type, &cc->type) != 0)
		return cs_jr_fail(r, "unknown cache type \"%s\"", type);
	cs_jr_pop(r, m);
	cc->level = (uint32_t)level;
	cc->size_bytes = size;
	cc->line_bytes = (uint32_t)line;
	return 0;
}

static int read_published(struct cs_jr *r, const struct cs_jd *root,
			  struct cs_capture *c)
{
	struct cs_jd *pub, *caches, *v;
	size_t m, mc, mi, i;

	if (cs_jr_get_object(r, root, "published", 0, &pub))
		return -1;
	if (!pub)
		return 0;
	m = cs_jr_push_key(r, "published");
	if (opt_string(r, pub, "source", c->published_source,
		       sizeof(c->published_source), NULL))
		return -1;
	cs_jr_member(r, pub, "caches", 0, 1, &caches);
	if (caches) {
		mc = cs_jr_push_key(r, "caches");
		if (cs_jr_array(r, caches, 0, CS_MAX_CACHES))
			return -1;
		for (i = 0, v = cs_jd_first(caches); v; v = v->next, i++) {
			mi = cs_jr_push_idx(r, i);
			if (read_cache(r, v, &c->caches[i]))
				return -1;
			cs_jr_pop(r, mi);
		}
		c->n_caches = (uint32_t)i;
		cs_jr_pop(r, mc);
	}
	cs_jr_pop(r, m);
	return 0;
}

/* values[i] repeats an earlier value: error at [i].field. One pass when
 * the values rise (as sweeps and rulers are written); else quadratic, but
 * bounded by CS_MAX_SWEEP_POINTS (half a million comparisons at most). */
static int check_unique(struct cs_jr *r, const double *values, size_t n,
			const char *what, const char *field)
{
	size_t i, j;

	for (i = 1; i < n && values[i - 1] < values[i]; i++)
		;
	if (i >= n)
		return 0;
	for (i = 1; i < n; i++)
		for (j = 0; j < i; j++)
			if (values[i] == values[j]) {
				cs_jr_push_idx(r, i);
				cs_jr_push_key(r, field);
				return cs_jr_fail(r, "duplicate %s %.10g (also "
						  "at [%zu])", what, values[i],
						  j);
			}
	return 0;
}

int cs_sweep_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	double sizes[CS_MAX_SWEEP_POINTS];
	struct cs_jd *sweep, *pts, *p;
	size_t m, mp, mi, i;

	if (cs_jr_get_object(r, root, "sweep", 1, &sweep))
		return -1;
	m = cs_jr_push_key(r, "sweep");
	if (cs_jr_member(r, sweep, "points", 1, 0, &pts))
		return -1;
	mp = cs_jr_push_key(r, "points");
	if (cs_jr_array(r, pts, 1, CS_MAX_SWEEP_POINTS))
		return -1;
	for (i = 0, p = cs_jd_first(pts); p; p = p->next, i++) {
		struct cs_point *pt = &c->points[i];
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, p) || cs_jr_get_positive(r, p, "bytes", 1, NULL, &pt->bytes) ||
		    cs_jr_get_positive(r, p, "ns", 1, NULL, &pt->ns) ||
		    cs_jr_get_positive(r, p, "block_ns", 0, &pt->has_block, &pt->block_ns))
			return -1;
		cs_jr_pop(r, mi);
	}
	c->n_points = (uint32_t)i;
	for (i = 0; i < c->n_points; i++)
		sizes[i] = c->points[i].bytes;
	if (check_unique(r, sizes, c->n_points, "size", "bytes"))
		return -1;
	cs_jr_pop(r, mp);
	cs_jr_pop(r, m);
	return 0;
}

/* "refusal": {"code", "reason"}: the producer refused this placement
 * before measuring it (capture.h); both strings are required. */
static int read_series_refusal(struct cs_jr *r, const struct cs_jd *v,
			       struct cs_adj_series *s)
{
	struct cs_jd *f, *t;
	size_t m;

	s->refused = 0;
	if (cs_jr_get_object(r, v, "refusal", 0, &f))
		return -1;
	if (!f)
		return 0;
	m = cs_jr_push_key(r, "refusal");
	if (cs_jr_member(r, f, "code", 1, 0, &t) ||
	    opt_string(r, f, "code", s->refusal_code, sizeof(s->refusal_code), NULL) ||
	    cs_jr_member(r, f, "reason", 1, 0, &t) ||
	    opt_string(r, f, "reason", s->refusal_reason, sizeof(s->refusal_reason), NULL))
		return -1;
	if (!s->refusal_code[0]) {
		cs_jr_push_key(r, "code");
		return cs_jr_fail(r, "must not be empty");
	}
	cs_jr_pop(r, m);
	s->refused = 1;
	return 0;
}

static int read_series(struct cs_jr *r, const struct cs_jd *v,
		       struct cs_adj_series *s)
{
	double dist[CS_MAX_ADJ_POINTS];
	char place[CS_WORD_MAX] = ""; /* stays "" when the member is null */
	struct cs_jd *t, *pts, *p;
	size_t m, mi, i;
	static const char *const places[] = { "first", "middle", "last", NULL };

	if (cs_jr_object(r, v) || cs_jr_member(r, v, "placement", 1, 0, &t) ||
	    opt_string(r, v, "placement", place, sizeof(place), places))
		return -1;
	m = cs_jr_push_key(r, "placement");
	if (cs_placement_parse(place, &s->placement) != 0)
		return cs_jr_fail(r, "unknown placement \"%s\"", place);
	cs_jr_pop(r, m);
	if (cs_jr_get_positive(r, v, "footprint_bytes", 0, &s->has_footprint, &s->footprint_bytes) ||
	    read_series_refusal(r, v, s) ||
	    cs_jr_member(r, v, "points", 1, 0, &pts))
		return -1;
	m = cs_jr_push_key(r, "points");
	/* a placement refused where it was measured has no points; any
	 * other series has at least one */
	if (s->refused && pts->kind == CS_JD_ARRAY && pts->u.kids.n)
		return cs_jr_fail(r, "a refused placement has no points, got %zu",
				  pts->u.kids.n);
	if (cs_jr_array(r, pts, s->refused ? 0 : 1, s->refused ? 0 : CS_MAX_ADJ_POINTS))
		return -1;
	for (i = 0, p = cs_jd_first(pts); p; p = p->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, p) ||
		    cs_jr_get_positive(r, p, "distance", 1, NULL, &s->pts[i].distance) ||
		    cs_jr_get_positive(r, p, "ns", 1, NULL, &s->pts[i].ns))
			return -1;
		cs_jr_pop(r, mi);
	}
	s->n = (uint32_t)i;
	for (i = 0; i < s->n; i++)
		dist[i] = s->pts[i].distance;
	if (check_unique(r, dist, s->n, "distance", "distance"))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

int cs_adj_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_jd *adj, *v;
	size_t m, mi, i;

	cs_jr_member(r, root, "adjacency", 0, 1, &adj);
	if (!adj)
		return 0;
	m = cs_jr_push_key(r, "adjacency");
	if (cs_jr_array(r, adj, 0, CS_MAX_ADJ_SERIES))
		return -1;
	for (i = 0, v = cs_jd_first(adj); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_series(r, v, &c->adj[i]))
			return -1;
		cs_jr_pop(r, mi);
	}
	c->n_adj = (uint32_t)i;
	cs_jr_pop(r, m);
	return 0;
}

/* The read column of the table, in its order. */
/* producer.secure_boot (common/secureboot.h), a firmware's member: each
 * value null or a whole number. "producer" itself is the producer's own
 * (capture.md): not an object, it is ignored as before. */
static int read_secure_boot(struct cs_jr *r, const struct cs_jd *root, struct cs_secure_boot *s)
{
	struct cs_jd *p, *o, *v;
	size_t m;

	cs_jr_member(r, root, "producer", 0, 1, &p);
	if (!p || p->kind != CS_JD_OBJECT)
		return 0;
	m = cs_jr_push_key(r, "producer");
	if (cs_jr_get_object(r, p, "secure_boot", 0, &o))
		return -1;
	if (o) {
		static const char *const keys[] = { "secure_boot", "setup_mode", "db_bytes", "dbx_bytes" };
		int *has[] = { &s->has_secure_boot, &s->has_setup_mode, &s->has_db, &s->has_dbx };
		uint64_t max[] = { CS_SB_FLAG_MAX, CS_SB_FLAG_MAX, CS_SB_LIST_MAX, CS_SB_LIST_MAX };
		uint64_t val[4] = { 0, 0, 0, 0 };
		size_t m2 = cs_jr_push_key(r, "secure_boot");
		for (int i = 0; i < 4; i++) {
			cs_jr_member(r, o, keys[i], 0, 1, &v);
			*has[i] = v != NULL;
			if (v && cs_jr_get_uint(r, o, keys[i], 0, 0, max[i], &val[i]))
				return -1;
		}
		s->present = 1;
		s->secure_boot = (uint32_t)val[0];
		s->setup_mode = (uint32_t)val[1];
		s->db_bytes = val[2];
		s->dbx_bytes = val[3];
		cs_jr_pop(r, m2);
	}
	cs_jr_pop(r, m);
	return 0;
}

typedef int (*cs_read_fn)(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c);
int cs_none_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	(void)r;
	(void)root;
	(void)c;
	return 0;
}

static const cs_read_fn kinds[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, ...) read,
	CS_KINDS
#undef CS_KIND
};

static int read_root(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c,
		     struct cs_expect *e)
{
	struct cs_jd *ex;

	if (cs_jr_object(r, root) || read_header(r, root, c) ||
	    read_clock(r, root, &c->clock) || read_published(r, root, c) ||
	    read_secure_boot(r, root, &c->sb))
		return -1;
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		if (kinds[k](r, root, c))
			return -1;
	if (cs_jr_get_object(r, root, "expect", 0, &ex))
		return -1;
	if (ex) {
		size_t m = cs_jr_push_key(r, "expect");
		if (cs_read_expect(r, ex, e))
			return -1;
		cs_jr_pop(r, m);
	}
	return 0;
}

/* The tree of one capture, kept from one read to the next (per thread):
 * a fresh block each time would be handed back to the kernel and faulted in
 * again, which costs more than the parse. Only the pages a capture uses are
 * ever touched. */
static _Thread_local void *arena;

void cs_read_release(void)
{
	free(arena);
	arena = NULL;
}

int cs_read_capture_mem(const char *data, size_t len, struct cs_capture *c,
			struct cs_expect *e, char *err, size_t errlen)
{
	static const struct cs_jd_limits lim = { CS_READ_MAX_VALUES,
						 CS_READ_MAX_DEPTH };
	struct cs_expect scratch;
	struct cs_jr r;
	struct cs_jd *root;
	size_t i;

	if (!e)
		e = &scratch;
	/* libc's memset: the core's byte loop costs more than the parse of
	 * a small capture. Same result as cs_capture_init(). */
	memset(c, 0, sizeof(*c));
	c->version = 1;
	cs_expect_init(e);
	cs_jr_init(&r, err, errlen);
	for (i = 0; i < len; i++)
		if (data[i] != ' ' && data[i] != '\t' && data[i] != '\n' &&
		    data[i] != '\r')
			break;
	if (i == len) {
		snprintf(err, errlen, "empty: no JSON object");
		return -1;
	}
	if (len > CS_READ_MAX_FILE) {
		snprintf(err, errlen, "%zu bytes, more than the %u bytes "
			 "(4 MiB) a capture may have", len, CS_READ_MAX_FILE);
		return -1;
	}
	if (!arena && !(arena = malloc(CS_READ_ARENA))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	root = cs_jd_parse(data, len, arena, CS_READ_ARENA, &lim, err, errlen);
	if (!root)
		return -1;
	return read_root(&r, root, c, e);
}

/* read() until EOF or n bytes; -1 on an error (errno kept). */
static ssize_t read_all(int fd, char *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t k = read(fd, buf + got, n - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		if (k == 0)
			break;
		got += (size_t)k;
	}
	return (ssize_t)got;
}

int cs_read_capture_file(const char *path, struct cs_capture *c,
			 struct cs_expect *e, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t cap = CS_READ_MAX_FILE;
	char small[64 * 1024], *buf;
	struct stat st;
	ssize_t n;
	int rc;

	if (fd < 0) {
		snprintf(err, errlen, "cannot open: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			close(fd);
			snprintf(err, errlen, "is a directory");
			return -1;
		}
		if (S_ISREG(st.st_mode) && st.st_size >= 0 &&
		    (uint64_t)st.st_size < CS_READ_MAX_FILE)
			cap = (size_t)st.st_size;
	}
	/* One byte past what is expected tells "too big" (or "grew") from
	 * "exactly at the bound", for pipes as well as files. A small file
	 * is read on the stack: a heap block freed per capture makes glibc
	 * hand memory back and fault it in again, which costs more than the
	 * read. */
	buf = cap < sizeof(small) ? small : malloc(cap + 1);
	if (!buf) {
		close(fd);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	n = read_all(fd, buf, cap + 1);
	if (n < 0) {
		snprintf(err, errlen, "cannot read: %s", strerror(errno));
		rc = -1;
	} else if ((size_t)n > CS_READ_MAX_FILE) {
		snprintf(err, errlen, "larger than the %u bytes (4 MiB) a "
			 "capture may have", CS_READ_MAX_FILE);
		rc = -1;
	} else if ((size_t)n > cap && S_ISREG(st.st_mode) && st.st_size == 0) {
		/* /proc, /sys: "regular" files whose size is made as read */
		snprintf(err, errlen, "not a regular file: its size reads as 0 yet it holds data "
			 "(a /proc or /sys file?)");
		rc = -1;
	} else if ((size_t)n > cap) {
		snprintf(err, errlen, "changed size while being read");
		rc = -1;
	} else {
		rc = cs_read_capture_mem(buf, (size_t)n, c, e, err, errlen);
	}
	if (buf != small)
		free(buf);
	close(fd);
	return rc;
}
