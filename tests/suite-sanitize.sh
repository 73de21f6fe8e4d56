#!/usr/bin/env bash
# suite-sanitize: the unit tests and the CLI suite (tests/suite-cli.sh) run
# on the host build made with AddressSanitizer and UndefinedBehaviorSanitizer
# (float-cast-overflow included), build/host-asan (mk/sanitize.mk). Every
# sanitizer report goes to a log file of its own as well as stopping the
# program; the suite passes when both suites pass and no log was written.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
D=build/host-asan
LOGS=$(mktemp -d)
trap 'rm -rf "$LOGS"' EXIT
chmod 1777 "$LOGS" # the CLI suite runs one check as another user
for f in "$D/cacheshape" "$D/tests"; do
	[ -e "$f" ] || { fail "missing $f (make host-asan)"; summary sanitize; exit 1; }
done
# ASan writes its reports (leaks included) to log files; UBSan, linked
# with it, writes to stderr only: every run of the command goes through a
# wrapper that keeps a copy of stderr holding a report. Exit statuses of
# their own (86, 87), never a command's 1 or 2.
export ASAN_OPTIONS="log_path=$LOGS/asan:detect_leaks=1:exitcode=86"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=87"
# The CLI suite runs it some 1,200 times: stderr goes to a file named by the
# wrapper's process in a folder of its own (no mktemp, no rm: they and the
# unconditional cat and grep were four processes a run), read only when
# the command wrote to it.
ERRS=$(mktemp -d)
trap 'rm -rf "$LOGS" "$ERRS"' EXIT
chmod 1777 "$ERRS"
cat >"$LOGS/cs" <<WRAP
#!$BASH
err=$ERRS/\$UID.\$\$
"$PWD/$D/cacheshape" "\$@" 2>"\$err"
rc=\$?
if [ -s "\$err" ]; then
	cat "\$err" >&2
	grep -qE 'runtime error|Sanitizer' "\$err" && cp "\$err" "$LOGS/report.\$\$"
fi
exit \$rc
WRAP
chmod +x "$LOGS/cs"

t0=$(date +%s)
p=0; f=0
for t in "$D"/tests/test_*; do
	[ -x "$t" ] || continue
	out=$("$t" 2>&1); rc=$?
	line=$(echo "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
	if [ "$rc" -ne 0 ] || [ -z "$line" ]; then
		echo "$out" | grep -E 'FAIL|ERROR|runtime error' | head -5 >&2
		fail "sanitized $(basename "$t"): exit $rc"
	else
		pass "sanitized $(basename "$t")"
	fi
done
echo "  unit tests under ASan+UBSan: $(( $(date +%s) - t0 )) s"

t1=$(date +%s)
out=$(CS=$LOGS/cs bash tests/suite-cli.sh 2>&1); rc=$?
line=$(echo "$out" | grep -E '^cli: [0-9]+ passed, [0-9]+ failed' | tail -n 1)
echo "  CLI suite under ASan+UBSan: ${line:-no summary} ($(( $(date +%s) - t1 )) s)"
if [ "$rc" -eq 0 ] && echo "$line" | grep -q ' 0 failed'; then
	pass "the CLI suite on the sanitized build"
else
	echo "$out" | grep -E '^FAIL' | head -10 >&2
	fail "the CLI suite on the sanitized build (exit $rc)"
fi

reports=$(ls "$LOGS" | grep -v '^cs$')
if [ -z "$reports" ]; then
	pass "no sanitizer report"
else
	fail "sanitizer reports: $reports"
	head -30 "$LOGS"/* >&2
fi
summary sanitize
