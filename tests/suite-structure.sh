#!/usr/bin/env bash
# suite-structure: the shape the code promises (README "Architecture"). No
# architecture test outside arch/; the layers include only downward
# (common/ nothing from reduce/, reader/, arch/, efi/ or host/; reader/
# nothing from reduce/'s code but its headers, arch/, efi/ or host/; reduce/
# nothing from arch/, efi/ or host/; arch/ nothing from reduce/, efi/ or
# host/; kinds/ nothing from arch/, efi/ or host/; a firmware
# header only in the firmware's programs, efi/ and selftest/); every mk/arch-<arch>.mk has its arch/<arch>/ and back;
# each arch folder compiles freestanding with its own compiler (the host
# command built for aarch64 and run there: suite-linux-aarch64.sh); no
# function runs past about 80 lines; and README "A new kind" holds: the
# example kind (tests/example-kind/), its folder and README's row put in a
# scratch copy of the tree, builds and shows on every surface (both
# firmwares and one QEMU boot too, unless CS_NO_FIRMWARE: `make check`).
# run-all: seconds 300
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
    # a kind's own tests (kinds/<name>/test_*.c) stand with tests/
    if re.match(r"kinds/[^/]+/test_[^/]*\.c$", f):
        top = "tests"
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
CS_KIND_NAMING_CEILING=9
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

