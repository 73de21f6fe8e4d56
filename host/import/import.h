/* import.h: `cacheshape import`: latency curves printed by other tools
 * (lmbench's lat_mem_rd, ramlat, Chips and Cheese's MemoryLatency, any two
 * columns) into captures the strict reader accepts, sizes and nanoseconds
 * exactly as printed. Host only. */
#ifndef CS_IMPORT_H
#define CS_IMPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "../../common/capture.h"

/* One curve read from a file: its points in the order printed, and the line
 * each came from (for error messages). */
struct cs_import_series {
	char tag[48];      /* "stride128", "table2": names one of several */
	char what[128];    /* "stride 128", "column 1xPTR of table 2 (cpu4 ...)" */
	int32_t stride;    /* lat_mem_rd: the stride, else -1 */
	char column[32];   /* ramlat: the column, else "" */
	uint32_t table;    /* ramlat, memorylatency: 1-based table in the file */
	uint32_t n;
	double bytes[CS_MAX_SWEEP_POINTS];
	double ns[CS_MAX_SWEEP_POINTS];
	uint32_t line[CS_MAX_SWEEP_POINTS];
};

#define CS_IMPORT_MAX_SERIES 32

struct cs_import_opts {
	const char *format;
	const char *column;   /* ramlat: default "1xPTR" */
	int32_t stride;       /* lat_mem_rd: -1 = every stride */
};

/* Read one file in the given format into series[0..*n). 0 on success;
 * -1 with err holding "LINE: what is wrong" (LINE 0: the file as a whole). */
int cs_import_parse(FILE *f, const struct cs_import_opts *o,
		    struct cs_import_series *series, uint32_t max, uint32_t *n,
		    uint32_t *err_line, char *err, size_t errlen);

/* "32K", "1M", "8m", "3G", "49152": bytes (K, M, G are 2^10, 2^20, 2^30,
 * with or without "iB"/"B"). 0 and *bytes set, or -1. */
int cs_import_size(const char *s, double *bytes);

/* Cut text to fit cap bytes with its NUL, on a UTF-8 character boundary;
 * returns 1 when it was cut. */
int cs_import_cut_utf8(char *text, size_t cap);

int cs_cmd_import(int argc, char **argv);

/* The rest of capture c, whose caches, label and arch are set: the points
 * of s, ramlat's NxPTR columns of table mlp_table (1-based among the file's
 * "size:" headers; 0: none) into bandwidth.mlp, the "import" member
 * (format, file, curve, units, notes[0..n_notes), at most 3) written into a
 * new malloc'd *text of *len bytes, read back by the strict reader bit for
 * bit. 0, or -1 with why. */
int cs_import_finish(struct cs_capture *c, const char *format, const char *file,
		     const struct cs_import_series *s, uint32_t mlp_table, const char *const *notes,
		     uint32_t n_notes, char **text, size_t *len, char *why, size_t whylen);

/* import_sbc.c: `import --from sbc-bench FILE... -o OUT.json`: the exit
 * status, or -1 when --from is not sbc-bench. */
int cs_import_sbc_cmd(int argc, char **argv);

/* import_bw.c: `import --from tinymembench|memorybandwidth|rambw ...
 * --into CAPTURE.json`: the exit status, or -1 when --from names none of
 * them (or --help was asked). And ramlat's NxPTR columns of table 'table'
 * (1-based) of file into c's bandwidth.mlp: how many sizes (0: none). */
int cs_import_bw_cmd(int argc, char **argv);
int cs_import_ramlat_mlp(const char *file, uint32_t table, struct cs_capture *c);
void cs_usage_import(FILE *f);

#endif
