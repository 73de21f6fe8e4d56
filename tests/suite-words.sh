#!/usr/bin/env bash
# suite-words: what a user reads speaks a user's words (issue 40 item 5).
# Every command's --help, the manual pages made from them (scripts/man.sh),
# and the default text report of every committed capture: no seed number
# ("seed 003's experiments": the experiment's name, not the seed it came
# from), no CS_ constant (the rule is said in words with its value; the
# constant is for `reduce --explain` and the JSON), no section reference
# ("s.4"), no source file in --help, no "old name". And no sentence cut by
# a buffer's end: no refusal's reason fills its buffer (CS_REASON_MAX, the
# cut that gave "...so a wandering step cannot be tol"), no report says it
# was truncated. Then the scan itself is shown to find each pattern.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
CS=build/host/cacheshape
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
not() { ! "$@"; }
[ -x "$CS" ] || { fail "$CS is not built (make host)"; summary words; exit 1; }

# the inner words: a seed's number or "seed" but the --seed option, a
# constant, a section, a source file, a retired option's history
INNER='(^|[^-])\bseed\b|\bCS_[A-Z][A-Z0-9_]+|(^|[ (])s\.[0-9]+\b|\bold name\b'
SOURCE='\b[a-z_]+/[a-z_0-9]+\.[ch]\b'
scan() { # NAME FILE [EXTRA-PATTERN]: FILE has none of the inner words
	local pat=$INNER
	[ -n "${3:-}" ] && pat="$pat|$3"
	if grep -nE "$pat" "$2" >"$T/hits"; then
		fail "$1: $(head -n 3 "$T/hits" | tr '\n' ' ')"
	else
		pass "$1"
	fi
}

# --help of the command and of every subcommand
"$CS" --help >"$T/help-top.txt" 2>&1
scan "cacheshape --help in a user's words" "$T/help-top.txt" "$SOURCE"
n=0
for c in $(scripts/commands.sh "$CS" | cut -f1); do
	"$CS" "$c" --help >"$T/help-$c.txt" 2>&1
	scan "cacheshape $c --help in a user's words" "$T/help-$c.txt" "$SOURCE"
	n=$((n + 1))
done
expect "every subcommand's --help scanned ($n)" [ "$n" -ge 7 ]

# the manual pages, made as make man makes them (help2man from --help)
if scripts/man.sh "$CS" "$T/man" >"$T/man.out" 2>&1; then
	pages=0
	for m in "$T"/man/*.1; do
		scan "man page $(basename "$m") in a user's words" "$m" "$SOURCE"
		pages=$((pages + 1))
	done
	expect "the manual pages scanned ($pages)" [ "$pages" -ge 8 ]
else
	fail "scripts/man.sh: $(tail -n 3 "$T/man.out" | tr '\n' ' ')"
fi

# the default report of every committed capture (its first line, "== PATH:
# LABEL", is the capture's own label: data, not the report's words), and of
# make run's (docs/readme/)
max=$(sed -n 's/^#define CS_REASON_MAX \([0-9]*\).*/\1/p' common/result.h)
: >"$T/reports.txt"
caps=0 cut=0
for f in captures/*/*.json captures/*/*/*.json docs/readme/*.json; do
	[ -f "$f" ] || continue
	"$CS" reduce "$f" 2>/dev/null | tail -n +2 >>"$T/reports.txt"
	# its reasons, by their bytes, below (one python for all)
	"$CS" reduce --json "$f" >"$T/json-$caps.json" 2>/dev/null
	echo "$f" >"$T/json-$caps.name"
	caps=$((caps + 1))
done
# every reason in the JSON, by its bytes: one that fills its buffer was cut
python3 - "$max" "$T" "$caps" >"$T/cut.txt" <<'PY'
import json, sys
max_, d, n = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
def walk(v, f):
    if isinstance(v, dict):
        for k, x in v.items():
            if k == "reason" and isinstance(x, str) and len(x.encode()) >= max_ - 1:
                print("%s: a reason of %d bytes, cut: ...%s" % (f, len(x.encode()), x[-40:]))
            walk(x, f)
    elif isinstance(v, list):
        for x in v:
            walk(x, f)
for i in range(n):
    f = open("%s/json-%d.name" % (d, i)).read().strip()
    try:
        walk(json.load(open("%s/json-%d.json" % (d, i))), f)
    except ValueError:
        print("%s: reduce --json gave no JSON" % f)
PY
expect "the committed captures' reports scanned ($caps)" [ "$caps" -ge 50 ]
scan "the default reports in a user's words" "$T/reports.txt"
expect "no reason cut at its buffer's end ($max bytes)" eval '[ ! -s "$T/cut.txt" ]'
[ -s "$T/cut.txt" ] && head -n 5 "$T/cut.txt"
expect "no report truncated" not grep -qF "(report truncated)" "$T/reports.txt"
# the constants are kept where they belong: --explain and the JSON
"$CS" reduce --explain docs/readme/firmware-run.json >"$T/explain.txt" 2>&1
expect "reduce --explain names the rules' constants" grep -qE '\bCS_[A-Z]' "$T/explain.txt"
"$CS" reduce --json docs/readme/firmware-run.json >"$T/json.txt" 2>&1
expect "reduce --json names the rules' constants" grep -qE '\bCS_[A-Z]' "$T/json.txt"

# the scan finds what it looks for (a check that cannot fail is a defect)
for bad in "experiments (seed 003):" "over CS_GEOM_RISE 0.1" "pages (docs/tlb.md s.5): past" \
	"--all-kinds, its old name"; do
	printf 'fine line\n%s\n' "$bad" >"$T/bad.txt"
	expect "the scan finds: $bad" grep -qE "$INNER" "$T/bad.txt"
done
printf '  --seed N            the random chase'"'"'s starting number\n' >"$T/ok.txt"
expect "the scan lets --seed, the option, pass" not grep -qE "$INNER" "$T/ok.txt"
summary words
