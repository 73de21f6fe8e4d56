/* test_fdt.c: the flattened device tree reader (decode/fdt.c) on trees
 * built here, token by token, as the Devicetree Specification lays them
 * out: QEMU's virt root ("linux,dummy-virt", the evidence
 * arch/aarch64/cpu.c takes under U-Boot), a board's cpu node with its
 * cache properties, a NOP among the tokens, and the malformed: a wrong
 * magic, a size past the room, an old version, a block outside the blob,
 * a property running past the structure block, a name offset past the
 * strings, nodes nested past CS_FDT_MAX_DEPTH. */
#include <string.h>
#include "check.h"
#include "../decode/fdt.h"

CS_TEST_MAIN_DEFS;

/* A tree under construction: the structure block and the strings block
 * apart, joined by finish(). */
static struct {
	uint8_t st[4096], strs[1024], out[8192];
	uint32_t st_len, strs_len;
} T;

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static void tok(uint32_t v)
{
	put32(T.st + T.st_len, v);
	T.st_len += 4;
}

static void bytes(const void *p, uint32_t n)
{
	memcpy(T.st + T.st_len, p, n);
	T.st_len += n;
	while (T.st_len % 4)
		T.st[T.st_len++] = 0;
}

static void begin(const char *name)
{
	tok(1);
	bytes(name, (uint32_t)strlen(name) + 1);
}

static void end_node(void)
{
	tok(2);
}

static uint32_t string_off(const char *name)
{
	uint32_t off = T.strs_len;
	memcpy(T.strs + off, name, strlen(name) + 1);
	T.strs_len += (uint32_t)strlen(name) + 1;
	return off;
}

static void prop(const char *name, const void *val, uint32_t len)
{
	tok(3);
	tok(len);
	tok(string_off(name));
	bytes(val, len);
}

static void prop32(const char *name, uint32_t v)
{
	uint8_t b[4];
	put32(b, v);
	prop(name, b, 4);
}

static void start(void)
{
	memset(&T, 0, sizeof T);
}

/* The blob: header, an empty reservation map, the blocks; its size. */
static uint32_t finish(uint32_t version, uint32_t last_comp)
{
	uint32_t rsv = 40, st = rsv + 16, strs;
	tok(9);
	strs = st + T.st_len;
	memset(T.out, 0, sizeof T.out);
	put32(T.out, CS_FDT_MAGIC);
	put32(T.out + 4, strs + T.strs_len);
	put32(T.out + 8, st);
	put32(T.out + 12, strs);
	put32(T.out + 16, rsv);
	put32(T.out + 20, version);
	put32(T.out + 24, last_comp);
	put32(T.out + 32, T.strs_len);
	put32(T.out + 36, T.st_len);
	memcpy(T.out + st, T.st, T.st_len);
	memcpy(T.out + strs, T.strs, T.strs_len);
	return strs + T.strs_len;
}

static const char virt_compat[] = "linux,dummy-virt";
static const char board_compat[] = "starfive,visionfive-2-v1.3b\0starfive,jh7110";

/* QEMU's virt root, as `-machine dumpdtb` gives it (a part) */
static uint32_t virt_tree(void)
{
	start();
	begin("");
	prop32("#address-cells", 2);
	prop("compatible", virt_compat, sizeof virt_compat);
	begin("cpus");
	prop32("#size-cells", 0);
	begin("cpu@0");
	prop("compatible", "arm,cortex-a72", 15);
	prop32("reg", 0);
	end_node();
	end_node();
	begin("chosen");
	tok(4); /* a NOP */
	prop("stdout-path", "/pl011@9000000", 15);
	end_node();
	end_node();
	return finish(17, 16);
}

static void test_virt(void)
{
	uint32_t n = virt_tree(), len = 0;
	const char *why = "";
	const uint8_t *v;
	CHECK(cs_fdt_check(T.out, n, &why) == 0, "QEMU's virt tree checks: %s", why);
	CHECK(cs_fdt_size(T.out) == n, "its size");
	v = cs_fdt_prop(T.out, "/", "compatible", &len);
	CHECK(v && len == sizeof virt_compat && cs_fdt_strlist_has(v, len, "linux,dummy-virt"),
	      "the root's compatible");
	CHECK(v && !cs_fdt_strlist_has(v, len, "linux,dummy") && !cs_fdt_strlist_has(v, len, "linux,dummy-virtual"),
	      "a string list matches whole strings only");
	v = cs_fdt_prop(T.out, "/cpus/cpu@0", "compatible", &len);
	CHECK(v && cs_fdt_strlist_has(v, len, "arm,cortex-a72"), "a cpu node's compatible, two levels down");
	v = cs_fdt_prop(T.out, "/cpus/cpu@0", "reg", &len);
	CHECK(v && len == 4 && v[3] == 0, "a cell");
	CHECK(cs_fdt_prop(T.out, "/chosen", "stdout-path", &len) != NULL, "a property after a NOP");
	CHECK(cs_fdt_prop(T.out, "/cpus", "compatible", &len) == NULL, "a parent does not answer for its child");
	CHECK(cs_fdt_prop(T.out, "/", "reg", &len) == NULL, "the root does not answer for a child");
	CHECK(cs_fdt_prop(T.out, "/cpus/cpu@1", "reg", &len) == NULL, "no such node");
	CHECK(cs_fdt_prop(T.out, "/cpu@0", "reg", &len) == NULL, "a node found only at its own depth");
	CHECK(cs_fdt_prop(T.out, "/cpus/cpu", "reg", &len) == NULL, "a name is matched whole, unit address included");
	CHECK(cs_fdt_prop(T.out, "//cpus//cpu@0/", "reg", &len) != NULL, "repeated slashes");
}

