#!/usr/bin/env bash
# man.sh CACHESHAPE OUTDIR: the manual pages, made by help2man (Debian's
# help2man) from the command's own --help and --version: cacheshape(1) and
# one cacheshape-CMD(1) a subcommand (scripts/commands.sh lists them), so
# the pages say what the help says, never a second text to keep in step.
set -euo pipefail
here=$(dirname "$0")
cs=$(readlink -f "$1")
out=$2
command -v help2man >/dev/null || "$here/deps.sh" man
ver=$("$cs" --version | sed -n '1s/^cacheshape //p')
list=$("$here/commands.sh" "$cs")
mkdir -p "$out/bin"
# the pages' date: the last commit's, so that a rebuild makes the same pages
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)}

# help2man runs a program: each page's is one line of shell that runs
# `cacheshape [CMD]` and gives help2man the usage lines as it reads them
# ("Usage:", a usage's continued options on its line, then "   or:"); the
# rest of the text passes as printed.
wrap() { # FILE CMD...
	cat >"$1" <<WRAP
#!/bin/sh
"$cs" ${*:2} "\$@" | sed -e ':a' -e 'N' -e '\$!ba' \\
	-e 's/^usage:/Usage:/' -e 's/\n         \[/ [/g' -e 's/\n       cacheshape /\n   or: cacheshape /g'
WRAP
	chmod +x "$1"
}

wrap "$out/bin/cacheshape"
cut -f1 <<<"$list" | sed 's/^/.BR cacheshape-/; s/$/ (1),/; $ s/,$//' |
	sed '1i [SEE ALSO]' >"$out/cacheshape.h2m"
help2man --no-info --section=1 --version-string="cacheshape $ver" \
	--name="measure the shape of a processor's caches and compare it with what the processor claims" \
	--include="$out/cacheshape.h2m" --output="$out/cacheshape.1" "$out/bin/cacheshape"

while IFS=$'\t' read -r name desc; do
	wrap "$out/bin/cacheshape-$name" "$name"
	printf '[SEE ALSO]\n.BR cacheshape (1)\n' >"$out/cacheshape-$name.h2m"
	help2man --no-info --section=1 --version-string="cacheshape-$name $ver" --name="$desc" \
		--include="$out/cacheshape-$name.h2m" --output="$out/cacheshape-$name.1" \
		"$out/bin/cacheshape-$name"
done <<<"$list"
rm -rf "$out/bin" "$out"/*.h2m
