/* test_bw_kernels.c: the bandwidth kind's streaming kernels of the arch
 * layer this host runs (arch/<arch>/bandwidth.c), every width it offers:
 * the read's sum is the sum of every word (no load left out, none counted
 * twice), write and non-temporal write store their value over exactly the
 * range, copy copies exactly the range; a width not offered here is
 * refused by name, an unknown name always. Correctness only: timings are
 * make bench's. Host only (mk/selftest.mk). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../kinds/bandwidth/bw_probe.h"

CS_TEST_MAIN_DEFS;

static const char *const widths[] = { "scalar", "sse2", "avx2", "avx512", "neon" };
static const uint64_t sizes[] = { 512, 1024, 4096, 512 * 7, 65536 + 512 };

#define GUARD 4096 /* bytes of canary on either side of the range */

static uint64_t *buffer(size_t words)
{
	void *p = NULL;
	if (posix_memalign(&p, 4096, words * 8))
		return NULL;
	return p;
}

static void check_width(const struct cs_bw_kernels *k, uint64_t bytes)
{
	size_t words = (size_t)(bytes + 2 * GUARD) / 8, g = GUARD / 8, n = (size_t)bytes / 8;
	uint64_t *a = buffer(words), *b = buffer(words), want = 0;
	int ok = 1;
	if (!a || !b) {
		CHECK(0, "no memory");
		return;
	}
	for (size_t i = 0; i < words; i++)
		a[i] = i * 0x9e3779b97f4a7c15ull + 7;
	for (size_t i = 0; i < n; i++)
		want += a[g + i];
	CHECK(k->read(a + g, bytes) == want, "%s read of %llu bytes: sum", k->name,
	      (unsigned long long)bytes);
	memset(b, 0x5a, words * 8);
	k->copy(b + g, a + g, bytes);
	ok = memcmp(b + g, a + g, bytes) == 0;
	for (size_t i = 0; i < g; i++)
		ok &= b[i] == 0x5a5a5a5a5a5a5a5aull && b[g + n + i] == 0x5a5a5a5a5a5a5a5aull;
	CHECK(ok, "%s copy of %llu bytes: exactly the range", k->name, (unsigned long long)bytes);
	for (int nt = 0; nt < 2; nt++) {
		void (*w)(void *, uint64_t, uint64_t) = nt ? k->nt_write : k->write;
		if (!w)
			continue;
		memset(b, 0x5a, words * 8);
		w(b + g, bytes, 0x0123456789abcdefull);
		ok = 1;
		for (size_t i = 0; i < n; i++)
			ok &= b[g + i] == 0x0123456789abcdefull;
		for (size_t i = 0; i < g; i++)
			ok &= b[i] == 0x5a5a5a5a5a5a5a5aull && b[g + n + i] == 0x5a5a5a5a5a5a5a5aull;
		CHECK(ok, "%s %s of %llu bytes: the value over exactly the range", k->name,
		      nt ? "nt_write" : "write", (unsigned long long)bytes);
	}
	free(a);
	free(b);
}

int main(void)
{
	struct cs_bw_kernels k, widest;
	int offered = 0;
	CHECK(cs_bw_kernels_select(&widest, 0, NULL) == 0, "the widest kernels");
	CHECK(widest.note[0] != 0, "the widest kernels say how the state was had");
	CHECK(widest.read && widest.write && widest.copy, "the widest kernels are all there");
	for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
		if (cs_bw_kernels_select(&k, 0, widths[w]) != 0)
			continue;
		offered++;
		CHECK(strcmp(k.name, widths[w]) == 0, "asked %s, got %s", widths[w], k.name);
		CHECK(k.vector_bytes >= 8 && k.vector_bytes <= widest.vector_bytes,
		      "%s: %u vector bytes", k.name, k.vector_bytes);
		for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
			check_width(&k, sizes[s]);
	}
	CHECK(offered >= 2, "scalar and at least one vector width offered (%d)", offered);
	CHECK(cs_bw_kernels_select(&k, 0, "mmx") == -1, "an unknown width is refused");
	return cs_test_summary("test_bw_kernels");
}
