/* fuzz_reader.c: libFuzzer target for the capture reader and everything a
 * capture it accepts reaches: the reducer, the text report, the JSON result
 * and the comparison with "expect"; and the reader agrees with the
 * independent strict JSON check (common/jsoncheck.c). Built with clang by mk/fuzz.mk
 * (-fsanitize=fuzzer,address,undefined); `make fuzz` runs it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/jsoncheck.h"
#include "../host/cmd/check.h"
#include "../host/cmd/json_result.h"
#include "../host/cmd/replay.h"
#include "../reduce/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct cs_replay *p;
	static char report[64 * 1024];
	char err[512], why[2048];
	struct cs_buf b;
	size_t len;
	char *text;

	if (!p && !(p = cs_replay_new()))
		abort();
	err[0] = '\x7f'; /* untouched: "\x7f" alone (a message may start with
			   * any byte: a key in its path is the capture's) */
	err[1] = '\0';
	if (cs_read_capture_mem((const char *)data, size, &p->cap, &p->exp, err,
				sizeof(err))) {
		/* Every refusal to read says why, in one terminated line. */
		if (!err[0] || (err[0] == '\x7f' && !err[1]) || !memchr(err, 0, sizeof(err)))
			abort();
		return 0;
	}
	/* The reader (reader/json.c, on jsmn) and the independent strict
	 * check (common/jsoncheck.h, the settings' parser's) agree on what
	 * is JSON: a text the reader takes, the check takes. */
	struct cs_jsoncheck jc;
	if (cs_json_check((const char *)data, size, &jc) != 0) {
		fprintf(stderr, "the reader took what the strict check refuses: %s\n", jc.why);
		abort();
	}
	/* The reader is at least as strict as the reducer: what it accepts,
	 * the reducer reduces (a refusal is an answer; -1 is not). */
	if (cs_reduce_capture(&p->cap, &p->work, &p->res, err, sizeof(err))) {
		fprintf(stderr, "reader accepted what the reducer calls "
			"malformed: %s\n", err);
		abort();
	}
	if (p->cap.n_points == 0 || p->cap.n_points > CS_MAX_SWEEP_POINTS ||
	    p->res.n_points != p->cap.n_points ||
	    p->res.n_used > p->res.n_points)
		abort();
	cs_buf_init(&b, report, sizeof(report));
	cs_report_text(&b, &p->cap, &p->res);
	if (b.len >= sizeof(report) || report[b.len] != '\0')
		abort();
	/* The result is always encodable: the reader let only valid UTF-8
	 * through, and the reducer writes ASCII. */
	text = cs_result_json(&p->cap, &p->res, &len);
	if (!text || len == 0 || text[len - 1] != '\n' || strlen(text) != len)
		abort();
	free(text);
	cs_expect_compare(&p->exp, &p->res, why, sizeof(why));
	return 0;
}
