/* row.h: one capture's cells in the table of `cacheshape check`, freestanding:
 * the command and the page's replay table print the same text. */
#ifndef CS_ROW_H
#define CS_ROW_H

#include "reduce.h"
#include "../common/kinds.h"

enum { CS_ROW_PUBLISHED, CS_ROW_KNEES, CS_ROW_RETIRED, CS_ROW_GRANULES,
       CS_ROW_REFUSALS, CS_ROW_TLBS, CS_ROW_TLB_KNEES, CS_ROW_TLB_REFUSALS,
       CS_ROW_CYCLES, CS_ROW_REF, CS_ROW_GEOMETRY, CS_ROW_READ_GBPS, CS_ROW_CELLS };
#define CS_ROW_CELL_MAX 256

/* Published data and unified sizes; knees ("missing" where one is); the
 * retired rule's sizes; each series' granule ("refused"); each refusal code
 * once, in order. Then the TLB kind's (docs/tlb.md): the published data and
 * unified TLBs' entries by page size ("4 KiB: 64, 1536; 2 MiB: 32", "none
 * published" for a null list); each page size's knees in entries
 * ("missing", "N alias"; "refused" for a page size not measured); and the
 * TLB refusal codes, each once. Then the core clock's (docs/clock.md):
 * each level's floor in core cycles ("5.0, 15.7, 132"; "refused
 * clock-drift" when the clock was not stable, "-" without a core clock),
 * and the reference verdict ("yes", or "no: " and the failed conditions'
 * codes).
 * Then the geometry kind's (docs/geometry.md): each level's ways x sets
 * and size ("L1 8x64, 32 KiB"), or its refusal code ("L3 index-hashed").
 * Then the bandwidth kind's (docs/bandwidth.md): the read on one thread,
 * GB/s per level ("no level"; "-" where none was measured).
 * "-" for an empty list. The sweep's cells are this file's; each kind's
 * are its row column of the table (common/kinds.h), in its folder
 * (kinds/<name>/<x>_row.c), filling the cells named above. */
void cs_row_cells(char cells[CS_ROW_CELLS][CS_ROW_CELL_MAX],
		  const struct cs_capture *c, const struct cs_result *r);
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, \
		plot, settings, screen, points, synthetic, query, after, summary, row, ...) \
	void row(char cells[][CS_ROW_CELL_MAX], const struct cs_capture *c, const struct cs_result *r);
CS_KINDS
#undef CS_KIND
/* The row column of a kind with no cells. */
void cs_none_row(char cells[][CS_ROW_CELL_MAX], const struct cs_capture *c,
		 const struct cs_result *r);

#endif
