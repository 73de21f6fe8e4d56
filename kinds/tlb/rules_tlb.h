/* rules_tlb.h: the thresholds the TLB reduction adds, each pointing at its
 * section of docs/tlb.md. The plateau, level and knee rules are
 * docs/reduction.md's (rules.h), applied unchanged to (pages, ns). Change one
 * here and a unit test in tests/test_reduce_tlb.c must break
 * (tests/suite-mutation-tlb.sh). */
#ifndef CS_RULES_TLB_H
#define CS_RULES_TLB_H

/* s.4 a data-cache knee within this fraction of a TLB's reach (entries x
 * page size) is named "translation, not a cache": |knee / reach - 1| <= it */
#define CS_TLB_TRANSLATION_NEAR 0.25
/* s.5 a knee from L to CS_TLB_ALIAS_SPAN x L pages, where L is the window's
 * distinct lines, is where lines begin to be reached through two virtual
 * addresses: named aliasing, never a TLB level */
#define CS_TLB_ALIAS_SPAN 2.0

/* Refusal codes the TLB reduction adds (s.6); it also raises the sweep's
 * block-length, fewer-than-two-plateaus, grid-too-coarse, knee-unmatched
 * and knee-missing, worded for TLB levels. */
#define CS_R_TLB_NOT_MEASURED "tlb-not-measured" /* the producer's refusal */
#define CS_R_TLB_ALIAS "alias-knee"              /* s.5 */

#endif
