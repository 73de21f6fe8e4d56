/* test_serve_upload.c: serve's collection (host/serve/serve_upload.c) without
 * the HTTP layer: malformed captures refused with the reader's message and
 * nothing stored; a capture stored once, under <machine>/<date>-<sha256
 * prefix>.json, byte for byte; the same bytes answered 200 with the same
 * location, also after a restart; the token; 8 threads posting 40
 * captures 4 times each. (tests/suite-serve-upload.sh does it over HTTP.) */
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"
#include "../host/serve/serve_upload.h"

CS_TEST_MAIN_DEFS;

static char dir[256];

static char *load(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *p;
	long n;
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	p = malloc((size_t)n + 1);
	*len = fread(p, 1, (size_t)n, f);
	p[*len] = 0;
	fclose(f);
	return p;
}

/* Files under dir (any depth 2), and how many are temporary. */
static int count_files(int *tmp)
{
	DIR *top = opendir(dir);
	struct dirent *m;
	int n = 0;
	*tmp = 0;
	if (!top)
		return -1;
	while ((m = readdir(top))) {
		char sub[600];
		DIR *d;
		struct dirent *f;
		if (m->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof sub, "%s/%s", dir, m->d_name);
		if (!(d = opendir(sub))) {
			n++;
			continue;
		}
		while ((f = readdir(d)))
			if (f->d_name[0] != '.' || (strcmp(f->d_name, ".") && strcmp(f->d_name, ".."))) {
				n++;
				*tmp += strstr(f->d_name, ".tmp") != NULL || f->d_name[0] == '.';
			}
		closedir(d);
	}
	closedir(top);
	return n;
}

static int post(struct cs_store *s, const char *auth, const char *body, size_t len, int big,
		struct cs_answer *a)
{
	cs_store_post(s, auth, body, len, big, a);
	return a->status;
}

/* A valid capture with its label changed to make it distinct. */
static char *variant(const char *base, size_t blen, int k, size_t *len)
{
	const char *at = strstr(base, "\"label\": \"");
	char *out = malloc(blen + 64);
	size_t head;
	if (!at)
		return NULL;
	head = (size_t)(at - base) + 10;
	memcpy(out, base, head);
	*len = head + (size_t)sprintf(out + head, "variant %d of ", k);
	memcpy(out + *len, base + head, blen - head);
	*len += blen - head;
	out[*len] = 0;
	return out;
}

static void test_malformed(struct cs_store *s, const char *good, size_t glen)
{
	static char deep[200], big[64];
	char *nan = strdup(good), *p;
	struct cs_answer a;
	int tmp;
	struct row {
		const char *name, *body;
		size_t len;
		int big, status;
		const char *says;
	} rows[16];
	size_t n = 0;

	for (int i = 0; i < 40; i++)
		deep[i] = '[', deep[80 - 1 - i] = ']';
	/* a measured cost replaced by NaN (not JSON): same length, one place */
	if ((p = strstr(nan, "\"ns\":")) != NULL)
		memcpy(p + 5, "NaN", 3);
#define ROW(nm, b, l, bg, st, sy) rows[n++] = (struct row){ nm, b, l, bg, st, sy }
	ROW("empty", "", 0, 0, 400, "no body");
	ROW("spaces", "   \n", 4, 0, 400, "empty");
	ROW("not JSON", "hello, server", 13, 0, 400, "capture refused");
	ROW("truncated", good, glen / 2, 0, 400, "capture refused");
	ROW("array", "[1,2,3]", 7, 0, 400, "capture refused");
	ROW("wrong format", "{\"format\": \"something-else\", \"version\": 1}", 42, 0, 400, "format");
	ROW("NaN", nan, glen, 0, 400, "capture refused");
	ROW("nested too deep", deep, 80, 0, 400, "deep");
	ROW("trailing garbage", "{\"format\": \"cacheshape-capture\"} x", 34, 0, 400, "capture refused");
	ROW("duplicate key", "{\"format\": \"a\", \"format\": \"b\"}", 30, 0, 400, "capture refused");
	ROW("bad UTF-8", "{\"label\": \"\xff\xfe\"}", 17, 0, 400, "capture refused");
	ROW("number as text", "{\"format\": 1}", 13, 0, 400, "capture refused");
	ROW("5 MiB announced", big, 0, 1, 413, "at most 4194304 bytes");
	ROW("5 MiB sent", NULL, 5u << 20, 0, 400, "4 MiB");
#undef ROW
	for (size_t i = 0; i < n; i++) {
		char *own = NULL;
		const char *body = rows[i].body;
		if (!body && rows[i].len) { /* a 5 MiB body the transport passed on */
			own = malloc(rows[i].len);
			memset(own, ' ', rows[i].len);
			own[0] = '{';
			body = own;
		}
		int st = post(s, NULL, body, rows[i].len, rows[i].big, &a);
		CHECK(st == rows[i].status && !a.json && strstr(a.message, rows[i].says),
		      "%s: %d '%s'", rows[i].name, st, a.message);
		free(own);
	}
	CHECK(cs_store_count(s) == 0 && count_files(&tmp) == 0, "nothing stored from %zu malformed bodies", n);
	free(nan);
}

