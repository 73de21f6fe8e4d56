/* json_result.h: a reduction as one JSON object (`cacheshape reduce --json`),
 * built with jansson: null wherever a value does not exist. Host only. */
#ifndef CS_JSON_RESULT_H
#define CS_JSON_RESULT_H

#include <jansson.h>
#include "../common/capture.h"
#include "../reduce/reduce.h"

/* A new reference, or NULL when out of memory. */
json_t *cs_result_json(const struct cs_capture *c, const struct cs_result *r);

#endif
