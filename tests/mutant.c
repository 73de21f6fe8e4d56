/* mutant.c: the switch of the mutation suite's schema build
 * (tests/mutation-lib.sh). There each mutated constant of a rules header,
 * `#define NAME VALUE`, reads `#define NAME CS_MUTANT(I, VALUE)`: VALUE,
 * unless the environment's CS_MUTANT says "I MUTANT", when it is MUTANT
 * (strtod's reading of its text, in VALUE's type). One binary so runs
 * every mutant of its test, one run each, instead of one compile each.
 * Never part of a build but that one. */
#include <stdio.h>
#include <stdlib.h>

/* the exit status of a switch the driver misspelt (it must not read as a
 * mutant killed) */
#define CS_MUTANT_BAD_SWITCH 86

double cs_mutant(int index, double value);

double cs_mutant(int index, double value)
{
	static int read, chosen = -1;
	static double mutant;
	if (!read) {
		const char *s = getenv("CS_MUTANT");
		char *end;
		read = 1;
		if (s && *s) {
			long i = strtol(s, &end, 10);
			if (end != s && *end == ' ') {
				chosen = (int)i;
				mutant = strtod(end + 1, NULL);
			} else {
				fprintf(stderr, "CS_MUTANT: not \"INDEX VALUE\": %s\n", s);
				exit(CS_MUTANT_BAD_SWITCH);
			}
		}
	}
	return index == chosen ? mutant : value;
}