static void test_store_once(struct cs_store *s, const char *good, size_t glen)
{
	struct cs_answer a, b;
	char path[2048], *back;
	size_t blen = 0;
	int tmp;

	CHECK(post(s, NULL, good, glen, 0, &a) == 201, "a capture is stored: %d %s", a.status, a.message);
	CHECK(a.json && strstr(a.json, "\"stored\":\"new\"") && strstr(a.json, a.location), "the account: %.*s", (int)a.len, a.json);
	CHECK(!strncmp(a.location, "/captures/QEMU-Virtual-CPU-version-2-5/", 39), "machine from cpu.brand: %s", a.location);
	CHECK(strlen(a.location) == 39 + 8 + 1 + CS_UPLOAD_PREFIX_HEX + 5 && a.location[39 + 8] == '-',
	      "name <date>-<16 hex>.json: %s", a.location);
	snprintf(path, sizeof path, "%s/%s", dir, a.location + 10);
	back = load(path, &blen);
	CHECK(back && blen == glen && !memcmp(back, good, glen), "stored byte for byte");
	free(back);
	CHECK(post(s, NULL, good, glen, 0, &b) == 200 && !strcmp(a.location, b.location),
	      "the same bytes: 200 with the same location (%s)", b.location);
	CHECK(b.json && strstr(b.json, "\"stored\":\"already\""), "the account says already: %.*s", (int)b.len, b.json);
	CHECK(cs_store_count(s) == 1 && count_files(&tmp) == 1 && tmp == 0, "stored once, no temporary file");
	free(a.json);
	free(b.json);
}

