/* tlb.h: the TLB kind's hooks as the firmware gives them (kinds/tlb/tlb_probe.h):
 * windows on page tables of our own (arch.h, kinds/tlb/pagetable.h), the
 * firmware's tables put back around every point, the region again on large
 * pages, and the page size that backs it. */
#ifndef CS_EFI_TLB_H
#define CS_EFI_TLB_H

#include <efi.h>
#include "../arch/arch.h"
#include "../kinds/tlb/tlb_probe.h"

struct cs_efi_tlb {
	EFI_BOOT_SERVICES *bs;
	void *region;               /* the engine's region (identity-mapped) */
	uint64_t region_bytes;
	int tried, own;             /* our tables tried; built */
	char why[CS_TEXT_MAX];      /* why not, when not */
	struct cs_pt pt;            /* our tables */
	uint64_t fw_root;           /* the firmware's */
	uint32_t leaves;            /* page sizes the processor maps (arch.h) */
	EFI_PHYSICAL_ADDRESS tables, frames;
	uint64_t table_pages, frame_pages;
};

/* The hooks into h, t their state, over the engine's region. */
void cs_efi_tlb_hooks(struct cs_tlb_hooks *h, struct cs_efi_tlb *t, EFI_BOOT_SERVICES *bs,
		      void *region, uint64_t region_bytes);
/* The firmware's tables in place (they always are between points) and our
 * memory given back; 1 when the root in use is the firmware's again. */
int cs_efi_tlb_done(struct cs_efi_tlb *t);

#endif
