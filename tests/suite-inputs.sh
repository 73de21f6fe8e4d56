#!/usr/bin/env bash
# suite-inputs: every command that reads a file is bounded on every kind of
# file (host/input.h, docs/cli.md "Inputs"): /dev/zero and an endless
# standard input end in a refusal naming the size bound, a FIFO no program
# writes to in one naming CS_INPUT_WAIT_S (10 s), each well before the
# `timeout` here; a FIFO with a writer and standard input read like a file.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
B=build/host/cacheshape
C=captures/synthetic/threeSteps.json
RL=tests/data/imported/ramlat-i7-1165G7.txt
RB=tests/data/imported/bandwidth/rambw-odroid-h3.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# bounded NAME WANT CMD...: ends within 30 s, exit 2, WANT on stderr
bounded() {
	local name=$1 want=$2
	shift 2
	timeout 30 "$@" >/dev/null 2>"$tmp/err.$$"; local rc=$?
	if [ "$rc" -eq 2 ] && grep -qF -- "$want" "$tmp/err.$$"; then
		pass "$name"
	else
		fail "$name: exit $rc (124: still reading after 30 s), stderr: $(head -c 300 "$tmp/err.$$")"
	fi
}
endless() { # NAME WANT CMD...: the same with `yes` on standard input
	local name=$1 want=$2
	shift 2
	yes | bounded "$name" "$want" "$@"
}

for cmd in "reduce" "reduce --json" "plot -o $tmp/p.svg" "compare $C"; do
	# shellcheck disable=SC2086
	bounded "$cmd /dev/zero: refused at the size bound" "4 MiB" $B $cmd /dev/zero
	# shellcheck disable=SC2086
	endless "$cmd -, endless: refused at the size bound" "4 MiB" $B $cmd -
done
for f in lat_mem_rd ramlat memorylatency columns; do
	bounded "import --from $f /dev/zero" "4194304 bytes an import file" \
		$B import --from $f /dev/zero -o "$tmp/z-$f.json"
	endless "import --from $f -, endless" "4194304 bytes an import file" \
		$B import --from $f - -o "$tmp/y-$f.json"
done
for f in tinymembench memorybandwidth rambw; do
	bounded "import --from $f /dev/zero" "4194304 bytes an import file" \
		$B import --from $f /dev/zero --into $C -o "$tmp/z-$f.json"
	endless "import --from $f -, endless" "4194304 bytes an import file" \
		$B import --from $f - --into $C -o "$tmp/y-$f.json"
done
bounded "import --into /dev/zero" "4 MiB" $B import --from rambw $RB --into /dev/zero -o "$tmp/zi.json"
expect "nothing written by any refusal" bash -c "! ls $tmp/*.json 2>/dev/null | grep -q ."

# A FIFO no program writes to: refused after CS_INPUT_WAIT_S, all at once
mkfifo "$tmp/nowriter"
late() { # N CMD...: in the background, its exit status and stderr kept
	local n=$1
	shift
	(timeout 30 "$@" >/dev/null 2>"$tmp/late$n.err"; echo $? >"$tmp/late$n.rc") &
}
late 1 $B reduce "$tmp/nowriter"
late 2 $B import --from ramlat "$tmp/nowriter" -o "$tmp/f1.json"
late 3 $B import --from rambw "$tmp/nowriter" --into $C -o "$tmp/f2.json"
late 4 $B compare $C "$tmp/nowriter"
late 5 $B import --from sbc-bench "$tmp/nowriter" -o "$tmp/f3.json"
wait
for n in 1 2 3 4 5; do
	expect "FIFO without a writer $n: refused after CS_INPUT_WAIT_S (exit $(cat "$tmp/late$n.rc"))" \
		bash -c "[ \"\$(cat $tmp/late$n.rc)\" = 2 ] && grep -q CS_INPUT_WAIT_S $tmp/late$n.err"
done

# A FIFO with a writer, and standard input: read as the file itself
mkfifo "$tmp/w"
cat $C >"$tmp/w" &
$B reduce --json "$tmp/w" 2>&1 | sed "s#$tmp/w#NAME#g" >"$tmp/fifo.txt"
$B reduce --json - <$C 2>&1 | sed "s#\"-\"#\"NAME\"#g" >"$tmp/stdin.txt"
$B reduce --json $C 2>&1 | sed "s#$C#NAME#g" >"$tmp/file.txt"
expect "reduce of a FIFO with a writer: as of the file" cmp -s "$tmp/fifo.txt" "$tmp/file.txt"
expect "reduce of standard input: as of the file" cmp -s "$tmp/stdin.txt" "$tmp/file.txt"
cat $RL >"$tmp/w" &
$B import --from ramlat "$tmp/w" -o "$tmp/rf.json" >/dev/null 2>&1
$B import --from ramlat - -o "$tmp/rs.json" <$RL >/dev/null 2>&1
expect "import ramlat from a FIFO keeps the NxPTR columns (bandwidth.mlp)" grep -q '"mlp"' "$tmp/rf.json"
expect "import ramlat from standard input keeps the NxPTR columns" grep -q '"mlp"' "$tmp/rs.json"
$B import --from rambw - --into $C -o "$tmp/rb.json" <$RB >/dev/null 2>"$tmp/err"
expect "import --from rambw - reads standard input ($(head -c 200 "$tmp/err"))" grep -q '"rambw"' "$tmp/rb.json"
expect "import --help says '-' is standard input" bash -c "$B import --help | grep -q \"'-' is standard input\""
summary inputs
