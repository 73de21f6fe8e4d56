/* experiments.c: the reduction of seed 003's experiments (experiments.h),
 * rules E1..E3 of docs/experiments.md, thresholds in rules_experiments.h. */
#include "../../reduce/report.h"
#include "exp_reduce.h"
#include "../../reduce/kinds.h"
#include "../../reduce/internal.h"
#include "rules_experiments.h"
#include "../../common/csmath.h"

static void refuse(struct cs_refusal *f, const char *code, struct cs_buf *b)
{
	cs_refusal_set(f, code, b);
}

static uint32_t median_ticks(const struct cs_exp_single *s)
{
	uint32_t v[CS_EXP_SINGLE_MAX], n = s->n, i, j;
	for (i = 0; i < n; i++) {
		uint32_t x = s->ticks[i];
		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
	return v[n / 2];
}

/* Fold the series at every period P: the best phase's share of the slow
 * accesses times the share of that phase's accesses that are slow. Returns
 * the best score, *period its period. */
static double fold(const uint8_t *slow, uint32_t n, uint32_t n_slow, uint32_t *period)
{
	uint16_t cnt[CS_EXP_SINGLE_MAX];
	double best = -1;
	for (uint32_t P = 2; P <= n / CS_EXP_MIN_PERIODS; P++) {
		cs_memset(cnt, 0, sizeof(uint16_t) * P);
		for (uint32_t i = 0; i < n; i++)
			cnt[i % P] += slow[i];
		for (uint32_t ph = 0; ph < P; ph++) {
			double at = (double)((n - ph + P - 1) / P);
			double sc = ((double)cnt[ph] / n_slow) * ((double)cnt[ph] / at);
			if (sc > best) {
				best = sc;
				*period = P;
			}
		}
	}
	return best;
}

void cs_exp_reduce_series(const struct cs_exp_single *s, double ns_per_tick,
			  double quantum_ns, struct cs_exp_series_result *o)
{
	uint8_t slow[CS_EXP_SINGLE_MAX];
	struct cs_buf b;
	uint32_t n = s->n > CS_EXP_SINGLE_MAX ? CS_EXP_SINGLE_MAX : s->n;
	double best;

	cs_memset(o, 0, sizeof *o);
	o->stride_bytes = s->stride_bytes;
	if (quantum_ns * CS_EXP_MISS_MIN_QUANTA > CS_EXP_MISS_NS) {
		refuse(&o->refusal, CS_R_EXP_CLOCK, &b);
		cs_puts(&b, "the clock moves in steps of ");
		cs_put_g(&b, quantum_ns, 4);
		cs_puts(&b, " ns: a miss of about ");
		cs_put_g(&b, CS_EXP_MISS_NS, 4);
		cs_puts(&b, " ns spans fewer than ");
		cs_put_g(&b, CS_EXP_MISS_MIN_QUANTA, 4);
		cs_puts(&b, " steps, so one access cannot be seen");
		return;
	}
	if (n < 2 * CS_EXP_MIN_PERIODS) {
		refuse(&o->refusal, CS_R_EXP_NO_PERIOD, &b);
		cs_puts(&b, "only ");
		cs_put_u64(&b, n);
		cs_puts(&b, " accesses: too few for a period to stand out");
		return;
	}
	o->median_ns = (double)median_ticks(s) * ns_per_tick;
	for (uint32_t i = 0; i < n; i++) {
		double ns = (double)s->ticks[i] * ns_per_tick;
		slow[i] = ns >= CS_EXP_SLOW_RATIO * o->median_ns &&
			  ns - o->median_ns >= CS_EXP_SLOW_MIN_QUANTA * quantum_ns;
		o->n_slow += slow[i];
	}
	if (o->n_slow < CS_EXP_MIN_SLOW) {
		refuse(&o->refusal, CS_R_EXP_NO_PERIOD, &b);
		cs_puts(&b, "stride ");
		cs_put_u64(&b, s->stride_bytes);
		cs_puts(&b, " B: ");
		cs_put_u64(&b, o->n_slow);
		cs_puts(&b, " of ");
		cs_put_u64(&b, n);
		cs_puts(&b, " accesses were slow (at least ");
		cs_put_g(&b, CS_EXP_SLOW_RATIO, 3);
		cs_puts(&b, "x the median ");
		cs_put_g(&b, o->median_ns, 4);
		cs_puts(&b, " ns), fewer than ");
		cs_put_u64(&b, CS_EXP_MIN_SLOW);
		cs_puts(&b, ": a prefetcher may be hiding the misses");
		return;
	}
	best = fold(slow, n, o->n_slow, &o->period);
	o->has_period = 1;
	o->score = best;
	if (best >= CS_EXP_PERIOD_MIN_SCORE) {
		o->accepted = 1;
		return;
	}
	refuse(&o->refusal, CS_R_EXP_NO_PERIOD, &b);
	cs_puts(&b, "stride ");
	cs_put_u64(&b, s->stride_bytes);
	cs_puts(&b, " B: the best period, ");
	cs_put_u64(&b, o->period);
	cs_puts(&b, " accesses, scores ");
	cs_put_fixed(&b, best, 2);
	cs_puts(&b, " (");
	cs_put_u64(&b, o->n_slow);
	cs_puts(&b, " slow of ");
	cs_put_u64(&b, n);
	cs_puts(&b, "), under ");
	cs_put_fixed(&b, CS_EXP_PERIOD_MIN_SCORE, 2);
	cs_puts(&b, ": no period stands out");
}

static void reduce_single(const struct cs_experiments *x, struct cs_exp_result *r)
{
	struct cs_buf b;
	int first = -1;

	r->has_single = 1;
	r->n_series = x->n_single > CS_EXP_SINGLE_SERIES ? CS_EXP_SINGLE_SERIES : x->n_single;
	for (uint32_t s = 0; s < r->n_series; s++) {
		struct cs_exp_series_result *o = &r->series[s];
		cs_exp_reduce_series(&x->single[s], x->ns_per_tick, x->quantum_ns, o);
		if (!o->accepted)
			continue;
		double line = (double)o->period * o->stride_bytes;
		if (first < 0) {
			first = (int)s;
			r->has_line = 1;
			r->line_bytes = line;
		} else if (line != r->line_bytes) {
			r->has_line = 0;
			r->single_refused = 1;
			refuse(&r->single_refusal, CS_R_EXP_DISAGREE, &b);
			cs_puts(&b, "stride ");
			cs_put_u64(&b, r->series[first].stride_bytes);
			cs_puts(&b, " B gives a line of ");
			cs_put_g(&b, r->line_bytes, 6);
			cs_puts(&b, " B, stride ");
			cs_put_u64(&b, o->stride_bytes);
			cs_puts(&b, " B one of ");
			cs_put_g(&b, line, 6);
			cs_puts(&b, " B");
			return;
		}
	}
	if (r->has_line)
		return;
	r->single_refused = 1;
	if (!r->n_series) {
		refuse(&r->single_refusal, CS_R_EXP_NO_PERIOD, &b);
		cs_puts(&b, "no single-access series in the capture");
		return;
	}
	/* every series refused: the first one's code, all the reasons */
	refuse(&r->single_refusal, r->series[0].refusal.code, &b);
	for (uint32_t s = 0; s < r->n_series; s++) {
		if (s && cs_streq(r->series[s].refusal.reason, r->series[0].refusal.reason))
			continue;
		if (s)
			cs_puts(&b, "; ");
		cs_puts(&b, r->series[s].refusal.reason);
	}
}

/* E2, E3: the clock's step against an average of one-access readings
 * (quantum 0: unknown, not checked). */
static int dither(double quantum_ns, double avg_ns)
{
	return quantum_ns > 0 && quantum_ns > CS_EXP_AVG_MAX_QUANTA * avg_ns;
}

static void put_dither(struct cs_buf *b, double quantum_ns, double avg_ns)
{
	cs_puts(b, "the clock moves in steps of ");
	cs_put_g(b, quantum_ns, 4);
	cs_puts(b, " ns, longer than the average access, ");
	cs_put_g(b, avg_ns, 4);
	cs_puts(b, " ns: every reading is 0 or one step and the average is dither");
}

static void reduce_stride(const struct cs_experiments *x, struct cs_exp_result *r)
{
	struct cs_exp_stride_point p[CS_EXP_STRIDE_MAX];
	uint32_t n = x->n_stride > CS_EXP_STRIDE_MAX ? CS_EXP_STRIDE_MAX : x->n_stride, i, j;
	struct cs_buf b;

	r->has_stride = 1;
	for (i = 0; i < n; i++) { /* ascending stride */
		struct cs_exp_stride_point v = x->stride[i];
		for (j = i; j > 0 && p[j - 1].stride_bytes > v.stride_bytes; j--)
			p[j] = p[j - 1];
		p[j] = v;
	}
	if (n < CS_EXP_STRIDE_MIN_POINTS) {
		r->stride_refused = 1;
		refuse(&r->stride_refusal, CS_R_EXP_FEW_STRIDES, &b);
		cs_put_u64(&b, n);
		cs_puts(&b, " strides measured, fewer than ");
		cs_put_u64(&b, CS_EXP_STRIDE_MIN_POINTS);
		cs_puts(&b, ": no curve to call flat or not");
		return;
	}
	for (i = 0; i < n; i++)
		if (!(p[i].ns > 0)) {
			r->stride_refused = 1;
			refuse(&r->stride_refusal, CS_R_EXP_CLOCK, &b);
			cs_puts(&b, "the average at stride ");
			cs_put_g(&b, p[i].stride_bytes, 6);
			cs_puts(&b, " B is 0 ns: the clock did not see one access");
			return;
		}
	/* Flat: every stride within the ratio of the shortest. Otherwise the
	 * prefetcher stops keeping up at the first stride from which every
	 * longer one stays at or above the ratio; a bump that comes back
	 * down is not flat and has no such stride. */
	for (i = 0; i < n; i++)
		if (dither(x->quantum_ns, p[i].ns)) {
			r->stride_refused = 1;
			refuse(&r->stride_refusal, CS_R_EXP_CLOCK, &b);
			put_dither(&b, x->quantum_ns, p[i].ns);
			cs_puts(&b, " (stride ");
			cs_put_g(&b, p[i].stride_bytes, 6);
			cs_puts(&b, " B)");
			return;
		}
	r->base_ns = p[0].ns;
	r->worst_ns = p[0].ns;
	r->worst_bytes = p[0].stride_bytes;
	for (i = 0; i < n; i++)
		if (p[i].ns > r->worst_ns) {
			r->worst_ns = p[i].ns;
			r->worst_bytes = p[i].stride_bytes;
		}
	r->flat = r->worst_ns < CS_EXP_STRIDE_BREAK_RATIO * r->base_ns;
	for (i = n; i > 0 && p[i - 1].ns >= CS_EXP_STRIDE_BREAK_RATIO * r->base_ns; i--) {
		r->has_break = 1;
		r->break_bytes = p[i - 1].stride_bytes;
	}
}

static void reduce_random(const struct cs_experiments *x, struct cs_exp_result *r)
{
	struct cs_buf b;

	r->has_random = 1;
	r->fixed_ns = x->fixed_ns;
	r->random_ns = x->random_ns;
	if (!(x->fixed_ns > 0) || !(x->random_ns > 0)) {
		r->random_refused = 1;
		refuse(&r->random_refusal, CS_R_EXP_CLOCK, &b);
		cs_puts(&b, "fixed stride ");
		cs_put_g(&b, x->fixed_ns, 4);
		cs_puts(&b, " ns, random strides ");
		cs_put_g(&b, x->random_ns, 4);
		cs_puts(&b, " ns an access: the clock did not see one access");
		return;
	}
	if (dither(x->quantum_ns, x->fixed_ns < x->random_ns ? x->fixed_ns : x->random_ns)) {
		r->random_refused = 1;
		refuse(&r->random_refusal, CS_R_EXP_CLOCK, &b);
		put_dither(&b, x->quantum_ns,
			   x->fixed_ns < x->random_ns ? x->fixed_ns : x->random_ns);
		return;
	}
	double ratio = x->random_ns / x->fixed_ns;
	if (!cs_isfinite(ratio)) { /* both finite, the ratio past DBL_MAX */
		r->random_refused = 1;
		refuse(&r->random_refusal, CS_R_EXP_RATIO_RANGE, &b);
		cs_puts(&b, "random strides ");
		cs_put_g(&b, x->random_ns, 4);
		cs_puts(&b, " ns an access against ");
		cs_put_g(&b, x->fixed_ns, 4);
		cs_puts(&b, " ns at a fixed stride: their ratio is past the largest number there is, "
			    "not a measurement to compare with ");
		cs_put_g(&b, CS_EXP_RANDOM_RATIO, 3);
		return;
	}
	r->has_ratio = 1;
	r->ratio = ratio;
	r->defeated = r->ratio >= CS_EXP_RANDOM_RATIO;
}

void cs_exp_reduce(const struct cs_experiments *x, struct cs_exp_result *r)
{
	cs_memset(r, 0, sizeof *r);
	r->present = x->has_single || x->has_stride || x->has_random;
	if (x->has_single)
		reduce_single(x, r);
	if (x->has_stride)
		reduce_stride(x, r);
	if (x->has_random)
		reduce_random(x, r);
}

static void put_refusal(struct cs_buf *b, const struct cs_refusal *f)
{
	cs_puts(b, "refused ");
	cs_puts(b, f->code);
	cs_puts(b, ": ");
	cs_puts(b, f->reason);
	cs_putc(b, '\n');
}

int cs_exp_kind_reduce(const struct cs_capture *c, struct cs_work *w,
		       struct cs_result *r, char *err, size_t errlen)
{
	(void)w;
	(void)err;
	(void)errlen;
	cs_exp_reduce(&c->exp, &r->exp);
	return 0;
}

static void report_single(struct cs_buf *b, const struct cs_exp_result *rp)
{
	size_t s = b->len;
	cs_puts(b, "  line size");
	cs_pad_to(b, s, 16);
	if (!rp->has_line) {
		put_refusal(b, &rp->single_refusal);
		return;
	}
	cs_put_g(b, rp->line_bytes, 6);
	cs_puts(b, " B (period of the slow accesses:");
	for (uint32_t i = 0; i < rp->n_series; i++) {
		const struct cs_exp_series_result *o = &rp->series[i];
		cs_puts(b, i ? "; stride " : " stride ");
		cs_put_u64(b, o->stride_bytes);
		if (o->accepted) {
			cs_puts(b, " B every ");
			cs_put_u64(b, o->period);
			cs_puts(b, ", score ");
			cs_put_fixed(b, o->score, 2);
		} else {
			cs_puts(b, " B ");
			cs_puts(b, o->refusal.code);
		}
	}
	cs_puts(b, ")\n");
}

/* " (at least 1.5x the shortest stride's N ns" */
static void put_break_rule(struct cs_buf *b, const struct cs_exp_result *rp)
{
	cs_puts(b, " (at least ");
	cs_put_g(b, CS_EXP_STRIDE_BREAK_RATIO, 3);
	cs_puts(b, "x the shortest stride's ");
	cs_report_put_ns(b, rp->base_ns);
}

static void report_stride(struct cs_buf *b, const struct cs_exp_result *rp)
{
	size_t s = b->len;
	cs_puts(b, "  stride");
	cs_pad_to(b, s, 16);
	if (rp->stride_refused) {
		put_refusal(b, &rp->stride_refusal);
	} else if (rp->flat) {
		cs_puts(b, "flat: the prefetcher keeps up to the longest stride (");
		cs_report_put_ns(b, rp->base_ns);
		cs_puts(b, " .. ");
		cs_report_put_ns(b, rp->worst_ns);
		cs_puts(b, ")\n");
	} else if (!rp->has_break) {
		cs_puts(b, "not flat, but no stride where it stops for good: up to ");
		cs_report_put_ns(b, rp->worst_ns);
		cs_puts(b, " at ");
		cs_put_size(b, rp->worst_bytes);
		put_break_rule(b, rp);
		cs_puts(b, "), the longest back under it\n");
	} else {
		cs_puts(b, "stops keeping up at ");
		cs_put_size(b, rp->break_bytes);
		put_break_rule(b, rp);
		cs_puts(b, "; worst ");
		cs_report_put_ns(b, rp->worst_ns);
		cs_puts(b, ")\n");
	}
}

static void report_random(struct cs_buf *b, const struct cs_exp_result *rp)
{
	size_t s = b->len;
	cs_puts(b, "  random/fixed");
	cs_pad_to(b, s, 16);
	if (rp->random_refused) {
		put_refusal(b, &rp->random_refusal);
		return;
	}
	cs_puts(b, "fixed 64 B ");
	cs_report_put_ns(b, rp->fixed_ns);
	cs_puts(b, ", random 64..320 B ");
	cs_report_put_ns(b, rp->random_ns);
	cs_puts(b, ", ratio ");
	cs_put_fixed(b, rp->ratio, 2);
	cs_puts(b, rp->defeated ? ": random strides defeat the prefetcher\n"
				: ": no clear difference (under ");
	if (!rp->defeated) {
		cs_put_g(b, CS_EXP_RANDOM_RATIO, 3);
		cs_puts(b, "x)\n");
	}
}

void cs_exp_kind_report(struct cs_buf *b, const struct cs_capture *c,
			const struct cs_result *r)
{
	(void)c;
	if (!r->exp.present)
		return;
	cs_puts(b, "experiments:\n");
	if (r->exp.has_single)
		report_single(b, &r->exp);
	if (r->exp.has_stride)
		report_stride(b, &r->exp);
	if (r->exp.has_random)
		report_random(b, &r->exp);
}
