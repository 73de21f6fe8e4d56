#!/usr/bin/env bash
# suite-extreme: every committed capture with one extreme but valid value at
# a time (tests/extreme_captures.py: the largest double, the smallest
# subnormal, zero, 2^32, their negatives), through the sanitizer build
# (build/host-asan, mk/sanitize.mk): reduce --json of all of them in one
# process (tests/reduce_many.c), `check` of the folder, the text report and
# an SVG plot of a sample. Issue 41 item 5: no undefined behaviour on any
# value the reader accepts. A copy the reader refuses must be refused with
# a message, not a crash; a sanitizer report anywhere fails the suite.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
D=build/host-asan
for f in "$D/cacheshape" "$D/tests/reduce_many"; do
	[ -x "$f" ] || { fail "missing $f (make host-asan)"; summary extreme; exit 1; }
done
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export ASAN_OPTIONS="log_path=$W/asan:detect_leaks=1:exitcode=86"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=87"
# every PLOT_EVERY-th copy is also reported and plotted (each is one
# process under ASan: all 684 would cost minutes)
PLOT_EVERY=25

n=$(python3 tests/extreme_captures.py "$W/x" $(find captures -name '*.json' | sort))
expect "extreme copies made ($n)" test "$n" -ge 600

# reduce --json of every copy, one process: records "<length>\n<bytes>"
python3 - "$W/x" >"$W/records" <<'PY'
import os, sys
d = sys.argv[1]
for name in sorted(os.listdir(d)):
    if name.endswith(".json"):
        b = open(os.path.join(d, name), "rb").read()
        sys.stdout.buffer.write(b"%d\n" % len(b) + b)
PY
"$D/tests/reduce_many" <"$W/records" >"$W/answers" 2>"$W/rm.err"; rc=$?
expect "reduce --json of $n extreme copies in one process returns (exit $rc)" test "$rc" -eq 0
counts=$(python3 - "$W/answers" <<'PY'
import sys
b = open(sys.argv[1], "rb").read(); i = 0; j = e = bad = 0
while i < len(b):
    nl = b.index(b"\n", i); head = b[i:nl].split(b" ")
    n = int(head[1]); body = b[nl + 1:nl + 1 + n]; i = nl + 1 + n
    if head[0] == b"J":
        j += 1
        for word in (b"inf", b"nan", b"NaN", b"Infinity"):
            if word in body.replace(b'"', b" ").split():
                bad += 1
    elif head[0] == b"E":
        e += 1
        if n == 0:
            bad += 1
print(j, e, bad)
PY
)
set -- $counts
expect "every copy answered: $1 reduced, $2 refused with a message, of $n" test "$(($1 + $2))" -eq "$n"
expect "no reduce --json holds inf or nan as a word, no empty refusal ($3)" test "$3" -eq 0

"$D/cacheshape" check --wide "$W/x" >"$W/check.out" 2>"$W/check.err"; rc=$?
expect "check --wide of the folder ends without a sanitizer (exit $rc)" test "$rc" -lt 80
expect "check lists every copy" test "$(grep -c -- '-x[0-9]' "$W/check.out")" -ge "$n"

i=0; plotted=0; bad=0
for f in "$W"/x/*.json; do
	i=$((i + 1))
	[ $((i % PLOT_EVERY)) -eq 0 ] || continue
	"$D/cacheshape" reduce "$f" >/dev/null 2>"$W/err"; rc=$?
	[ "$rc" -lt 80 ] || { bad=$((bad + 1)); echo "  reduce $f: exit $rc ($(cat "$f.where"))"; }
	"$D/cacheshape" plot "$f" -o "$W/p.svg" --force >/dev/null 2>"$W/err"; rc=$?
	[ "$rc" -lt 80 ] || { bad=$((bad + 1)); echo "  plot $f: exit $rc ($(cat "$f.where"))"; }
	plotted=$((plotted + 1))
done
expect "report and SVG plot of $plotted sampled copies: no sanitizer stop ($bad)" test "$bad" -eq 0
reports=$(ls "$W"/asan.* 2>/dev/null | wc -l)
[ "$reports" -eq 0 ] || head -n 30 "$W"/asan.*
expect "no sanitizer log written ($reports)" test "$reports" -eq 0
summary extreme
