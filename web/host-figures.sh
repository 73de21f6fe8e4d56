#!/bin/sh
# host-figures.sh CACHESHAPE CAPTURES OUT: what the host command says of
# every capture in CAPTURES, for the page's check panel to hold its own
# figures to (web/js/check.js): {"reduce": {PATH: reduce --json or null},
# "check": check --json}. PATH is relative to CAPTURES, as serve lists it.
set -eu
cs=$1 dir=$2 out=$3
tmp=$out.tmp
{
	printf '{"reduce": {'
	sep=''
	find "$dir" -name '*.json' -type f | LC_ALL=C sort | while read -r f; do
		rel=${f#"$dir"/}
		name=$(printf '%s' "$rel" | sed 's/[\\"]/\\&/g')
		printf '%s\n"%s": ' "$sep" "$name"
		"$cs" reduce --json "$f" 2>/dev/null || printf 'null'
		sep=','
	done
	printf '},\n"check": '
	"$cs" check --json "$dir"
	printf '}\n'
} > "$tmp"
mv "$tmp" "$out"
