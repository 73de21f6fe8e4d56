/* geom_hooks.h: what a program offers the geometry kind (geom_run.c), a
 * member of struct cs_engine_hooks through scripts/kinds-h.sh */
#ifndef CS_GEOM_HOOKS_H
#define CS_GEOM_HOOKS_H

#include <stddef.h>
#include <stdint.h>

/* The geometry kind's memory (docs/geometry.md s.1): a region whose
 * physical addresses are known, so that lines at base + j x stride share a
 * set. region: 0 and *mem (64-byte aligned), its *bytes, *span (the
 * address bits below log2 span are physical: the region itself where it is
 * physically contiguous, 2 MiB on huge pages), the memory's name
 * ("identity", "huge-page", "pagemap") and how that is known; or -1 and why. NULL: no
 * geometry here. release may be NULL. */
struct cs_geom_hooks {
	int (*region)(void *ctx, void **mem, uint64_t *bytes, uint64_t *span, char *memory,
		      size_t memory_len, char *how, size_t how_len, char *why, size_t why_len);
	void (*release)(void *ctx, void *mem, uint64_t bytes);
	void *ctx;
};

/* its member of struct cs_engine_hooks (scripts/kinds-h.sh): region NULL,
 * no geometry table here */
#define CS_HOOKS_MEMBER_GEOMETRY struct cs_geom_hooks geom;

#endif
