/* json.h: a reduction as one JSON object, the text of `cacheshape reduce
 * --json`, freestanding: the host command and the WebAssembly build of the
 * page call this very writer, so their outputs are the same bytes by
 * construction. Keys, in order: format and version (what this text is, and
 * its layout's version: docs/reduce-json.md), label, summary, then each kind's members (the json
 * column of the table of kinds): points, levels, knees, gap_order,
 * adjacency, refusals, then experiments, competitor and cores when the
 * capture measured them; null wherever a value does not exist. Layout and escapes are those of yajl's beautifying
 * generator, which wrote this text first: two spaces a level, `"key": value`,
 * empty containers as [] and {}, control characters as \b \f \n \r \t or
 * \u00XX (upper-case hex), a newline at the end; numbers with 10 significant
 * digits (cs_put_g), whole ones as integers. */
#ifndef CS_REDUCE_JSON_H
#define CS_REDUCE_JSON_H

#include "../common/jsonw.h"
#include "reduce.h"
#include "../common/kinds.h"

/* The document's "format", and its "version": raised when a member changes
 * meaning or goes away (a reader checks it); a member added leaves it.
 * docs/reduce-json.md "Format and version". */
#define CS_REDUCE_JSON_FORMAT "cacheshape-reduce"
#define CS_REDUCE_JSON_VERSION 1

/* Writes the object into b (pretty, ending in '\n') from r, the capture's
 * reduction (cs_reduce_capture: every kind reduced once, nothing here
 * reduces again). Returns 0, or -1 when b overflowed (b->overflow) or a
 * string is not UTF-8 (yajl's generator, which this text must equal,
 * refuses such a string: the command then prints nothing rather than a
 * document with a hole in it). */
int cs_result_json_write(struct cs_buf *b, const struct cs_capture *c,
			 const struct cs_result *r);

/* For the members' units: a writer that remembers a refused string. */
struct cs_rjson {
	struct cs_jsonw j;
	int bad;
};
void cs_rjson_key(struct cs_rjson *o, const char *k);
void cs_rjson_str(struct cs_rjson *o, const char *s);
void cs_rjson_num(struct cs_rjson *o, double v);          /* 10 digits */
void cs_rjson_opt(struct cs_rjson *o, int has, double v); /* or null */
void cs_rjson_refusal(struct cs_rjson *o, const struct cs_refusal *f);
/* The refusals f[0..n), each {code, reason}; a smooth-climb one (s.9)
 * also carries its climb's figures from cl (in order): first_bytes,
 * last_bytes, rate, knees [{bytes, retired_bytes, slope, excess, bound}]
 * (pages: first_pages, last_pages, entries, retired_entries). The
 * members are docs/reduce-json.md's. */
void cs_rjson_refusals(struct cs_rjson *o, const struct cs_refusal *f, uint32_t n,
		       const struct cs_climbs *cl, int pages);
/* ONE table writer for reduce --json's knees, every kind's: one object per
 * row, the members key[0..n_keys) each written by cell(o, ctx, row, col). */
void cs_rjson_table(struct cs_rjson *o, const char *const *key, uint32_t n_keys, uint32_t rows,
		    void (*cell)(struct cs_rjson *o, const void *ctx, uint32_t row, uint32_t col),
		    const void *ctx);
/* [lo, hi], or null without has: a knee's range (reduction.md s.4 "Ranges") */
void cs_rjson_range(struct cs_rjson *o, int has, double lo, double hi);
/* A sweep's knees k[0..n): {bytes, retired_bytes, published_bytes, gap, range};
 * retired 0 (sweep_large_pages) leaves retired_bytes out. */
void cs_rjson_knees(struct cs_rjson *o, const struct cs_knee *k, uint32_t n, int retired);
/* [{floor_ns, FIRST, LAST, climb: true only when joined (s.9)}, ...]: the sweep's levels (bytes), a TLB's (pages) */
/* floor_cycles beside each floor_ns: floor_ns x cpn (core cycles per ns,
 * cs_cycles_per_ns), null when cpn is 0 (no stable core clock: the
 * clock member's refusals say why). */
void cs_rjson_levels(struct cs_rjson *o, const struct cs_level *L, uint32_t n, const char *first,
		     const char *last, double cpn);
/* With the sweep's repeats (docs/repeats.md): each knee also has "spread":
 * [min_bytes, max_bytes] over the repeats (null when none found it) and
 * "spread_repeats", how many did; each level "floor_spread_ns" and
 * "floor_spread_ns_repeats" after floor_ns. */
void cs_rjson_knees_spread(struct cs_rjson *o, const struct cs_knee *k, uint32_t n,
			   const struct cs_spread *s);
void cs_rjson_levels_spread(struct cs_rjson *o, const struct cs_level *L, uint32_t n,
			    const char *first, const char *last, const struct cs_spread *f,
			    double cpn);

/* The json column of the table (common/kinds.h), declared from it: each
 * kind's members, in the table's order, from r (a kind's needs no line
 * here). The sweep's row writes points, levels, knees and gap_order; the
 * adjacency's its series and then "refusals", docs/reduction.md's list, which
 * those two rows fill (json.c); then experiments (json_experiments.c),
 * competitor and cores (json_mp.c), each only when the capture has it. */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, ...) \
	void json(struct cs_rjson *o, const struct cs_capture *c, \
		  const struct cs_result *r);
CS_KINDS
#undef CS_KIND
void cs_none_json(struct cs_rjson *o, const struct cs_capture *c,
		  const struct cs_result *r);

#endif
