/* test_reader.c: the capture reader (reader/), table-driven. Each row is
 * a capture's text and the error it must give (a substring naming the
 * field path), or NULL when it must be read. Then the values of valid
 * captures, the bounds, a round trip through the capture writer, and, on
 * the host, files, the comparison of a result with "expect" and numbers
 * against strtod. The reader is part of the freestanding core, so all but
 * those run in the firmware's selftest too (mk/selftest.mk). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "../common/capture_write.h"
#include "../reader/json.h"
#include "../reader/reader.h"
#if CS_TEST_HOSTED
#include <unistd.h>
#include "../host/cmd/check.h"
#include "../host/cmd/json_result.h"
#include "../host/reader.h"
#else
/* The firmware has no host/reader.c: the core's reader, with an arena
 * for each read as the firmware's read-back takes one. */
static int cs_read_capture_mem(const char *data, size_t len, struct cs_capture *c,
			       struct cs_expect *e, char *err, size_t errlen)
{
	size_t need = cs_read_arena_need(len);
	void *arena = malloc(need);
	int rc;

	if (!arena) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	rc = cs_read_capture(data, len, arena, need, c, e, err, errlen);
	free(arena);
	return rc;
}
#endif

CS_TEST_MAIN_DEFS;

#define HEAD "{\"format\":\"cacheshape-capture\",\"version\":1,"
#define PTS "\"sweep\":{\"points\":[{\"bytes\":4096,\"ns\":1},{\"bytes\":8192,\"ns\":1.1}]}"
#define OK1 HEAD PTS "}"
/* A valid capture with one more member at the top. */
#define WITH(member) HEAD member "," PTS "}"
#define SWEEP(points) HEAD "\"sweep\":{\"points\":[" points "]}}"
#define ADJ(series) WITH("\"adjacency\":[" series "]")
#define EXPECT(body) WITH("\"expect\":{" body "}")
#define CACHE(c) WITH("\"published\":{\"caches\":[" c "]}")
#define SER4K "{\"page_bytes\":4096,\"points\":[{\"pages\":4,\"ns\":1}]}"
#define TLB4K "\"tlb\":[{\"page_bytes\":4096,\"page_tables\":\"os\",\"method\":\"memfd\",\"alias_lines\":512," \
	"\"points\":[{\"pages\":4,\"ns\":1,\"ns_median\":1.1,\"block_ns\":1e6},{\"pages\":5,\"ns\":1}]}]"
#define PUBTLB "\"published\":{\"tlbs_source\":\"cpuid-80000005\",\"tlbs\":[{\"level\":1,\"type\":\"data\"," \
	"\"page_bytes\":4096,\"entries\":72,\"ways\":72},{\"level\":2,\"type\":\"unified\",\"page_bytes\":4096,\"entries\":3072}]}"

struct row {
	const char *name;
	const char *json;
	const char *err; /* substring of the error; NULL: must be read */
};

