/* cmd_reduce.c: `cacheshape reduce [--json] FILE...`: each capture replayed
 * through the reducer, as the report people read or as one JSON object. */
#include "../cmd.h"
#include "json_result.h"
#include "replay.h"
#include "../textout.h"
#include "../../reduce/report.h"
#include "../../common/secureboot.h"
#include "../../reduce/summary.h"

#include <stdlib.h>
#include <string.h>

#define REPORT_BYTES (64 * 1024)

void cs_usage_reduce(FILE *f)
{
	fputs("usage: cacheshape reduce [--brief] FILE...\n"
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
	      "  --json   one JSON object on stdout, null where a value does not\n"
	      "           exist; exactly one FILE (its \"summary\" is the same rows)\n"
	      "  --help   this text\n"
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
		cs_eprintf("cacheshape: %s: %s", path, err);
		return CS_EXIT_ERROR;
	}
	text = cs_result_json(&p->cap, &p->res, &len);
	if (!text) {
		cs_eprintf("cacheshape: %s: cannot encode the result", path);
		return CS_EXIT_ERROR;
	}
	fwrite(text, 1, len, stdout); /* ends in a newline */
	free(text);
	return CS_EXIT_OK;
}

static int reduce_text(struct cs_replay *p, const char *path, char *mem, int brief)
{
	char err[512];
	struct cs_buf b;

	if (cs_replay_file(p, path, err, sizeof(err))) {
		cs_eprintf("cacheshape: %s: %s", path, err);
		return CS_EXIT_ERROR;
	}
	/* The heading: the file and the label as text, never as terminal
	 * commands (buf.h: cs_put_text). */
	cs_buf_init(&b, mem, REPORT_BYTES);
	cs_puts(&b, "== ");
	cs_put_text(&b, path);
	if (p->cap.label[0]) {
		cs_puts(&b, ": ");
		cs_put_text(&b, p->cap.label);
	}
	puts(mem);
	cs_buf_init(&b, mem, REPORT_BYTES);
	/* the summary first (docs/summary.md), then a firmware capture's
	 * Secure Boot line (else nothing), then every kind (common/kinds.h) */
	cs_summary_text(&b, &p->cap, &p->res);
	if (!brief) {
		cs_putc(&b, '\n');
		cs_secure_boot_text(&b, &p->cap.sb);
		cs_report_detail(&b, &p->cap, &p->res);
	}
	cs_fput_lines(stdout, mem);
	if (b.overflow)
		puts("(report truncated)");
	return CS_EXIT_OK;
}

int cs_cmd_reduce(int argc, char **argv)
{
	int json = 0, brief = 0, nfiles = 0, opts_done = 0, rc = CS_EXIT_OK, i;
	struct cs_replay *p;
	char *mem;

	for (i = 1; i < argc; i++) {
		if (opts_done || argv[i][0] != '-' || !argv[i][1])
			nfiles++;
		else if (!strcmp(argv[i], "--"))
			opts_done = 1;
		else if (!strcmp(argv[i], "--json"))
			json = 1;
		else if (!strcmp(argv[i], "--brief"))
			brief = 1;
		else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			cs_usage_reduce(stdout);
			return CS_EXIT_OK;
		} else {
			cs_eprintf("cacheshape reduce: unknown option '%s'", argv[i]);
			cs_usage_reduce(stderr);
			return CS_EXIT_ERROR;
		}
	}
	if (nfiles == 0 || (json && nfiles != 1) || (json && brief)) {
		fprintf(stderr, "cacheshape reduce: %s\n",
			!nfiles ? "no capture FILE given"
			: brief ? "--brief and --json: choose one (--json has the summary as its \"summary\")"
				: "--json takes exactly one FILE");
		cs_usage_reduce(stderr);
		return CS_EXIT_ERROR;
	}
	p = cs_replay_new();
	mem = malloc(REPORT_BYTES);
	if (!p || !mem) {
		fprintf(stderr, "cacheshape: out of memory\n");
		return CS_EXIT_ERROR;
	}
	opts_done = 0;
	for (i = 1; i < argc; i++) {
		if (!opts_done && argv[i][0] == '-' && argv[i][1]) {
			opts_done = !strcmp(argv[i], "--");
			continue;
		}
		if (json ? reduce_json(p, argv[i])
			 : reduce_text(p, argv[i], mem, brief))
			rc = CS_EXIT_ERROR;
		else if (!json && i + 1 < argc)
			putchar('\n');
	}
	free(mem);
	cs_replay_free(p);
	return rc;
}
