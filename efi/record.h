/* record.h: what the firmware adds to a capture beyond docs/capture.md's core
 * and the engine's records: firmware and CPU identity, raw registers,
 * calibration, settings, the plan; and the capture's label and file name. */
#ifndef CS_EFI_RECORD_H
#define CS_EFI_RECORD_H

#include <efi.h>
#include "../arch/arch.h"
#include "calib.h"
#include "../common/engine.h"
#include "settings.h"
#include "../common/secureboot.h"

#define CS_RECORD_MAX_LACKS 4

struct cs_record {
	EFI_SYSTEM_TABLE *st;
	const struct cs_arch_cpu *cpu;
	const struct cs_calib *calib;
	const struct cs_settings *set;
	const struct cs_plan *plan;
	const struct cs_capture *c;
	const struct cs_secure_boot *sb; /* producer.secure_boot */
	int memory_limited;   /* the sweep stopped short of 4x the largest cache */
	uint64_t sweep_target;
	uint64_t pool_bytes;
	/* producer.capture_write: how the capture is kept on the volume
	 * (save.c decides before writing it): "rename" (a temporary name,
	 * renamed when checked) or "fresh-name" (the file protocol cannot
	 * rename: written under its own free name), and why, in words. */
	const char *write_method;
	char write_why[192];
	/* producer.firmware_lacks: the services it lacks (screen.c) */
	const char *lacks[CS_RECORD_MAX_LACKS];
	uint32_t n_lacks;
};

/* Firmware vendor (UCS-2) as ASCII. */
void cs_record_fw_vendor(EFI_SYSTEM_TABLE *st, char *out, size_t cap);
void cs_record_label(const struct cs_record *r, char *out, size_t cap);
/* <yyyymmdd>-<hhmmss>-<cpu>, or the settings' name. */
void cs_record_basename(const struct cs_record *r, char *out, size_t cap);
/* cs_capture_extra_fn: ctx is a struct cs_record. */
void cs_record_extra(struct cs_jsonw *j, void *ctx);

#endif
