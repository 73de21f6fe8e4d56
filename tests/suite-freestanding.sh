#!/usr/bin/env bash
# suite-freestanding: the shared core (common/, reduce/, reader/, kinds/,
# each kind's check expectations *_expect.c included) compiles with no
# hosted headers and links against nothing but the four memory functions
# every freestanding C compiler may call. This is what lets the firmware
# run the very code the unit tests exercise.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
CC=${HOST_CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the kinds' members of the core's structs, which common/ includes from
# build/gen/ (mk/kinds.mk; docs/layers.md "Storage")
scripts/kinds-h.sh
allowed="memcpy memset memmove memcmp"
# jsmn's one header (libjsmn-dev), alone: the reader's tokenizer
mkdir "$tmp/jsmn"
ln -s /usr/include/jsmn.h "$tmp/jsmn/jsmn.h"
expect "jsmn.h is installed (libjsmn-dev: scripts/deps.sh host)" test -f /usr/include/jsmn.h
# and each kind's kernels for this machine's architecture (kinds/<name>/<arch>/,
# chosen by the build), which the kinds call
for f in $(for d in $CORE_DIRS; do ls $d/*.c; done) $(ls kinds/*/*.c 2>/dev/null | grep -v '/test_[^/]*\.c$') \
	$(ls kinds/*/"$(uname -m)"/*.c 2>/dev/null); do
	o="$tmp/$(echo "$f" | tr / _).o"
	if ! $CC -std=c11 -O2 -ffreestanding -nostdinc -isystem "$($CC -print-file-name=include)" -isystem "$tmp/jsmn" \
		-fno-stack-protector -Wall -Werror -c "$f" -o "$o" 2>"$tmp/log"; then
		fail "$f does not compile freestanding: $(head -c 400 "$tmp/log")"
		continue
	fi
	pass "$f compiles freestanding"
done
ld -r -o "$tmp/core.o" "$tmp"/*.o 2>/dev/null
undef=$(nm -u "$tmp/core.o" | awk '{print $2}' | sort -u)
extra=""
for s in $undef; do
	case " $allowed " in *" $s "*) ;; *) extra="$extra $s" ;; esac
done
if [ -z "$extra" ]; then pass "the core needs no library symbols (only: $(echo $undef))"; else fail "the core calls outside itself:$extra"; fi
summary freestanding