# The example kind on the host command (the scratch tree's, built).
example_host() {
	local cs=$ex/build/host/cacheshape
	python3 - "$cap" "$ex" <<'PYEOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["example"] = {"value": 21, "page_bytes": 4096, "how": "made by the structure suite"}
json.dump(d, open(sys.argv[2] + "/ex.json", "w"))
d["expect"] = {"example": {"doubled": 42}}
json.dump(d, open(sys.argv[2] + "/exok.json", "w"))
d["expect"] = {"example": {"doubled": 40}}
json.dump(d, open(sys.argv[2] + "/exbad.json", "w"))
PYEOF
	"$cs" reduce "$ex/ex.json" >"$tmp/ex.txt" 2>&1
	expect "reduce: its report line" grep -qx \
		'example: doubled 42; the region on 4 KiB pages (made by the structure suite); the sweep.s knees: 3' "$tmp/ex.txt"
	expect "reduce: its column in the summary" grep -qE '^  level  claimed +measured +example +verdict$' "$tmp/ex.txt"
	expect "reduce: its cell in each level's row" grep -qE '^  L2 +256 KiB +[0-9.]+ KiB +42 +as claimed' "$tmp/ex.txt"
	expect "reduce --json: its member and its summary cells" sh -c "'$cs' reduce --json '$ex/ex.json' | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d[\"example\"] == {\"doubled\": 42, \"page_bytes\": 4096, \"knees\": 3}, d[\"example\"]
assert [r[\"example_doubled\"] for r in d[\"summary\"]] == [42, 42, 42]'"
	expect "a capture without it: example null, no summary column" sh -c "'$cs' reduce --json '$cap' | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d[\"example\"] is None and all(\"example_doubled\" not in r for r in d[\"summary\"])'"
	mkdir -p "$ex/chk/ok" "$ex/chk/bad"
	cp "$ex/exok.json" "$ex/chk/ok/"
	cp "$ex/exbad.json" "$ex/chk/bad/"
	expect "check: its expectation met" sh -c "'$cs' check --json '$ex/chk/ok' | python3 -c '
import json, sys
assert json.load(sys.stdin)[\"captures\"][0][\"result\"] == \"ok\"'"
	expect "check: its expectation missed, and why" sh -c "'$cs' check --json '$ex/chk/bad' | python3 -c '
import json, sys
c = json.load(sys.stdin)[\"captures\"][0]
assert c[\"result\"] == \"FAIL\" and \"example: expected doubled 40, got 42\" in c[\"notes\"], c'"
	expect "plot: its panel under the staircase" sh -c "'$cs' plot '$ex/ex.json' -o '$ex/ex.svg' >/dev/null 2>&1 &&
		grep -q '<g id=\"example\">' '$ex/ex.svg' && grep -q '>doubled 42<' '$ex/ex.svg'"
	expect "a synthetic curve through its row (gen-synthetic --kind example)" sh -c "
		'$ex/build/host/gen-synthetic' --kind example '$ex/syn.json' &&
		'$cs' reduce --json '$ex/syn.json' | python3 -c '
import json, sys
assert json.load(sys.stdin)[\"example\"][\"doubled\"] == 24'"
	expect "its own unit test runs: $("$ex/build/host/tests/test_example" 2>&1 | tail -n 1)" \
		sh -c "'$ex/build/host/tests/test_example' | grep -q '^example: [1-9][0-9]* passed, 0 failed$'"
	# its setting, declared once in its folder (common/setting.h): the
	# probe's option and --help, the firmware's settings file (the
	# settings test, its docs text rewritten for the scratch tree)
	expect "the example kind's setting is in probe --help" \
		sh -c "'$cs' probe --help | grep -q -- '--example-value N  (settings file: example_value=)'"
	expect "probe --example-value 1001: refused with its declared range" \
		sh -c "'$cs' probe -o '$ex/no.json' --example-value 1001 2>&1 | grep -q \"'1001' is not a number from 1 to 1000\""
	mkdir -p "$ex/docs"
	if (cd "$ex" && build/host/tests/test_setting_decl --write >/dev/null && build/host/tests/test_setting_decl) >"$tmp/exs.out" 2>&1; then
		pass "the example kind's setting: the settings file and probe take it at its bounds ($(tail -n 1 "$tmp/exs.out"))"
	else
		fail "the example kind's setting: $(grep -m3 -E 'FAIL|error' "$tmp/exs.out")"
	fi
	expect "docs/settings.md lists the example kind's setting" grep -q '^| `example_value` |' "$ex/docs/settings.md"
	if timeout 120 "$cs" probe --quick --max-bytes 64K --example-value 30 -q -o "$ex/p.json" >/dev/null 2>&1; then
		expect "probe --example-value 30: its run wrote 30, and the page size from the probe's services" \
			python3 -c "import json; x = json.load(open('$ex/p.json'))['example']; assert x['value'] == 30 and x['page_bytes'] > 0, x"
		expect "probe: its host step among the probe's members" \
			python3 -c "import json; x = json.load(open('$ex/p.json'))['example_host']; assert x == {'privileged': False, 'emulated': False}, x"
	else
		fail "probe --example-value 30 did not write a capture"
	fi
}

# The example kind in the page's module, called as the page calls it
# (web/js/wasm.js): the report, the panel drawn in C, reduce --json, and
# check's verdict from the C expectations (no JavaScript of the kind's).
example_page() {
	local out
	out=$(cd "$ex" && node --input-type=module - "$ex/exok.json" "$ex/exbad.json" 2>&1 <<'JSEOF'
import { readFileSync } from 'node:fs';
import { Reducer } from './web/js/wasm.js';
const { instance } = await WebAssembly.instantiate(readFileSync('build/web/cacheshape.wasm'),
  { env: { now_ms: () => performance.now() } });
const red = new Reducer(instance.exports);
for (const [i, f] of process.argv.slice(2).entries()) {
  const err = red.read(readFileSync(f)) || red.reduce();
  if (err) { console.log(`FAIL ${f}: ${err}`); continue; }
  const say = (ok, what) => console.log(`${ok ? 'PASS' : 'FAIL'} ${what}`);
  if (i === 0) {
    say(red.report().includes('\nexample: doubled 42; '), 'the page: its report line');
    say(red.svg('ex').includes('<g id="example">'), 'the page: its panel, drawn by the C in the module');
    say(JSON.parse(red.json()).example.doubled === 42, 'the page: its member of reduce --json');
  }
  const v = red.judge();
  say(i === 0 ? v.verdict === 'ok' : v.verdict === 'FAIL' && v.notes.includes('example: expected doubled 40, got 42'),
    `the page: check's verdict on ${f.split('/').pop()} from the module (${v.verdict}: ${v.notes.join('; ')})`);
}
JSEOF
)
	[ -n "$out" ] || fail "the page: node printed nothing"
	while read -r v rest; do
		case $v in PASS) pass "$rest" ;; *) fail "$v $rest" ;; esac
	done <<<"$out"
}

# One quick boot of the x86_64 firmware under QEMU (tests/qemu/boot.sh):
# its setting from the settings file, its report line on the serial
# console, its member in the capture on the ESP.
example_boot() {
	local log=$ex/boot/console.log img=$ex/boot/esp.img
	mkdir -p "$ex/boot"
	printf '%s\n' sweep=quick after=shutdown max_bytes=1M example_value=7 'label=the example kind' >"$ex/boot/cacheshape.cfg"
	if ! tests/qemu/mkesp.sh "$img" "$ex/build/x86_64/cacheshape.efi" BOOTX64.EFI "$ex/boot/cacheshape.cfg" >/dev/null 2>&1; then
		fail "the firmware's boot: no ESP image (mtools, dosfstools)"
		return
	fi
	QEMU_TIMEOUT=${TMO:-300} nice tests/qemu/boot.sh "$log" -drive if=virtio,format=raw,file="$img"
	local rc=$?
	expect "the firmware's boot: powered off by the application (qemu exit $rc)" test "$rc" -eq 0
	expect "the firmware's boot: its report line on the serial console" \
		grep -qE '^example: doubled 14; the region on [0-9]+ [KMG]iB pages \(' "$log"
	expect "the firmware's boot: its host step said on the serial console" \
		grep -qxE 'example host step: privileged, (under an emulator|no emulator said)' "$log"
	expect "the firmware's boot: its summary column on the serial console" \
		grep -qE '^  level +claimed +measured.* example +verdict$' "$log"
	local f
	f=$(MTOOLS_SKIP_CHECK=1 mdir -i "$img" -b ::/captures 2>/dev/null | grep -i '\.json$' | head -n 1)
	if [ -n "$f" ] && MTOOLS_SKIP_CHECK=1 mcopy -i "$img" "$f" "$ex/boot/cap.json" 2>/dev/null; then
		expect "the firmware's boot: its member in the capture (example_value=7, the page size from the firmware's services)" \
			python3 -c "import json; x = json.load(open('$ex/boot/cap.json')); assert x['example']['value'] == 7 and x['example']['page_bytes'] > 0 and x['example_host']['privileged'], x['example']"
	else
		fail "the firmware's boot: no capture on the ESP ($(tail -n 3 "$log" | tr '\n' ' '))"
	fi
}

# A new kind is its folder and one row of common/kinds.h (README "A new
# kind", the recipe; docs/layers.md): the example kind (tests/example-kind/)
# put so into a scratch copy of the tree, the row taken from README's
# recipe as written, must change nothing else, build into the host command,
# the page and both firmwares, and show on every surface: its setting (the
# settings file, probe's option, the declared range), its run on a platform
# service, reduce's report and --json, the summary's column, check's
# expectation, plot's panel, a synthetic curve, its own unit test found by
# glob, the page's module (report, panel, check's verdict in C) and one
# quick boot of the x86_64 firmware.
ex=$tmp/example
mkdir -p "$ex"
{ echo "$files"; git ls-files --cached --others --exclude-standard -- mk scripts web captures Makefile 2>/dev/null; } |
	sed 's#^\./##' | grep -v '^tests/example-kind/' | sort -u | while read -r f; do
		[ -f "$f" ] && printf '%s\0' "$f"
	done | xargs -0 cp --parents -p -t "$ex" # one cp, not one a file; times kept (below)
# the recipe, step 1: the folder
mkdir -p "$ex/kinds/example"
cp tests/example-kind/*.[ch] "$ex/kinds/example/"
# step 2: README's row, as written there, before the clock's row
row=$(python3 - "$ex" <<'PYEOF'
import re, sys
d = sys.argv[1]
readme = open("README.md").read()
sec = readme.split("\n## A new kind\n", 1)
if len(sec) != 2:
    sys.exit("README.md has no section '## A new kind'")
m = re.search(r"\n```c\n(.*?)\n```\n", sec[1].split("\n## ", 1)[0], re.S)
if not m or "CS_KIND(EXAMPLE," not in m.group(1):
    sys.exit("README.md's 'A new kind' has no ```c block with the example's row")
row = m.group(1) + "\n"
path = d + "/common/kinds.h"
s = open(path).read()
at = s.index("CS_KIND(CLOCK,")
at = s.rindex("\t/* ", 0, at)  # the clock's comment: its row stays the last
open(path, "w").write(s[:at] + row + s[at:])
print(row.count("\n"))
PYEOF
)
expect "README's recipe gives the example's row ($row lines)" test -n "$row"
want=$(for f in tests/example-kind/*.[ch]; do echo "kinds/example/$(basename "$f")"; done; echo common/kinds.h)
changed=$(cd "$ex" && find . -type f \( -name '*.[ch]' -o -name '*.mk' -o -name Makefile -o -name '*.sh' \
	-o -name '*.js' -o -name '*.py' \) | sed 's#^\./##' |
	while read -r f; do cmp -s "$f" "$OLDPWD/$f" 2>/dev/null || echo "$f"; done | sort | tr '\n' ' ')
expect "the example kind touches its folder and the table only ($changed)" \
	test "$changed" = "$(echo "$want" | sort | tr '\n' ' ')"
# The scratch copy starts from this tree's objects and generated headers,
# their times kept as the sources' are, and compiles with CS_OPT='-O0 -g0'
# (Makefile): make compiles again only what the example changes (what
# includes common/kinds.h or a struct it adds a member to, its folder),
# about 2.5 times faster than the tree's own flags, and reuses the rest.
for d in build/gen build/jsmn build/host/obj build/web-obj build/x86_64/obj build/aarch64/obj build/gnu-efi-arm64; do
	[ -e "$d" ] && mkdir -p "$ex/$(dirname "$d")" && cp -a "$d" "$ex/$d"
done
exmake() { nice make -C "$ex" -s -j2 CS_OPT='-O0 -g0' "$@"; }
ex_t0=$SECONDS
cap=captures/synthetic/threeSteps.json
# its own test (kinds/example/test_*.c), found by the build's glob
expect "its own test is one of the unit tests (mk/test.mk's glob), which suite-unit runs" \
	sh -c "make -C '$ex' --no-print-directory -s --eval 'cs-unit-tests: ; @echo \$(UNIT_TESTS)' cs-unit-tests |
		tr ' ' '\n' | grep -qx build/host/tests/test_example"
if exmake build/host/cacheshape build/host/gen-synthetic build/host/tests/test_example \
	build/host/tests/test_setting_decl >"$tmp/ex.log" 2>&1; then
	pass "the example kind builds into the host command"
	example_host
else
	fail "the example kind does not build into the host command: $(grep -m3 -E 'error|Error' "$tmp/ex.log")"
fi
if ! command -v clang >/dev/null; then
	fail "no clang: the page is not built (scripts/deps.sh web)"
elif exmake build/web/cacheshape.wasm >"$tmp/exw.log" 2>&1; then
	pass "the example kind builds into the page (wasm32, freestanding)"
	example_page
else
	fail "the example kind does not build into the page: $(grep -m3 -E 'error|Error' "$tmp/exw.log")"
fi
# both firmwares and a boot, unless `make check` runs this (CS_NO_FIRMWARE:
# no firmware toolchain installed, nothing booted; `make test` does them)
for a in x86_64 aarch64; do
	[ -z "${CS_NO_FIRMWARE:-}" ] || break
	if exmake firmware-$a >"$tmp/exf-$a.log" 2>&1 && [ -s "$ex/build/$a/cacheshape.efi" ]; then
		pass "the example kind builds into the $a firmware"
	else
		fail "the example kind does not build into the $a firmware: $(grep -m3 -E 'error|Error' "$tmp/exf-$a.log")"
	fi
done
echo "the example kind: the scratch tree built and checked in $((SECONDS - ex_t0)) s of wall"
if [ -n "${CS_NO_FIRMWARE:-}" ]; then
	echo "the example kind's firmwares and boot: left to make test (CS_NO_FIRMWARE=$CS_NO_FIRMWARE)"
elif [ -s "$ex/build/x86_64/cacheshape.efi" ]; then
	example_boot
fi

summary structure