static const struct row rows[] = {
	/* the file as a whole */
	{ "minimal", OK1, NULL },
	{ "empty", "", "empty" },
	{ "blank", " \n\t ", "empty" },
	{ "array", "[1,2]", "capture: must be an object, got an array" },
	{ "number", "42", "capture: must be an object, got 42" },
	{ "string", "\"x\"", "capture: must be an object, got \"x\"" },
	{ "unclosed", HEAD PTS, "JSON syntax error at line 1, column" },
	{ "line and column", "{\n\"format\": \"cacheshape-capture\",\n\"version\": }",
	  "line 3, column" },
	{ "trailing garbage", OK1 " x", "JSON syntax error" },
	{ "second object", OK1 "{}", "JSON syntax error" },
	{ "duplicate key", HEAD "\"version\":1," PTS "}",
	  "capture: duplicate key \"version\" (line 1, column 52)" },
	{ "duplicate nested key", SWEEP("{\"bytes\":1,\"bytes\":2,\"ns\":1}"),
	  "sweep.points[0]: duplicate key \"bytes\"" },
	{ "duplicate key in a large object",
	  WITH("\"x\":{\"a0\":0,\"a1\":0,\"a2\":0,\"a3\":0,\"a4\":0,\"a5\":0,\"a6\":0,"
	       "\"a7\":0,\"a8\":0,\"a9\":0,\"b0\":0,\"b1\":0,\"b2\":0,\"b3\":0,\"b4\":0,"
	       "\"b5\":0,\"b6\":0,\"b7\":0,\"b8\":0,\"a3\":1}"),
	  "x: duplicate key \"a3\"" },
	{ "duplicate key, one escaped", WITH("\"x\":[{\"ab\":1,\"a\\u0062\":2}]"),
	  "x[0]: duplicate key \"ab\"" },
	{ "not utf-8", WITH("\"label\":\"\xff\xfe\""), "JSON syntax error" },
	{ "overlong utf-8", WITH("\"label\":\"\xc0\xaf\""), "JSON syntax error" },
	{ "nul escape", WITH("\"label\":\"a\\u0000b\""), "JSON syntax error" },
	{ "lone surrogate", WITH("\"label\":\"\\ud800\""), "JSON syntax error" },
	{ "lone low surrogate", WITH("\"label\":\"a\\udc00\""), "JSON syntax error" },
	{ "high surrogate, then not a low one", WITH("\"label\":\"\\ud800\\u0041\""),
	  "JSON syntax error" },
	{ "surrogate in UTF-8", WITH("\"label\":\"\xed\xa0\x80\""), "JSON syntax error" },
	{ "past U+10FFFF", WITH("\"label\":\"\xf4\x90\x80\x80\""), "JSON syntax error" },
	{ "control byte", WITH("\"label\":\"a\x01\""), "JSON syntax error" },
	{ "nul escape in a key", WITH("\"x\\u0000\":1"), "JSON syntax error" },
	{ "nul escape, ignored member", WITH("\"x\":[\"\\u0000\"]"), "JSON syntax error" },
	{ "surrogate pair", WITH("\"label\":\"\\ud83d\\ude00 \xf0\x9f\x98\x80\""), NULL },
	{ "bom", "\xef\xbb\xbf" OK1, "JSON syntax error" },
	{ "comment", HEAD "/* c */" PTS "}", "JSON syntax error" },
	{ "NaN literal", SWEEP("{\"bytes\":1,\"ns\":NaN}"), "JSON syntax error" },
	{ "Infinity literal", SWEEP("{\"bytes\":1,\"ns\":Infinity}"), "JSON syntax error" },
	{ "real overflow", SWEEP("{\"bytes\":1,\"ns\":1e999}"),
	  "sweep.points[0].ns: number 1e999 is out of range (line 1, column" },
	{ "overflow in a member nobody reads", WITH("\"x\":{\"y\":[1,-1e400]}"),
	  "x.y[1]: number -1e400 is out of range" },
	{ "underflow is zero", SWEEP("{\"bytes\":1,\"ns\":1e-400}"),
	  "sweep.points[0].ns: must be a positive finite number, got 0" },
	/* an integer past 64 bits is a number (1e20 here), never an integer */
	{ "integer past 64 bits", SWEEP("{\"bytes\":99999999999999999999,\"ns\":1}"), NULL },
	{ "integer past 64 bits, integer field",
	  CACHE("{\"level\":99999999999999999999,\"type\":\"data\",\"size_bytes\":1}"),
	  "published.caches[0].level: must be an integer from 1 to 16, got 99999999999999999999" },
	{ "integer past 64 bits, negative",
	  CACHE("{\"level\":-9223372036854775809,\"type\":\"data\",\"size_bytes\":1}"),
	  "published.caches[0].level: must be an integer from 1 to 16, got -9223372036854775809" },
	{ "exact integer", CACHE("{\"level\":1,\"type\":\"data\",\"size_bytes\":1125899906842625}"),
	  "published.caches[0].size_bytes: must be an integer from 1 to 1125899906842624, got 1125899906842625" },
	{ "leading zero", SWEEP("{\"bytes\":01,\"ns\":1}"), "JSON syntax error" },
	{ "bare decimal point", SWEEP("{\"bytes\":1.,\"ns\":1}"), "JSON syntax error" },
	{ "unknown members", WITH("\"registers\":{\"cpuid\":[1,2,{\"x\":null}]},"
				  "\"firmware\":\"x\""), NULL },
	/* format and version */
	{ "format missing", "{\"version\":1," PTS "}", "format: missing (required)" },
	{ "format wrong", "{\"format\":\"other\",\"version\":1," PTS "}",
	  "format: must be \"cacheshape-capture\", got \"other\"" },
	{ "format type", "{\"format\":7,\"version\":1," PTS "}", "format: must be" },
	{ "version missing", "{\"format\":\"cacheshape-capture\"," PTS "}",
	  "version: missing (required)" },
	{ "version 2", "{\"format\":\"cacheshape-capture\",\"version\":2," PTS "}",
	  "version: must be an integer from 1 to 1, got 2" },
	{ "version string", "{\"format\":\"cacheshape-capture\",\"version\":\"1\"," PTS "}",
	  "version: must be an integer from 1 to 1, got \"1\"" },
	{ "version real", "{\"format\":\"cacheshape-capture\",\"version\":1.5," PTS "}",
	  "version: must be an integer" },
	{ "version 1.0", "{\"format\":\"cacheshape-capture\",\"version\":1.0," PTS "}", NULL },
	/* label, environment */
	{ "label type", WITH("\"label\":3"), "label: must be a string, got 3" },
	{ "label empty", WITH("\"label\":\"\""), NULL },
	{ "label null", WITH("\"label\":null"), NULL },
	{ "environment type", WITH("\"environment\":[]"),
	  "environment: must be an object, got an array" },
	{ "kind unknown", WITH("\"environment\":{\"kind\":\"mainframe\"}"),
	  "environment.kind: must be one of uefi, linux, browser, imported, synthetic, got \"mainframe\"" },
	{ "kind imported", WITH("\"environment\":{\"kind\":\"imported\"}"), NULL },
	{ "kind browser", WITH("\"environment\":{\"kind\":\"browser\"}"), NULL },
	{ "arch riscv64", WITH("\"environment\":{\"arch\":\"riscv64\"}"), NULL },
	{ "arch unknown token", WITH("\"environment\":{\"arch\":\"SPARC_v9\"}"), NULL },
	{ "arch not a token", WITH("\"environment\":{\"arch\":\"x86-64\"}"),
	  "environment.arch: must be a token of letters, digits and _, got \"x86-64\"" },
	{ "arch with a space", WITH("\"environment\":{\"arch\":\"arm 64\"}"),
	  "environment.arch: must be a token of letters" },
	{ "arch empty", WITH("\"environment\":{\"arch\":\"\"}"),
	  "environment.arch: must not be empty" },
	{ "arch too long", WITH("\"environment\":{\"arch\":\"a234567890123456789012345678901234\"}"),
	  "environment.arch: " },
	{ "kind empty", WITH("\"environment\":{\"kind\":\"\"}"),
	  "environment.kind: must not be empty" },
	/* clock */
	{ "clock type", WITH("\"clock\":1"), "clock: must be an object, got 1" },
	{ "hz zero", WITH("\"clock\":{\"hz\":0}"),
	  "clock.hz: must be a positive finite number, got 0" },
	{ "hz negative", WITH("\"clock\":{\"hz\":-2.5}"),
	  "clock.hz: must be a positive finite number, got -2.5" },
	{ "quantum string", WITH("\"clock\":{\"quantum_ns\":\"0.5\"}"),
	  "clock.quantum_ns: must be a positive finite number, got \"0.5\"" },
	{ "clamp bool", WITH("\"clock\":{\"clamp_ns\":true}"),
	  "clock.clamp_ns: must be a positive finite number, got true" },
	{ "clamp null", WITH("\"clock\":{\"clamp_ns\":null}"), NULL },
	{ "source too long",
	  WITH("\"clock\":{\"source\":\"0123456789012345678901234567890123\"}"),
	  "clock.source: 34 bytes long, more than the 31 this field holds" },
	{ "source number", WITH("\"clock\":{\"source\":5}"),
	  "clock.source: must be a string, got 5" },
	/* published caches */
	{ "published type", WITH("\"published\":\"x\""), "published: must be an object" },
	{ "caches type", WITH("\"published\":{\"caches\":{}}"),
	  "published.caches: must be an array, got an object" },
	{ "cache type", CACHE("1"), "published.caches[0]: must be an object, got 1" },
	{ "cache level missing", CACHE("{\"type\":\"data\",\"size_bytes\":1}"),
	  "published.caches[0].level: missing (required)" },
	{ "cache type missing", CACHE("{\"level\":1,\"size_bytes\":1}"),
	  "published.caches[0].type: missing (required)" },
	{ "cache type null, after a data cache",
	  CACHE("{\"level\":1,\"type\":\"data\",\"size_bytes\":1},"
		"{\"level\":2,\"type\":null,\"size_bytes\":2}"),
	  "published.caches[1].type: unknown cache type \"\"" },
	{ "placement null", ADJ("{\"placement\":null,\"points\":[{\"distance\":8,\"ns\":1}]}"),
	  "adjacency[0].placement: unknown placement \"\"" },
	{ "cache size missing", CACHE("{\"level\":1,\"type\":\"data\"}"),
	  "published.caches[0].size_bytes: missing (required)" },
	{ "cache type unknown",
	  CACHE("{\"level\":1,\"type\":\"tlb\",\"size_bytes\":1}"),
	  "published.caches[0].type: must be one of data, instruction, unified, got \"tlb\"" },
	{ "cache level zero",
	  CACHE("{\"level\":0,\"type\":\"data\",\"size_bytes\":1}"),
	  "published.caches[0].level: must be an integer from 1 to 16, got 0" },
	{ "cache level real",
	  CACHE("{\"level\":1.5,\"type\":\"data\",\"size_bytes\":1}"),
	  "published.caches[0].level: must be an integer from 1 to 16, got 1.5" },
	{ "cache size negative",
	  CACHE("{\"level\":1,\"type\":\"data\",\"size_bytes\":1},"
		"{\"level\":2,\"type\":\"unified\",\"size_bytes\":-4}"),
	  "published.caches[1].size_bytes: must be an integer from 1 to" },
	{ "cache line zero",
	  CACHE("{\"level\":1,\"type\":\"data\",\"size_bytes\":1,\"line_bytes\":0}"),
	  "published.caches[0].line_bytes: must be an integer from 1 to" },
	{ "cache line null",
	  CACHE("{\"level\":1,\"type\":\"data\",\"size_bytes\":1,\"line_bytes\":null}"),
	  NULL },
	/* sweep */
	{ "sweep missing", HEAD "\"x\":1}", "sweep: missing (required)" },
	{ "sweep type", HEAD "\"sweep\":[]}", "sweep: must be an object, got an array" },
	{ "points missing", HEAD "\"sweep\":{}}", "sweep.points: missing (required)" },
	{ "points type", HEAD "\"sweep\":{\"points\":{}}}",
	  "sweep.points: must be an array, got an object" },
	{ "points empty", SWEEP(""), "sweep.points: must have at least 1 element, got 0" },
	{ "point type", SWEEP("{\"bytes\":1,\"ns\":1},[]"),
	  "sweep.points[1]: must be an object, got an array" },
	{ "bytes missing", SWEEP("{\"ns\":1}"), "sweep.points[0].bytes: missing (required)" },
	{ "ns missing", SWEEP("{\"bytes\":1}"), "sweep.points[0].ns: missing (required)" },
	{ "ns null", SWEEP("{\"bytes\":1,\"ns\":null}"),
	  "sweep.points[0].ns: must be a positive finite number, got null" },
	{ "bytes zero", SWEEP("{\"bytes\":0,\"ns\":1}"),
	  "sweep.points[0].bytes: must be a positive finite number, got 0" },
	{ "ns negative",
	  SWEEP("{\"bytes\":1,\"ns\":1},{\"bytes\":2,\"ns\":1},{\"bytes\":3,\"ns\":1},"
		"{\"bytes\":4,\"ns\":-1}"),
	  "sweep.points[3].ns: must be a positive finite number, got -1" },
	{ "bytes string", SWEEP("{\"bytes\":\"4096\",\"ns\":1}"),
	  "sweep.points[0].bytes: must be a positive finite number, got \"4096\"" },
	{ "block zero", SWEEP("{\"bytes\":1,\"ns\":1,\"block_ns\":0}"),
	  "sweep.points[0].block_ns: must be a positive finite number, got 0" },
	{ "block null", SWEEP("{\"bytes\":1,\"ns\":1,\"block_ns\":null}"), NULL },
	{ "duplicate size",
	  SWEEP("{\"bytes\":4096,\"ns\":1},{\"bytes\":8192,\"ns\":1},{\"bytes\":4096.0,\"ns\":2}"),
	  "sweep.points[2].bytes: duplicate size 4096 (also at [0])" },
	{ "fractional size", SWEEP("{\"bytes\":4096.5,\"ns\":1}"), NULL },
	{ "unsorted", SWEEP("{\"bytes\":8192,\"ns\":1},{\"bytes\":4096,\"ns\":1}"), NULL },
	/* adjacency */
	{ "adjacency type", WITH("\"adjacency\":{}"),
	  "adjacency: must be an array, got an object" },
	{ "series type", ADJ("3"), "adjacency[0]: must be an object, got 3" },
	{ "placement missing", ADJ("{\"points\":[{\"distance\":8,\"ns\":1}]}"),
	  "adjacency[0].placement: missing (required)" },
	{ "placement unknown",
	  ADJ("{\"placement\":\"top\",\"points\":[{\"distance\":8,\"ns\":1}]}"),
	  "adjacency[0].placement: must be one of first, middle, last, got \"top\"" },
	{ "footprint zero",
	  ADJ("{\"placement\":\"first\",\"footprint_bytes\":0,\"points\":[]}"),
	  "adjacency[0].footprint_bytes: must be a positive finite number, got 0" },
	{ "series points missing", ADJ("{\"placement\":\"first\"}"),
	  "adjacency[0].points: missing (required)" },
	{ "series points empty", ADJ("{\"placement\":\"first\",\"points\":[]}"),
	  "adjacency[0].points: must have at least 1 element" },
	{ "refused series with points",
	  ADJ("{\"placement\":\"last\",\"refusal\":{\"code\":\"placement-crosses-edge\",\"reason\":\"r\"},"
	      "\"points\":[{\"distance\":8,\"ns\":1}]}"),
	  "adjacency[0].points: a refused placement has no points, got 1" },
	{ "refusal without reason",
	  ADJ("{\"placement\":\"last\",\"refusal\":{\"code\":\"x\"},\"points\":[]}"),
	  "adjacency[0].refusal.reason: missing (required)" },
	{ "refusal empty code",
	  ADJ("{\"placement\":\"last\",\"refusal\":{\"code\":\"\",\"reason\":\"r\"},\"points\":[]}"),
	  "adjacency[0].refusal.code: must not be empty" },
	{ "refusal not an object",
	  ADJ("{\"placement\":\"last\",\"refusal\":\"no\",\"points\":[]}"),
	  "adjacency[0].refusal: must be an object" },
	{ "distance zero",
	  ADJ("{\"placement\":\"first\",\"points\":[{\"distance\":8,\"ns\":1}]},"
	      "{\"placement\":\"last\",\"points\":[{\"distance\":0,\"ns\":1}]}"),
	  "adjacency[1].points[0].distance: must be a positive finite number, got 0" },
	{ "adjacency ns missing",
	  ADJ("{\"placement\":\"middle\",\"points\":[{\"distance\":8}]}"),
	  "adjacency[0].points[0].ns: missing (required)" },
	{ "duplicate distance",
	  ADJ("{\"placement\":\"middle\",\"points\":[{\"distance\":8,\"ns\":1},"
	      "{\"distance\":16,\"ns\":1},{\"distance\":8,\"ns\":2}]}"),
	  "adjacency[0].points[2].distance: duplicate distance 8 (also at [0])" },
	/* expect */
	{ "expect type", WITH("\"expect\":[]"), "expect: must be an object, got an array" },
	{ "expect knees type", EXPECT("\"knees\":5"), "expect.knees: must be an array, got 5" },
	{ "expect knee zero", EXPECT("\"knees\":[49152,0]"),
	  "expect.knees[1]: must be a positive finite number, got 0" },
	{ "expect knee string", EXPECT("\"knees\":[\"48K\"]"),
	  "expect.knees[0]: must be a positive finite number, got \"48K\"" },
	{ "expect tolerance zero", EXPECT("\"knee_tolerance\":0"),
	  "expect.knee_tolerance: must be a positive finite number, got 0" },
	{ "expect tolerance big", EXPECT("\"knee_tolerance\":1.5"),
	  "expect.knee_tolerance: must be below 1" },
	{ "expect refusal type", EXPECT("\"refusals\":[1]"),
	  "expect.refusals[0]: must be a string, got 1" },
	{ "expect refusal duplicate", EXPECT("\"refusals\":[\"a\",\"b\",\"a\"]"),
	  "expect.refusals[2]: duplicate code \"a\" (also at [0])" },
	{ "expect refusal long",
	  EXPECT("\"refusals\":[\"0123456789012345678901234567890123\"]"),
	  "expect.refusals[0]: 34 bytes long, more than the 31" },
	{ "expect granule negative", EXPECT("\"granules\":[null,-64]"),
	  "expect.granules[1]: must be a positive finite number, got -64" },
	{ "expect known_failure empty", EXPECT("\"known_failure\":\"\""),
	  "expect.known_failure: must not be empty" },
	{ "expect empty arrays",
	  EXPECT("\"knees\":[],\"refusals\":[],\"granules\":[],\"note\":1"), NULL },
	/* the TLB members (reader_tlb.c) */
	{ "tlb whole", WITH(TLB4K "," PUBTLB ",\"pool_pages\":2097152,\"pool_pages_how\":\"smaps\","
			    "\"sweep_large_pages\":{\"page_bytes\":2097152,\"page_tables\":\"own\","
			    "\"points\":[{\"bytes\":4096,\"ns\":1}]}"), NULL },
	{ "tlb page not a power of two", WITH("\"tlb\":[{\"page_bytes\":5000,\"points\":[]}]"),
	  "tlb[0].page_bytes: must be a power of two, got 5000" },
	{ "tlb page under 4 KiB", WITH("\"tlb\":[{\"page_bytes\":2048,\"points\":[]}]"),
	  "tlb[0].page_bytes: " },
	{ "tlb page_tables unknown",
	  WITH("\"tlb\":[{\"page_bytes\":4096,\"page_tables\":\"mine\",\"points\":[]}]"),
	  "tlb[0].page_tables: must be one of own, os, firmware, got \"mine\"" },
	{ "tlb no points", WITH("\"tlb\":[{\"page_bytes\":4096,\"points\":[]}]"),
	  "tlb[0].points: " },
	{ "tlb pages zero",
	  WITH("\"tlb\":[{\"page_bytes\":4096,\"points\":[{\"pages\":0,\"ns\":1}]}]"),
	  "tlb[0].points[0].pages: must be a positive finite number, got 0" },
	{ "tlb median negative",
	  WITH("\"tlb\":[{\"page_bytes\":4096,\"points\":[{\"pages\":4,\"ns\":1,\"ns_median\":-1}]}]"),
	  "tlb[0].points[0].ns_median: must be a positive finite number, got -1" },
	{ "tlb duplicate pages",
	  WITH("\"tlb\":[{\"page_bytes\":4096,\"points\":[{\"pages\":4,\"ns\":1},{\"pages\":4,\"ns\":2}]}]"),
	  "tlb[0].points[1].pages: duplicate pages 4 (also at [0])" },
	{ "tlb refused with points",
	  WITH("\"tlb\":[{\"page_bytes\":4096,\"refusal\":\"no\",\"points\":[{\"pages\":4,\"ns\":1}]}]"),
	  "tlb[0].points: a page size refused has no points, got 1" },
	{ "tlb refused", WITH("\"tlb\":[{\"page_bytes\":1073741824,\"refusal\":\"no 1 GiB pages\",\"points\":[]}]"),
	  NULL },
	{ "tlb duplicate page size", WITH("\"tlb\":[" SER4K "," SER4K "]"),
	  "tlb[1].page_bytes: duplicate page_bytes 4096 (also at [0])" },
	{ "tlb five sizes", WITH("\"tlb\":[" SER4K "," SER4K "," SER4K "," SER4K "," SER4K "]"), "tlb: " },
	{ "tlb alias lines zero",
	  WITH("\"tlb\":[{\"page_bytes\":4096,\"alias_lines\":0,\"points\":[{\"pages\":4,\"ns\":1}]}]"),
	  "tlb[0].alias_lines: " },
	{ "tlbs null without a reason", WITH("\"published\":{\"tlbs\":null}"),
	  "published.tlbs_reason: missing" },
	{ "tlbs null with a reason", WITH("\"published\":{\"tlbs\":null,\"tlbs_reason\":\"ARM\"}"), NULL },
	{ "tlbs not a list", WITH("\"published\":{\"tlbs\":4}"), "published.tlbs: must be an array" },
	{ "tlb type unknown",
	  WITH("\"published\":{\"tlbs\":[{\"level\":1,\"type\":\"load\",\"page_bytes\":4096,\"entries\":64}]}"),
	  "published.tlbs[0].type: must be one of data, instruction, unified, got \"load\"" },
	{ "tlb entries zero",
	  WITH("\"published\":{\"tlbs\":[{\"level\":1,\"type\":\"data\",\"page_bytes\":4096,\"entries\":0}]}"),
	  "published.tlbs[0].entries: " },
	{ "tlb ways over entries",
	  WITH("\"published\":{\"tlbs\":[{\"level\":1,\"type\":\"data\",\"page_bytes\":4096,\"entries\":4,\"ways\":8}]}"),
	  "published.tlbs[0].ways: more ways (8) than entries (4)" },
	{ "tlb level zero",
	  WITH("\"published\":{\"tlbs\":[{\"level\":0,\"type\":\"data\",\"page_bytes\":4096,\"entries\":4}]}"),
	  "published.tlbs[0].level: " },
	{ "pool_pages not a power of two", WITH("\"pool_pages\":12288"),
	  "pool_pages: must be a power of two, got 12288" },
	{ "pool_pages a string", WITH("\"pool_pages\":\"huge\""), "pool_pages: " },
	{ "large pages no points", WITH("\"sweep_large_pages\":{\"page_bytes\":2097152,\"points\":[]}"),
	  "sweep_large_pages.points: " },
	{ "large pages duplicate size",
	  WITH("\"sweep_large_pages\":{\"page_bytes\":2097152,\"points\":[{\"bytes\":4096,\"ns\":1},"
	       "{\"bytes\":4096,\"ns\":2}]}"),
	  "sweep_large_pages.points[1].bytes: duplicate bytes 4096 (also at [0])" },
	{ "large pages no page size", WITH("\"sweep_large_pages\":{\"points\":[{\"bytes\":4096,\"ns\":1}]}"),
	  "sweep_large_pages.page_bytes: missing" },
	{ "expect tlb page size", EXPECT("\"tlb\":[{\"page_bytes\":100}]"), "expect.tlb[0].page_bytes: " },
	{ "expect tlb knee zero", EXPECT("\"tlb\":[{\"page_bytes\":4096,\"knees\":[null,0]}]"),
	  "expect.tlb[0].knees[1]: must be a positive finite number, got 0" },
	{ "expect tlb refusal duplicate",
	  EXPECT("\"tlb\":[{\"page_bytes\":4096,\"refusals\":[\"a\",\"a\"]}]"),
	  "expect.tlb[0].refusals[1]: duplicate code \"a\" (also at [0])" },
	{ "expect translation zero", EXPECT("\"translation\":[0]"), "expect.translation[0]: " },
	/* the sweep's repeats (docs/repeats.md): N figures a point, ns among them */
#define REP(n, pt) HEAD "\"sweep\":{\"repeats\":" n ",\"points\":[" pt "]}}"
	{ "repeats", REP("2", "{\"bytes\":4096,\"ns\":1,\"repeats_ns\":[1,1.5]}"), NULL },
	{ "repeats 9", REP("9", "{\"bytes\":4096,\"ns\":1,\"repeats_ns\":[1,1,1,1,1,1,1,1,1]}"), NULL },
	{ "repeats 1", REP("1", "{\"bytes\":4096,\"ns\":1}"), "sweep.repeats: " },
	{ "repeats 10", REP("10", "{\"bytes\":4096,\"ns\":1}"), "sweep.repeats: " },
	{ "repeats_ns missing", REP("2", "{\"bytes\":4096,\"ns\":1}"),
	  "sweep.points[0].repeats_ns: missing" },
	{ "repeats_ns short", REP("3", "{\"bytes\":4096,\"ns\":1,\"repeats_ns\":[1,1]}"),
	  "sweep.points[0].repeats_ns: " },
	{ "repeats_ns long", REP("2", "{\"bytes\":4096,\"ns\":1,\"repeats_ns\":[1,1,1]}"),
	  "sweep.points[0].repeats_ns: " },
	{ "repeats_ns zero", REP("2", "{\"bytes\":4096,\"ns\":1,\"repeats_ns\":[1,0]}"),
	  "sweep.points[0].repeats_ns[1]: must be a positive finite number, got 0" },
	{ "ns outside its repeats", REP("2", "{\"bytes\":4096,\"ns\":3,\"repeats_ns\":[1,2]}"),
	  "sweep.points[0].repeats_ns: the point's ns (3) must lie among its repeats (1 .. 2)" },
	{ "repeats_ns without repeats", SWEEP("{\"bytes\":4096,\"ns\":1,\"repeats_ns\":[1,1]}"),
	  "sweep.points[0].repeats_ns: a point's repeats without sweep.repeats" },
#undef REP
};