static void test_machine(void)
{
	static const struct {
		const char *json, *label, *want;
	} rows[] = {
		{ "{\"cpu\": {\"brand\": \"AMD EPYC 7713 64-Core Processor\"}}", "x", "AMD-EPYC-7713-64-Core-Processor" },
		{ "{\"cpu\": {\"part\": \"QEMU max\"}}", "x", "QEMU-max" },
		{ "{\"cpu\": {\"brand\": \"\"}}", "synthetic: flat", "synthetic-flat" },
		{ "{}", "../../etc", "etc" },
		{ "{}", "", "unnamed" },
		{ "{\"cpu\": {\"brand\": \"Intel(R) Xeon(R) Platinum 8380 CPU @ 2.30GHz and a very long tail of words\"}}", "", "Intel-R-Xeon-R-Platinum-8380-CPU-2-30GHz-and-a" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct cs_capture *c = calloc(1, sizeof *c);
		char out[CS_UPLOAD_MACHINE_MAX + 1];
		strcpy(c->label, rows[i].label);
		cs_store_machine(rows[i].json, c, out, sizeof out);
		CHECK(!strcmp(out, rows[i].want), "machine '%s' (want '%s')", out, rows[i].want);
		free(c);
	}
}

static void test_token(const char *good, size_t glen)
{
	char tdir[300], tfile[320], err[300];
	struct cs_store *s;
	struct cs_answer a;
	FILE *f;

	snprintf(tdir, sizeof tdir, "%s-token", dir);
	snprintf(tfile, sizeof tfile, "%s.txt", tdir);
	f = fopen(tfile, "w");
	fputs("s3cret-Token_1\n", f);
	fclose(f);
	s = cs_store_open(tdir, tfile, err, sizeof err);
	CHECK(s != NULL, "store with a token: %s", err);
	if (!s)
		return;
	CHECK(!cs_store_authorized(s, NULL) && !cs_store_authorized(s, "Bearer s3cret-Token_2") &&
	      cs_store_authorized(s, "Bearer s3cret-Token_1"), "the headers' check: the token alone passes");
	CHECK(post(s, NULL, good, glen, 0, &a) == 401 && strstr(a.message, "Bearer"), "no token: 401");
	CHECK(post(s, "Bearer s3cret-Token_2", good, glen, 0, &a) == 401, "wrong token: 401");
	CHECK(post(s, "Basic s3cret-Token_1", good, glen, 0, &a) == 401, "not a bearer: 401");
	CHECK(post(s, "Bearer s3cret-Token_1", good, glen, 0, &a) == 201, "right token: 201");
	free(a.json);
	CHECK(post(s, NULL, "junk", 4, 0, &a) == 401, "no token is refused before the body is read");
	cs_store_close(s);
	/* a token file that is not a token */
	f = fopen(tfile, "w");
	fputs("two words\n", f);
	fclose(f);
	CHECK(cs_store_open(tdir, tfile, err, sizeof err) == NULL && strstr(err, "one token"), "bad token file: %s", err);
	unlink(tfile);
}

struct job {
	struct cs_store *s;
	char **bodies;
	size_t *lens;
	int id;
	int n201, n200, other;
};

static void *worker(void *p)
{
	struct job *j = p;
	/* each worker posts every capture it owns 4 times, interleaved with
	 * the others: 40 captures, 8 workers, captures k with k % 8 == id...
	 * and also everyone else's, so the same bytes race */
	for (int round = 0; round < 4; round++)
		for (int k = 0; k < 40; k++) {
			int c = (k + j->id * 5 + round * 3) % 40;
			struct cs_answer a;
			if ((c + round) % 8 != j->id % 8)
				continue;
			int st = post(j->s, NULL, j->bodies[c], j->lens[c], 0, &a);
			if (st == 201)
				j->n201++;
			else if (st == 200)
				j->n200++;
			else
				j->other++;
			free(a.json);
		}
	cs_read_release(); /* this thread's reader block, before it ends */
	return NULL;
}

static void test_concurrent(const char *good, size_t glen)
{
	char cdir[300], err[300];
	char *bodies[40];
	size_t lens[40];
	struct job jobs[8];
	pthread_t th[8];
	struct cs_store *s;
	int n201 = 0, n200 = 0, other = 0, tmp, files;

	snprintf(cdir, sizeof cdir, "%s-load", dir);
	s = cs_store_open(cdir, NULL, err, sizeof err);
	CHECK(s != NULL, "load store: %s", err);
	if (!s)
		return;
	for (int k = 0; k < 40; k++)
		bodies[k] = variant(good, glen, k, &lens[k]);
	for (int t = 0; t < 8; t++) {
		jobs[t] = (struct job){ s, bodies, lens, t, 0, 0, 0 };
		pthread_create(&th[t], NULL, worker, &jobs[t]);
	}
	for (int t = 0; t < 8; t++) {
		pthread_join(th[t], NULL);
		n201 += jobs[t].n201;
		n200 += jobs[t].n200;
		other += jobs[t].other;
	}
	CHECK(n201 == 40 && n200 == 120 && other == 0, "40 captures x 4 posts from 8 threads: %d stored, %d already, %d other",
	      n201, n200, other);
	CHECK(cs_store_count(s) == 40, "40 in the index: %zu", cs_store_count(s));
	{
		char keep[256];
		strcpy(keep, dir);
		strcpy(dir, cdir);
		files = count_files(&tmp);
		strcpy(dir, keep);
	}
	CHECK(files == 40 && tmp == 0, "40 files, no temporary one: %d, %d", files, tmp);
	cs_store_close(s);
	for (int k = 0; k < 40; k++)
		free(bodies[k]);
}

/* --dir removed while serving: 503 naming it; made again: the new folder
 * opened and indexed, the upload stored there (issue 22 item 7). */
static void test_replaced(const char *good, size_t glen)
{
	char rdir[300], err[300], cmd[700], path[1200];
	struct cs_store *s;
	struct cs_answer a;

	snprintf(rdir, sizeof rdir, "%s-replaced", dir);
	s = cs_store_open(rdir, NULL, err, sizeof err);
	CHECK(s != NULL, "replaced: open %s", err);
	if (!s)
		return;
	CHECK(post(s, NULL, good, glen, 0, &a) == 201, "replaced: stored before (%d)", a.status);
	free(a.json);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", rdir);
	CHECK(system(cmd) == 0, "replaced: removed");
	CHECK(post(s, NULL, good, glen, 0, &a) == 503 && strstr(a.message, "is gone"),
	      "replaced: gone: 503 '%s'", a.message);
	mkdir(rdir, 0755);
	CHECK(post(s, NULL, good, glen, 0, &a) == 201, "replaced: made again: stored anew (%d %s)", a.status, a.message);
	snprintf(path, sizeof path, "%s/%s", rdir, a.location + 10);
	CHECK(access(path, F_OK) == 0, "replaced: the file is in the new folder (%s)", path);
	free(a.json);
	CHECK(cs_store_count(s) == 1, "replaced: the index holds the new folder's one capture (%zu)", cs_store_count(s));
	cs_store_close(s);
	system(cmd);
}

/* A write that fails (files limited to 4 KiB: EFBIG, as a full disk's
 * ENOSPC) is 507 and leaves no machine folder made for it (item 14). */
static void test_unfilled(const char *good, size_t glen)
{
	char fdir[300], err[300], cmd[700];
	struct rlimit was, small = { 4096, 4096 };
	struct cs_store *s;
	struct cs_answer a;
	int tmp;

	snprintf(fdir, sizeof fdir, "%s-full", dir);
	s = cs_store_open(fdir, NULL, err, sizeof err);
	CHECK(s != NULL, "full: open %s", err);
	if (!s)
		return;
	signal(SIGXFSZ, SIG_IGN);
	getrlimit(RLIMIT_FSIZE, &was);
	small.rlim_max = was.rlim_max;
	setrlimit(RLIMIT_FSIZE, &small);
	int st = post(s, NULL, good, glen, 0, &a);
	setrlimit(RLIMIT_FSIZE, &was);
	CHECK(st == 507, "full: 507 (%d %s)", st, a.message);
	{
		char keep[256];
		strcpy(keep, dir);
		strcpy(dir, fdir);
		CHECK(count_files(&tmp) == 0, "full: no machine folder or file left (%d)", count_files(&tmp));
		strcpy(dir, keep);
	}
	CHECK(post(s, NULL, good, glen, 0, &a) == 201, "full: room again: stored (%d)", a.status);
	free(a.json);
	cs_store_close(s);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", fdir);
	system(cmd);
}

int main(void)
{
	char err[300], *good;
	size_t glen = 0;
	struct cs_store *s;
	struct cs_answer a;
	int tmp;

	snprintf(dir, sizeof dir, "%s/cs-serve-test-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	good = load("captures/qemu/qemu-x86_64-qemu64.json", &glen);
	CHECK(good != NULL, "the QEMU capture to post (run from the repository root)");
	if (!good)
		return cs_test_summary("serve_upload");

	s = cs_store_open(dir, NULL, err, sizeof err);
	CHECK(s != NULL, "open: %s", err);
	test_malformed(s, good, glen);
	test_store_once(s, good, glen);
	cs_store_close(s);

	/* a restart: what is stored is known again; a killed server's
	 * temporary file is removed */
	{
		char stale[600];
		FILE *f;
		snprintf(stale, sizeof stale, "%s/QEMU-Virtual-CPU-version-2-5/.cacheshape-upload-999-0.tmp", dir);
		f = fopen(stale, "w");
		fputs("{\"half", f);
		fclose(f);
	}
	s = cs_store_open(dir, NULL, err, sizeof err);
	CHECK(s && cs_store_count(s) == 1, "restart: 1 capture indexed");
	CHECK(s && post(s, NULL, good, glen, 0, &a) == 200, "restart: the same bytes are still known (200)");
	free(a.json);
	CHECK(count_files(&tmp) == 1 && tmp == 0, "restart: the stale temporary file is gone");
	cs_store_close(s);

	test_machine();
	test_token(good, glen);
	test_concurrent(good, glen);
	test_replaced(good, glen);
	test_unfilled(good, glen);
	free(good);
	{
		char cmd[1000];
		snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s-token' '%s-load'", dir, dir, dir);
		if (system(cmd) != 0)
			fprintf(stderr, "could not remove %s\n", dir);
	}
	return cs_test_summary("serve_upload");
}
