#!/usr/bin/env bash
# table_bench.sh CACHESHAPE: `cacheshape table` over captures/ and over
# 1,000 copies of them (issue 40 item 4: under a second), each as text,
# --csv and --json: the wall time of each, and the rows counted. A
# benchmark: it prints, it does not pass or fail (tests never assert
# timings; tests/suite-cli.sh checks the rows and the CSV).
set -u
bin=${1:-build/host/cacheshape}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapfile -t caps < <(find captures -name '*.json' | sort)
mkdir -p "$tmp/many"
for ((i = 0; i < 1000; i++)); do
	cp "${caps[i % ${#caps[@]}]}" "$tmp/many/$i.json"
done
echo "table bench: $(nproc) CPU(s), load average $(cut -d' ' -f1-3 /proc/loadavg)"
for dir in captures "$tmp/many"; do
	for fmt in "" --csv --json; do
		t0=$(date +%s%N)
		"$bin" table $fmt "$dir" >"$tmp/out" 2>/dev/null
		t1=$(date +%s%N)
		printf '  table %-6s %-22s %4d lines  %5d ms\n' "${fmt:-text}" \
			"$([ "$dir" = captures ] && echo captures/ || echo '1000 copies')" \
			"$(wc -l <"$tmp/out")" $(((t1 - t0) / 1000000))
	done
done
