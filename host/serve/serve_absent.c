/* serve_absent.c: `cacheshape serve` in a build without an HTTP server:
 * the command cross-built for another architecture (mk/host-cross.mk)
 * links neither libmicrohttpd nor nettle. It says so, and where to get a
 * command that has it; every other command is the same. */
#include "../cmd.h"
#include "../cli.h"

void cs_usage_serve(FILE *f)
{
	fputs("usage: cacheshape serve [--dir DIR] ...\n"
	      "\n"
	      "Not in this build: it was cross-built for another architecture\n"
	      "(make ARCH=<arch> host) without libmicrohttpd and nettle. Serve the\n"
	      "captures from a machine whose own build has it, or build natively on\n"
	      "this machine (plain `make` in a checkout, scripts/deps.sh installs\n"
	      "what it needs).\n", f);
}

int cs_cmd_serve(int argc, char **argv)
{
	static const struct option lo[] = { CS_OPT_STD, { NULL, 0, NULL, 0 } };
	int c;
	/* --help and --version answer as everywhere; any other option is
	 * moot: the command is not here */
	c = cs_getopt("serve", argc, argv, "hV", lo);
	if (c == CS_OPT_HELP)
		return cs_usage_serve(stdout), CS_EXIT_OK;
	if (c == CS_OPT_VERSION)
		return cs_print_version();
	fputs("cacheshape serve: not in this build (cross-built without libmicrohttpd and nettle); "
	      "build natively with `make`, or serve from another machine\n", stderr);
	return CS_EXIT_ERROR;
}
