/* fdt.h: the flattened device tree (the Devicetree Specification v0.4,
 * chapter 5: a header, a structure block of tokens, a strings block), as a
 * firmware hands it over (U-Boot's UEFI: an EFI configuration table). A
 * reader of what a tree says about the machine, never trusting it: every
 * offset and length is checked against the blob's size before it is read.
 * Big-endian throughout. Freestanding; tested on trees built in memory
 * (tests/test_fdt.c). What reads it: arch/aarch64/cpu.c (QEMU's virt
 * machine by its root "compatible", where no ACPI table names it). */
#ifndef CS_FDT_H
#define CS_FDT_H

#include <stdint.h>

#define CS_FDT_MAGIC 0xd00dfeedu
/* The version this reader walks: 17, whose header gives the structure
 * block's size; a tree is taken when its version is 17 or later and it
 * stays compatible with 17 (its last_comp_version at most 17). */
#define CS_FDT_VERSION 17u
/* A tree larger than this is taken as corrupt (QEMU's virt tree is 1 MiB
 * of room, a board's tens of KiB). */
#define CS_FDT_MAX_BYTES (16u << 20)
/* Nodes nested deeper than this are refused (a board's trees nest 6 or 7). */
#define CS_FDT_MAX_DEPTH 32u

/* 0 when blob is a tree this reader can walk within cap bytes (the magic,
 * a total size within cap and CS_FDT_MAX_BYTES, the blocks inside it,
 * CS_FDT_VERSION); -1 with *why in words. */
int cs_fdt_check(const void *blob, uint64_t cap, const char **why);
/* The header's total size (only after cs_fdt_check). */
uint32_t cs_fdt_size(const void *blob);

/* The property 'name' of the node at 'path' ("/" the root, "/cpus/cpu@0":
 * each component the node's full name, unit address included): its value
 * and *len, or NULL when there is no such node or property, or the tree is
 * malformed where the walk goes (a checked tree only). */
const void *cs_fdt_prop(const void *blob, const char *path, const char *name, uint32_t *len);

/* 1 when a string list (a "compatible" value: NUL-terminated strings one
 * after another) holds s exactly. */
int cs_fdt_strlist_has(const void *val, uint32_t len, const char *s);

#endif
