/* competitor.h: the other processors (issue 8). Enumerates them through MP
 * services and records them (c->mp); with competitors=N runs the sweep a
 * second time while N application processors stream through buffers of
 * their own (seed 000 s.4), stopping them after through a flag they poll
 * and a bounded wait; groups the processors by kind of core and records
 * one sweep per kind (the boot processor's kind is the main sweep; another
 * kind is swept on one of its processors with StartupThisAP). Where MP
 * services are missing (AAVMF) it says so and the run stays on the boot
 * processor. No AP is left running by a normal return. */
#ifndef CS_EFI_COMPETITOR_H
#define CS_EFI_COMPETITOR_H

#include <efi.h>
#include "measure.h"
#include "settings.h"
#include "../common/jsonw.h"

/* After the main sweep (m as it ran it), before the summary. */
void cs_competitor_run(EFI_SYSTEM_TABLE *st, const struct cs_measure *m,
		       struct cs_capture *c, const struct cs_settings *set);
/* After the summary: the competitor sweep's summary, the comparison line,
 * one line per kind of core. */
void cs_competitor_summary(const struct cs_capture *c);
/* "processors", "processors_reason", "competitor", "cores" (when measured). */
void cs_competitor_json(struct cs_jsonw *j, const struct cs_capture *c);

#endif
