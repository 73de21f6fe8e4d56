/* bandwidth.c: the streaming kernels of the bandwidth kind in WebAssembly
 * (kinds/bandwidth/bw_probe.h; chosen by the build for x86_64), for the page's own measurement
 * (web/wasm/measure.c). Built twice (mk/web.mk): with -msimd128 into
 * cacheshape-simd.wasm, whose kernels move 128-bit v128 vectors, and
 * without into cacheshape.wasm, whose kernels move 64-bit words (a browser
 * with no WebAssembly SIMD cannot even validate a module that holds one
 * v128 instruction, so the page picks the module, web/js/measure-worker.js,
 * and the capture names the kernel). Read sums every load into eight
 * accumulators that are returned, so no load is dropped; write and copy
 * store through volatile pointers, so that the compiler can neither drop
 * a store nor turn a loop into memory.fill or memory.copy. WebAssembly has no
 * non-temporal store: nt_write is NULL and the run says so. Eight vectors
 * a turn, as on the other architectures (CS_BW_CHUNK is a multiple).
 * cs_bw_vector_enter/leave do nothing: a page has no vector state to
 * enable, and its services are unprivileged, so they are never called. */
#include "../bw_probe.h"
#include "../../../common/buf.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#define VEC v128_t
#define VBYTES 16u
#define KNAME "simd128"
#define LOAD(p) wasm_v128_load(p)
#define STORE(p, v) (*(volatile v128_t *)(void *)(p) = (v))
#define ADD(a, b) wasm_i64x2_add(a, b)
#define SPLAT(v) wasm_i64x2_splat((long long)(v))
#define ZERO() wasm_i64x2_splat(0)
static uint64_t fold(VEC v)
{
	return (uint64_t)wasm_i64x2_extract_lane(v, 0) + (uint64_t)wasm_i64x2_extract_lane(v, 1);
}
#else
#define VEC uint64_t
#define VBYTES 8u
#define KNAME "scalar"
#define LOAD(p) (*(const uint64_t *)(p))
#define STORE(p, v) (*(volatile uint64_t *)(void *)(p) = (v))
#define ADD(a, b) ((a) + (b))
#define SPLAT(v) ((uint64_t)(v))
#define ZERO() ((uint64_t)0)
static uint64_t fold(VEC v) { return v; }
#endif

static uint64_t k_read(const void *p, uint64_t bytes)
{
	const unsigned char *q = p, *end = q + bytes;
	VEC a0 = ZERO(), a1 = ZERO(), a2 = ZERO(), a3 = ZERO();
	VEC a4 = ZERO(), a5 = ZERO(), a6 = ZERO(), a7 = ZERO();
	for (; q < end; q += 8 * VBYTES) {
		a0 = ADD(a0, LOAD(q + 0 * VBYTES));
		a1 = ADD(a1, LOAD(q + 1 * VBYTES));
		a2 = ADD(a2, LOAD(q + 2 * VBYTES));
		a3 = ADD(a3, LOAD(q + 3 * VBYTES));
		a4 = ADD(a4, LOAD(q + 4 * VBYTES));
		a5 = ADD(a5, LOAD(q + 5 * VBYTES));
		a6 = ADD(a6, LOAD(q + 6 * VBYTES));
		a7 = ADD(a7, LOAD(q + 7 * VBYTES));
	}
	return fold(ADD(ADD(ADD(a0, a1), ADD(a2, a3)), ADD(ADD(a4, a5), ADD(a6, a7))));
}

static void k_write(void *p, uint64_t bytes, uint64_t v)
{
	unsigned char *q = p, *end = q + bytes;
	VEC s = SPLAT(v);
	for (; q < end; q += 8 * VBYTES)
		for (uint32_t i = 0; i < 8; i++)
			STORE(q + i * VBYTES, s);
}

static void k_copy(void *dst, const void *src, uint64_t bytes)
{
	const unsigned char *q = src, *end = q + bytes;
	unsigned char *d = dst;
	for (; q < end; q += 8 * VBYTES, d += 8 * VBYTES)
		for (uint32_t i = 0; i < 8; i++)
			STORE(d + i * VBYTES, LOAD(q + i * VBYTES));
}

int cs_bw_kernels_select(struct cs_bw_kernels *k, int privileged, const char *want)
{
	(void)privileged;
	cs_memset(k, 0, sizeof *k);
	if (want && want[0] && !cs_streq(want, KNAME))
		return -1;
	cs_strlcpy(k->name, KNAME, sizeof k->name);
	k->vector_bytes = VBYTES;
	k->read = k_read;
	k->write = k_write;
	k->copy = k_copy;
	k->nt_write = 0;
	cs_strlcpy(k->note, VBYTES == 16 ? "WebAssembly SIMD (v128 loads and stores), validated by this browser"
					 : "cacheshape.wasm, no SIMD (the browser did not validate a v128 module, or ?simd=off): 64-bit words",
		   sizeof k->note);
	return 0;
}

/* A page has no vector state to enable (the module was validated with its
 * instructions): nothing to do, nothing to put back. Never called: a page's
 * services are unprivileged (kinds/bandwidth/bw_platform.c). */
int cs_bw_vector_enter(const struct cs_bw_kernels *k, struct cs_bw_saved *s)
{
	(void)k;
	s->changed = 0;
	return 0;
}

void cs_bw_vector_leave(const struct cs_bw_saved *s)
{
	(void)s;
}
