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
/* The bounds of what import reads (docs/inputs.md): a file of any
 * kind (a FIFO, a device, standard input) is read to at most this many
 * bytes, and refused beyond; a line longer than CS_IMPORT_LINE_MAX is
 * refused by its number, never split. The largest sbc-bench report in
 * /work/shared/realworld is under 100 KB. */
#define CS_IMPORT_MAX_BYTES (4u << 20)
#define CS_IMPORT_LINE_MAX 4096

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

/* The whole of path ("-": standard input), at most CS_IMPORT_MAX_BYTES,
 * NUL-free: 0 and *text (free() it), or -1 with why (and *line when a
 * line is at fault, else 0). */
int cs_import_slurp(const char *path, char **text, size_t *len, uint32_t *line, char *why, size_t n);

/* The next line of f into buf (cap bytes: CS_IMPORT_LINE_MAX + 2): 1, with
 * *line counted; 0 at the end; -1 with why for a line too long. */
int cs_import_line(FILE *f, char *buf, size_t cap, uint32_t *line, char *why, size_t n);

/* A plain decimal, read whole (digits, one '.', an exponent): 0 and *out,
 * or -1 (a sign, a thousands separator, hex, anything else). */
int cs_import_decimal(const char *s, size_t len, double *out);

/* "32K", "1M", "8m", "3G", "49152": bytes (K, M, G are 2^10, 2^20, 2^30,
 * with or without "iB"/"B"). 0 and *bytes set, or -1. */
int cs_import_size(const char *s, double *bytes);

/* Cut text to fit cap bytes with its NUL, on a UTF-8 character boundary;
 * returns 1 when it was cut. */
int cs_import_cut_utf8(char *text, size_t cap);

int cs_cmd_import(int argc, char **argv);

/* The rest of capture c, whose caches, label and arch are set: the points
 * of s, ramlat's NxPTR columns of table mlp_table (1-based among the
 * "size:" headers of the file's text in[0..in_len); 0: none) into
 * bandwidth.mlp, the "import" member
 * (format, file, curve, units, notes[0..n_notes), at most 3) written into a
 * new malloc'd *text of *len bytes, read back by the strict reader bit for
 * bit. 0, or -1 with why. */
int cs_import_finish(struct cs_capture *c, const char *format, const char *file,
		     const char *in, size_t in_len, const struct cs_import_series *s, uint32_t mlp_table, const char *const *notes,
		     uint32_t n_notes, char **text, size_t *len, char *why, size_t whylen);

/* import_sbc.c: `import --from sbc-bench FILE... -o OUT.json`: the exit
 * status, or -1 when --from is not sbc-bench. */
int cs_import_sbc_cmd(int argc, char **argv);

/* import_bw.c: `import --from tinymembench|memorybandwidth|rambw ...
 * --into CAPTURE.json`: the exit status, or -1 when --from names none of
 * them (or --help was asked). And ramlat's NxPTR columns of table 'table'
 * (1-based) of file into c's bandwidth.mlp: how many sizes (0: none). */
int cs_import_bw_cmd(int argc, char **argv);
int cs_import_ramlat_mlp(const char *text, size_t len, uint32_t table, struct cs_capture *c);
void cs_usage_import(FILE *f);

#endif
