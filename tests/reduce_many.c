/* reduce_many.c: the host half of the differential suite
 * (tests/differential.mjs). Reads captures from standard input, each as
 * "<length>\n" and that many bytes, and for each writes what `cacheshape
 * reduce --json` makes of it, by the command's own functions
 * (host/cmd/replay.c, host/cmd/json_result.c): "J <length>\n" and the JSON
 * text, or "E <length>\n" and the message the command puts after
 * "cacheshape reduce: FILE: " (unfiltered: the page shows the reader's
 * bytes, and the comparison is of bytes). One process for thousands of
 * inputs: starting the command for each would cost more than reducing.
 * Usage: reduce_many < RECORDS > ANSWERS */
#include "../host/cmd/json_result.h"
#include "../host/cmd/replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The reader takes at most CS_READ_MAX_FILE bytes; a record is allowed a
 * little more so that the reader, not this driver, refuses a longer one. */
#define RECORD_MAX (CS_READ_MAX_FILE + 2)

static void answer(char kind, const char *text, size_t len)
{
	printf("%c %zu\n", kind, len);
	fwrite(text, 1, len, stdout);
}

int main(void);
int main(void)
{
	struct cs_replay *p = cs_replay_new();
	char *in = malloc(RECORD_MAX), err[512];
	unsigned long len;
	size_t n;
	char *text;

	if (!p || !in) {
		fprintf(stderr, "reduce_many: out of memory\n");
		return 2;
	}
	while (scanf("%lu", &len) == 1) {
		if (getchar() != '\n' || len > RECORD_MAX) {
			fprintf(stderr, "reduce_many: bad record header (length %lu)\n", len);
			return 2;
		}
		if (fread(in, 1, len, stdin) != len) {
			fprintf(stderr, "reduce_many: record cut short\n");
			return 2;
		}
		if (cs_replay_mem(p, in, len, err, sizeof err)) {
			answer('E', err, strlen(err));
		} else if (!(text = cs_result_json(&p->cap, &p->res, &n))) {
			answer('E', "cannot encode the result", 24);
		} else {
			answer('J', text, n);
			free(text);
		}
	}
	fflush(stdout);
	free(in);
	cs_replay_free(p);
	return ferror(stdout) ? 2 : 0;
}
