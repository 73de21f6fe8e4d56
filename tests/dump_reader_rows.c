/* dump_reader_rows.c: the rows of tests/test_reader.c (each a capture's
 * text and the error the host reader must give, or none) written out as
 * files, so that tests/suite-web.sh can feed the page (the same reader,
 * reader/, in WebAssembly) the very corpus the host is tested on, and
 * require the host's words from it.
 * Usage: dump_reader_rows DIR; writes DIR/NNN.json and DIR/rows.tsv
 * (file, name, expected error or "-"). */
#define main test_reader_main
int test_reader_main(void);
#include "test_reader.c"
#undef main

int main(int argc, char **argv);
int main(int argc, char **argv)
{
	char path[4096];
	FILE *idx, *f;

	if (argc != 2) {
		fprintf(stderr, "usage: dump_reader_rows DIR\n");
		return 2;
	}
	snprintf(path, sizeof path, "%s/rows.tsv", argv[1]);
	if (!(idx = fopen(path, "w"))) {
		perror(path);
		return 2;
	}
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		snprintf(path, sizeof path, "%s/%03zu.json", argv[1], i);
		if (!(f = fopen(path, "wb")) || fwrite(rows[i].json, 1, strlen(rows[i].json), f) !=
		    strlen(rows[i].json) || fclose(f)) {
			perror(path);
			return 2;
		}
		fprintf(idx, "%03zu.json\t%s\t%s\n", i, rows[i].name, rows[i].err ? rows[i].err : "-");
	}
	return fclose(idx) ? 2 : 0;
}
