/* test_example.c: the example kind's own unit test, in its folder: the
 * build finds kinds/<name>/test_*.c by glob (mk/test.mk) and
 * tests/suite-unit.sh runs it with the others. Its columns on a capture
 * made here: the synthetic curve, the reduction and the after phase, the
 * report, the summary's column, check's expectation. */
#include <string.h>
#include "../../tests/check.h"
#include "../../common/synthetic.h"
#include "../../reduce/kinds.h"
#include "../../reduce/summary.h"
#include "../../reader/expect.h"
#include "example.h"

CS_TEST_MAIN_DEFS;

static struct cs_capture cap;
static struct cs_result res;
static struct cs_summary sum;

int main(void)
{
	static const double x[] = { 8, 16, 32 }, y[] = { 2, 3, 4 };
	struct cs_synth_curve k = { .n = 3, .x = x, .y = y };
	char text[2048], why[256];
	struct cs_buf b;
	struct cs_expect e;

	cs_capture_init(&cap);
	CHECK(cs_synthetic_kind("example") == CS_KIND_EXAMPLE, "the kind found by its name");
	CHECK(cs_synthetic_curve(CS_KIND_EXAMPLE, &cap, &k) == 0, "a curve taken");
	CHECK(cap.example.present && cap.example.value == 3, "its value is the curve's points: %llu",
	      (unsigned long long)cap.example.value);

	memset(&res, 0, sizeof res);
	res.n_knees = 2; /* as if the sweep's row had found two */
	CHECK(cs_example_reduce(&cap, NULL, &res, why, sizeof why) == 0, "reduced");
	cs_example_after(&cap, &res);
	CHECK(res.example.doubled == 6 && res.example.knees == 2, "doubled %llu, knees %u",
	      (unsigned long long)res.example.doubled, res.example.knees);

	cs_buf_init(&b, text, sizeof text);
	cs_example_report(&b, &cap, &res);
	CHECK(strstr(text, "example: doubled 6;") != NULL, "report: %s", text);

	memset(&sum, 0, sizeof sum);
	sum.n = 1;
	sum.row[0].has_level = 1;
	cs_example_summary(&sum, -1, &cap, &res);
	CHECK(sum.n_columns == 1 && strcmp(sum.column[0].key, "example_doubled") == 0,
	      "its summary column: %u", sum.n_columns);
	CHECK(sum.row[0].has_cell[0] && sum.row[0].cell[0] == 6, "its cell: %g", sum.row[0].cell[0]);

	memset(&e, 0, sizeof e);
	CHECK(!cs_example_expect_any(&e), "no expectation stated");
	e.example.present = 1;
	e.example.doubled = 6;
	CHECK(cs_example_expect_compare(&e, &res, why, sizeof why) == 0, "as expected");
	e.example.doubled = 8;
	why[0] = '\0';
	CHECK(cs_example_expect_compare(&e, &res, why, sizeof why) == 1 &&
		      strstr(why, "example: expected doubled 8, got 6") != NULL,
	      "a difference noted: %s", why);
	return cs_test_summary("example");
}
