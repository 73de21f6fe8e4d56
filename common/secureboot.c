/* secureboot.c: the Secure Boot state's JSON and its line (secureboot.h). */
#include "secureboot.h"

int cs_secure_boot_enforcing(const struct cs_secure_boot *s)
{
	return s->present && s->has_secure_boot && s->secure_boot == 1 &&
	       !(s->has_setup_mode && s->setup_mode != 0);
}

static void key_opt(struct cs_jsonw *j, const char *key, int has, uint64_t v)
{
	cs_jsonw_key(j, key);
	if (has)
		cs_jsonw_u64(j, v);
	else
		cs_jsonw_null(j);
}

void cs_secure_boot_json(struct cs_jsonw *j, const struct cs_secure_boot *s)
{
	cs_jsonw_key(j, "secure_boot");
	cs_jsonw_obj(j);
	key_opt(j, "secure_boot", s->has_secure_boot, s->secure_boot);
	key_opt(j, "setup_mode", s->has_setup_mode, s->setup_mode);
	key_opt(j, "db_bytes", s->has_db, s->db_bytes);
	key_opt(j, "dbx_bytes", s->has_dbx, s->dbx_bytes);
	cs_jsonw_obj_end(j);
}

static void flag(struct cs_buf *b, const char *name, int has, uint32_t v)
{
	cs_puts(b, name);
	if (has) {
		cs_putc(b, '=');
		cs_put_u64(b, v);
	} else {
		cs_puts(b, " absent");
	}
}

static void list(struct cs_buf *b, const char *name, int has, uint64_t bytes)
{
	if (!has) {
		cs_puts(b, "no ");
		cs_puts(b, name);
		return;
	}
	cs_puts(b, name);
	cs_putc(b, ' ');
	cs_put_u64(b, bytes);
	cs_puts(b, " bytes");
}

/* What the two flags mean together (UEFI 2.10 chapter 32, the modes). */
static const char *state(const struct cs_secure_boot *s)
{
	if (!s->has_secure_boot)
		return "not offered by this firmware (no SecureBoot variable)";
	if (cs_secure_boot_enforcing(s))
		return "enforcing: only images signed by a key in db run";
	if (s->secure_boot == 1)
		return "SecureBoot=1 in setup mode (a firmware contradiction)";
	if (s->secure_boot != 0)
		return "SecureBoot holds neither 0 nor 1";
	if (s->has_setup_mode && s->setup_mode == 1)
		return "off, setup mode: no platform key enrolled";
	return "off: not enforced";
}

void cs_secure_boot_text(struct cs_buf *b, const struct cs_secure_boot *s)
{
	if (!s->present)
		return;
	cs_puts(b, "secure boot: ");
	cs_puts(b, state(s));
	cs_puts(b, " (");
	flag(b, "SecureBoot", s->has_secure_boot, s->secure_boot);
	cs_puts(b, ", ");
	flag(b, "SetupMode", s->has_setup_mode, s->setup_mode);
	cs_puts(b, "; ");
	list(b, "db", s->has_db, s->db_bytes);
	cs_puts(b, ", ");
	list(b, "dbx", s->has_dbx, s->dbx_bytes);
	cs_puts(b, ")\n");
}
