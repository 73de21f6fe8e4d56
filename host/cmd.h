/* cmd.h: the subcommands of `cacheshape` (main.c dispatches) and their
 * exit statuses. Each takes argv from the subcommand's name on. */
#ifndef CS_CMD_H
#define CS_CMD_H

#include <stdio.h>

enum {
	CS_EXIT_OK = 0,
	CS_EXIT_FAIL = 1,  /* check: an answer differs from its expectation */
	CS_EXIT_ERROR = 2  /* wrong usage, or a capture that cannot be read */
};

int cs_cmd_reduce(int argc, char **argv);
void cs_usage_reduce(FILE *f);
int cs_cmd_check(int argc, char **argv);
void cs_usage_check(FILE *f);
/* serve.c on libmicrohttpd; serve_absent.c in a build without it. */
int cs_cmd_serve(int argc, char **argv);
void cs_usage_serve(FILE *f);

#endif
