#!/usr/bin/env bash
# suite-unit: every unit-test binary built from tests/test_*.c.
set -u
cd "$(dirname "$0")/.."
p=0; f=0
for t in build/host/tests/test_*; do
	[ -x "$t" ] || continue
	out=$("$t" 2>&1); rc=$?
	echo "$out" | grep -v '^$' | grep -E 'FAIL|passed' | sed 's/^/  /'
	line=$(echo "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1)
	if [ -z "$line" ]; then echo "FAIL $t: no summary (exit $rc)"; f=$((f + 1)); continue; fi
	tp=$(echo "$line" | sed -E 's/.* ([0-9]+) passed, ([0-9]+) failed.*/\1/')
	tf=$(echo "$line" | sed -E 's/.* ([0-9]+) passed, ([0-9]+) failed.*/\2/')
	[ "$rc" -ne 0 ] && [ "$tf" -eq 0 ] && tf=1
	p=$((p + tp)); f=$((f + tf))
done
echo "unit: $p passed, $f failed"
[ "$f" -eq 0 ]
