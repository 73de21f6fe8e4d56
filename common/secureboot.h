/* secureboot.h: the firmware's Secure Boot state, as a firmware capture
 * records it (producer.secure_boot) and as the screen and `cacheshape
 * reduce` say it, in one wording. Read by efi/secureboot.c (GetVariable)
 * and by the host reader. Freestanding. */
#ifndef CS_SECUREBOOT_H
#define CS_SECUREBOOT_H

#include <stdint.h>
#include "buf.h"
#include "jsonw.h"

/* UEFI 2.10 s.3.3: SecureBoot and SetupMode are one byte, 0 or 1 (the
 * reader takes any byte: the screen says when it is neither). */
#define CS_SB_FLAG_MAX 255u
/* db and dbx sizes the reader accepts: a variable store holds far less. */
#define CS_SB_LIST_MAX (1ull << 32)

struct cs_secure_boot {
	int present;         /* read by the firmware (a capture: producer.secure_boot) */
	int has_secure_boot; /* each has_: the variable exists and was read */
	uint32_t secure_boot; /* 1: the firmware enforces signatures */
	int has_setup_mode;
	uint32_t setup_mode;  /* 1: no platform key enrolled */
	int has_db;
	uint64_t db_bytes;    /* the authorised signatures' list, as stored */
	int has_dbx;
	uint64_t dbx_bytes;   /* the forbidden signatures' list */
};

/* 1 when the state is enforcing: SecureBoot=1 (SetupMode 0 or absent). */
int cs_secure_boot_enforcing(const struct cs_secure_boot *s);
/* The member "secure_boot": {secure_boot, setup_mode, db_bytes, dbx_bytes},
 * null for a variable the firmware does not have. */
void cs_secure_boot_json(struct cs_jsonw *j, const struct cs_secure_boot *s);
/* One line, "secure boot: enforcing (SecureBoot=1, SetupMode=0; db 1.5 KiB,
 * dbx 76 bytes)\n"; nothing when s is not present. */
void cs_secure_boot_text(struct cs_buf *b, const struct cs_secure_boot *s);

#endif
