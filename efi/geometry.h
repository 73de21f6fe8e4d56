/* geometry.h: the geometry kind's memory as the firmware gives it
 * (common/engine.h cs_geom_hooks, docs/geometry.md s.1): the engine's
 * pool, which UEFI maps one to one, checked page by page against the
 * firmware's own page tables (arch.h cs_arch_pt_format, walked by
 * kinds/tlb/pagetable.c). */
#ifndef CS_EFI_GEOMETRY_H
#define CS_EFI_GEOMETRY_H

#include <efi.h>
#include "../common/engine.h"

struct cs_efi_geom {
	void *pool;
	uint64_t pool_bytes;
};

void cs_efi_geom_hooks(struct cs_geom_hooks *h, struct cs_efi_geom *g, void *pool, uint64_t pool_bytes);

#endif
