#!/usr/bin/env bash
# suite-structure: the shape the code promises (README "Architecture"). No
# architecture test outside arch/; the layers include only downward
# (common/ nothing from reduce/, arch/, efi/ or host/; reduce/ nothing from
# arch/, efi/ or host/; arch/ nothing from reduce/, efi/ or host/; a firmware
# header only in the firmware's programs, efi/ and selftest/); every mk/arch-<arch>.mk has its arch/<arch>/ and back;
# each arch folder compiles freestanding with its own compiler (the host
# command built for aarch64 and run there: suite-linux-aarch64.sh); and no
# function runs past about 80 lines.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(git ls-files --cached --others --exclude-standard '*.c' '*.h' 2>/dev/null || find . -name '*.[ch]' -not -path './build/*')

# No architecture test outside arch/.
hits=$(grep -nE '__(x86_64|aarch64|i386|arm|riscv)__|defined\((__)?(x86_64|aarch64)' $files | grep -v '^arch/')
expect "no architecture test outside arch/ ($(echo "$hits" | head -n 3))" test -z "$hits"

# Includes only downward.
layer() { # layer DIR FORBIDDEN-REGEX
	local bad
	bad=$(grep -nE '#include "[^"]*('"$2"')/' $(echo "$files" | grep "^$1/") /dev/null)
	expect "$1/ includes nothing from $2 ($(echo "$bad" | head -n 2))" test -z "$bad"
}
layer common 'reduce|arch|efi|host'
layer reduce 'arch|efi|host'
layer arch 'reduce|efi|host'
# A kind's folder: freestanding but its reader (*_read.c, host/'s side).
bad=$(grep -nE '#include "[^"]*(arch|efi|host)/' $(echo "$files" | grep '^kinds/' | grep -v '_read\.c$') /dev/null)
expect "kinds/ includes nothing from arch/, efi/ or host/ but in a reader ($bad)" test -z "$bad"
bad=$(grep -lE '#include <efi(lib)?\.h>' $(echo "$files" | grep -E '^(arch|common|reduce|host)/'))
expect "no firmware header in arch/, common/, reduce/ or host/ ($bad)" test -z "$bad"

# One folder and one make fragment per architecture, each with the other.
for d in arch/*/; do
	a=$(basename "$d")
	expect "arch/$a has mk/arch-$a.mk" test -f "mk/arch-$a.mk"
done
for f in mk/arch-*.mk; do
	a=${f#mk/arch-}
	a=${a%.mk}
	expect "mk/arch-$a.mk has arch/$a/" test -d "arch/$a"
done

# Each arch folder freestanding, with its own compiler.
for d in arch/*/; do
	a=$(basename "$d")
	cc=$a-linux-gnu-gcc
	[ "$(uname -m)" = "$a" ] && cc=${HOST_CC:-cc}
	if ! command -v "$cc" >/dev/null; then
		fail "arch/$a: no compiler $cc (scripts/deps.sh)"
		continue
	fi
	for f in "$d"*.c; do
		if $cc -std=gnu11 -O2 -ffreestanding -nostdinc -isystem "$($cc -print-file-name=include)" \
			-fno-stack-protector -Wall -Wextra -Werror -c "$f" -o "$tmp/a.o" 2>"$tmp/log"; then
			pass "$f compiles freestanding ($cc)"
		else
			fail "$f does not compile freestanding with $cc: $(head -c 300 "$tmp/log")"
		fi
	done
done

# No function past about 80 lines (a table is data, not a function).
long=$(python3 - $files <<'EOF'
import re, sys
for f in sys.argv[1:]:
    lines = open(f, errors="replace").read().split("\n")
    start = None
    for i, l in enumerate(lines):
        if l.startswith("{") and i > 0:
            start = i
        elif l.startswith("}") and start is not None:
            if i - start + 1 > 85:
                print("%s:%d (%d lines)" % (f, start, i - start + 1))
            start = None
EOF
)
expect "no function over about 80 lines ($long)" test -z "$long"

summary structure
