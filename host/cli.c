/* cli.c: getopt_long for every subcommand, and its one way of saying a
 * wrong option (cli.h). */
#define _GNU_SOURCE
#include "cli.h"
#include "cmd.h"
#include "textout.h"
#include "../common/version.h"

#include <stdarg.h>
#include <string.h>

void cs_opt_begin(void)
{
	optind = 0; /* glibc: 0 starts afresh (the permutation state too) */
	opterr = 0;
}

/* "cacheshape CMD" or "cacheshape" */
static void prog(char *out, size_t cap, const char *cmd)
{
	snprintf(out, cap, "cacheshape%s%s", cmd ? " " : "", cmd ? cmd : "");
}

/* A long option's name as written, without "=VALUE". */
static void long_name(char *out, size_t cap, const char *arg)
{
	const char *eq = strchr(arg, '=');
	snprintf(out, cap, "%.*s", eq ? (int)(eq - arg) : (int)strlen(arg), arg);
}

/* The long options whose names start with name ("--b"): how many, and
 * their list in 'list' (", "-separated). */
static int prefixes(const struct option *lo, const char *name, char *list, size_t cap)
{
	size_t n = strlen(name), used = 0;
	int k = 0;
	list[0] = '\0';
	for (; lo && lo->name; lo++)
		if (!strncmp(lo->name, name, n)) {
			int w = snprintf(list + used, cap - used, "%s--%s", k ? ", " : "", lo->name);
			if (w > 0 && (size_t)w < cap - used)
				used += (size_t)w;
			k++;
		}
	return k;
}

static const struct option *find_long(const struct option *lo, const char *name)
{
	for (; lo && lo->name; lo++)
		if (!strcmp(lo->name, name))
			return lo;
	return NULL;
}

/* The wrong option at argv[optind - 1] (or the short one in optopt), said. */
static void say_wrong(const char *cmd, int c, char **argv, const struct option *lo)
{
	const char *arg = optind > 0 ? argv[optind - 1] : "";
	char name[128], list[512];

	if (!strncmp(arg, "--", 2) && arg[2]) {
		long_name(name, sizeof name, arg);
		const struct option *o = find_long(lo, name + 2);
		int k = prefixes(lo, name + 2, list, sizeof list);
		if (c == ':')
			cs_usage_error(cmd, "%s needs a value", o ? name : arg);
		else if (o && o->has_arg == no_argument && strchr(arg, '='))
			cs_usage_error(cmd, "%s takes no value, got '%s'", name, arg);
		else if (k > 1)
			cs_usage_error(cmd, "ambiguous option '%s' (%s)", name, list);
		else if (k == 1 && strchr(arg, '='))
			cs_usage_error(cmd, "%s takes no value, got '%s'", list, arg);
		else
			cs_usage_error(cmd, "unknown option '%s'", name);
	} else if (c == ':') {
		cs_usage_error(cmd, "-%c needs a value", optopt);
	} else {
		cs_usage_error(cmd, "unknown option '-%c'", optopt ? optopt : '?');
	}
}

int cs_getopt(const char *cmd, int argc, char **argv, const char *shortopts,
	      const struct option *longopts)
{
	char spec[128];
	/* a leading ':' tells a missing value from an unknown option */
	if (shortopts[0] == '+')
		snprintf(spec, sizeof spec, "+:%s", shortopts + 1);
	else
		snprintf(spec, sizeof spec, ":%s", shortopts);
	int c = getopt_long(argc, argv, spec, longopts, NULL);
	if (c == '?' || c == ':') {
		say_wrong(cmd, c, argv, longopts);
		return CS_OPT_BAD;
	}
	return c;
}

int cs_usage_error(const char *cmd, const char *fmt, ...)
{
	char msg[4096], p[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	prog(p, sizeof p, cmd);
	cs_eprintf("%s: %s (see %s --help)", p, msg, p);
	return CS_EXIT_ERROR;
}

int cs_print_version(void)
{
	printf("cacheshape %s\n", CS_VERSION);
	return CS_EXIT_OK;
}