static void test_rows(void)
{
	static struct cs_capture c;
	struct cs_expect e;
	char err[512];

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		int rc = cs_read_capture_mem(r->json, strlen(r->json), &c, &e,
					     err, sizeof(err));
		if (!r->err) {
			CHECK(rc == 0, "%s: not read: %s", r->name, err);
			continue;
		}
		CHECK(rc == -1, "%s: read, but should fail with '%s'", r->name,
		      r->err);
		CHECK(rc == -1 && strstr(err, r->err),
		      "%s: error '%s', want '%s'", r->name, err, r->err);
	}
}

static const char full[] =
	"{\n"
	"  \"format\": \"cacheshape-capture\", \"version\": 1,\n"
	"  \"label\": \"test machine\",\n"
	"  \"environment\": { \"kind\": \"synthetic\", \"arch\": \"aarch64\" },\n"
	"  \"clock\": { \"source\": \"cntvct\", \"hz\": 24000000, "
	"\"quantum_ns\": 41.67, \"clamp_ns\": null },\n"
	"  \"published\": { \"source\": \"clidr\", \"caches\": [\n"
	"    { \"level\": 1, \"type\": \"data\", \"size_bytes\": 65536, \"line_bytes\": 64 },\n"
	"    { \"level\": 1, \"type\": \"instruction\", \"size_bytes\": 65536 },\n"
	"    { \"level\": 2, \"type\": \"unified\", \"size_bytes\": 4194304.0 } ] },\n"
	"  \"sweep\": { \"points\": [ { \"bytes\": 4096, \"ns\": 0.95, \"block_ns\": 120000.5 },\n"
	"      { \"bytes\": 8192, \"ns\": 0.97, \"ns_median\": 1.2 } ] },\n"
	"  \"adjacency\": [ { \"placement\": \"middle\", \"footprint_bytes\": 262144,\n"
	"      \"points\": [ { \"distance\": 8, \"ns\": 4.1 }, { \"distance\": 512, \"ns\": 9 } ] },\n"
	"    { \"placement\": \"last\", \"points\": [ { \"distance\": 64, \"ns\": 80 } ] } ],\n"
	"  \"expect\": { \"knees\": [ 65536, null ], \"refusals\": [ \"fit-r2-low\" ],\n"
	"      \"granules\": [ 128, null ], \"known_failure\": \"smooth climb\" }\n"
	"}\n";

