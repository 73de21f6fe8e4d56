/* main.c: `cacheshape`, a dispatcher: each subcommand lives in its own file
 * (cmd_reduce.c, check.c) and takes argv from its own name on. */
#include "cmd.h"
#include "reader.h"
#include "import/import.h"
#include "cmd/plot.h"
#include "cmd/compare.h"
#include "cmd/table.h"
#include "textout.h"
#include "cli.h"

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
	      "  compare A B              two captures of one processor, level by\n"
	      "                           level, against their repeats' spreads\n"
	      "  table FILE|DIR...        many captures as one table, one row a\n"
	      "                           capture (--csv, --json, --sort KEY)\n"
	      "  plot FILE... -o OUT.svg  the captures overlaid as one SVG\n"
	      "  import --from FORMAT FILE... -o OUT.json\n"
	      "                           another tool's latency curve as a\n"
	      "                           capture (lat_mem_rd, ramlat,\n"
	      "                           memorylatency, columns)\n"
	      "  serve [--dir DIR]        the page and the captures over HTTP\n"
	      "  help [COMMAND]           this text, or a command's\n"
	      "\n"
	      "  -h, --help               this text (COMMAND --help: the command's)\n"
	      "  -V, --version            the version (every command takes it too)\n"
	      "\n"
	      "Options take --opt=VALUE or --opt VALUE (-oFILE or -o FILE), '--'\n"
	      "ends them, and '-' names standard input wherever a capture is read.\n"
	      "\n"
	      "Exit status: 0 answered (a refusal is an answer), 1 check or compare\n"
	      "found a difference, 2 wrong usage or a capture that cannot be read\n"
	      "(or compared).\n"
	      "A capture is read strictly (README.md: What the reader accepts): at most\n"
	      "4 MiB, nesting 32 deep, 1024 sweep points, 8 adjacency series of\n"
	      "64 points, 32 caches, 262144 JSON values, strings no longer than\n"
	      "their fields.\n", f);
}

/* The subcommands: a new one is a row (its run and its help text). */
static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	void (*usage)(FILE *f);
} commands[] = {
#ifdef CS_HAVE_PROBE
	{ "probe", cs_cmd_probe, cs_usage_probe },
#endif
	{ "reduce", cs_cmd_reduce, cs_usage_reduce },
	{ "check", cs_cmd_check, cs_usage_check },
	{ "plot", cs_cmd_plot, cs_usage_plot },
	{ "compare", cs_cmd_compare, cs_usage_compare },
	{ "table", cs_cmd_table, cs_usage_table },
	{ "import", cs_cmd_import, cs_usage_import },
	{ "serve", cs_cmd_serve, cs_usage_serve },
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static int find(const char *name)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (!strcmp(name, commands[i].name))
			return (int)i;
	return -1;
}

static int help(int argc, char **argv)
{
	int k;
	if (argc > 3)
		return cs_usage_error(NULL, "help takes one COMMAND at most");
	if (argc < 3) {
		usage(stdout);
		return CS_EXIT_OK;
	}
	if ((k = find(argv[2])) < 0)
		return cs_usage_error(NULL, "help: no command '%s'", argv[2]);
	commands[k].usage(stdout);
	return CS_EXIT_OK;
}

int main(int argc, char **argv)
{
	static const struct option lo[] = { CS_OPT_STD, { NULL, 0, NULL, 0 } };
	int c, k;

	/* options before the command only ('+': the command's are its own) */
	cs_opt_begin();
	while ((c = cs_getopt(NULL, argc, argv, "+hV", lo)) != CS_OPT_END) {
		if (c == CS_OPT_HELP)
			return usage(stdout), CS_EXIT_OK;
		if (c == CS_OPT_VERSION)
			return cs_print_version();
		return CS_EXIT_ERROR;
	}
	if (optind >= argc) {
		usage(stderr);
		return CS_EXIT_ERROR;
	}
	argc -= optind - 1;
	argv += optind - 1;
	if (!strcmp(argv[1], "help"))
		return help(argc, argv);
	if ((k = find(argv[1])) < 0)
		return cs_usage_error(NULL, "unknown command '%s'", argv[1]);
	cs_opt_begin();
	int rc = commands[k].run(argc - 1, argv + 1);
	/* the reader's arena, freed: LeakSanitizer scans every live block at
	 * exit, and this one's untouched pages cost a sanitized run 0.2 s */
	cs_read_release();
	return rc;
}
