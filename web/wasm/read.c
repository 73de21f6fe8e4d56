/* read.c: the page reads a capture with the capture reader itself
 * (reader/, the C the host command and the firmware run): JavaScript puts
 * the file's bytes where cs_read_reserve() says and calls cs_read(); the
 * capture lands in cs_w_cap (what cs_reduce_capture reduces) and its
 * "expect" in cs_w_exp, or cs_out() holds the reader's message, word for
 * word the host's. judge.c judges the reduction against that "expect"
 * with the core's own C, as `cacheshape check` does. */
#include "wasm.h"
#include "../../reader/fmt.h"
#include "../../reader/reader.h"

struct cs_capture cs_w_cap;
struct cs_expect cs_w_exp;
char cs_w_in[CS_IN_BYTES];

CS_EXPORT(cs_in) char *cs_in(void) { return cs_w_in; }
CS_EXPORT(cs_in_bytes) uint32_t cs_in_bytes(void) { return CS_IN_BYTES; }

/* The file and the reader's arena after it, grown from the module's
 * memory as the largest file read so far needs (kept from one read to the
 * next, as the host keeps its arena). */
static char *heap;
static size_t heap_size;

CS_EXPORT(cs_read_reserve) char *cs_read_reserve(uint32_t len)
{
	size_t need = len + 16 + cs_read_arena_need(len);

	if (len > CS_READ_MAX_FILE + 1)
		return 0;
	if (need > heap_size) {
		size_t pages = (need + 65535) / 65536;
		long got = __builtin_wasm_memory_grow(0, (unsigned long)pages);
		if (got < 0)
			return 0;
		heap = (char *)((unsigned long)got * 65536);
		heap_size = pages * 65536;
	}
	return heap;
}

static char *arena_of(uint32_t len)
{
	return heap + ((len + 15) & ~15u);
}

/* The capture cs_read_reserve(len) holds, read: 0, or -1 with the reader's
 * message in cs_out() (NUL-terminated). */
CS_EXPORT(cs_read) int cs_read(uint32_t len)
{
	if (!heap || len + 16 + cs_read_arena_need(len) > heap_size) {
		cs_fmt(cs_w_out, CS_OUT_BYTES, "no room reserved for %u bytes", len);
		return -1;
	}
	return cs_read_capture(heap, len, arena_of(len), heap_size - ((len + 15) & ~15u),
			       &cs_w_cap, &cs_w_exp, cs_w_out, 512);
}

/* NAME.expect beside a capture, as check reads it (host/expect.c's
 * cs_read_expect_beside): at most 16383 bytes, 4096 values, nesting 8,
 * into cs_w_exp. 0, or -1 with the message (without the file's name). */
CS_EXPORT(cs_read_expect_file) int cs_read_expect_file(uint32_t len)
{
	static const struct cs_jd_limits lim = { 4096, 8 };
	struct cs_jr r;
	struct cs_jd *root;

	if (len > 16383) {
		cs_fmt(cs_w_out, CS_OUT_BYTES, "larger than %u bytes", 16383u);
		return -1;
	}
	if (!heap || len + 16 + cs_read_arena_need(len) > heap_size) {
		cs_fmt(cs_w_out, CS_OUT_BYTES, "no room reserved for %u bytes", len);
		return -1;
	}
	cs_expect_init(&cs_w_exp);
	cs_jr_init(&r, cs_w_out, 512);
	root = cs_jd_parse(heap, len, arena_of(len), heap_size - ((len + 15) & ~15u),
			   &lim, cs_w_out, 512);
	return !root || cs_jr_object(&r, root) || cs_read_expect(&r, root, &cs_w_exp) ? -1 : 0;
}
