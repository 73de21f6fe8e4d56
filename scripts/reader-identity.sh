#!/usr/bin/env bash
# reader-identity.sh OLD NEW: the two builds of cacheshape read every
# committed capture to the same result: `reduce` (the text report) and
# `reduce --json` byte-identical on every file under captures/, and the
# same exit status and message on every malformed file (tests/data/bad,
# tests/data/json). For a change to the reader (issue 20: one reader).
set -u
old=${1:?usage: reader-identity.sh OLD-cacheshape NEW-cacheshape}
new=${2:?usage: reader-identity.sh OLD-cacheshape NEW-cacheshape}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
same=0 differ=0
while IFS= read -r f; do
	for mode in "" "--json"; do
		"$old" reduce $mode "$f" >"$tmp/a" 2>&1; ra=$?
		"$new" reduce $mode "$f" >"$tmp/b" 2>&1; rb=$?
		if [ $ra = $rb ] && cmp -s "$tmp/a" "$tmp/b"; then
			same=$((same + 1))
		else
			differ=$((differ + 1))
			echo "DIFFERS: reduce $mode $f (exit $ra vs $rb)"
			diff "$tmp/a" "$tmp/b" | head -6
		fi
	done
done < <(find captures -name '*.json' | sort)
# Many captures read in one process, one after another (check reads a
# folder with one capture struct): what one left must not change the next.
for d in $(find captures -mindepth 1 -type d | sort); do
	"$old" check "$d" >"$tmp/a" 2>&1; ra=$?
	"$new" check "$d" >"$tmp/b" 2>&1; rb=$?
	if [ $ra = $rb ] && cmp -s "$tmp/a" "$tmp/b"; then
		same=$((same + 1))
	else
		differ=$((differ + 1))
		echo "DIFFERS: check $d (exit $ra vs $rb)"
		diff "$tmp/a" "$tmp/b" | head -6
	fi
done
msgs=0
for f in tests/data/bad/*.json tests/data/json/*.json; do
	"$old" reduce "$f" >"$tmp/a" 2>&1; ra=$?
	"$new" reduce "$f" >"$tmp/b" 2>&1; rb=$?
	if [ $ra != $rb ]; then
		differ=$((differ + 1))
		echo "DIFFERS: exit of reduce $f ($ra vs $rb)"
	elif ! cmp -s "$tmp/a" "$tmp/b"; then
		msgs=$((msgs + 1))
		echo "message: $f"
		echo "  old: $(head -c 300 "$tmp/a")"
		echo "  new: $(head -c 300 "$tmp/b")"
	fi
done
echo "$same identical, $differ differ; $msgs refusals worded differently"
[ $differ = 0 ]