static void test_values(void)
{
	static struct cs_capture c;
	struct cs_expect e;
	char err[512];
	int rc = cs_read_capture_mem(full, sizeof(full) - 1, &c, &e, err,
				     sizeof(err));

	CHECK(rc == 0, "full capture: %s", err);
	if (rc)
		return;
	CHECK(!strcmp(c.label, "test machine"), "label '%s'", c.label);
	CHECK(!strcmp(c.env_kind, "synthetic"), "kind '%s'", c.env_kind);
	CHECK(!strcmp(c.arch, "aarch64"), "arch '%s'", c.arch);
	CHECK(!strcmp(c.clock.source, "cntvct"), "source '%s'", c.clock.source);
	CHECK(c.clock.has_hz && c.clock.hz == 24e6, "hz %g", c.clock.hz);
	CHECK(c.clock.has_quantum && c.clock.quantum_ns == 41.67, "quantum");
	CHECK(!c.clock.has_clamp, "clamp null is absent");
	CHECK(!strcmp(c.published_source, "clidr"), "published source");
	CHECK(c.n_caches == 3, "caches %u", c.n_caches);
	CHECK(c.caches[1].type == CS_CACHE_INSTRUCTION && c.caches[1].line_bytes == 0,
	      "instruction cache, no line");
	CHECK(c.caches[2].level == 2 && c.caches[2].size_bytes == 4194304 &&
	      c.caches[2].type == CS_CACHE_UNIFIED, "L2 from a real 4194304.0");
	CHECK(c.caches[0].line_bytes == 64, "line %u", c.caches[0].line_bytes);
	CHECK(c.n_points == 2, "points %u", c.n_points);
	CHECK(c.points[0].has_block && c.points[0].block_ns == 120000.5, "block");
	CHECK(!c.points[1].has_block && c.points[1].ns == 0.97, "no block");
	CHECK(c.n_adj == 2, "series %u", c.n_adj);
	CHECK(c.adj[0].placement == CS_PLACE_MIDDLE && c.adj[0].has_footprint &&
	      c.adj[0].footprint_bytes == 262144, "middle series");
	CHECK(c.adj[0].n == 2 && c.adj[0].pts[1].distance == 512 &&
	      c.adj[0].pts[1].ns == 9, "adjacency points");
	CHECK(c.adj[1].placement == CS_PLACE_LAST && !c.adj[1].has_footprint,
	      "last series, no footprint");
	CHECK(e.present && e.has_knees && e.n_knees == 2, "expect knees");
	CHECK(e.knees[0].has_bytes && e.knees[0].bytes == 65536 &&
	      !e.knees[1].has_bytes, "knee null is a missing knee");
	CHECK(e.knee_tolerance == CS_EXPECT_TOLERANCE, "default tolerance");
	CHECK(e.has_refusals && e.n_refusals == 1 &&
	      !strcmp(e.refusals[0], "fit-r2-low"), "refusals");
	CHECK(e.has_granules && e.n_granules == 2 && e.granules[0].bytes == 128 &&
	      !e.granules[1].has_bytes, "granules");
	CHECK(e.has_known_failure && !strcmp(e.known_failure, "smooth climb"),
	      "known failure");

	rc = cs_read_capture_mem(OK1, strlen(OK1), &c, &e, err, sizeof(err));
	CHECK(rc == 0 && !e.present && !e.has_knees && !c.clock.has_hz &&
	      !c.n_caches && !c.n_adj && !c.label[0] && !c.env_kind[0],
	      "absent fields stay absent");
	rc = cs_read_capture_mem(full, sizeof(full) - 1, &c, NULL, err,
				 sizeof(err));
	CHECK(rc == 0, "expect may be ignored (NULL): %s", err);
	{
		static const char esc[] = WITH("\"label\":\"q\\\"b\\\\s\\/\\b\\f\\n\\r\\t"
					       "\\u00e9\\u20ac\\ud83d\\ude00\xc3\xa9\"");
		rc = cs_read_capture_mem(esc, sizeof(esc) - 1, &c, NULL, err, sizeof(err));
		CHECK(rc == 0 && !strcmp(c.label, "q\"b\\s/\b\f\n\r\t\xc3\xa9\xe2\x82\xac"
					"\xf0\x9f\x98\x80\xc3\xa9"),
		      "escapes decoded: %s", rc ? err : c.label);
	}
}

