/* cmd_reduce.c: `cacheshape reduce [--json] FILE...`: each capture replayed
 * through the reducer, as the report people read or as one JSON object. */
#include "../cmd.h"
#include "json_result.h"
#include "replay.h"
#include "../textout.h"
#include "../cli.h"
#include "../../reduce/report.h"
#include "../../common/secureboot.h"
#include "../../reduce/summary.h"

#include <stdlib.h>
#include <string.h>

#define REPORT_BYTES (64 * 1024)

void cs_usage_reduce(FILE *f)
{
	fputs("usage: cacheshape reduce [--brief|--explain] FILE...\n"
	      "       cacheshape reduce --json FILE\n"
	      "\n"
	      "Replays each capture through the reducer and prints first the\n"
	      "summary (each published level: claimed, measured, a verdict; and\n"
	      "the run's trust, docs/summary.md), then its levels\n"
	      "(floor, extent), knees (size, retired-rule size, published size,\n"
	      "signed gap), whether the gap grows with depth, the adjacency\n"
	      "verdicts and every refusal with its reason.\n"
	      "\n"
	      "  --brief  the summary alone\n"
	      "  --explain  each rule also by its constant's name, as docs/ and\n"
	      "           the JSON name it (the default says the rule's value)\n"
	      "  --json   one JSON object on stdout, null where a value does not\n"
	      "           exist; exactly one FILE (its \"summary\" is the same rows)\n"
	      "  -h, --help     this text\n"
	      "  -V, --version  the version\n"
	      "FILE '-' is standard input.\n"
	      "\n"
	      "A refusal is an answer (exit 0). A capture that cannot be read\n"
	      "whole is named on stderr with the field at fault, and the exit\n"
	      "status is 2 (with --json, nothing is printed on stdout).\n"
	      "Bounds: 4 MiB per file, nesting 32 deep, 1024 sweep points,\n"
	      "8 adjacency series of 64 points, 32 caches, 262144 JSON\n"
	      "values.\n", f);
}

static int reduce_json(struct cs_replay *p, const char *path)
{
	char err[512];
	size_t len;
	char *text;

	if (cs_replay_file(p, path, err, sizeof(err))) {
		cs_eprintf("cacheshape reduce: %s: %s", path, err);
		return CS_EXIT_ERROR;
	}
	text = cs_result_json(&p->cap, &p->res, &len);
	if (!text) {
		cs_eprintf("cacheshape reduce: %s: cannot encode the result", path);
		return CS_EXIT_ERROR;
	}
	fwrite(text, 1, len, stdout); /* ends in a newline */
	free(text);
	return CS_EXIT_OK;
}

static int reduce_text(struct cs_replay *p, const char *path, char *mem, int brief, int explain)
{
	char err[512];
	struct cs_buf b;

	if (cs_replay_file(p, path, err, sizeof(err))) {
		cs_eprintf("cacheshape reduce: %s: %s", path, err);
		return CS_EXIT_ERROR;
	}
	/* The heading: the file and the label as text, never as terminal
	 * commands (buf.h: cs_put_text). */
	cs_buf_init(&b, mem, REPORT_BYTES);
	cs_puts(&b, "== ");
	cs_put_text(&b, strcmp(path, "-") ? path : "standard input");
	if (p->cap.label[0]) {
		cs_puts(&b, ": ");
		cs_put_text(&b, p->cap.label);
	}
	puts(mem);
	cs_buf_init(&b, mem, REPORT_BYTES);
	/* the summary first (docs/summary.md), then a firmware capture's
	 * Secure Boot line (else nothing), then every kind (common/kinds.h) */
	cs_summary_text(&b, &p->cap, &p->res);
	if (!explain)
		cs_report_plain(&b, 0);
	if (!brief) {
		cs_putc(&b, '\n');
		cs_secure_boot_text(&b, &p->cap.sb);
		(explain ? cs_report_detail_explain : cs_report_detail)(&b, &p->cap, &p->res);
	}
	cs_fput_lines(stdout, mem);
	if (b.overflow)
		puts("(report truncated)");
	return CS_EXIT_OK;
}

/* The options; -1 to go on, else the exit status. */
static int reduce_opts(int argc, char **argv, int *json, int *brief, int *explain)
{
	static const struct option lo[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "brief", no_argument, NULL, 'b' },
		{ "explain", no_argument, NULL, 'x' },
		CS_OPT_STD, { NULL, 0, NULL, 0 }
	};
	int c, stdin_n = 0;

	while ((c = cs_getopt("reduce", argc, argv, "hV", lo)) != CS_OPT_END) {
		if (c == 'j')
			*json = 1;
		else if (c == 'b')
			*brief = 1;
		else if (c == 'x')
			*explain = 1;
		else if (c == CS_OPT_HELP)
			return cs_usage_reduce(stdout), CS_EXIT_OK;
		else if (c == CS_OPT_VERSION)
			return cs_print_version();
		else
			return CS_EXIT_ERROR;
	}
	for (int i = optind; i < argc; i++)
		stdin_n += !strcmp(argv[i], "-");
	if (optind == argc)
		return cs_usage_error("reduce", "no capture FILE given");
	if (*json && *explain)
		return cs_usage_error("reduce", "--explain and --json: the JSON names every constant already");
	if (*json && *brief)
		return cs_usage_error("reduce", "--brief and --json: choose one (--json has the "
				      "summary as its \"summary\")");
	if (*json && argc - optind != 1)
		return cs_usage_error("reduce", "--json takes exactly one FILE");
	if (stdin_n > 1)
		return cs_usage_error("reduce", "'-' (standard input) given %d times: it holds one capture",
				      stdin_n);
	return -1;
}

int cs_cmd_reduce(int argc, char **argv)
{
	int json = 0, brief = 0, explain = 0, rc = reduce_opts(argc, argv, &json, &brief, &explain), i;
	struct cs_replay *p;
	char *mem;

	if (rc >= 0)
		return rc;
	rc = CS_EXIT_OK;
	p = cs_replay_new();
	mem = malloc(REPORT_BYTES);
	if (!p || !mem) {
		fprintf(stderr, "cacheshape reduce: out of memory\n");
		return CS_EXIT_ERROR;
	}
	for (i = optind; i < argc; i++) {
		if (json ? reduce_json(p, argv[i])
			 : reduce_text(p, argv[i], mem, brief, explain))
			rc = CS_EXIT_ERROR;
		else if (!json && i + 1 < argc)
			putchar('\n');
	}
	free(mem);
	cs_replay_free(p);
	return rc;
}
