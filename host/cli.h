/* cli.h: the one way every subcommand reads its options (getopt_long,
 * glibc) and says a wrong one. Each command lists its options in a struct
 * option table and a short-option string, and loops on cs_getopt(); the
 * conventions are the same everywhere: --opt=VALUE and --opt VALUE, -oFILE,
 * "--" ends the options, "-" is a file name (standard input or output),
 * -h/--help and -V/--version at every level, and a wrong option is ONE line
 * on stderr naming it and pointing at --help (exit 2). Host only. */
#ifndef CS_HOST_CLI_H
#define CS_HOST_CLI_H

#include <getopt.h>
#include <stdio.h>

/* What cs_getopt() returns besides an option's character or val. */
enum {
	CS_OPT_END = -1,  /* no more options: the operands start at optind */
	CS_OPT_BAD = -2   /* a wrong option or a missing value, already said */
};

/* Every table ends its entries with these two (and its short string has
 * "hV"): cs_getopt() answers them itself as CS_OPT_HELP / CS_OPT_VERSION. */
#define CS_OPT_STD { "help", no_argument, NULL, 'h' }, \
	{ "version", no_argument, NULL, 'V' }
#define CS_OPT_HELP 'h'
#define CS_OPT_VERSION 'V'

/* Before the first cs_getopt() of a command: resets getopt's state (main.c
 * has run it on the top level) and silences its own messages. */
void cs_opt_begin(void);
/* The next option of argv, as getopt_long() gives it, but a wrong option
 * (unknown, ambiguous, a value missing or given to a flag) is said here as
 * "cacheshape CMD: ... (see cacheshape CMD --help)" and CS_OPT_BAD
 * returned. cmd is NULL for the top level. */
int cs_getopt(const char *cmd, int argc, char **argv, const char *shortopts,
	      const struct option *longopts);
/* A usage error after the options (an operand missing, two options that
 * exclude each other): one line, the same pointer at --help. Returns
 * CS_EXIT_ERROR (2). */
int cs_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* -V/--version: "cacheshape VERSION" on stdout (help2man reads it).
 * Returns CS_EXIT_OK. */
int cs_print_version(void);

#endif