/* Text built in memory: counts past each bound, and the bound itself. */
static char *repeat(const char *head, const char *item, size_t n,
		    const char *tail)
{
	size_t len = strlen(head) + n * (strlen(item) + 24) + strlen(tail) + 1;
	char *s = malloc(len), *p = s;
	p += sprintf(p, "%s", head);
	for (size_t i = 0; i < n; i++)
		p += sprintf(p, i ? "," : "") , p += sprintf(p, item, (int)i + 1);
	sprintf(p, "%s", tail);
	return s;
}

static void expect_bound(const char *name, char *text, const char *want)
{
	static struct cs_capture c;
	char err[512];
	int rc = cs_read_capture_mem(text, strlen(text), &c, NULL, err,
				     sizeof(err));

	if (!want)
		CHECK(rc == 0, "%s: not read: %s", name, err);
	else
		CHECK(rc == -1 && strstr(err, want), "%s: '%s', want '%s'",
		      name, rc ? err : "(read)", want);
	free(text);
}

static void test_bounds(void)
{
	char label[CS_TEXT_MAX + 64];
	char *s;

	expect_bound("1024 points",
		     repeat(HEAD "\"sweep\":{\"points\":[", "{\"bytes\":%d,\"ns\":1}",
			    CS_MAX_SWEEP_POINTS, "]}}"), NULL);
	expect_bound("1025 points",
		     repeat(HEAD "\"sweep\":{\"points\":[", "{\"bytes\":%d,\"ns\":1}",
			    CS_MAX_SWEEP_POINTS + 1, "]}}"),
		     "sweep.points: 1025 elements, more than the 1024");
	expect_bound("65 distances",
		     repeat(HEAD PTS ",\"adjacency\":[{\"placement\":\"first\",\"points\":[",
			    "{\"distance\":%d,\"ns\":1}", CS_MAX_ADJ_POINTS + 1, "]}]}"),
		     "adjacency[0].points: 65 elements, more than the 64");
	expect_bound("9 series",
		     repeat(HEAD PTS ",\"adjacency\":[",
			    "{\"placement\":\"first\",\"points\":[{\"distance\":%d,\"ns\":1}]}",
			    CS_MAX_ADJ_SERIES + 1, "]}"),
		     "adjacency: 9 elements, more than the 8");
	expect_bound("33 caches",
		     repeat(HEAD PTS ",\"published\":{\"caches\":[",
			    "{\"level\":1,\"type\":\"data\",\"size_bytes\":%d}",
			    CS_MAX_CACHES + 1, "]}}"),
		     "published.caches: 33 elements, more than the 32");
	expect_bound("33 knees",
		     repeat(HEAD PTS ",\"expect\":{\"knees\":[", "%d",
			    CS_MAX_KNEES + 1, "]}}"),
		     "expect.knees: 33 elements, more than the 32");
	s = malloc(4096);
	strcpy(s, HEAD PTS ",\"x\":");
	for (int i = 0; i < 31; i++)
		strcat(s, "[");
	for (int i = 0; i < 31; i++)
		strcat(s, "]");
	strcat(s, "}");
	expect_bound("nesting 32 deep", s, NULL);
	s = malloc(4096);
	strcpy(s, HEAD PTS ",\"x\":");
	for (int i = 0; i < 32; i++)
		strcat(s, "[");
	for (int i = 0; i < 32; i++)
		strcat(s, "]");
	strcat(s, "}");
	expect_bound("nesting 33 deep", s, "nesting deeper than 32 levels at line 1");
	s = malloc(4096);
	strcpy(s, "{\"a\":\n  ");
	for (int i = 0; i < 40; i++)
		strcat(s, "[");
	expect_bound("nesting: where", s, "deeper than 32 levels at line 2, column 34");
	s = malloc(1 << 20);
	strcpy(s, HEAD PTS ",\"x\":\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\\"[[[\"}");
	expect_bound("brackets inside strings do not nest", s, NULL);

	/* 12 values around the array: the root, format, version, sweep,
	 * points, two points of two numbers each, and "x" */
	expect_bound("262144 values",
		     repeat(HEAD PTS ",\"x\":[", "%d", CS_READ_MAX_VALUES - 12, "]}"), NULL);
	expect_bound("262145 values",
		     repeat(HEAD PTS ",\"x\":[", "%d", CS_READ_MAX_VALUES - 11, "]}"),
		     "more than the 262144 JSON values this reader accepts");

	memset(label, 'a', sizeof(label));
	label[CS_TEXT_MAX - 1] = '\0';
	s = malloc(1024);
	sprintf(s, HEAD "\"label\":\"%s\"," PTS "}", label);
	expect_bound("label 255 bytes", s, NULL);
	label[CS_TEXT_MAX - 1] = 'a';
	label[CS_TEXT_MAX] = '\0';
	s = malloc(1024);
	sprintf(s, HEAD "\"label\":\"%s\"," PTS "}", label);
	expect_bound("label 256 bytes", s, "label: 256 bytes long, more than the 255");

	s = malloc(CS_READ_MAX_FILE + 2);
	memset(s, ' ', CS_READ_MAX_FILE + 1);
	memcpy(s, OK1, strlen(OK1));
	s[CS_READ_MAX_FILE + 1] = '\0';
	expect_bound("over 4 MiB", s, "more than the 4194304 bytes (4 MiB)");
}

/* jsmn closes a bracket by walking up from its last token: nesting far
 * past the bound, closed again, must stop at the bound (it took minutes
 * when jsmn saw all of it at once) */
static void test_deep_closed(void)
{
	char *s = malloc(2 * 100000 + 64);

	strcpy(s, "{\"a\":");
	memset(s + 5, '[', 100000);
	memset(s + 5 + 100000, ']', 100000);
	strcpy(s + 5 + 200000, "}");
	expect_bound("100000 deep and closed", s, "nesting deeper than 32 levels at line 1, column 37");
}

static void test_embedded_nul(void)
{
	static struct cs_capture c;
	static const char text[] = OK1 "\0 ";
	char err[512];
	int rc = cs_read_capture_mem(text, sizeof(text) - 1, &c, NULL, err,
				     sizeof(err));
	CHECK(rc == -1 && strstr(err, "JSON syntax error"), "NUL byte: %s",
	      rc ? err : "(read)");
}

#if CS_TEST_HOSTED
static void test_files(void)
{
	static struct cs_capture c;
	char dir[] = "/tmp/cs-test-reader-XXXXXX", path[128], err[512];
	FILE *f;

	CHECK(cs_read_capture_file("/nonexistent/x.json", &c, NULL, err,
				   sizeof(err)) == -1 &&
	      strstr(err, "cannot open"), "missing file: %s", err);
	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	CHECK(cs_read_capture_file(dir, &c, NULL, err, sizeof(err)) == -1 &&
	      strstr(err, "directory"), "a directory: %s", err);
	snprintf(path, sizeof(path), "%s/a.json", dir);
	f = fopen(path, "w");
	fputs(full, f);
	fclose(f);
	CHECK(cs_read_capture_file(path, &c, NULL, err, sizeof(err)) == 0 &&
	      c.n_points == 2, "a file: %s", err);
	f = fopen(path, "w");
	fclose(f);
	CHECK(cs_read_capture_file(path, &c, NULL, err, sizeof(err)) == -1 &&
	      strstr(err, "empty"), "an empty file: %s", err);
	unlink(path);
	rmdir(dir);
}


/* A capture read over another's leftovers reads as into a fresh struct:
 * the reader's reset skips the long arrays by their offsets, and the
 * kinds' members lie in folder order (the generated CS_KINDS_CAPTURE_MEMBERS,
 * docs/layers.md "Storage"), so a hole list walked in a stale order would
 * leave bytes or overrun. A capture holding every kind, read into a struct
 * of 0xa5 bytes and into a zeroed one, must write back the same text. */
static void test_reread_dirty(void)
{
	static const char *const paths[] = {
		"captures/host/Intel-R-Xeon-R-Processor-2026-12-02-tsc-huge-bandwidth.json",
		"captures/qemu/qemu-x86_64-epyc-v1-tlb.json",     /* kinds of core */
		"captures/qemu/qemu-x86_64-smp4-competitor.json", /* the competitor */
		"captures/synthetic/repeatsAgree.json",           /* the sweep's repeats */
	};
	static struct cs_capture clean, dirty;
	static char a[1 << 20], b[1 << 20];
	uint32_t tlb = 0, bw = 0, geom = 0, cores = 0, comp = 0, exp = 0, rep = 0;

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		struct cs_buf ba, bb;
		char err[512];
		int rc;

		memset(&clean, 0, sizeof clean);
		memset(&dirty, 0xa5, sizeof dirty);
		rc = cs_read_capture_file(paths[i], &clean, NULL, err, sizeof(err));
		CHECK(rc == 0, "%s: %s", paths[i], err);
		rc |= cs_read_capture_file(paths[i], &dirty, NULL, err, sizeof(err));
		CHECK(rc == 0, "%s over leftovers: %s", paths[i], err);
		if (rc)
			continue;
		tlb += clean.tlb.n_series != 0;
		bw += clean.bw.present;
		geom += clean.geom.present;
		cores += clean.mp.n_kinds != 0;
		comp += clean.mp.comp.n_points != 0;
		exp += clean.exp.has_single;
		rep += clean.rep.n > 1;
		cs_buf_init(&ba, a, sizeof(a));
		cs_buf_init(&bb, b, sizeof(b));
		CHECK(cs_capture_write(&ba, &clean, NULL, NULL) == 0 &&
		      cs_capture_write(&bb, &dirty, NULL, NULL) == 0, "%s: writer: overflow", paths[i]);
		CHECK(ba.len == bb.len && !memcmp(a, b, ba.len),
		      "%s read over leftovers differs from a fresh read (%zu and %zu bytes)", paths[i],
		      ba.len, bb.len);
	}
	CHECK(tlb && bw && geom && cores && comp && exp && rep,
	      "the captures hold every kind with a skipped array (tlb %u, bw %u, geometry %u, "
	      "cores %u, competitor %u, exp %u, repeats %u)", tlb, bw, geom, cores, comp, exp, rep);
}

#endif

/* What the capture writer writes, the reader reads back. */
static void test_round_trip(void)
{
	static struct cs_capture a, b;
	static char text[64 * 1024];
	struct cs_buf buf;
	char err[512];
	int rc, same = 1;

	cs_capture_init(&a);
	strcpy(a.label, "round \"trip\"\\ \xc3\xa9\n");
	strcpy(a.env_kind, "uefi");
	strcpy(a.arch, "x86_64");
	strcpy(a.clock.source, "tsc");
	a.clock.has_hz = 1;
	a.clock.hz = 2.1e9;
	a.clock.has_quantum = 1;
	a.clock.quantum_ns = 0.476190476190476;
	a.clock.has_clamp = 1;
	a.clock.clamp_ns = 5000;
	a.n_caches = 2;
	a.caches[0] = (struct cs_cache){ 1, CS_CACHE_DATA, 49152, 64 };
	a.caches[1] = (struct cs_cache){ 3, CS_CACHE_UNIFIED, 31457280, 0 };
	a.n_points = 40;
	for (uint32_t i = 0; i < a.n_points; i++) {
		a.points[i].bytes = 4096.0 * (1 + i) * 1.37;
		a.points[i].ns = 0.9 + i * 0.123456789;
		a.points[i].has_block = i % 2;
		a.points[i].block_ns = 1e5 + i;
	}
	a.n_adj = 1;
	a.adj[0].placement = CS_PLACE_LAST;
	a.adj[0].has_footprint = 1;
	a.adj[0].footprint_bytes = 1 << 28;
	a.adj[0].n = 3;
	for (uint32_t i = 0; i < 3; i++)
		a.adj[0].pts[i] = (struct cs_adj_point){ 8.0 * (1 << i), 4 + i };
	cs_buf_init(&buf, text, sizeof(text));
	rc = cs_capture_write(&buf, &a, NULL, NULL);
	CHECK(rc == 0, "writer: overflow");
	rc = cs_read_capture_mem(text, buf.len, &b, NULL, err, sizeof(err));
	CHECK(rc == 0, "round trip: %s", err);
	if (rc)
		return;
	CHECK(!strcmp(a.label, b.label), "label '%s'", b.label);
	CHECK(!strcmp(b.env_kind, "uefi") && !strcmp(b.arch, "x86_64") &&
	      !strcmp(b.clock.source, "tsc"), "words");
	CHECK(b.clock.has_clamp && b.clock.clamp_ns == 5000, "clamp");
	CHECK_NEAR(b.clock.quantum_ns, a.clock.quantum_ns, 1e-13, "quantum");
	CHECK(b.n_caches == 2 && b.caches[1].size_bytes == 31457280 &&
	      b.caches[1].line_bytes == 0 && b.caches[1].level == 3, "caches");
	CHECK(b.n_points == a.n_points, "points %u", b.n_points);
	for (uint32_t i = 0; i < a.n_points && i < b.n_points; i++)
		same &= fabs(b.points[i].bytes / a.points[i].bytes - 1) < 1e-8 &&
			fabs(b.points[i].ns / a.points[i].ns - 1) < 1e-8 &&
			b.points[i].has_block == a.points[i].has_block;
	/* the writer keeps 9 significant digits of a measurement */
	CHECK(same, "points differ after a round trip:\n%s", text);
	CHECK(b.n_adj == 1 && b.adj[0].placement == CS_PLACE_LAST &&
	      b.adj[0].n == 3 && b.adj[0].pts[2].distance == 32 &&
	      b.adj[0].footprint_bytes == (1 << 28), "adjacency");
}

/* The TLB members through the writer and back: every field as it was. */
static void test_tlb_round_trip(void)
{
	static struct cs_capture a, b;
	static char text[256 * 1024];
	struct cs_buf buf;
	char err[512];

	cs_capture_init(&a);
	a.n_points = 2;
	a.points[0] = (struct cs_point){ 4096, 1, 0, 0 };
	a.points[1] = (struct cs_point){ 8192, 1.5, 0, 0 };
	struct cs_tlb_capture *k = &a.tlb;
	k->has_published = 1;
	strcpy(k->published_source, "cpuid-80000005");
	k->n_published = 2;
	k->published[0] = (struct cs_tlb){ 1, CS_CACHE_DATA, 4096, 72, 72 };
	k->published[1] = (struct cs_tlb){ 2, CS_CACHE_UNIFIED, 2u << 20, 3072, 0 };
	k->n_series = 2;
	k->series[0].page_bytes = 4096;
	strcpy(k->series[0].page_tables, "os");
	strcpy(k->series[0].method, "memfd \"aliased\"");
	k->series[0].alias_lines = 512;
	k->series[0].n = 3;
	for (uint32_t i = 0; i < 3; i++)
		k->series[0].pts[i] = (struct cs_tlb_point){ 4.0 + i, 1.9 + 0.123456789 * i, i != 1,
							     2.0 + i, i != 2, 1e6 + i };
	k->series[1].page_bytes = 1u << 30;
	strcpy(k->series[1].page_tables, "own");
	k->series[1].refused = 1;
	strcpy(k->series[1].refusal, "no 1 GiB pages");
	k->has_pool_pages = 1;
	k->pool_pages = 2u << 20;
	strcpy(k->pool_pages_how, "AnonHugePages");
	k->has_large = 1;
	k->large_page_bytes = 1u << 30;
	strcpy(k->large_page_tables, "own");
	k->n_large = 2;
	k->large[0] = (struct cs_point){ 4096, 1, 1, 5e5 };
	k->large[1] = (struct cs_point){ 8192, 2, 0, 0 };
	cs_buf_init(&buf, text, sizeof text);
	CHECK(cs_capture_write(&buf, &a, NULL, NULL) == 0, "writer: overflow");
	int rc = cs_read_capture_mem(text, buf.len, &b, NULL, err, sizeof err);
	CHECK(rc == 0, "tlb round trip: %s", err);
	if (rc)
		return;
	const struct cs_tlb_capture *m = &b.tlb;
	CHECK(m->has_published && !m->published_null && m->n_published == 2 &&
		      !strcmp(m->published_source, "cpuid-80000005") &&
		      !memcmp(m->published, k->published, 2 * sizeof k->published[0]),
	      "published TLBs");
	CHECK(m->n_series == 2 && m->series[0].page_bytes == 4096 && !strcmp(m->series[0].page_tables, "os") &&
		      !strcmp(m->series[0].method, k->series[0].method) && m->series[0].alias_lines == 512 &&
		      m->series[0].n == 3,
	      "series 0");
	int same = 1;
	for (uint32_t i = 0; i < 3; i++) {
		const struct cs_tlb_point *p = &m->series[0].pts[i], *q = &k->series[0].pts[i];
		same &= p->pages == q->pages && fabs(p->ns / q->ns - 1) < 1e-8 &&
			p->has_median == q->has_median && p->has_block == q->has_block &&
			(!p->has_median || p->ns_median == q->ns_median) &&
			(!p->has_block || p->block_ns == q->block_ns);
	}
	CHECK(same, "series 0 points");
	CHECK(m->series[1].refused && !strcmp(m->series[1].refusal, "no 1 GiB pages") && m->series[1].n == 0,
	      "series 1 refused");
	CHECK(m->has_pool_pages && m->pool_pages == (2u << 20) && !strcmp(m->pool_pages_how, "AnonHugePages"),
	      "pool_pages");
	CHECK(m->has_large && m->large_page_bytes == (1u << 30) && m->n_large == 2 && m->large[0].has_block &&
		      !m->large[1].has_block && !strcmp(m->large_page_tables, "own"),
	      "sweep_large_pages");
	/* null with its reason */
	k->published_null = 1;
	k->n_published = 0;
	strcpy(k->published_reason, "ARM publishes none");
	cs_buf_init(&buf, text, sizeof text);
	cs_capture_write(&buf, &a, NULL, NULL);
	rc = cs_read_capture_mem(text, buf.len, &b, NULL, err, sizeof err);
	CHECK(rc == 0 && b.tlb.published_null && !strcmp(b.tlb.published_reason, "ARM publishes none"),
	      "null tlbs: %s", err);
}

#if CS_TEST_HOSTED
static void set_code(struct cs_refusal *f, const char *code)
{
	memset(f, 0, sizeof(*f));
	strcpy(f->code, code);
	strcpy(f->reason, "because");
}

static void test_compare(void)
{
	static struct cs_result r;
	struct cs_expect e;
	char why[1024];

	memset(&r, 0, sizeof(r));
	memset(&e, 0, sizeof(e));
	e.knee_tolerance = 0.02;
	CHECK(cs_expect_compare(&e, &r, why, sizeof(why)) == 0 &&
	      !cs_expect_any(&e), "nothing expected");
	r.n_knees = 2;
	r.knees[0] = (struct cs_knee){ .has_bytes = 1, .bytes = 50000 };
	r.knees[1] = (struct cs_knee){ .has_bytes = 0 };
	e.has_knees = 1;
	e.n_knees = 2;
	e.knees[0] = (struct cs_expect_size){ 1, 49152 };
	e.knees[1] = (struct cs_expect_size){ 0, 0 };
	CHECK(cs_expect_compare(&e, &r, why, sizeof(why)) == 0,
	      "knee within 2 %%: %s", why);
	e.knee_tolerance = 0.01;
	CHECK(cs_expect_compare(&e, &r, why, sizeof(why)) == 1 &&
	      strstr(why, "knee 1: expected 48 KiB"), "knee outside 1 %%: %s", why);
	e.knee_tolerance = 0.02;
	e.knees[1] = (struct cs_expect_size){ 1, 1 << 20 };
	CHECK(cs_expect_compare(&e, &r, why, sizeof(why)) == 1 &&
	      strstr(why, "knee 2: expected 1 MiB (1048576), got none"),
	      "missing knee: %s", why);
	e.n_knees = 1;
	CHECK(cs_expect_compare(&e, &r, why, sizeof(why)) == 1 &&
	      strstr(why, "knees: expected 1 (48 KiB), got 2 (48.8 KiB, none)"), "knee count: %s", why);
	e.has_knees = 0;

	e.has_refusals = 1;
	e.n_refusals = 2;
	strcpy(e.refusals[0], "fit-r2-low");
	strcpy(e.refusals[1], "ramp-too-small");
	r.n_refusals = 3;
	set_code(&r.refusals[0], "ramp-too-small");
	set_code(&r.refusals[1], "fit-r2-low");
	set_code(&r.refusals[2], "fit-r2-low");
	CHECK(cs_expect_compare(&e, &r, why, sizeof(why)) == 0,
	      "refusal set, any order: %s", why);
	set_code(&r.refusals[2], "block-length");
	CHECK(cs_expect_compare(&e, &r, why, sizeof(why)) == 1 &&
	      strstr(why, "unexpected block-length"), "extra refusal: %s", why);
	r.n_refusals = 1;
	CHECK(cs_expect_compare(&e, &r, why, sizeof(why)) == 1 &&
	      strstr(why, "expected fit-r2-low, not refused"),
	      "missing refusal: %s", why);
	e.n_refusals = 0;
	r.n_refusals = 0;
	CHECK(cs_expect_compare(&e, &r, why, sizeof(why)) == 0, "[] = none");

	e.has_granules = 1;
	e.n_granules = 2;
	e.granules[0] = (struct cs_expect_size){ 1, 64 };
	e.granules[1] = (struct cs_expect_size){ 0, 0 };
	r.n_adj = 2;
	r.adj[0].has_granule = 1;
	r.adj[0].granule_bytes = 64;
	r.adj[1].refused = 1;
	set_code(&r.adj[1].refusal, "granule-at-ruler-end");
	CHECK(cs_expect_compare(&e, &r, why, sizeof(why)) == 0 &&
	      cs_expect_any(&e), "granules: %s", why);
	r.adj[0].granule_bytes = 128;
	CHECK(cs_expect_compare(&e, &r, why, sizeof(why)) == 1 &&
	      strstr(why, "granule 1 (first): expected 64 B"), "granule: %s", why);
	r.n_adj = 3;
	CHECK(cs_expect_compare(&e, &r, NULL, 0) == 1, "series count, no text");
}

/* check's verdict, the page's too (cs_expect_judge): nothing stated is no
 * verdict; a difference FAILs; a known failure is KNOWN while it fails and
 * OK, with its own note, once it answers; every kind of the table judged
 * (a bandwidth expectation alone, which the page's JavaScript once skipped,
 * FAILs where the result has no such series). */
static void test_judge(void)
{
	static struct cs_result r;
	static struct cs_capture c;
	static struct cs_expect e;
	char why[CS_JUDGE_WHY];

	memset(&r, 0, sizeof(r));
	memset(&c, 0, sizeof(c));
	cs_expect_init(&e);
	CHECK(cs_expect_judge(&e, &c, &r, why, sizeof why) == CS_JUDGE_NONE && !why[0], "nothing stated: '-'");
	CHECK(!strcmp(cs_judgement_word(CS_JUDGE_NONE), "-") && !strcmp(cs_judgement_word(CS_JUDGE_KNOWN), "known failure"),
	      "the table's words");
	e.has_knees = 1;
	CHECK(cs_expect_judge(&e, &c, &r, why, sizeof why) == CS_JUDGE_OK && !why[0], "no knees, none expected: ok: %s", why);
	e.n_knees = 1;
	e.knees[0] = (struct cs_expect_size){ 1, 49152 };
	CHECK(cs_expect_judge(&e, &c, &r, why, sizeof why) == CS_JUDGE_FAIL && strstr(why, "knees: expected 1"),
	      "a missing knee FAILs: %s", why);
	e.has_known_failure = 1;
	strcpy(e.known_failure, "the rules miss it");
	CHECK(cs_expect_judge(&e, &c, &r, why, sizeof why) == CS_JUDGE_KNOWN &&
	      !strcmp(cs_expect_known_note(&e, CS_JUDGE_KNOWN), "known failure: "), "known failure: %s", why);
	e.has_knees = 0;
	CHECK(cs_expect_judge(&e, &c, &r, why, sizeof why) == CS_JUDGE_OK &&
	      strstr(cs_expect_known_note(&e, CS_JUDGE_OK), "no longer fails"), "a known failure that answers");
	cs_expect_init(&e);
	e.bw.present = 1;
	e.bw.n = 1;
	e.bw.s[0].op = CS_BW_READ;
	e.bw.s[0].threads = 3;
	CHECK(cs_expect_judge(&e, &c, &r, why, sizeof why) == CS_JUDGE_FAIL &&
	      strstr(why, "bandwidth read, 3 threads: no such series"), "bandwidth judged: %s", why);
	cs_expect_init(&e);
	e.clock.present = 1;
	e.clock.is_reference = 1;
	CHECK(cs_expect_judge(&e, &c, &r, why, sizeof why) == CS_JUDGE_FAIL &&
	      strstr(why, "reference: expected yes, got no"), "clock judged: %s", why);
}

/* Numbers: the exact fast path (short mantissa, small power of ten) and
 * strtod must agree bit for bit, on random decimals of every shape. */
static void test_numbers(void)
{
	static const struct cs_jd_limits lim = { 16, 4 };
	static char arena[4096];
	char text[96], num[64], err[256];
	uint64_t s = 12345;
	int bad = 0;

	for (int k = 0; k < 20000; k++) {
		struct cs_jd *root, *v;
		int n = 0, digits, point, ex;

		s = s * 6364136223846793005ull + 1442695040888963407ull;
		digits = 1 + (int)((s >> 20) % 19);
		point = (int)((s >> 30) % (unsigned)(digits + 1));
		ex = (int)((s >> 40) % 61) - 30;
		if (s >> 63)
			num[n++] = '-';
		for (int d = 0; d < digits; d++) {
			if (d == point && d)
				num[n++] = '.';
			s = s * 6364136223846793005ull + 1;
			num[n++] = (char)('0' + (d == 0 && digits > 1 &&
						 point != 1 ? 1 + (s >> 60) % 9
							    : (s >> 59) % 10));
		}
		if ((s >> 33) & 1)
			n += sprintf(num + n, "e%d", ex);
		num[n] = '\0';
		snprintf(text, sizeof(text), "{\"n\":%s}", num);
		root = cs_jd_parse(text, strlen(text), arena, sizeof(arena),
				   &lim, err, sizeof(err));
		v = root ? cs_jd_get(root, "n", 1) : NULL;
		if (!v || v->kind != CS_JD_NUMBER ||
		    memcmp(&v->u.num.d, &(double){ strtod(num, NULL) },
			   sizeof(double))) {
			if (bad++ < 5)
				CHECK(0, "number %s: %s, got %.17g", num,
				      root ? "differs" : err,
				      v ? v->u.num.d : 0.0);
		}
	}
	CHECK(bad == 0, "%d of 20000 numbers differ from strtod", bad);
}

#endif

/* The tree's own bounds, below the reader's: a small arena runs out and
 * says so, never past its end (1 KiB: jsmn's tokens share it with the
 * tree, 84 bytes a token). */
static void test_tree_bounds(void)
{
	static const struct cs_jd_limits lim = { 1000, 8 };
	static char arena[1024 + 64];
	char err[256];

	memset(arena + 1024, 0x5a, 64);
	CHECK(!cs_jd_parse("[1,2,3,4,5,6,7,8,9,10,11,12]", 28, arena, 1024, &lim,
			   err, sizeof(err)) &&
	      strstr(err, "more than the 1024 bytes this reader holds"),
	      "arena full: %s", err);
	CHECK(!cs_jd_parse("[\"aaaaaaaaaaaa\\n\"]", 18, arena, 64, &lim, err,
			   sizeof(err)) && strstr(err, "bytes this reader holds"),
	      "arena full of text: %s", err);
	int intact = 1;
	for (int i = 0; i < 64; i++)
		intact &= arena[1024 + i] == 0x5a;
	CHECK(intact, "nothing written past the arena");
	CHECK(!cs_jd_parse("[[[[[[[[[]]]]]]]]]", 18, arena, 1024, &lim, err,
			   sizeof(err)) &&
	      strstr(err, "nesting deeper than 8 levels at line 1, column 9"),
	      "depth: %s", err);
	CHECK(cs_jd_parse("[[[[[[[[]]]]]]]]", 16, arena, 1024, &lim, err,
			  sizeof(err)) != NULL, "depth 8: %s", err);
}

#if CS_TEST_HOSTED
/* reduce --json's text: yajl's generator, numbers as cs_put_g writes them,
 * null where a value does not exist, empty arrays as [], and no text at
 * all when a string cannot be encoded. */
static void test_result_json(void)
{
	static struct cs_capture c;
	static struct cs_result r;
	size_t len = 0;
	char *t;

	cs_capture_init(&c);
	memset(&r, 0, sizeof(r));
	strcpy(c.label, "tab\there \"q\"");
	r.n_points = 70;
	r.n_used = 68;
	r.gap_order = CS_GAP_ORDER_UNKNOWN;
	r.n_knees = 1;
	r.knees[0] = (struct cs_knee){ .has_bytes = 1, .bytes = 49152,
				       .has_gap = 1, .gap = NAN,
				       .has_published = 1,
				       .published_bytes = 1.0 / 3 };
	t = cs_result_json(&c, &r, &len);
	CHECK(t && len == strlen(t) && t[len - 1] == '\n', "text: %s", t ? t : "(none)");
	if (t) {
		CHECK(strstr(t, "\"label\": \"tab\\there \\\"q\\\"\""), "label: %s", t);
		CHECK(strstr(t, "\"total\": 70") && strstr(t, "\"used\": 68"), "points: %s", t);
		CHECK(strstr(t, "\"bytes\": 49152,"), "whole number as integer: %s", t);
		CHECK(strstr(t, "\"published_bytes\": 0.3333333333,"), "10 digits: %s", t);
		CHECK(strstr(t, "\"gap\": null"), "NaN is null: %s", t);
		CHECK(strstr(t, "\"retired_bytes\": null"), "absent is null: %s", t);
		CHECK(strstr(t, "\"levels\": [],") && strstr(t, "\"refusals\": [],\n"),
		      "empty arrays: %s", t);
		CHECK(strstr(t, "\"gap_order\": null"), "gap order: %s", t);
	}
	free(t);
	strcpy(c.label, "not \xff utf-8");
	t = cs_result_json(&c, &r, &len);
	CHECK(t == NULL, "a label that is not UTF-8 is not encoded");
	free(t);
}

#endif

int main(void)
{
	test_rows();
	test_values();
	test_bounds();
	test_deep_closed();
	test_embedded_nul();
	test_round_trip();
	test_tlb_round_trip();
	test_tree_bounds();
#if CS_TEST_HOSTED
	test_files();
	test_compare();
	test_judge();
	test_result_json();
	test_numbers();
	test_reread_dirty();
#endif
	return cs_test_summary("reader");
}
