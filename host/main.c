/* main.c: `cacheshape`, a dispatcher: each subcommand lives in its own file
 * (cmd_reduce.c, check.c) and takes argv from its own name on. */
#include "cmd.h"
#include "import/import.h"
#include "cmd/plot.h"
#include "textout.h"

#include <string.h>

/* The live probe joins when its unit exists (host/probe/probe.h declares
 * int cs_cmd_probe(int argc, char **argv)). */
#if defined(__has_include)
#if __has_include("probe/probe.h")
#include "probe/probe.h"
#define CS_HAVE_PROBE 1
#endif
#endif

static void usage(FILE *f)
{
	fputs("usage: cacheshape COMMAND [ARGS]\n"
	      "\n"
	      "Measures the shape of a processor's caches from captures of\n"
	      "dependent-load latency, and replays captures through the reducer.\n"
	      "\n"
	      "commands:\n"
#ifdef CS_HAVE_PROBE
	      "  probe                    measure this machine, write a capture\n"
#endif
	      "  reduce FILE...           levels, knees, granules and refusals\n"
	      "  reduce --json FILE       the same as one JSON object\n"
	      "  check [DIR]              replay every capture under DIR\n"
	      "                           (default: captures) and compare the\n"
	      "                           synthetic ones with their expectations\n"
	      "  plot FILE... -o OUT.svg  the captures overlaid as one SVG\n"
	      "  import --from FORMAT FILE... -o OUT.json\n"
	      "                           another tool's latency curve as a\n"
	      "                           capture (lat_mem_rd, ramlat,\n"
	      "                           memorylatency, columns)\n"
	      "  serve [--dir DIR]        the page and the captures over HTTP\n"
	      "  help [COMMAND]           this text, or a command's\n"
	      "\n"
	      "Exit status: 0 answered (a refusal is an answer), 1 check found a\n"
	      "difference, 2 wrong usage or a capture that cannot be read.\n"
	      "A capture is read strictly (README.md: What the reader accepts): at most\n"
	      "4 MiB, nesting 32 deep, 1024 sweep points, 8 adjacency series of\n"
	      "64 points, 32 caches, 262144 JSON values, strings no longer than\n"
	      "their fields.\n", f);
}

static int help(const char *cmd)
{
	if (!cmd) {
		usage(stdout);
	} else if (!strcmp(cmd, "reduce")) {
		cs_usage_reduce(stdout);
	} else if (!strcmp(cmd, "check")) {
		cs_usage_check(stdout);
	} else if (!strcmp(cmd, "plot")) {
		cs_usage_plot(stdout);
	} else if (!strcmp(cmd, "import")) {
		cs_usage_import(stdout);
	} else if (!strcmp(cmd, "serve")) {
		cs_usage_serve(stdout);
#ifdef CS_HAVE_PROBE
	} else if (!strcmp(cmd, "probe")) {
		cs_usage_probe(stdout);
#endif
	} else {
		cs_eprintf("cacheshape: no command '%s'", cmd);
		usage(stderr);
		return CS_EXIT_ERROR;
	}
	return CS_EXIT_OK;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	if (!cmd) {
		usage(stderr);
		return CS_EXIT_ERROR;
	}
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h"))
		return help(NULL);
	if (!strcmp(cmd, "help"))
		return argc > 3 ? (usage(stderr), CS_EXIT_ERROR)
				: help(argc > 2 ? argv[2] : NULL);
	if (!strcmp(cmd, "reduce"))
		return cs_cmd_reduce(argc - 1, argv + 1);
	if (!strcmp(cmd, "check"))
		return cs_cmd_check(argc - 1, argv + 1);
	if (!strcmp(cmd, "plot"))
		return cs_cmd_plot(argc - 1, argv + 1);
	if (!strcmp(cmd, "import"))
		return cs_cmd_import(argc - 1, argv + 1);
	if (!strcmp(cmd, "serve"))
		return cs_cmd_serve(argc - 1, argv + 1);
#ifdef CS_HAVE_PROBE
	if (!strcmp(cmd, "probe"))
		return cs_cmd_probe(argc - 1, argv + 1);
#endif
	cs_eprintf("cacheshape: unknown command '%s'", cmd);
	usage(stderr);
	return CS_EXIT_ERROR;
}
