#!/usr/bin/env bash
# suite-install: `make install PREFIX=DIR` (mk/install.mk) into a scratch
# prefix: the command, the man pages help2man made from its --help (one per
# subcommand, each naming every option its help names, rendering without a
# groff warning), the bash completion (its answers for commands, options,
# option values and files, from the installed command's help), and
# `make uninstall` leaving nothing behind.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
P=$T/prefix

make -s install PREFIX="$P" >"$T/install.out" 2>&1
rc=$?
expect "make install PREFIX=...: exit 0 (got $rc)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || cat "$T/install.out"
CS=$P/bin/cacheshape
expect "installed: bin/cacheshape runs (--version)" eval '"$CS" --version | grep -q "^cacheshape [0-9]"'
cmds=$(scripts/commands.sh "$CS" | cut -f1)
for c in probe reduce check plot import serve; do
	expect "the subcommands read from the help include $c" eval 'echo "$cmds" | grep -qx $c'
done
M=$P/share/man/man1
expect "installed: cacheshape.1" test -s "$M/cacheshape.1"
for c in $cmds; do
	page=$M/cacheshape-$c.1
	expect "installed: cacheshape-$c.1" test -s "$page"
	# every long option of the help is in the page (help2man writes \- for -)
	missing=""
	for o in $("$CS" "$c" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
		sed 's/\\-/-/g' "$page" | grep -qF -- "$o" || missing="$missing $o"
	done
	expect "cacheshape-$c.1 names every option of '$c --help'${missing:+ (missing:$missing)}" [ -z "$missing" ]
	expect "cacheshape-$c.1 has its synopsis from the usage line" eval \
		'MANWIDTH=200 man -l "$page" 2>/dev/null | sed -n "/^SYNOPSIS/,/^DESCRIPTION/p" | grep -q "cacheshape $c"'
	expect "cacheshape-$c.1 renders without a groff warning" eval \
		'[ -z "$(groff -man -Tutf8 -ww -z "$page" 2>&1)" ]'
	expect "cacheshape.1 refers to cacheshape-$c(1)" eval 'sed "s/\\\\-/-/g" "$M/cacheshape.1" | grep -q "cacheshape-$c (1)"'
done
expect "man finds the installed page by name (MANPATH)" eval \
	'MANPATH=$P/share/man man -w cacheshape-reduce 2>/dev/null | grep -q "$M/cacheshape-reduce.1"'

# --- the bash completion, as bash runs it --------------------------------------
B=$P/share/bash-completion/completions/cacheshape
expect "installed: the bash completion" test -s "$B"
# complete WORD...: COMPREPLY for the command line "cacheshape WORD..." (the
# last word the one completed), one a line, sorted
complete_words() {
	bash -c '
		source "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_cacheshape
		[ ${#COMPREPLY[@]} -eq 0 ] || printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$B" "$CS" "$@"
}
has() { grep -qx -- "$1" "$T/c"; }
complete_words "" >"$T/c"
expect "completion: the subcommands" eval 'has probe && has reduce && has serve && has help && ! has --help'
complete_words help re >"$T/c"
expect "completion: help re -> reduce" eval '[ "$(cat "$T/c")" = reduce ]'
complete_words probe --cl >"$T/c"
expect "completion: probe --cl -> --clamp, --clock" eval '[ "$(echo $(cat "$T/c"))" = "--clamp --clock" ]'
complete_words probe --pages "" >"$T/c"
expect "completion: probe --pages -> 4k, huge" eval '[ "$(echo $(cat "$T/c"))" = "4k huge" ]'
complete_words probe --flush = "e" >"$T/c"
expect "completion: probe --flush=e -> evict" eval '[ "$(cat "$T/c")" = evict ]'
complete_words import --from "" >"$T/c"
expect "completion: import --from -> its formats" eval 'has lat_mem_rd && has ramlat && has columns && has memorylatency'
complete_words probe --cpu "" >"$T/c"
expect "completion: probe --cpu -> nothing (a number)" [ ! -s "$T/c" ]
mkdir -p "$T/w/sub" && touch "$T/w/cap.json"
complete_words reduce "$T/w/c" >"$T/c"
expect "completion: reduce FILE -> files" eval 'has "$T/w/cap.json"'
complete_words serve --dir "$T/w/" >"$T/c"
expect "completion: serve --dir -> folders only" eval 'has "$T/w/sub" && ! has "$T/w/cap.json"'
complete_words reduce --j >"$T/c"
expect "completion: reduce --j -> --json" eval '[ "$(cat "$T/c")" = --json ]'
complete_words reduce --json "$T/w/c" >"$T/c"
expect "completion: after reduce --json (a flag), files" eval 'has "$T/w/cap.json"'

make -s uninstall PREFIX="$P" >/dev/null 2>&1
expect "make uninstall: no file left under the prefix" eval '[ -z "$(find "$P" -type f)" ]'
summary install
