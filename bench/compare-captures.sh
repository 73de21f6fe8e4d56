#!/bin/sh
# bench/compare-captures.sh OLD NEW: reduce every committed capture (and
# the synthetic catalogue) with two builds of cacheshape, and name each one
# whose `reduce --json` or text report differs. Exit 0 always; prints
# "N changed of M". Used to list the captures a reduction change touches.
old=${1:-/work/wt/bin-main/cacheshape}
new=${2:-build/host/cacheshape}
tmp=$(mktemp -d)
n=0; changed=0
for f in $(find captures -name '*.json' | sort); do
	n=$((n + 1))
	d=""
	for mode in --json ""; do
		"$old" reduce $mode "$f" >"$tmp/a" 2>&1; ra=$?
		"$new" reduce $mode "$f" >"$tmp/b" 2>&1; rb=$?
		if [ $ra != $rb ] || ! cmp -s "$tmp/a" "$tmp/b"; then
			d="$d ${mode:-text}"
		fi
	done
	if [ -n "$d" ]; then
		changed=$((changed + 1))
		echo "changed:$d $f"
	fi
done
rm -rf "$tmp"
echo "$changed changed of $n"
