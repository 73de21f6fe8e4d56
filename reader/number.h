/* number.h: a JSON number's text, checked against RFC 8259's grammar and
 * converted to the nearest double (ties to even), freestanding: jsmn hands
 * a number over as a "primitive" it does not check. */
#ifndef CS_READER_NUMBER_H
#define CS_READER_NUMBER_H

#include <stddef.h>
#include <stdint.h>

struct cs_num {
	double d;     /* the nearest double; +-inf when !finite */
	int64_t i;    /* when int_fits */
	int neg;      /* written with a '-' */
	int is_int;   /* written as an integer: no '.', no exponent */
	int int_fits; /* ... and it fits an int64_t */
	int finite;   /* 0: the magnitude is past DBL_MAX */
};

/* The number s[0..n): 0 and *out, or -1 when it is not a JSON number.
 * An underflow is 0 (or a subnormal), not an error. */
int cs_num_parse(const char *s, size_t n, struct cs_num *out);

#endif
