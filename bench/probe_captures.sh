#!/usr/bin/env bash
# probe_captures.sh CACHESHAPE DIR [NOTE]: the host capture set of this
# machine, one capture a configuration, named <cpu>-<date>-<options>.json:
# the TSC and the monotonic clock, 5 us and 100 us clamps, the coarse clock
# asked for 5 us (written, then refused by the reducer: clock-unusable),
# a competitor on another CPU, 4 KiB and huge pages. Each label says what
# else was running (QEMU processes, load average) and NOTE. Never replaces
# a file: an existing name is skipped.
set -u
bin=$1
dir=$2
note=${3:-}
mkdir -p "$dir"
cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //; s/[^A-Za-z0-9]\+/-/g; s/-$//')
day=$(date -u +%Y-%m-%d)
# What else ran: the load average and every process over 20 % of a CPU
# in a one-second sample just before the run.
beside() {
	local busy
	busy=$(top -b -n 2 -d 1 -w 200 | awk '/^top -/{f++} f==2 && $1 ~ /^[0-9]+$/ && $9+0 > 20 {printf "%s%s %s%%", n++ ? ", " : "", $12, $9}')
	printf 'beside it: load %s, %s%s' "$(cut -d' ' -f1-3 /proc/loadavg)" \
		"${busy:-nothing else over 20 % CPU}" "${note:+; $note}"
}
one() {
	local name=$1; shift
	local f="$dir/$cpu-$day-$name.json"
	if [ -e "$f" ]; then echo "skip $f: exists"; return; fi
	echo "== $f"
	"$bin" probe -o "$f" --label "$(beside)" "$@" 2>"$dir/.$name.err" | tail -n 25
	tail -n 1 "$dir/.$name.err"
	rm -f "$dir/.$name.err"
}
one tsc-huge --clock tsc --pages huge
one tsc-4k --clock tsc --pages 4k
one monotonic-huge --clock monotonic --pages huge
one tsc-clamp5000-huge --clock tsc --clamp 5000 --pages huge
one monotonic-clamp100000-huge --clock monotonic --clamp 100000 --pages huge
one tsc-huge-competitors1 --clock tsc --pages huge --competitors 1
# 400 ms blocks (100 x a 4 ms clock): the quick range keeps it near 2 min.
one coarse-clamp5000-huge-quick --clock coarse --clamp 5000 --pages huge --quick