/* A board's cpu node with its cache properties (the VisionFive 2, JH7110,
 * from its published tree: 32 KiB L1d of 64 sets, a 2 MiB L2). */
static void test_board(void)
{
	uint32_t n, len = 0;
	const char *why = "";
	const uint8_t *v;
	start();
	begin("");
	prop("compatible", board_compat, sizeof board_compat);
	begin("cpus");
	begin("cpu@1");
	prop32("d-cache-size", 32768);
	prop32("d-cache-sets", 64);
	prop32("d-cache-block-size", 64);
	prop32("next-level-cache", 0x10);
	end_node();
	end_node();
	begin("cache-controller@2010000");
	prop32("cache-size", 2 << 20);
	prop32("cache-level", 2);
	end_node();
	end_node();
	n = finish(17, 16);
	CHECK(cs_fdt_check(T.out, n, &why) == 0, "a board's tree checks: %s", why);
	v = cs_fdt_prop(T.out, "/", "compatible", &len);
	CHECK(v && cs_fdt_strlist_has(v, len, "starfive,jh7110") && !cs_fdt_strlist_has(v, len, "linux,dummy-virt"),
	      "the second string of a list; not QEMU's");
	v = cs_fdt_prop(T.out, "/cpus/cpu@1", "d-cache-size", &len);
	CHECK(v && len == 4 && v[0] == 0 && v[1] == 0 && v[2] == 0x80 && v[3] == 0, "d-cache-size 32768, big-endian");
	v = cs_fdt_prop(T.out, "/cache-controller@2010000", "cache-level", &len);
	CHECK(v && len == 4 && v[3] == 2, "a sibling after a subtree closed");
}

static void test_malformed(void)
{
	uint32_t n, len = 0;
	const char *why = "";
	n = virt_tree();
	CHECK(cs_fdt_check(T.out, n - 1, &why) == -1, "a size past the room: %s", why);
	CHECK(cs_fdt_check(T.out, 39, &why) == -1, "no room for the header: %s", why);
	CHECK(cs_fdt_check(NULL, 4096, &why) == -1, "no tree: %s", why);
	T.out[0] = 0xde;
	CHECK(cs_fdt_check(T.out, n, &why) == -1, "a wrong magic: %s", why);
	n = virt_tree();
	put32(T.out + 20, 16);
	CHECK(cs_fdt_check(T.out, n, &why) == -1, "version 16: %s", why);
	n = virt_tree();
	put32(T.out + 24, 18);
	CHECK(cs_fdt_check(T.out, n, &why) == -1, "compatible with 18 only: %s", why);
	n = virt_tree();
	put32(T.out + 36, n);
	CHECK(cs_fdt_check(T.out, n, &why) == -1, "a structure block past the blob: %s", why);
	n = virt_tree();
	put32(T.out + 8, 41);
	CHECK(cs_fdt_check(T.out, n, &why) == -1, "a structure block not 4-aligned: %s", why);
	/* a property whose length runs past the structure block */
	start();
	begin("");
	prop("compatible", virt_compat, sizeof virt_compat);
	end_node();
	n = finish(17, 16);
	put32(T.out + 56 + 4 + 4 + 4, 4000); /* the root's BEGIN, name pad, PROP: its len */
	CHECK(cs_fdt_check(T.out, n, &why) == 0 && cs_fdt_prop(T.out, "/", "compatible", &len) == NULL,
	      "a value past its block is not read");
	start();
	begin("");
	prop("compatible", virt_compat, sizeof virt_compat);
	end_node();
	n = finish(17, 16);
	put32(T.out + 56 + 4 + 4 + 8, 999);
	CHECK(cs_fdt_prop(T.out, "/", "compatible", &len) == NULL, "a name past the strings is not read");
	/* nested past the limit, the path asked for inside it */
	start();
	begin("");
	for (uint32_t i = 0; i < CS_FDT_MAX_DEPTH + 2; i++)
		begin("n");
	prop32("x", 1);
	for (uint32_t i = 0; i < CS_FDT_MAX_DEPTH + 3; i++)
		end_node();
	n = finish(17, 16);
	CHECK(cs_fdt_check(T.out, n, &why) == 0, "a deep tree checks");
	{
		char path[2 * (CS_FDT_MAX_DEPTH + 2) + 1];
		for (uint32_t i = 0; i < CS_FDT_MAX_DEPTH + 2; i++) {
			path[2 * i] = '/';
			path[2 * i + 1] = 'n';
		}
		path[2 * (CS_FDT_MAX_DEPTH + 2)] = 0;
		CHECK(cs_fdt_prop(T.out, path, "x", &len) == NULL, "nested past CS_FDT_MAX_DEPTH: refused");
		path[2 * 3] = 0;
		CHECK(cs_fdt_prop(T.out, path, "x", &len) == NULL, "a property deeper than asked is not answered");
	}
}

int main(void)
{
	test_virt();
	test_board();
	test_malformed();
	return cs_test_summary("fdt");
}
