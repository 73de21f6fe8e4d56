/* rules.c: the reduction's constants (reduce/rules.h), read by the page so
 * that the rule it states in prose (seed 000 s.1, s.7) is the rule the
 * reducer applies, not a copy of its numbers in JavaScript. */
#include "wasm.h"
#include "../../reduce/rules.h"

enum cs_w_rule {
	CS_W_FLAT_RATIO, CS_W_PLATEAU_MIN_POINTS, CS_W_PLATEAU_MIN_SPAN, CS_W_LEVEL_RATIO,
	CS_W_MIN_LEVELS, CS_W_BLOCK_MIN_QUANTA, CS_W_BLOCK_MAX_FAIL, CS_W_FIT_MIN_RAMP,
	CS_W_FIT_MIN_R2, CS_W_FIT_MIN_MARGIN, CS_W_FIT_MIN_ABOVE, CS_W_CLAMP_MAX_RATIO,
	CS_W_PAIR_BELOW, CS_W_PAIR_ABOVE, CS_W_CLIMB_SLOPE_MIN, CS_W_CLIMB_STEP_MAX,
	CS_W_RULES
};

/* Constant i of the list above (the order web/js/rules.js names them), or
 * -1 past its end. */
CS_EXPORT(cs_rule) double cs_rule(int i)
{
	static const double v[CS_W_RULES] = {
		[CS_W_FLAT_RATIO] = CS_FLAT_RATIO,
		[CS_W_PLATEAU_MIN_POINTS] = CS_PLATEAU_MIN_POINTS,
		[CS_W_PLATEAU_MIN_SPAN] = CS_PLATEAU_MIN_SPAN,
		[CS_W_LEVEL_RATIO] = CS_LEVEL_RATIO,
		[CS_W_MIN_LEVELS] = CS_MIN_LEVELS,
		[CS_W_BLOCK_MIN_QUANTA] = CS_BLOCK_MIN_QUANTA,
		[CS_W_BLOCK_MAX_FAIL] = CS_BLOCK_MAX_FAIL_FRACTION,
		[CS_W_FIT_MIN_RAMP] = CS_FIT_MIN_RAMP,
		[CS_W_FIT_MIN_R2] = CS_FIT_MIN_R2,
		[CS_W_FIT_MIN_MARGIN] = CS_FIT_MIN_MARGIN,
		[CS_W_FIT_MIN_ABOVE] = CS_FIT_MIN_ABOVE,
		[CS_W_CLAMP_MAX_RATIO] = CS_CLAMP_MAX_RATIO,
		[CS_W_PAIR_BELOW] = CS_PAIR_BELOW,
		[CS_W_PAIR_ABOVE] = CS_PAIR_ABOVE,
		[CS_W_CLIMB_SLOPE_MIN] = CS_CLIMB_SLOPE_MIN,
		[CS_W_CLIMB_STEP_MAX] = CS_CLIMB_STEP_MAX,
	};

	return i >= 0 && i < CS_W_RULES ? v[i] : -1;
}
