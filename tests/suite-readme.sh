#!/usr/bin/env bash
# suite-readme: README.md is what its runs give (scripts/readme.py). Every
# fenced block is marked; each exact block is its command's output today;
# each transcript block is its saved run's (docs/readme/NAME.txt), with the
# machine and date under it, and that run's stable parts still hold; each
# block of commands names make targets and options that exist; each figure
# in the prose is its file's or its run's. Then the check is shown to fail:
# a figure changed by hand in each kind of block, in the prose, the line
# under a transcript, and a block left unmarked.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# the tree does not change while this suite runs: each command's answer
# is kept for the checks of the mutated copies below
export CS_README_CACHE=$T/cache
mkdir -p "$CS_README_CACHE"
scripts/readme.py check >"$T/check.out" 2>&1
rc=$?
expect "README.md: every block and figure as its run gives it (exit $rc)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || cat "$T/check.out"
expect "every fenced block of README.md is marked" eval \
	'[ "$(grep -c "^\`\`\`" README.md)" -eq $((2 * $(grep -c "^<!-- readme: " README.md))) ]'

# mutate DESCRIPTION PYTHON: README.md changed by PYTHON (s is its text),
# checked: must fail, and name the problem (WANT, a grep pattern)
mutate() {
	local what=$1 code=$2 want=$3
	python3 - "$T/README.md" "$code" <<'PY'
import sys
s = open("README.md", encoding="utf-8").read()
t = s
exec(sys.argv[2])
assert t != s, "the mutation changed nothing"
open(sys.argv[1], "w", encoding="utf-8").write(t)
PY
	scripts/readme.py check --file "$T/README.md" >"$T/m.out" 2>&1
	local mrc=$?
	expect "hand edit fails the check: $what (exit $mrc)" eval '[ $mrc -ne 0 ] && grep -qF -- "$want" "$T/m.out"'
}
# a figure in an exact block: the synthetic catalogue's tally
mutate "a count in check's table (exact block)" \
	't = s.replace("captures: 43 ok", "captures: 44 ok", 1) if "captures: 43 ok" in s else __import__("re").sub(r"(\n\d+) captures: (\d+) ok", lambda m: "%s captures: %d ok" % (m.group(1), int(m.group(2)) + 1), s, 1)' \
	"does not print this block today"
# a figure in a transcript block: the first sweep point of make run
mutate "a latency in make run's transcript" \
	'import re; t = re.sub(r"(\[ 1/\d+\] 4 KiB\s+)(\d)", lambda m: m.group(1) + str((int(m.group(2)) + 1) % 10), s, 1)' \
	"not docs/readme/firmware-run.txt's run"
mutate "selftest's count of checks in its transcript" \
	'import re; t = re.sub(r"(selftest: )(\d+)( passed)", lambda m: m.group(1) + str(int(m.group(2)) + 1) + m.group(3), s, 1)' \
	"docs/readme/selftest.txt's run"
mutate "a recorded bench figure" \
	't = s.replace("23092 captures/s", "23093 captures/s", 1)' \
	"docs/readme/bench-2026-11-30.txt's run"
mutate "the machine and date under a transcript" \
	'import re; t = re.sub(r"(<sub>Output of `make run` on )", r"\1a faster ", s, 1)' \
	"the line under the block should be"
mutate "a figure in the prose (the wasm's size)" \
	'import re; t = re.sub(r"(<!-- fig:wasm-bytes -->about )([0-9])", lambda m: m.group(1) + str((int(m.group(2)) + 1) % 10), s, 1)' \
	"fig:wasm-bytes reads"
mutate "a figure in the prose (selftest's tests)" \
	'import re; t = re.sub(r"(<!-- fig:selftest-tests -->)(\d+)", lambda m: m.group(1) + str(int(m.group(2)) - 10), s, 1)' \
	"fig:selftest-tests reads"
mutate "a block added without a mark" \
	't = s.replace("## Speed\n", "## Speed\n\n```\nmade up: 99999 captures/s\n```\n", 1)' \
	"a block with no"
mutate "an option that does not exist in a block of commands" \
	't = s.replace("build/host/cacheshape check [DIR]", "build/host/cacheshape check --fast [DIR]", 1)' \
	"--fast is not an option of cacheshape check"
mutate "a make target that does not exist in a block of commands" \
	't = s.replace("make run     # build, boot", "make runn    # build, boot", 1)' \
	"make -n fails"
# a built file that moved away from its recorded size (the figure is stale)
if [ -f build/web/cacheshape.wasm ]; then
	awk -F'\t' 'BEGIN { OFS = "\t" } $1 == "wasm-bytes" { $3 = int($3 * 0.9) } { print }' \
		docs/readme/figures.txt >"$T/figures.txt"
	CS_README_FIGS=$T/figures.txt scripts/readme.py check >"$T/m.out" 2>&1
	mrc=$?
	expect "a figure whose file moved more than 5 % is stale (exit $mrc)" eval \
		'[ $mrc -ne 0 ] && grep -qF "fig:wasm-bytes: build/web/cacheshape.wasm is" "$T/m.out"'
else
	fail "build/web/cacheshape.wasm is not built (make web): its figure cannot be checked"
fi
# a saved run whose capture today's reducer reads otherwise (a report that
# changed since the run: its own reduction no longer what the tree prints)
cp -r docs/readme "$T/saved"
python3 - "$T/saved/firmware-run.txt" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
head, _, body = t.partition("\n\n")
host = body.index("\n== ")
new = body[:host] + re.sub(r"\nlevels: (\d+)", lambda m: "\nlevels: %d" % (int(m.group(1)) + 1), body[host:], 1)
assert new != body
open(sys.argv[1], "w").write(head + "\n\n" + new)
PY
CS_README_DIR=$T/saved scripts/readme.py check >"$T/m.out" 2>&1
mrc=$?
expect "a saved run whose capture reduces otherwise today fails (exit $mrc)" eval \
	'[ $mrc -ne 0 ] && grep -qF "reduces otherwise today than in the run" "$T/m.out"'
summary readme
