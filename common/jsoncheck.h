/* jsoncheck.h: is a text exactly one JSON value (RFC 8259) in strict UTF-8
 * (RFC 3629)? Freestanding, no allocation, one pass, bounded nesting: the
 * check the firmware runs over a capture it has read back from the volume
 * (the host runs its yajl reader instead, and tests this one against yajl:
 * tests/test_jsoncheck.c, tests/fuzz_jsoncheck.c).
 *
 * Where it is stricter than yajl 2.1 (each on purpose, each a class of its
 * own so the differential tests can tell them apart):
 *   CS_JC_UTF8_STRICT  overlong forms, UTF-16 surrogates (ED A0..BF) and
 *                      code points above U+10FFFF (F4 90.., F5..F7), which
 *                      yajl's byte-pattern check lets through;
 *   CS_JC_SURROGATE    a \u escape of an unpaired surrogate (yajl writes
 *                      '?' for it);
 *   CS_JC_DEPTH        nesting deeper than CS_JSONCHECK_DEPTH (yajl has no
 *                      bound; a capture has at most 32);
 *   CS_JC_SPACE        a form feed or vertical tab between tokens: not
 *                      JSON's white space, which yajl takes as such;
 *   CS_JC_TRAILING     when what follows the value is a string left open:
 *                      yajl waits for the rest of it and then calls the text
 *                      complete (the capture reader, reader/json.c, refuses it too).
 * Everything else it refuses, yajl refuses too. */
#ifndef CS_JSONCHECK_H
#define CS_JSONCHECK_H

#include <stddef.h>
#include <stdint.h>

#define CS_JSONCHECK_DEPTH 128

enum cs_jc_code {
	CS_JC_OK,
	CS_JC_EMPTY,        /* nothing but white space */
	CS_JC_SYNTAX,       /* not JSON's grammar */
	CS_JC_TRAILING,     /* more after the value */
	CS_JC_TRUNCATED,    /* the text ends inside a value */
	CS_JC_CONTROL,      /* a raw control character inside a string */
	CS_JC_UTF8,         /* bytes that are not UTF-8 at all */
	CS_JC_UTF8_STRICT,  /* UTF-8's shape, but not RFC 3629 (see above) */
	CS_JC_SURROGATE,    /* \uD800..\uDFFF not in a pair */
	CS_JC_DEPTH,        /* nested deeper than CS_JSONCHECK_DEPTH */
	CS_JC_SPACE,        /* \f or \v where white space may be */
};

struct cs_jsoncheck {
	enum cs_jc_code code;
	size_t offset;         /* the byte at fault */
	uint32_t line, column; /* of that byte, from 1 */
	char why[112];         /* "line 3, column 7 (byte 41): ..." */
};

/* 0 when text[0..len) is one JSON value with only white space around it;
 * -1 otherwise, with r saying what and where (r may be NULL). */
int cs_json_check(const char *text, size_t len, struct cs_jsoncheck *r);

#endif
