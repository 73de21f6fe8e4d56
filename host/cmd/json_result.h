/* json_result.h: a reduction as one JSON object (`cacheshape reduce --json`),
 * in a heap block: the host's side of reduce/json.h, the freestanding writer
 * that the WebAssembly build calls too. Host only. */
#ifndef CS_JSON_RESULT_H
#define CS_JSON_RESULT_H

#include <stddef.h>
#include "../../common/capture.h"
#include "../../reduce/reduce.h"

/* The object as text (indented, ending in a newline), NUL-terminated, in a
 * block the caller frees; *len (when not NULL) its length. NULL when out of
 * memory or when a string could not be encoded (not UTF-8). */
char *cs_result_json(const struct cs_capture *c, const struct cs_result *r,
		     size_t *len);

#endif
