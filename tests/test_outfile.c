/* test_outfile: the output-file rule (host/outfile.h) in a scratch folder:
 * new files, --force, inputs, links, directories, devices and FIFOs, the
 * caller's check refusing, and the temporary file gone after every way out:
 * an error, exit(), and each caught signal (in a child, which dies of it). */
#define _GNU_SOURCE
#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "../host/outfile.h"

CS_TEST_MAIN_DEFS;

static char dir[64], why[512];

static const char *at(const char *name)
{
	static char p[4][256];
	static int k;
	k = (k + 1) % 4;
	snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
	return p[k];
}

static void put(const char *name, const char *text)
{
	FILE *f = fopen(at(name), "w");
	fputs(text, f);
	fclose(f);
}

static int same(const char *name, const char *text)
{
	char buf[256] = "";
	FILE *f = fopen(at(name), "r");
	if (!f)
		return 0;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = 0;
	return !strcmp(buf, text);
}

/* Temporary files left in the folder. */
static int leftovers(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	while ((e = readdir(d)))
		n += strstr(e->d_name, ".cacheshape-") != NULL;
	closedir(d);
	return n;
}

static int write_(const char *path, unsigned flags, char *const *in, int n, const char *text)
{
	why[0] = 0;
	return cs_outfile_write(path, flags, in, n, text, strlen(text), NULL, NULL, why, sizeof why);
}

static int refuse_all(const char *d, size_t n, void *ctx, char *w, size_t wl)
{
	(void)d;
	(void)n;
	(void)ctx;
	snprintf(w, wl, "the check says no");
	return -1;
}

static void test_rule(void)
{
	char *in[2];
	struct stat st;

	CHECK(write_(at("new.txt"), 0, NULL, 0, "one") == 0 && same("new.txt", "one"), "new file: %s", why);
	CHECK(write_(at("new.txt"), 0, NULL, 0, "two") == -1 && strstr(why, "exists; not overwritten") &&
		      !strstr(why, "--force") && same("new.txt", "one"),
	      "existing, a command with no --force: %s", why);
	CHECK(write_(at("new.txt"), CS_OUT_HAS_FORCE, NULL, 0, "two") == -1 && strstr(why, "--force") &&
		      same("new.txt", "one"),
	      "existing without --force: %s", why);
	chmod(at("new.txt"), 0640);
	CHECK(write_(at("new.txt"), CS_OUT_FORCE, NULL, 0, "two") == 0 && same("new.txt", "two"),
	      "existing with --force: %s", why);
	CHECK(stat(at("new.txt"), &st) == 0 && (st.st_mode & 0777) == 0640, "mode kept: %o", st.st_mode & 0777);

	put("input.json", "capture");
	in[0] = (char *)at("other.json");
	in[1] = (char *)at("input.json");
	CHECK(write_(at("input.json"), CS_OUT_FORCE, in, 2, "svg") == -1 && strstr(why, "is the input") &&
		      same("input.json", "capture"),
	      "an input, even with --force: %s", why);
	link(at("input.json"), at("hard.json"));
	CHECK(write_(at("hard.json"), CS_OUT_FORCE, in, 2, "svg") == -1 && strstr(why, "is the input"),
	      "a hard link to an input: %s", why);

	symlink("input.json", at("link.svg"));
	CHECK(write_(at("link.svg"), CS_OUT_FORCE, NULL, 0, "svg") == -1 && strstr(why, "symbolic link") &&
		      same("input.json", "capture"),
	      "a symbolic link, even with --force: %s", why);
	symlink("nowhere", at("dangling.svg"));
	CHECK(write_(at("dangling.svg"), 0, NULL, 0, "svg") == -1 && strstr(why, "symbolic link") &&
		      access(at("nowhere"), F_OK) != 0,
	      "a dangling symbolic link: %s", why);
	mkdir(at("sub"), 0755);
	CHECK(write_(at("sub"), CS_OUT_FORCE, NULL, 0, "x") == -1 && strstr(why, "a directory"),
	      "a directory: %s", why);
	CHECK(write_(at("sub/"), 0, NULL, 0, "x") == -1 && strstr(why, "names a directory"), "dir/: %s", why);
	mkfifo(at("fifo"), 0644);
	CHECK(write_(at("fifo"), CS_OUT_FORCE, NULL, 0, "x") == -1 && strstr(why, "a FIFO"), "a FIFO: %s", why);
	CHECK(write_("/dev/null", CS_OUT_FORCE, NULL, 0, "x") == -1 && strstr(why, "character device"),
	      "/dev/null: %s", why);
	CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode), "/dev/null is still a device");
	CHECK(write_(at("no/such/dir.svg"), 0, NULL, 0, "x") == -1 && strstr(why, "no such directory"),
	      "missing folder: %s", why);
	CHECK(write_("", 0, NULL, 0, "x") == -1 && strstr(why, "empty"), "empty name: %s", why);
	CHECK(cs_outfile_check(at("fresh.svg"), 0, NULL, 0, why, sizeof why) == 0 &&
		      access(at("fresh.svg"), F_OK) != 0,
	      "check alone creates nothing: %s", why);

	/* The caller's check refuses: nothing appears, nothing is left. */
	CHECK(cs_outfile_write(at("checked.json"), 0, NULL, 0, "{", 1, refuse_all, NULL, why, sizeof why) == -1 &&
		      strstr(why, "the check says no") && access(at("checked.json"), F_OK) != 0,
	      "refused by the check: %s", why);
	CHECK(cs_outfile_write(at("new.txt"), CS_OUT_FORCE, NULL, 0, "three", 5, refuse_all, NULL, why,
			       sizeof why) == -1 && same("new.txt", "two"),
	      "refused by the check: the old file stays: %s", why);

	/* The stream form, and abort. */
	struct cs_outfile o;
	CHECK(cs_outfile_open(&o, at("stream.svg"), 0, NULL, 0, why, sizeof why) == 0, "open: %s", why);
	fputs("<svg/>", cs_outfile_stream(&o));
	CHECK(leftovers() == 1 && access(at("stream.svg"), F_OK) != 0, "while writing: one temporary file, no OUT");
	CHECK(cs_outfile_commit(&o, NULL, NULL, why, sizeof why) == 0 && same("stream.svg", "<svg/>"),
	      "commit: %s", why);
	CHECK(cs_outfile_open(&o, at("gone.svg"), 0, NULL, 0, why, sizeof why) == 0, "open: %s", why);
	fputs("half", cs_outfile_stream(&o));
	cs_outfile_abort(&o);
	cs_outfile_abort(&o);
	CHECK(access(at("gone.svg"), F_OK) != 0, "abort: no OUT");
	CHECK(leftovers() == 0, "no temporary file left after the rule's cases (%d)", leftovers());
}

