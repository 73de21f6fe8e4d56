/* capture.c: the capture reader (reader.h): the file as a whole, the
 * header, clock and published caches, then each kind's members through the
 * table (common/kinds.h read column), then "expect"; unknown members are
 * ignored, and null is the same as absent for every optional field.
 * Freestanding. */
#include "reader.h"
#include "fmt.h"
#include "../common/buf.h"
#include "../common/emulator.h"

static int same_str(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

static void append(char *out, size_t cap, const char *s)
{
	size_t o = 0;
	while (o + 1 < cap && out[o])
		o++;
	for (; o + 1 < cap && *s; s++)
		out[o++] = *s;
	if (cap)
		out[o] = '\0';
}

static const char *const env_kinds[] = { "uefi", "linux", "browser", "imported",
					 "synthetic", NULL };

/* An optional string; with 'allowed', one of those words. */
int cs_read_word(struct cs_jr *r, const struct cs_jd *obj, const char *key,
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
		if (same_str(out, allowed[i]))
			break;
	if (rc == 0 && allowed && !allowed[i]) {
		char got[64], list[128] = "";
		for (i = 0; allowed[i]; i++) {
			append(list, sizeof(list), i ? ", " : "");
			append(list, sizeof(list), allowed[i]);
		}
		cs_jr_describe(v, got, sizeof(got));
		rc = cs_jr_fail(r, "must be one of %s, got %s", list, got);
	}
	cs_jr_pop(r, m);
	return rc;
}

static int same_n(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* One field of a signature: a string as it is, an integer in decimal; 0
 * when absent or of another type. */
static int sig_field(struct cs_buf *b, const struct cs_jd *obj, const char *key, size_t klen,
		     const char *word)
{
	const struct cs_jd *v = cs_jd_get(obj, key, klen);
	if (!v || !(v->kind == CS_JD_STRING || (v->kind == CS_JD_NUMBER && v->int_fits)))
		return 0;
	if (word) {
		cs_putc(b, ' ');
		cs_puts(b, word);
		cs_putc(b, ' ');
	}
	if (v->kind == CS_JD_STRING)
		cs_put_textn(b, v->u.str.s, v->u.str.len);
	else
		cs_put_g(b, (double)v->u.num.i, 15);
	return 1;
}

/* The processor's identity, for `cacheshape compare` alone (docs/repeats.md
 * s.5): CPUID's vendor, family, model, stepping, or the MIDR's fields;
 * "" when the cpu member has neither whole. Never refused. */
static void read_signature(const struct cs_jd *cpu, struct cs_capture *c)
{
	const struct cs_jd *m = cs_jd_get(cpu, "midr_fields", 11);
	struct cs_buf b;
	cs_buf_init(&b, c->cpu_sig, sizeof c->cpu_sig);
	if (sig_field(&b, cpu, "vendor", 6, NULL) && sig_field(&b, cpu, "family", 6, "family") &&
	    sig_field(&b, cpu, "model", 5, "model") && sig_field(&b, cpu, "stepping", 8, "stepping") &&
	    !b.overflow)
		return;
	cs_buf_init(&b, c->cpu_sig, sizeof c->cpu_sig);
	cs_puts(&b, "MIDR");
	if (m && m->kind == CS_JD_OBJECT && sig_field(&b, m, "implementer", 11, "implementer") &&
	    sig_field(&b, m, "variant", 7, "variant") && sig_field(&b, m, "part", 4, "part") &&
	    sig_field(&b, m, "revision", 8, "revision") && !b.overflow)
		return;
	c->cpu_sig[0] = '\0';
}

/* A string member of obj into out (cap bytes), "" when absent or not a
 * string; never refused. */
static void opt_text(const struct cs_jd *obj, const char *key, size_t klen, char *out, size_t cap)
{
	const struct cs_jd *v = cs_jd_get(obj, key, klen);
	struct cs_buf b;
	cs_buf_init(&b, out, cap);
	if (v && v->kind == CS_JD_STRING)
		cs_put_textn(&b, v->u.str.s, v->u.str.len);
}

/* An emulated processor (docs/emulators.md s.2): the producer's conclusion
 * (cpu.emulator) where it wrote one, else what an older capture recorded
 * for it: the hypervisor signature, or the aarch64 firmware's words in
 * cpu.hv_evidence. Never refused. */
static void read_emulator(const struct cs_jd *cpu, struct cs_capture *c)
{
	char named[CS_WORD_MAX], sig[CS_WORD_MAX], words[CS_TEXT_MAX];
	opt_text(cpu, "emulator", 8, named, sizeof named);
	opt_text(cpu, "hv_signature", 12, sig, sizeof sig);
	opt_text(cpu, "hv_evidence", 11, words, sizeof words);
	cs_emulator_fill(named, sig, words, c->emulator, sizeof c->emulator, c->emulator_evidence,
			 sizeof c->emulator_evidence);
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
	    !same_n(v->u.str.s, "cacheshape-capture", 18)) {
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
	    cs_read_word(r, root, "label", c->label, sizeof(c->label), NULL))
		return -1;
	if (cs_jr_get_object(r, root, "environment", 0, &env))
		return -1;
	if (env) {
		m = cs_jr_push_key(r, "environment");
		if (cs_read_word(r, env, "kind", c->env_kind,
			       sizeof(c->env_kind), env_kinds) ||
		    cs_read_word(r, env, "arch", c->arch, sizeof(c->arch), NULL))
			return -1;
		/* any token of letters, digits and '_' (docs/capture.md): an arch
		 * this build does not know is noted by the report, not refused */
		cs_jr_member(r, env, "arch", 0, 1, &v);
		if (v && !cs_arch_token(c->arch)) {
			cs_jr_push_key(r, "arch");
			return cs_jr_fail(r, "must be a token of letters, digits "
					  "and _, got \"%s\"", c->arch);
		}
		cs_jr_pop(r, m);
	}
	/* cpu.hypervisor, the producer's, for the summary's trust line alone
	 * (docs/summary.md s.3): read when it is a boolean, never refused */
	struct cs_jd *cpu = cs_jd_get(root, "cpu", 3), *hv = cpu && cpu->kind == CS_JD_OBJECT
									? cs_jd_get(cpu, "hypervisor", 10) : 0;
	if (hv && (hv->kind == CS_JD_TRUE || hv->kind == CS_JD_FALSE))
		c->vm = hv->kind == CS_JD_TRUE;
	if (cpu && cpu->kind == CS_JD_OBJECT) {
		read_signature(cpu, c);
		read_emulator(cpu, c);
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
	if (cs_read_word(r, clk, "source", k->source, sizeof(k->source), NULL) ||
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
	    cs_read_word(r, v, "type", type, sizeof(type), types) ||
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
	if (cs_read_word(r, pub, "source", c->published_source,
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

/* values[i] repeats an earlier value: error at [i].field (reader.h). One pass when
 * the values rise (as sweeps and rulers are written); else quadratic, but
 * bounded by CS_MAX_SWEEP_POINTS (half a million comparisons at most). */
int cs_read_unique(struct cs_jr *r, const double *values, size_t n,
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

/* producer.secure_boot (common/secureboot.h), a firmware's member: each
 * value null or a whole number. "producer" itself is the producer's own
 * (docs/capture.md): not an object, it is ignored as before. */
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

/* A string member copied as far as it fits, cut on a character boundary;
 * anything else leaves out "" (the about member: never refused). */
static void about_str(const struct cs_jd *obj, const char *key, size_t klen, char *out, size_t cap)
{
	const struct cs_jd *v = obj && obj->kind == CS_JD_OBJECT ? cs_jd_get(obj, key, klen) : 0;
	size_t n;

	out[0] = '\0';
	if (!v || v->kind != CS_JD_STRING)
		return;
	n = v->u.str.len < cap ? v->u.str.len : cs_utf8_cut(v->u.str.s, cap - 1);
	for (size_t i = 0; i < n; i++)
		out[i] = v->u.str.s[i] ? v->u.str.s[i] : ' ';
	out[n] = '\0';
}

/* producer.name, .version, .started_utc and cpu.brand (common/capture.h
 * struct cs_about): what a picture's title and legend name. */
static void read_about(const struct cs_jd *root, struct cs_about *a)
{
	const struct cs_jd *p = cs_jd_get(root, "producer", 8), *cpu = cs_jd_get(root, "cpu", 3);

	about_str(p, "name", 4, a->producer, sizeof a->producer);
	about_str(p, "version", 7, a->version, sizeof a->version);
	about_str(p, "started_utc", 11, a->started, sizeof a->started);
	about_str(cpu, "brand", 5, a->brand, sizeof a->brand);
}

/* The read column of the table, in its order. */
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
	read_about(root, &c->about);
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

/* The capture as cs_capture_init() makes it, but for its long arrays of
 * points, which the readers reset one point at a time as they fill them
 * (zeroing all 185 KB for every file cost more than reading a small
 * capture), and the engine's per-point details, which no reader fills:
 * what a capture holds reads the same, the rest is never looked at (the
 * counts say how far each array holds). */
#define HOLE(m) { offsetof(struct cs_capture, m), sizeof(((struct cs_capture *)0)->m) }
struct hole {
	size_t at, n;
};
static const struct hole holes[] = { /* any order: reset() sorts them by offset */
	HOLE(points), HOLE(tlb.large), HOLE(mp.comp.points),
	HOLE(mp.kinds[0].sweep.points), HOLE(mp.kinds[1].sweep.points),
	HOLE(mp.kinds[2].sweep.points), HOLE(mp.kinds[3].sweep.points), HOLE(rep.ns),
	HOLE(bw.series), /* each series reset as read (bandwidth_read.c) */
	HOLE(run.median_ns), HOLE(run.loads), HOLE(run.point_s),
};
#define N_HOLES (sizeof(holes) / sizeof(holes[0]))
_Static_assert(CS_MP_MAX_KINDS == 4, "one hole per kind of core");

/* The kinds' members lie in the order of their folders (the generated
 * CS_KINDS_CAPTURE_MEMBERS, docs/layers.md "Storage"), which no list here
 * should have to follow: the holes are walked by offset. */
static void holes_sorted(struct hole *out)
{
	for (size_t i = 0; i < N_HOLES; i++) {
		size_t j = i;
		for (; j > 0 && out[j - 1].at > holes[i].at; j--)
			out[j] = out[j - 1];
		out[j] = holes[i];
	}
}

static void reset(struct cs_capture *c)
{
	struct hole sorted[N_HOLES];
	size_t at = 0;

	holes_sorted(sorted);
	for (size_t i = 0; i < N_HOLES; i++) {
		__builtin_memset((char *)c + at, 0, sorted[i].at - at);
		at = sorted[i].at + sorted[i].n;
	}
	__builtin_memset((char *)c + at, 0, sizeof(*c) - at);
	c->version = 1;
	c->vm = -1; /* unsaid until cpu.hypervisor says (cs_capture_init) */
}

size_t cs_read_arena_need(size_t len)
{
	static const struct cs_jd_limits lim = { CS_READ_MAX_VALUES,
						 CS_READ_MAX_DEPTH };
	return cs_jd_arena_need(len > CS_READ_MAX_FILE ? CS_READ_MAX_FILE : len, &lim);
}

int cs_read_capture(const char *data, size_t len, void *arena, size_t arena_size,
		    struct cs_capture *c, struct cs_expect *e, char *err, size_t errlen)
{
	static const struct cs_jd_limits lim = { CS_READ_MAX_VALUES,
						 CS_READ_MAX_DEPTH };
	struct cs_expect scratch;
	struct cs_jr r;
	struct cs_jd *root;
	size_t i;

	if (!e)
		e = &scratch;
	reset(c);
	cs_expect_init(e);
	cs_jr_init(&r, err, errlen);
	for (i = 0; i < len; i++)
		if (data[i] != ' ' && data[i] != '\t' && data[i] != '\n' &&
		    data[i] != '\r')
			break;
	if (i == len) {
		cs_fmt(err, errlen, "empty: no JSON object");
		return -1;
	}
	if (len > CS_READ_MAX_FILE) {
		cs_fmt(err, errlen, "%zu bytes, more than the %u bytes "
		       "(4 MiB) a capture may have", len, CS_READ_MAX_FILE);
		return -1;
	}
	root = cs_jd_parse(data, len, arena, arena_size, &lim, err, errlen);
	if (!root)
		return -1;
	return read_root(&r, root, c, e);
}
