/* bench_upload.c: uploads per second to `cacheshape serve`, with the
 * firmware's own HTTP client logic (net/http.c) over loopback sockets.
 *   bench_upload PORT SECONDS CAPTURE THREADS MODE
 * MODE new: every upload a distinct capture (CAPTURE with its label made
 * unique), so each is validated, hashed, written and fsynced; MODE same:
 * CAPTURE again and again (validated, hashed, found). One connection per
 * upload, as the firmware does. Prints "N uploads in S s: R/s, F failed"
 * and exits 1 when any upload did not get the answer it should. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "../net/http.h"

static const char *base;
static size_t base_len;
static uint16_t port;
static double stop_at;
static int mode_new;

struct worker {
	pthread_t th;
	int id;
	long ok, failed;
	char last_err[200];
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static int send_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* One upload: 0 when the answer is the expected status. */
static int upload(const char *body, size_t len, int want, char *err, size_t errcap)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(port) };
	char head[512], rx[4096], reply[4096];
	struct cs_url u;
	struct cs_buf b;
	struct cs_http_resp r;
	int fd, rc = CS_HTTP_MORE, one = 1;
	char ue[CS_HTTP_ERR_MAX];

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	snprintf(head, sizeof head, "http://127.0.0.1:%u/captures", port);
	cs_url_parse(&u, head, strlen(head), ue, sizeof ue);
	cs_buf_init(&b, head, sizeof head);
	cs_http_head(&b, &(struct cs_http_req){ "POST", &u, "bench_upload", "application/json", 1, len, NULL });
	fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0)
		return snprintf(err, errcap, "socket: %m"), -1;
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0 || send_all(fd, head, b.len) ||
	    send_all(fd, body, len)) {
		snprintf(err, errcap, "connect/send: %m");
		close(fd);
		return -1;
	}
	cs_http_resp_init(&r, reply, sizeof reply);
	while (rc == CS_HTTP_MORE) {
		ssize_t k = recv(fd, rx, sizeof rx, 0);
		rc = k > 0 ? cs_http_resp_feed(&r, rx, (size_t)k) : cs_http_resp_eof(&r);
	}
	close(fd);
	if (rc != CS_HTTP_DONE)
		return snprintf(err, errcap, "answer: %s", r.err), -1;
	if (r.status != want)
		return snprintf(err, errcap, "status %d, not %d: %.*s", r.status, want,
				(int)(r.body_len < 120 ? r.body_len : 120), r.body), -1;
	return 0;
}

static void *run(void *p)
{
	struct worker *w = p;
	const char *at = strstr(base, "\"label\": \"");
	size_t head = at ? (size_t)(at - base) + 10 : 0;
	char *body = malloc(base_len + 64);
	long n = 0;

	while (now() < stop_at) {
		size_t len = base_len;
		const char *send_body = base;
		if (mode_new) {
			int k;
			memcpy(body, base, head);
			k = sprintf(body + head, "bench %d-%ld %ld: ", w->id, n, (long)getpid());
			memcpy(body + head + (size_t)k, base + head, base_len - head);
			len = base_len + (size_t)k;
			send_body = body;
		}
		if (upload(send_body, len, mode_new ? 201 : 200, w->last_err, sizeof w->last_err) == 0)
			w->ok++;
		else
			w->failed++;
		n++;
	}
	free(body);
	return NULL;
}

int main(int argc, char **argv)
{
	struct worker *w;
	int threads;
	double secs, t0;
	long ok = 0, failed = 0;
	FILE *f;
	char *buf;
	long n;

	if (argc != 6) {
		fprintf(stderr, "usage: bench_upload PORT SECONDS CAPTURE THREADS new|same\n");
		return 2;
	}
	port = (uint16_t)atoi(argv[1]);
	secs = atof(argv[2]);
	threads = atoi(argv[4]);
	mode_new = !strcmp(argv[5], "new");
	if (!(f = fopen(argv[3], "rb")))
		return perror(argv[3]), 2;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	base_len = fread(buf, 1, (size_t)n, f);
	fclose(f);
	base = buf;
	if (mode_new && !strstr(base, "\"label\": \"")) {
		fprintf(stderr, "bench_upload: %s has no \"label\": \" to make captures distinct\n", argv[3]);
		return 2;
	}
	if (!mode_new) { /* the first one stores it; then it is known */
		char err[200];
		upload(base, base_len, 201, err, sizeof err);
	}
	w = calloc((size_t)threads, sizeof *w);
	t0 = now();
	stop_at = t0 + secs;
	for (int i = 0; i < threads; i++) {
		w[i].id = i;
		pthread_create(&w[i].th, NULL, run, &w[i]);
	}
	for (int i = 0; i < threads; i++) {
		pthread_join(w[i].th, NULL);
		ok += w[i].ok;
		failed += w[i].failed;
		if (w[i].failed)
			fprintf(stderr, "bench_upload: thread %d: %ld failed, last: %s\n", i, w[i].failed, w[i].last_err);
	}
	secs = now() - t0;
	printf("%ld uploads of %zu bytes in %.2f s: %.0f/s, %ld failed\n", ok, base_len, secs, ok / secs, failed);
	free(w);
	free(buf);
	return failed ? 1 : 0;
}
