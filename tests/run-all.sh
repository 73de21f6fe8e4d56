#!/usr/bin/env bash
# run-all.sh SUITE...: run the test suites, CS_TEST_JOBS of them at a time
# (default: this machine's processors; most suites keep one busy: a QEMU
# boot under TCG, a compiler, a fuzzer), show each one's output in the order
# given (the one at the head of that order live, the others when their turn
# comes), and end with the total as one line "N passed, N failed".
# A suite whose file has the line "# run-all: alone" runs with no other
# beside it, before the rest: it measures this machine (suite-probe), and a
# neighbour's load would be in its numbers.
# A suite that dies without its summary line counts as one failure.
# The rest start longest first, so that the longest is not the last to
# begin with the other processors idle: a suite's expected seconds are
# its time in the last run here (CS_TEST_TIMES, default
# build/test-times, written at the end of each run), else the line
# "# run-all: seconds N" in its file, else 60. Their output still comes
# in the order given.
set -u
# python3 found once for every suite (tests/lib.sh: cs_direct_python)
. "$(dirname "$0")/lib.sh"
jobs=${CS_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs in '' | *[!0-9]* | 0) echo "run-all: CS_TEST_JOBS must be a whole number from 1, not '$jobs'" >&2; exit 2 ;; esac
dir=$(mktemp -d)
launcher=
cleanup() {
	[ -n "$launcher" ] && pkill -TERM -P "$launcher" 2>/dev/null
	rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

alone() { grep -qx '# run-all: alone' "$1"; }
times=${CS_TEST_TIMES:-build/test-times}
# expected SUITE: the seconds it is expected to take (above)
expected() {
	local name t
	name=$(basename "$1" .sh)
	t=$(sed -n "s/^$name \([0-9][0-9]*\)\$/\1/p" "$times" 2>/dev/null | tail -n 1)
	[ -n "$t" ] || t=$(sed -n 's/^# run-all: seconds \([0-9][0-9]*\)$/\1/p' "$1" | head -n 1)
	echo "${t:-60}"
}

# run_one INDEX SUITE: its output in INDEX.log, then "STATUS SECONDS" in
# INDEX.rc (written whole, by a rename); INDEX.pid while it runs.
run_one() {
	local start=$SECONDS
	echo "$BASHPID" >"$dir/$1.pid"
	bash "$2" >"$dir/$1.log" 2>&1
	echo "$? $((SECONDS - start))" >"$dir/$1.rc.part"
	mv "$dir/$1.rc.part" "$dir/$1.rc"
}

# The suites that run alone first, one at a time; then the rest, up to
# $jobs at once, the longest expected first.
launch_all() {
	local i=0 s order=()
	for s in "$@"; do
		if alone "$s"; then
			run_one $i "$s" &
			wait $!
		else
			order+=("$(expected "$s") $i")
		fi
		i=$((i + 1))
	done
	local args=("$@")
	for i in $(printf '%s\n' "${order[@]}" | sort -k1,1nr -k2,2n | cut -d' ' -f2); do
		while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
			wait -n
		done
		run_one $i "${args[$i]}" &
	done
	wait
}
launch_all "$@" &
launcher=$!

total_p=0
total_f=0
i=0
for suite in "$@"; do
	name=$(basename "$suite" .sh)
	echo "== $name"
	log="$dir/$i.log"
	while [ ! -e "$dir/$i.pid" ] && [ ! -e "$dir/$i.rc" ]; do
		sleep 0.2
	done
	if [ -e "$dir/$i.rc" ]; then
		cat "$log"
	else # running: follow it until it ends
		tail -n +1 -f --pid="$(cat "$dir/$i.pid")" "$log" 2>/dev/null
		while [ ! -e "$dir/$i.rc" ]; do
			sleep 0.2
		done
	fi
	read -r rc took <"$dir/$i.rc"
	line=$(grep -E '(^|: )[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	i=$((i + 1))
	if [ -z "$line" ]; then
		echo "FAIL $name: no summary line (exit $rc)"
		total_f=$((total_f + 1))
		continue
	fi
	p=$(echo "$line" | sed -E 's/.*(^|[^0-9])([0-9]+) passed, ([0-9]+) failed.*/\2/')
	f=$(echo "$line" | sed -E 's/.*(^|[^0-9])([0-9]+) passed, ([0-9]+) failed.*/\3/')
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL $name: exit $rc with no failure counted"
		f=1
	fi
	total_p=$((total_p + p))
	total_f=$((total_f + f))
	echo "   ($name took $took s)"
	echo "$name $took" >>"$dir/times"
done
wait "$launcher"
launcher=
# this run's times replace the last ones of the same suites
if mkdir -p "$(dirname "$times")" 2>/dev/null; then
	{ [ -e "$times" ] && awk 'NR == FNR { run[$1] = 1; next } !($1 in run)' "$dir/times" "$times"; cat "$dir/times"; } >"$dir/times.new" 2>/dev/null &&
		mv "$dir/times.new" "$times"
fi
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
