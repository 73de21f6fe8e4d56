#!/usr/bin/env bash
# check_bench.sh CACHESHAPE [N]: `cacheshape check` over folders of N
# captures (default 3,000): copies of one imported ramlat table (issue 34
# item 4: at least 25,000 captures/s on the two-core machine it was filed
# on), and the committed captures in turn. The best of five runs of each,
# wall time, with the files in the page cache. A benchmark: it prints, it
# does not pass or fail (tests never assert timings).
set -u
bin=${1:-build/host/cacheshape}
n=${2:-3000}
one=captures/imported/rk3576-a72-ramlat.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapfile -t caps < <(find captures -name '*.json' | sort)
mkdir -p "$tmp/one" "$tmp/all"
for ((i = 0; i < n; i++)); do
	cp "$one" "$tmp/one/$i.json"
	cp "${caps[i % ${#caps[@]}]}" "$tmp/all/$i.json"
done
echo "check bench: $(nproc) CPU(s), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for dir in one all; do
	best=
	for ((r = 0; r < 5; r++)); do
		t0=$(date +%s%N)
		"$bin" check "$tmp/$dir" >"$tmp/out" 2>&1
		t1=$(date +%s%N)
		ms=$(((t1 - t0) / 1000000))
		[ -z "$best" ] || [ "$ms" -lt "$best" ] && best=$ms
	done
	[ "$best" -gt 0 ] || best=1
	printf '  check %-40s %5d captures %5d ms %7d captures/s\n' \
		"$([ $dir = one ] && echo "copies of $(basename "$one")" || echo "the ${#caps[@]} committed, in turn")" \
		"$n" "$best" $((n * 1000 / best))
	grep -q "^$n captures:" "$tmp/out" || echo "  (check did not read all $n: $(tail -n 1 "$tmp/out"))"
done
