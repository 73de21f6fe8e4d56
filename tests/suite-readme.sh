#!/usr/bin/env bash
# suite-readme: README.md and the manual's pages (scripts/readme.py PAGES)
# are what their runs give. Every fenced block is marked; each exact block
# is its command's output today; each transcript block is its saved run's
# (docs/readme/NAME.txt), with the machine and date under it, and that run's
# stable parts still hold; each block of commands names make targets and
# options that exist; each figure in the prose is its file's or its run's.
# Then the check is shown to fail, on whichever page holds the block: a
# figure changed by hand in each kind of block, in the prose, the line under
# a transcript, and a block left unmarked. README.md stays a front door
# (issue 40): at most 250 lines, a link to every page of the manual, and no
# figure without its date and machine.
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
expect "README.md and the manual: every block and figure as its run gives it (exit $rc)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || cat "$T/check.out"
pages=$(python3 -c 'import sys; sys.path.insert(0, "scripts"); import importlib; m = importlib.import_module("readme"); print(" ".join(m.PAGES))')
for page in $pages; do
	expect "every fenced block of $page is marked" eval \
		'[ "$(grep -c "^\`\`\`" "$page")" -eq $((2 * $(grep -c "^<!-- readme: " "$page"))) ]'
done
lines=$(wc -l <README.md)
expect "README.md is a front door: $lines lines, at most 250" [ "$lines" -le 250 ]
for page in $pages; do
	[ "$page" = README.md ] && continue
	expect "README.md links the manual's page $page" grep -qF "]($page)" README.md
done
# a figure in README.md's prose (a number with a unit of time, speed or
# size) has its date (20YY-MM-DD) in the same paragraph: the machine and
# date of every figure are said, or the figure is in a block made by a
# command whose output names them
python3 - README.md >"$T/figs.out" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
text = re.sub(r"(?ms)^```.*?^```", "", text)
for para in re.split(r"\n\s*\n", text):
    if re.search(r"\b\d[\d,.]*\s*(min|s|ms|ns|GB/s|MB/s|KiB|MiB|GiB|KB|MB|captures/s|checks)\b", para) \
            and not re.search(r"\b20\d\d-\d\d-\d\d\b", para):
        print(para.strip().splitlines()[0])
PY
expect "every figure of README.md's prose has its date beside it" eval '[ ! -s "$T/figs.out" ]'
[ -s "$T/figs.out" ] && cat "$T/figs.out"

# mutate FILE DESCRIPTION PYTHON WANT: the page FILE changed by PYTHON (s is
# its text), checked: must fail, and name the problem (WANT, a fixed string)
mutate() {
	local file=$1 what=$2 code=$3 want=$4
	python3 - "$file" "$T/$(basename "$file")" "$code" <<'PY'
import sys
s = open(sys.argv[1], encoding="utf-8").read()
t = s
exec(sys.argv[3])
assert t != s, "the mutation changed nothing"
open(sys.argv[2], "w", encoding="utf-8").write(t)
PY
	scripts/readme.py check --file "$T/$(basename "$file")" >"$T/m.out" 2>&1
	local mrc=$?
	expect "hand edit fails the check: $what, $file (exit $mrc)" eval '[ $mrc -ne 0 ] && grep -qF -- "$want" "$T/m.out"'
}
# a figure in an exact block: the synthetic catalogue's tally
mutate docs/rules.md "a count in check's table (exact block)" \
	'import re; t = re.sub(r"(\n\d+) captures: (\d+) ok", lambda m: "%s captures: %d ok" % (m.group(1), int(m.group(2)) + 1), s, 1)' \
	"does not print this block today"
mutate README.md "a figure of the summary (exact block)" \
	'import re; t = re.sub(r"(\n  L1 +\d+ KiB +)(\d)", lambda m: m.group(1) + str((int(m.group(2)) + 1) % 10), s, 1)' \
	"does not print this block today"
# a figure in a transcript block: the first sweep point of make run
mutate docs/firmware.md "a latency in make run's transcript" \
	'import re; t = re.sub(r"(\[ 1/\d+\] 4 KiB\s+)(\d)", lambda m: m.group(1) + str((int(m.group(2)) + 1) % 10), s, 1)' \
	"not docs/readme/firmware-run.txt's run"
mutate docs/firmware.md "selftest's count of checks in its transcript" \
	'import re; t = re.sub(r"(selftest: )(\d+)( passed)", lambda m: m.group(1) + str(int(m.group(2)) + 1) + m.group(3), s, 1)' \
	"docs/readme/selftest.txt's run"
mutate docs/speed.md "a recorded bench figure" \
	't = s.replace("23092 captures/s", "23093 captures/s", 1)' \
	"docs/readme/bench-2026-11-30.txt's run"
mutate docs/firmware.md "the machine and date under a transcript" \
	'import re; t = re.sub(r"(<sub>Output of `make run` on )", r"\1a faster ", s, 1)' \
	"the line under the block should be"
mutate docs/web.md "a figure in the prose (the wasm's size)" \
	'import re; t = re.sub(r"(<!-- fig:wasm-bytes -->about )([0-9])", lambda m: m.group(1) + str((int(m.group(2)) + 1) % 10), s, 1)' \
	"fig:wasm-bytes reads"
mutate docs/firmware.md "a figure in the prose (selftest's tests)" \
	'import re; t = re.sub(r"(<!-- fig:selftest-tests -->)(\d+)", lambda m: m.group(1) + str(int(m.group(2)) - 10), s, 1)' \
	"fig:selftest-tests reads"
mutate README.md "a block added without a mark" \
	't = s.replace("## The manual\n", "## The manual\n\n```\nmade up: 99999 captures/s\n```\n", 1)' \
	"a block with no"
mutate docs/speed.md "a block added without a mark" \
	'import re; t = re.sub(r"\n## ", "\n```\nmade up: 99999 captures/s\n```\n\n## ", s, 1)' \
	"a block with no"
mutate docs/host.md "an option that does not exist in a block of commands" \
	't = s.replace("build/host/cacheshape check [DIR]", "build/host/cacheshape check --fast [DIR]", 1)' \
	"--fast is not an option of cacheshape check"
mutate README.md "a make target that does not exist in a block of commands" \
	't = s.replace("make run     # build, boot", "make runn    # build, boot", 1)' \
	"make -n fails"
# a page of docs/ with marks that scripts/readme.py does not list goes
# unchecked: the check says so
mkdir -p "$T/docs"
cp docs/*.md "$T/docs/"
printf '\n<!-- readme: commands -->\n```sh\nmake nothing-here\n```\n' >"$T/docs/zz-unlisted-page.md"
CS_README_DOCS=$T/docs scripts/readme.py check >"$T/m.out" 2>&1
mrc=$?
expect "a page of docs/ with marks outside PAGES fails the check (exit $mrc)" eval \
	'[ $mrc -ne 0 ] && grep -qF "docs/zz-unlisted-page.md has readme marks but is not in scripts/readme.py PAGES" "$T/m.out"'
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
new = re.sub(r"\ntrust: ", "\ntrust: (changed) ", body, 1)
assert new != body
open(sys.argv[1], "w").write(head + "\n\n" + new)
PY
CS_README_DIR=$T/saved scripts/readme.py check >"$T/m.out" 2>&1
mrc=$?
expect "a saved run whose capture reduces otherwise today fails (exit $mrc)" eval \
	'[ $mrc -ne 0 ] && grep -qF "reduces otherwise today than in the run" "$T/m.out"'
summary readme
