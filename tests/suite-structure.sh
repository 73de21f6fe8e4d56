#!/usr/bin/env bash
# suite-structure: the shape the code promises (README "Architecture"). No
# architecture test outside arch/; the layers include only downward
# (common/ nothing from reduce/, reader/, arch/, efi/ or host/; reader/
# nothing from reduce/'s code but its headers, arch/, efi/ or host/; reduce/
# nothing from arch/, efi/ or host/; arch/ nothing from reduce/, efi/ or
# host/; kinds/ nothing from arch/, efi/ or host/; a firmware
# header only in the firmware's programs, efi/ and selftest/); every mk/arch-<arch>.mk has its arch/<arch>/ and back;
# each arch folder compiles freestanding with its own compiler (the host
# command built for aarch64 and run there: suite-linux-aarch64.sh); and no
# function runs past about 80 lines.
# run-all: seconds 100
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the kinds' members of the core's structs, which common/ includes from
# build/gen/ (mk/kinds.mk; docs/layers.md "Storage")
scripts/kinds-h.sh
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
layer common 'reduce|reader|arch|efi|host'
layer net 'reduce|reader|arch|efi|host'
layer chart 'reduce|reader|arch|efi|host'
layer decode 'reduce|reader|arch|efi|host'
layer reader 'arch|efi|host|web'
layer reduce 'arch|efi|host'
layer arch 'reduce|reader|efi|host'
# A kind's folder, its reader (*_read.c) and its check expectations
# (*_expect.[ch]: the page judges with them too) included: freestanding.
# A kind's architecture folder (kinds/<name>/<arch>/, an arch of
# mk/arch-<arch>.mk: its kernels, chosen by the build) may include that
# architecture's arch/<arch>/ and nothing else of arch/.
arches=$(for f in mk/arch-*.mk; do a=${f#mk/arch-}; echo "${a%.mk}"; done)
archpat=$(echo $arches | tr ' ' '|')
bad=$(grep -nE '#include "[^"]*(arch|efi|host)/' $(echo "$files" | grep '^kinds/' |
	grep -vE "^kinds/[^/]+/($archpat)/") /dev/null)
expect "kinds/ includes nothing from arch/, efi/ or host/ check's expectations included ($bad)" test -z "$bad"
for a in $arches; do
	bad=$(grep -nE '#include "[^"]*(arch/|efi/|host/)' $(echo "$files" | grep -E "^kinds/[^/]+/$a/") /dev/null |
		grep -vE "#include \"(\.\./)+arch/$a/")
	expect "kinds/*/$a/ includes of arch/ only arch/$a/ ($bad)" test -z "$bad"
done
bad=$(grep -nE '#include "[^"]*reduce/[^"]*\.c"' $(echo "$files" | grep '^reader/') /dev/null)
expect "reader/ includes no reduce/ source ($bad)" test -z "$bad"
bad=$(grep -lE '#include <efi(lib)?\.h>' $(echo "$files" | grep -E '^(arch|common|net|chart|decode|reduce|reader|kinds|host)/'))
expect "no firmware header in arch/, the core's folders, kinds/ or host/ ($bad)" test -z "$bad"
# The ladder (docs/layers.md "The ladder"): every folder has a rung, and an
# include names a file on its own rung or below, never above. The edges
# that still point up are named below, each with the part of issue 38 that
# removes it; a line no edge matches any more fails, so whoever removes an
# edge deletes its line (the list only shrinks).
ladder_known='
'
ladder=$(LADDER_KNOWN="$ladder_known" python3 - $files <<'EOF'
import os, re, sys
# The rung of each top folder: 0 the ground; 1 beside it; 2 the
# architecture; 3 the reducer; 4 the reader (its expect keys use the
# reducer's types); 5 the kinds; 6 the programs; 7 what tests them, and
# captures/synthetic's generator (it draws tests/' geometry model).
RUNG = {"common": 0, "decode": 1, "net": 1, "chart": 1, "arch": 2, "reduce": 3, "reader": 4,
        "kinds": 5, "efi": 6, "host": 6, "web": 6, "selftest": 7, "bench": 7, "tests": 7,
        "captures": 7}
known = {tuple(l.split()[:2]) for l in os.environ["LADDER_KNOWN"].split("\n") if l.strip()}
seen = set()
for f in sys.argv[1:]:
    top = f.split("/")[0]
    if top not in RUNG:
        print("FAIL %s: folder %s/ has no rung (tests/suite-structure.sh, docs/layers.md)" % (f, top))
        continue
    for m in re.finditer(r'^\s*#\s*include\s+"([^"]+)"', open(f, errors="replace").read(), re.M):
        t = os.path.normpath(os.path.join(os.path.dirname(f), m.group(1)))
        tt = t.split("/")[0]
        # build/gen/ (written for common/ from the kinds' declarations,
        # docs/layers.md "Storage") has no rung: common/ expands it
        if tt not in RUNG or RUNG[tt] <= RUNG[top]:
            continue
        if (f, t) in known:
            seen.add((f, t))
        else:
            print("FAIL %s (rung %d) includes %s (rung %d), above it" % (f, RUNG[top], t, RUNG[tt]))
for k in sorted(known - seen):
    print("FAIL stale exception: %s no longer includes %s: delete its line" % k)
print("KNOWN %d" % len(seen))
EOF
)
bad=$(echo "$ladder" | grep '^FAIL')
expect "includes point down the ladder but $(echo "$ladder" | sed -n 's/^KNOWN //p') named exceptions ($(echo "$bad" | head -n 4))" test -z "$bad"

# The count (issue 38: at most 18 when done): outside kinds/, tests/ and
# docs/, the C files that name a kind's own symbols (cs_<prefix>_...), per
# kind and in all. A ratchet: the total may not pass the ceiling, which
# whoever lowers the count lowers with it (108 on the issue's main).
CS_KIND_NAMING_CEILING=15
total=0 counts=
outside=$(echo "$files" | grep -vE '^(kinds|tests|docs)/')
for d in kinds/*/; do
	k=$(basename "$d")
	case $k in adjacency) p=adj ;; bandwidth) p=bw ;; experiments) p=exp ;; geometry) p=geom ;; *) p=$k ;; esac
	n=$(grep -lE "\bcs_${p}_[a-z0-9_]+" $outside /dev/null | wc -l)
	counts="$counts $k $n,"
	total=$((total + n))
done
echo "files naming a kind's symbols outside kinds/, tests/, docs/:$counts total $total (ceiling $CS_KIND_NAMING_CEILING)"
expect "files naming a kind's symbols outside its folder: $total, at most $CS_KIND_NAMING_CEILING (${counts%,} )" \
	test "$total" -le "$CS_KIND_NAMING_CEILING"

# One reader: the page holds no capture parser of its own, and the host
# none beside reader/ (yajl stays for serve's own JSON only).
expect "no web/js/capture.js (the page reads with reader/ in wasm)" test ! -e web/js/capture.js
bad=$(grep -lE 'yajl_(parse|tree_parse)' $(echo "$files" | grep -E '^(host|reader|kinds|common)/') /dev/null | grep -v '^host/serve')
expect "no yajl parse outside serve ($bad)" test -z "$bad"

# One folder and one make fragment per architecture, each with the other.
for d in arch/*/; do
	a=$(basename "$d")
	expect "arch/$a has mk/arch-$a.mk" test -f "mk/arch-$a.mk"
done
for f in mk/arch-*.mk; do
	a=${f#mk/arch-}
	a=${a%.mk}
	expect "mk/arch-$a.mk has arch/$a/ or a kind's $a/ folder" sh -c "ls -d arch/$a kinds/*/$a 2>/dev/null | grep -q ."
done

# Each arch folder freestanding, with its own compiler, and each kind's
# folder for that architecture with it.
for a in $arches; do
	cc=$a-linux-gnu-gcc
	[ "$(uname -m)" = "$a" ] && cc=${HOST_CC:-cc}
	flags=()
	# the page's architecture (mk/arch-wasm32.mk): Debian's clang, with and
	# without WebAssembly SIMD, as mk/web.mk builds it
	[ "$a" = wasm32 ] && cc=clang flags=(--target=wasm32 -mbulk-memory)
	if ! command -v "$cc" >/dev/null; then
		fail "arch/$a: no compiler $cc (scripts/deps.sh)"
		continue
	fi
	for f in $(ls arch/$a/*.c kinds/*/$a/*.c 2>/dev/null); do
		if $cc "${flags[@]}" -std=gnu11 -O2 -ffreestanding -nostdinc -isystem "$($cc -print-file-name=include)" \
			-fno-stack-protector -Wall -Wextra -Werror -c "$f" -o "$tmp/a.o" 2>"$tmp/log" &&
			{ [ "$a" != wasm32 ] || $cc "${flags[@]}" -msimd128 -std=gnu11 -O2 -ffreestanding -nostdinc \
				-isystem "$($cc -print-file-name=include)" -Wall -Wextra -Werror -c "$f" -o "$tmp/a.o" \
				2>"$tmp/log"; }; then
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

# The same rule for JavaScript: a function is a '{' after '=>', or after the
# ')' of function NAME(...) or of a method NAME(...), to its matching '}',
# found by a small lexer (comments, strings, template literals, regular
# expressions). Nothing is exempt.
jsfiles=$(git ls-files --cached --others --exclude-standard '*.js' 2>/dev/null || find web tests -name '*.js')
long=$(python3 - 85 $jsfiles <<'EOF'
import re, sys
# Functions in JavaScript past a bound: a small lexer (comments, strings,
# template literals, regular expressions) and brace matching; a function is
# a '{' after '=>' or after the ')' of 'function NAME(...)' or a method
# 'NAME(...)'. Prints FILE:LINE (N lines) for each over the bound.
KW = {"if", "for", "while", "switch", "catch", "with", "return", "typeof", "else", "do"}
def tokens(src):
    i, n, line, out = 0, len(src), 1, []
    def prev_sig():
        return out[-1][0] if out else None
    while i < n:
        c = src[i]
        if c == "\n":
            line += 1; i += 1; continue
        if c in " \t\r":
            i += 1; continue
        if src.startswith("//", i):
            while i < n and src[i] != "\n": i += 1
            continue
        if src.startswith("/*", i):
            j = src.find("*/", i + 2); j = n if j < 0 else j + 2
            line += src.count("\n", i, j); i = j; continue
        if c in "'\"":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append(("str", line)); i = j + 1; continue
        if c == "`":
            j, depth = i + 1, 0
            while j < n:
                if src[j] == "\\": j += 2; continue
                if src[j] == "`" and depth == 0: break
                if src.startswith("${", j): depth += 1; j += 2; continue
                if src[j] == "}" and depth: depth -= 1
                j += 1
            line += src.count("\n", i, j); out.append(("str", line)); i = j + 1; continue
        if c == "/":
            p = prev_sig()
            if p is None or p in set("(,=:[!&|?{};+-*%<>~^") or p in KW or p == "=>":
                j, cls = i + 1, False
                while j < n and (src[j] != "/" or cls) and src[j] != "\n":
                    if src[j] == "\\": j += 1
                    elif src[j] == "[": cls = True
                    elif src[j] == "]": cls = False
                    j += 1
                j += 1
                while j < n and src[j].isalpha(): j += 1
                out.append(("re", line)); i = j; continue
        m = re.match(r"[A-Za-z_$][\w$]*", src[i:i+64])
        if m:
            out.append((m.group(0), line)); i += len(m.group(0)); continue
        if src.startswith("=>", i):
            out.append(("=>", line)); i += 2; continue
        m = re.match(r"\d[\w.]*", src[i:i+64])
        if m:
            out.append(("num", line)); i += len(m.group(0)); continue
        out.append((c, line)); i += 1
    return out
def long_functions(path, bound):
    t = tokens(open(path, errors="replace").read())
    match, stack = {}, []
    for k, (s, _) in enumerate(t):
        if s in "({[": stack.append(k)
        elif s in ")}]" and stack: match[k] = stack.pop()
    opens = {}
    for k, (s, _) in enumerate(t):
        if s != "{" or k == 0: continue
        p = t[k - 1][0]
        fn = p == "=>"
        if p == ")" and (k - 1) in match:
            o = match[k - 1]
            before = t[o - 1][0] if o > 0 else None
            before2 = t[o - 2][0] if o > 1 else None
            fn = before == "function" or before2 == "function" or (
                before is not None and re.match(r"[A-Za-z_$]", before) and before not in KW)
        if fn: opens[k] = True
    for k, (s, l) in enumerate(t):
        if s == "}" and k in match and match[k] in opens:
            first = t[match[k]][1]
            if l - first + 1 > bound:
                print("%s:%d (%d lines)" % (path, first, l - first + 1))
for f in sys.argv[2:]:
    long_functions(f, int(sys.argv[1]))
EOF
)
expect "no JavaScript function over about 80 lines ($long)" test -z "$long"

# The contracts are in the clone (docs/reduction.md, docs/capture.md): no
# tracked file cites the session's shared folder beside the repository, and
# every "docs/reduction.md s.N" (or "s.N-s.M", "s.N to s.M", "section N") cited
# anywhere names a section docs/reduction.md has ("## N. ...").
bad=$(git grep -nI -e '[.][.]/shared' -- . 2>/dev/null | head -n 3)
expect "no tracked file cites the shared folder outside the repository ($bad)" test -z "$bad"
for d in docs/reduction.md docs/capture.md; do
	expect "$d is in the repository" test -s "$d"
done
missing=$(python3 - <<'EOF'
import re, subprocess
have = set(re.findall(r"^## (\d+)\.", open("docs/reduction.md").read(), re.M))
out = subprocess.run(["git", "grep", "-hoIE",
                      r"reduction\.md('s)?,? (s\.|section )[0-9]+((-| to )s\.[0-9]+)?"],
                     capture_output=True, text=True).stdout
bad = sorted({n for cite in out.split("\n") for n in re.findall(r"[0-9]+", cite) if n not in have})
print(" ".join("s.%s" % n for n in bad))
EOF
)
expect "every reduction.md section cited exists in docs/reduction.md (${missing:-all there})" test -z "$missing"
# Every threshold and refusal code of the reduction (reduce/rules.h) is
# named in docs/reduction.md, so the page and the code cannot drift apart.
undocumented=$(for w in $(grep -oE '^#define CS_[A-Z0-9_]+' reduce/rules.h | cut -d' ' -f2 | grep -v '^CS_RULES_H$\|^CS_R_') \
		      $(grep -oE '"[a-z0-9-]+"' reduce/rules.h | tr -d '"'); do
		grep -qF -- "$w" docs/reduction.md || echo "$w"
	       done | tr '\n' ' ')
expect "every constant and code of reduce/rules.h is in docs/reduction.md (${undocumented:-all there})" test -z "$undocumented"

# A new kind is its folder and one row of common/kinds.h, its members of
# struct cs_capture and struct cs_result declared in its folder (README "A
# new kind", docs/layers.md "Storage"): a
# throwaway kind (tests/example-kind/) put so into a scratch copy of the
# tree, which must build (the host command and the page) and reduce it.
ex=$tmp/example
mkdir -p "$ex"
{ echo "$files"; git ls-files --cached --others --exclude-standard -- mk scripts web captures Makefile 2>/dev/null; } |
	sed 's#^\./##' | grep -v '^tests/example-kind/' | sort -u | while read -r f; do
		[ -f "$f" ] && printf '%s\0' "$f"
	done | xargs -0 cp --parents -p -t "$ex" # one cp, not one a file; times kept (below)
mkdir -p "$ex/kinds/example"
cp tests/example-kind/*.[ch] "$ex/kinds/example/"
python3 - "$ex" <<'EOF'
import sys
d = sys.argv[1]
def edit(path, old, new):
    s = open(d + '/' + path).read()
    assert s.count(old) == 1, (path, old)
    open(d + '/' + path, 'w').write(s.replace(old, new))
row = (' \\\n\tCS_KIND(EXAMPLE, "example", cs_example_run, cs_example_write, cs_none_record, \\\n'
       '\t\tcs_example_read, cs_example_reduce, cs_example_report, cs_example_json, \\\n'
       '\t\tcs_none_published, cs_none_expect, cs_none_plot, cs_example_settings, \\\n'
       '\t\tcs_none_screen, cs_none_points, cs_none_synthetic, \\\n'
       '\t\tcs_none_query, cs_none_after, cs_none_summary, cs_none_row, cs_none_host)\n\nenum cs_kind {')
edit('common/kinds.h', '\n\nenum cs_kind {', row)
EOF
changed=$(cd "$ex" && find . -type f \( -name '*.[ch]' -o -name '*.mk' -o -name Makefile \) | sed 's#^\./##' | sort |
	while read -r f; do cmp -s "$f" "$OLDPWD/$f" 2>/dev/null || echo "$f"; done | tr '\n' ' ')
expect "the example kind touches its folder and the table only ($changed)" \
	test "$changed" = "common/kinds.h kinds/example/example.c kinds/example/example.h kinds/example/example_read.c kinds/example/example_settings.c "
# The scratch copy starts from this tree's objects, their times kept as the
# sources' are: make compiles again what the example kind changes (what
# includes common/kinds.h, its folder) and reuses the rest, identical
# sources' objects, instead of compiling the whole command and page again.
for d in build/host/obj build/web-obj; do
	[ -d "$d" ] && mkdir -p "$ex/$(dirname "$d")" && cp -a "$d" "$ex/$d"
done
cap=captures/synthetic/threeSteps.json
if nice make -C "$ex" -s build/host/cacheshape >"$tmp/ex.log" 2>&1; then
	pass "the example kind builds into the host command"
	python3 -c "import json; d = json.load(open('$cap')); d['example'] = {'value': 21}; json.dump(d, open('$ex/ex.json', 'w'))"
	expect "the example kind is read, reduced and reported" \
		sh -c "'$ex/build/host/cacheshape' reduce '$ex/ex.json' | grep -qx 'example: doubled 42'"
	expect "the example kind is in reduce --json" \
		sh -c "'$ex/build/host/cacheshape' reduce --json '$ex/ex.json' | python3 -c 'import json, sys; assert json.load(sys.stdin)[\"example\"] == 42'"
	expect "a capture without it reduces as before, example null" \
		sh -c "'$ex/build/host/cacheshape' reduce --json '$cap' | python3 -c 'import json, sys; assert json.load(sys.stdin)[\"example\"] is None'"
	# its setting, declared once in its folder (common/setting.h): the
	# probe's option and --help, the firmware's settings file (the
	# settings test, its docs text rewritten for the scratch tree)
	expect "the example kind's setting is in probe --help" \
		sh -c "'$ex/build/host/cacheshape' probe --help | grep -q -- '--example-value N  (settings file: example_value=)'"
	expect "probe --example-value 1001: refused with its declared range" \
		sh -c "'$ex/build/host/cacheshape' probe -o '$ex/no.json' --example-value 1001 2>&1 | grep -q \"'1001' is not a number from 1 to 1000\""
	mkdir -p "$ex/docs"
	if nice make -C "$ex" -s build/host/tests/test_setting_decl >"$tmp/exs.log" 2>&1 &&
		(cd "$ex" && build/host/tests/test_setting_decl --write >/dev/null && build/host/tests/test_setting_decl) >"$tmp/exs.out" 2>&1; then
		pass "the example kind's setting: the settings file and probe take it at its bounds ($(tail -n 1 "$tmp/exs.out"))"
	else
		fail "the example kind's setting: $(grep -m3 -E 'FAIL|error' "$tmp/exs.log" "$tmp/exs.out")"
	fi
	expect "docs/settings.md lists the example kind's setting" grep -q '^| `example_value` |' "$ex/docs/settings.md"
	if timeout 120 "$ex/build/host/cacheshape" probe --quick --max-bytes 64K --example-value 30 -q -o "$ex/p.json" >/dev/null 2>&1; then
		expect "probe --example-value 30: its run wrote 30" \
			python3 -c "import json; assert json.load(open('$ex/p.json'))['example'] == {'value': 30}"
	else
		fail "probe --example-value 30 did not write a capture"
	fi
else
	fail "the example kind does not build into the host command: $(grep -m3 -E 'error|Error' "$tmp/ex.log")"
fi
if command -v clang >/dev/null; then
	if nice make -C "$ex" -s build/web/cacheshape.wasm >"$tmp/exw.log" 2>&1; then
		pass "the example kind builds into the page (wasm32, freestanding)"
	else
		fail "the example kind does not build into the page: $(grep -m3 -E 'error|Error' "$tmp/exw.log")"
	fi
fi

summary structure
