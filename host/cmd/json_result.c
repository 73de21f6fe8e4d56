/* json_result.c: reduce/json.c's writer into a heap block that grows until
 * the object fits (json_result.h). */
#include "json_result.h"
#include "../../reduce/json.h"

#include <stdlib.h>

#define FIRST_BYTES (16 * 1024)
#define MAX_BYTES (64u << 20) /* far past any capture the reader accepts */

char *cs_result_json(const struct cs_capture *c, const struct cs_result *r,
		     size_t *len)
{
	char *text = NULL;
	size_t cap;
	struct cs_buf b;

	for (cap = FIRST_BYTES; cap <= MAX_BYTES; cap *= 2) {
		free(text);
		if (!(text = malloc(cap)))
			break;
		cs_buf_init(&b, text, cap);
		if (cs_result_json_write(&b, c, r) == 0) {
			if (len)
				*len = b.len;
			return text;
		}
		if (!b.overflow)
			break; /* a string that is not UTF-8 */
	}
	free(text);
	return NULL;
}
