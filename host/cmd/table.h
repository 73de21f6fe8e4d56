/* table.h: `cacheshape table FILE|DIR...`: one row a capture, the
 * summary's figures of each published level side by side (text, CSV,
 * JSON), for comparing many machines (issue 40 item 4). */
#ifndef CS_TABLE_H
#define CS_TABLE_H

#include <stdio.h>

/* --json's "format" and "version" (docs/table.md). */
#define CS_TABLE_JSON_FORMAT "cacheshape-table"
#define CS_TABLE_JSON_VERSION 1

int cs_cmd_table(int argc, char **argv);
/* --json's document for every capture under dir that admit (when not
 * NULL) takes, rows named relative to it (what `serve` gives the page: GET /captures/table.json); malloc'd,
 * or NULL when out of memory or dir cannot be read. Safe on several
 * threads at once. */
#include <stddef.h>
char *cs_table_json_dir(const char *dir, size_t *len,
			int (*admit)(const char *dir, const char *rel));
void cs_usage_table(FILE *f);

#endif
