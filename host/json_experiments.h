/* json_experiments.h: "experiments" of `cacheshape reduce --json` (seed 003,
 * docs/experiments.md): single_access {line_bytes, refusal},
 * stride_prefetch {flat, breaks_at_bytes, refusal}, random_vs_fixed
 * {fixed_ns, random_ns, ratio, refusal}; null where a value does not exist.
 * Nothing at all when the capture has no experiments. */
#ifndef CS_JSON_EXPERIMENTS_H
#define CS_JSON_EXPERIMENTS_H

#include <yajl/yajl_gen.h>
#include "../common/capture.h"

/* Writes the key and its object into the open map; sets *bad on failure. */
void cs_exp_result_json(yajl_gen g, const struct cs_capture *c, int *bad);

#endif
