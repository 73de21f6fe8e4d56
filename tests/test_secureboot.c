/* test_secureboot: common/secureboot.c, the Secure Boot state's one line
 * (screen and `cacheshape reduce`) and its JSON, for each mode the flags can
 * say; then, on the host, the reader of producer.secure_boot (host/reader.c):
 * the writer's output read back, null as absent, a wrong value refused with
 * its path, a "producer" that is not an object ignored as before. */
#include <string.h>
#include "check.h"
#include "../common/buf.h"
#include "../common/jsonw.h"
#include "../common/secureboot.h"
#if CS_TEST_HOSTED
#include "../host/reader.h"
#endif

CS_TEST_MAIN_DEFS;

static const struct {
	const char *name;
	struct cs_secure_boot sb;
	const char *line;
} rows[] = {
	{ "enforcing", { 1, 1, 1, 1, 0, 1, 935, 1, 76 },
	  "secure boot: enforcing: only images signed by a key in db run (SecureBoot=1, SetupMode=0; db 935 bytes, dbx 76 bytes)\n" },
	{ "setup mode", { 1, 1, 0, 1, 1, 0, 0, 0, 0 },
	  "secure boot: off, setup mode: no platform key enrolled (SecureBoot=0, SetupMode=1; no db, no dbx)\n" },
	{ "keys, not enforced", { 1, 1, 0, 1, 0, 1, 1500, 0, 0 },
	  "secure boot: off: not enforced (SecureBoot=0, SetupMode=0; db 1500 bytes, no dbx)\n" },
	{ "no Secure Boot in the firmware", { 1, 0, 0, 0, 0, 0, 0, 0, 0 },
	  "secure boot: not offered by this firmware (no SecureBoot variable) (SecureBoot absent, SetupMode absent; no db, no dbx)\n" },
	{ "a contradiction", { 1, 1, 1, 1, 1, 0, 0, 0, 0 },
	  "secure boot: SecureBoot=1 in setup mode (a firmware contradiction) (SecureBoot=1, SetupMode=1; no db, no dbx)\n" },
	{ "neither 0 nor 1", { 1, 1, 7, 1, 0, 0, 0, 0, 0 },
	  "secure boot: SecureBoot holds neither 0 nor 1 (SecureBoot=7, SetupMode=0; no db, no dbx)\n" },
	{ "not read", { 0, 1, 1, 1, 0, 1, 1, 1, 1 }, "" },
};

static void text_rows(void)
{
	char mem[256];
	struct cs_buf b;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		cs_buf_init(&b, mem, sizeof mem);
		cs_secure_boot_text(&b, &rows[i].sb);
		CHECK(!b.overflow && b.len == strlen(rows[i].line) && memcmp(mem, rows[i].line, b.len) == 0,
		      "%s: got '%.*s'", rows[i].name, (int)b.len, mem);
	}
	CHECK(cs_secure_boot_enforcing(&rows[0].sb) && !cs_secure_boot_enforcing(&rows[1].sb) &&
	      !cs_secure_boot_enforcing(&rows[4].sb) && !cs_secure_boot_enforcing(&rows[6].sb),
	      "enforcing only with SecureBoot=1 and SetupMode=0, when read");
}

/* {"x": <the member>} for rows[i], into out. */
static size_t member_json(size_t i, char *out, size_t cap)
{
	struct cs_buf b;
	struct cs_jsonw j;
	cs_buf_init(&b, out, cap);
	cs_jsonw_init(&j, &b, 0);
	cs_jsonw_obj(&j);
	cs_secure_boot_json(&j, &rows[i].sb);
	cs_jsonw_obj_end(&j);
	CHECK(cs_jsonw_finish(&j) == 0, "%s: the writer finished", rows[i].name);
	return b.len;
}

static void json_rows(void)
{
	char mem[256];
	size_t n = member_json(0, mem, sizeof mem);
	const char *want = "{\"secure_boot\":{\"secure_boot\":1,\"setup_mode\":0,\"db_bytes\":935,\"dbx_bytes\":76}}";
	CHECK(n == strlen(want) && memcmp(mem, want, n) == 0, "enforcing JSON: %.*s", (int)n, mem);
	n = member_json(3, mem, sizeof mem);
	want = "{\"secure_boot\":{\"secure_boot\":null,\"setup_mode\":null,\"db_bytes\":null,\"dbx_bytes\":null}}";
	CHECK(n == strlen(want) && memcmp(mem, want, n) == 0, "absent variables are null: %.*s", (int)n, mem);
}

#if CS_TEST_HOSTED
static struct cs_capture cap;

/* A capture of one sweep point with PRODUCER as its "producer" member. */
static int read_with(const char *producer, char *err, size_t errlen)
{
	char text[1024];
	int n = snprintf(text, sizeof text,
			 "{\"format\":\"cacheshape-capture\",\"version\":1,\"producer\":%s,"
			 "\"sweep\":{\"points\":[{\"bytes\":4096,\"ns\":1.5}]}}", producer);
	return cs_read_capture_mem(text, (size_t)n, &cap, NULL, err, errlen);
}

static void reader_rows(void)
{
	char err[512], member[256], producer[300];
	for (size_t i = 0; i < 6; i++) {
		size_t n = member_json(i, member, sizeof member);
		/* the member without its braces, inside a producer object */
		snprintf(producer, sizeof producer, "{\"name\":\"cacheshape-efi\",%.*s", (int)(n - 2), member + 1);
		strcat(producer, "}");
		int rc = read_with(producer, err, sizeof err);
		const struct cs_secure_boot *a = &rows[i].sb, *b = &cap.sb;
		CHECK(rc == 0 && b->present && b->has_secure_boot == a->has_secure_boot &&
		      b->has_setup_mode == a->has_setup_mode && b->has_db == a->has_db && b->has_dbx == a->has_dbx &&
		      (!a->has_secure_boot || b->secure_boot == a->secure_boot) &&
		      (!a->has_setup_mode || b->setup_mode == a->setup_mode) &&
		      (!a->has_db || b->db_bytes == a->db_bytes) && (!a->has_dbx || b->dbx_bytes == a->dbx_bytes),
		      "%s: read back (%s)", rows[i].name, rc ? err : "ok");
	}
	CHECK(read_with("{\"name\":\"cacheshape-efi\"}", err, sizeof err) == 0 && !cap.sb.present,
	      "no secure_boot member: not present");
	CHECK(read_with("\"a producer's own string\"", err, sizeof err) == 0 && !cap.sb.present,
	      "a producer that is not an object is ignored, as before");
	CHECK(read_with("{\"secure_boot\":{\"secure_boot\":\"yes\"}}", err, sizeof err) != 0 &&
	      strstr(err, "producer.secure_boot.secure_boot"), "a string flag refused by its path: %s", err);
	CHECK(read_with("{\"secure_boot\":{\"setup_mode\":256}}", err, sizeof err) != 0 &&
	      strstr(err, "producer.secure_boot.setup_mode"), "a flag past one byte refused: %s", err);
	CHECK(read_with("{\"secure_boot\":{\"db_bytes\":-1}}", err, sizeof err) != 0 &&
	      strstr(err, "producer.secure_boot.db_bytes"), "a negative size refused: %s", err);
	CHECK(read_with("{\"secure_boot\":[1]}", err, sizeof err) != 0 && strstr(err, "producer.secure_boot"),
	      "secure_boot not an object refused: %s", err);
}
#endif

int main(void)
{
	text_rows();
	json_rows();
#if CS_TEST_HOSTED
	reader_rows();
#endif
	return cs_test_summary("secureboot");
}