/* In a child: open OUT, write half of it, then leave by 'how'. */
static void child_leaves(int how, const char *name, int ignore_hup)
{
	pid_t pid = fork();
	if (pid == 0) {
		struct cs_outfile o;
		if (ignore_hup)
			signal(SIGHUP, SIG_IGN);
		if (cs_outfile_open(&o, at(name), 0, NULL, 0, why, sizeof why))
			_exit(90);
		fputs("half a file", cs_outfile_stream(&o));
		fflush(cs_outfile_stream(&o));
		if (how == 0)
			exit(3); /* exit() without commit */
		raise(how);
		/* only an ignored signal comes back here */
		_exit(cs_outfile_commit(&o, NULL, NULL, why, sizeof why) == 0 ? 7 : 91);
	}
	int st = 0;
	waitpid(pid, &st, 0);
	if (how == 0)
		CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 3, "exit(): status %d", st);
	else if (ignore_hup)
		CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 7 && access(at(name), F_OK) == 0,
		      "an ignored SIGHUP stays ignored: status %x", st);
	else
		CHECK(WIFSIGNALED(st) && WTERMSIG(st) == how, "signal %d: died of %d (status %x)", how,
		      WIFSIGNALED(st) ? WTERMSIG(st) : 0, st);
	if (!ignore_hup)
		CHECK(access(at(name), F_OK) != 0, "%s: no OUT", name);
	CHECK(leftovers() == 0, "%s: %d temporary file(s) left", name, leftovers());
}

int main(void)
{
	/* the signals as a terminal gives them: a run under nohup or in the
	 * background inherits SIGHUP, SIGINT and SIGQUIT ignored, and an
	 * ignored signal stays ignored (the rule tested below) */
	signal(SIGHUP, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	strcpy(dir, "/tmp/cs-outfile-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	test_rule();
	child_leaves(0, "exit.svg", 0);
	child_leaves(SIGINT, "int.svg", 0);
	child_leaves(SIGTERM, "term.svg", 0);
	child_leaves(SIGHUP, "hup.svg", 0);
	child_leaves(SIGQUIT, "quit.svg", 0);
	child_leaves(SIGPIPE, "pipe.svg", 0);
	child_leaves(SIGHUP, "ignored.svg", 1);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	return cs_test_summary("outfile");
}
