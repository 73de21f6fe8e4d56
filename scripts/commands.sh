#!/usr/bin/env bash
# commands.sh CACHESHAPE: the subcommands, one a line, as `cacheshape --help`
# lists them (its "commands:" part, help itself left out), each with its
# description (continuation lines joined) after a tab. The man pages
# (scripts/man.sh) and the bash completion (scripts/cacheshape.bash) read
# the same help, so a new subcommand is in both once main.c's help names it.
set -euo pipefail
"$1" --help | awk '
	function flush() { if (name != "") print name "\t" d; name = ""; d = "" }
	/^commands:/ { on = 1; next }
	on && /^$/ { flush(); exit }
	!on { next }
	/^  [a-z]/ {
		if ($1 == name) next          # a second usage of the same command
		flush()
		if ($1 == "help" || seen[$1]++) next
		name = $1
		if (match($0, /[^ ]  +[^ ]/)) { d = substr($0, RSTART + 1); sub(/^ +/, "", d) }
		next
	}
	name != "" { t = $0; sub(/^ +/, "", t); d = d == "" ? t : d " " t }'
