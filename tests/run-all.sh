#!/usr/bin/env bash
# run-all.sh SUITE...: run each test suite, show its output, and end with the
# total as one line "N passed, N failed". A suite that dies without its
# summary line counts as one failure.
set -u
total_p=0
total_f=0
for suite in "$@"; do
	name=$(basename "$suite" .sh)
	echo "== $name"
	log=$(mktemp)
	start=$(date +%s)
	bash "$suite" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	line=$(grep -E '(^|: )[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	rm -f "$log"
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
	echo "   ($name took $(( $(date +%s) - start )) s)"
done
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
