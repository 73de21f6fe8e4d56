#!/usr/bin/env bash
# suite-plot: `cacheshape plot`. The SVG parses as XML, renders with
# rsvg-convert (Debian librsvg2-bin), holds one path.curve per capture and
# one line.knee per knee the reducer finds (counted from reduce --json), a
# legend entry per capture; every committed capture's picture is ready for
# a report (tests/svg_check.py: titled, light, every knee and published
# level named with its value, axes with units on every panel, a legend
# without duplicates, no two texts overlapping); --theme dark; PNG through
# librsvg; wrong usage exits 2 and leaves no file.
# run-all: seconds 70
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
CS=build/host/cacheshape
T=build/test-plot
rm -rf "$T"
mkdir -p "$T"
A=captures/host/AMD-EPYC-2026-11-30-tsc-huge.json
B=captures/host/AMD-EPYC-2026-11-30-tsc-huge-competitors1.json

# One Python answers the suite's questions about SVGs and reduce --json
# (tests/svg_query.py, a coprocess): a Python started for each question
# was most of the suite's CPU. q WORD ARG...: the answer's lines.
coproc SVGQ { exec python3 -u tests/svg_query.py; }
q() {
	local IFS=$'\t' l
	printf '%s\n' "$*" >&"${SVGQ[1]}" || return 1
	while IFS= read -r l <&"${SVGQ[0]}"; do
		[ "$l" = . ] && return 0
		printf '%s\n' "$l"
	done
	return 1
}
# count SVG CLASS: elements of that class; "legend": text in g#legend
count() { q count "$1" "$2"; }
knees() { # knees found in the capture, by the reducer's JSON
	"$CS" reduce --json "$1" >"$T/knees.json" && q knees "$T/knees.json"
}
not() { ! "$@"; }
renders() { rsvg-convert "$1" -o "$1.png" 2>"$T/rsvg.err" && [ -s "$1.png" ]; }
xml_ok() { [ "$(q xml "$1")" = ok ]; }

have_rsvg=1
command -v rsvg-convert >/dev/null || { have_rsvg=0; fail "rsvg-convert missing (scripts/deps.sh host: librsvg2-bin)"; }

plot_case() { # NAME OUT FILES...: plot, then check it
	local name=$1 out=$2; shift 2
	local t0=$(date +%s%N)
	rm -f "$out"
	expect "$name: plot exits 0" "$CS" plot "$@" -o "$out"
	echo "  $name: $(( ($(date +%s%N) - t0) / 1000000 )) ms"
	expect "$name: parses as XML" xml_ok "$out"
	[ "$have_rsvg" = 1 ] && expect "$name: rsvg-convert renders it" renders "$out"
	local want_k=0 f
	for f in "$@"; do want_k=$((want_k + $(knees "$f"))); done
	local got_c got_k got_l
	got_c=$(count "$out" curve); got_k=$(count "$out" knee); got_l=$(count "$out" legend)
	expect "$name: one curve per capture ($got_c of $#)" test "$got_c" -eq $#
	expect "$name: one knee line per knee ($got_k of $want_k)" test "$got_k" -eq "$want_k"
	expect "$name: a legend entry per capture ($got_l of $#)" test "$got_l" -eq $#
	expect "$name: no temporary file left" test -z "$(ls "$T" | grep tmp)"
}

plot_case one "$T/one.svg" "$A"
plot_case two "$T/two.svg" "$A" "$B"
for f in captures/synthetic/*.json; do
	[ -e "$f" ] || continue
	"$CS" reduce "$f" >/dev/null 2>&1 || continue
	plot_case "$(basename "$f" .json)" "$T/synth.svg" "$f" >/dev/null
done
# The TLB panel (docs/tlb.md): one path.tlb-curve per TLB series with
# points, one line.tlb-knee per TLB knee found that is not aliasing, a
# text.translation per data-cache knee at a TLB's reach, a path.large-curve
# for sweep_large_pages (each counted from reduce --json and the capture).
tlb_want() { # FILE: curves knees translations large
	"$CS" reduce --json "$1" >"$T/tlb-red.json" && q tlb "$1" "$T/tlb-red.json"
}
for f in captures/synthetic/tlb*.json; do
	[ -e "$f" ] || continue
	name=$(basename "$f" .json)
	"$CS" plot "$f" -o "$T/tlb.svg" --force >/dev/null 2>&1
	read -r wc wk wt wl <<<"$(tlb_want "$f")"
	got="$(count "$T/tlb.svg" tlb-curve) $(count "$T/tlb.svg" tlb-knee) $(count "$T/tlb.svg" translation) $(count "$T/tlb.svg" large-curve)"
	expect "$name: TLB panel curves, knees, translations, large-page curve: $got (want $wc $wk $wt $wl)" \
		test "$got" = "$wc $wk $wt $wl"
done
"$CS" plot captures/synthetic/tlbOnCacheKnee.json -o "$T/tlb.svg" --force >/dev/null 2>&1
expect "tlbOnCacheKnee: the TLB panel is drawn, the data-cache knee named" grep -q 'TLB reach' "$T/tlb.svg"
expect "a capture without TLB members has no TLB panel" \
	sh -c "'$CS' plot '$A' -o '$T/notlb.svg' && ! grep -q 'id=\"tlb\"' '$T/notlb.svg'"

# Only what was measured (issue 40 item 6): a published 1 GiB TLB whose
# page size no sweep measured (the 1 GiB series refused, no points) is not
# drawn, named, or given a line style in the TLB panel's title.
python3 - captures/synthetic/tlbTwoLevels.json "$T/gib.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["published"]["tlbs"].append({"level": 1, "type": "data", "page_bytes": 1 << 30, "entries": 4, "ways": 4})
assert any(s["page_bytes"] == 1 << 30 and not s["points"] for s in d["tlb"])
json.dump(d, open(sys.argv[2], "w"))
PY
"$CS" plot "$T/gib.json" -o "$T/gib.svg" --force >/dev/null 2>&1
expect "TLB panel: a published 1 GiB TLB not measured is not named" not grep -q 'x 1 GiB' "$T/gib.svg"
expect "TLB panel: no 1 GiB line style in the title when none was swept" not grep -q '1 GiB dotted' "$T/gib.svg"
expect "TLB panel: the measured 4 KiB TLBs are named" grep -q 'L1 TLB 96 x 4 KiB' "$T/gib.svg"
expect "TLB panel: one published line per measured page size's TLB" \
	test "$(count "$T/gib.svg" tlb-published)" = 2

# One panel at a time (issue 40 item 6): --panel NAME draws that panel
# alone (with the title and the legend), and refuses a panel no capture
# measured, or a name that is no panel, naming the panels.
"$CS" plot captures/synthetic/tlbTwoLevels.json --panel tlb -o "$T/p-tlb.svg" >/dev/null 2>&1
expect "--panel tlb: the TLB panel alone" eval 'xml_ok "$T/p-tlb.svg" && grep -q "id=\"tlb\"" "$T/p-tlb.svg" && [ "$(count "$T/p-tlb.svg" curve)" = 0 ]'
"$CS" plot captures/synthetic/tlbTwoLevels.json --panel staircase -o "$T/p-st.svg" >/dev/null 2>&1
expect "--panel staircase: the staircase without the TLB panel" eval 'xml_ok "$T/p-st.svg" && [ "$(count "$T/p-st.svg" curve)" = 1 ] && ! grep -q "id=\"tlb\"" "$T/p-st.svg"'
h_all=$(grep -o 'height="[0-9]*"' "$T/gib.svg" | head -1 | tr -dc 0-9)
h_st=$(grep -o 'height="[0-9]*"' "$T/p-st.svg" | head -1 | tr -dc 0-9)
expect "--panel staircase: shorter than all panels stacked ($h_st < $h_all)" [ "$h_st" -lt "$h_all" ]
"$CS" plot "$A" --panel tlb -o "$T/p-none.svg" >/dev/null 2>"$T/p-none.err"
expect "--panel tlb on a capture without TLB sweeps: refused, nothing written" \
	eval '[ ! -e "$T/p-none.svg" ] && grep -q "no capture given has this panel" "$T/p-none.err"'
"$CS" plot "$A" --panel bogus -o "$T/p-bad.svg" >/dev/null 2>"$T/p-bad.err"
expect "--panel bogus: refused, the panels named" grep -q "staircase, adjacency, tlb, geometry, bandwidth" "$T/p-bad.err"

# Total over what the reader accepts (issue 22, items 2 and 3): a TLB point
# at 1e308 pages, sizes and costs at the ends of the doubles. plot returns
# (a bound: timeout 20) with an SVG that parses; the page's chart (the same
# C in cacheshape.wasm, tests/web/chart_total.mjs) returns on the same.
python3 - captures/synthetic/tlbOneLevel.json "$T" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
def put(name, f):
    d = json.loads(json.dumps(c)); f(d); json.dump(d, open(f"{sys.argv[2]}/{name}.json", "w"))
put("ext-pages1e308", lambda d: d["tlb"][0]["points"][-1].update(pages=1e308))
put("ext-pages-max", lambda d: d["tlb"][0]["points"][-1].update(pages=1.7976931348623157e308, ns=1e308))
put("ext-pages-tiny", lambda d: d["tlb"][0]["points"][0].update(pages=5e-324, ns=5e-324))
put("ext-sweep-ends", lambda d: (d["sweep"]["points"][0].update(bytes=5e-324, ns=1e308), d["sweep"]["points"][-1].update(bytes=1.7976931348623157e308, ns=5e-324)))
PY
for f in "$T"/ext-*.json; do
	name=$(basename "$f" .json)
	if "$CS" reduce "$f" >/dev/null 2>&1; then
		rm -f "$T/ext.svg"
		timeout 20 "$CS" plot "$f" -o "$T/ext.svg"
		rc=$?
		expect "$name: plot returns (exit $rc; 124: it never did)" test "$rc" -eq 0
		expect "$name: the SVG parses" xml_ok "$T/ext.svg"
		expect "$name: no nan or inf in the SVG" not grep -qiE '"[^"]*(nan|inf)[^"]*"' "$T/ext.svg"
	else
		pass "$name: refused by the reader or the reducer, with a reason"
	fi
done
if [ -e build/web/cacheshape.wasm ] && command -v node >/dev/null; then
	timeout 60 node tests/web/chart_total.mjs build/web/cacheshape.wasm "$T"/ext-*.json >"$T/wasm.out" 2>&1
	rc=$?
	sed 's/^/  /' "$T/wasm.out"
	expect "the page's chart returns on extreme values (exit $rc; 124: it never did)" test "$rc" -eq 0
else
	echo "  (build/web/cacheshape.wasm or node missing: the page's chart not tried; make web)"
fi

# Ready for a report (issue 26 item 3): every committed capture alone, and
# overlays (the same machine twice, two machines, one capture twice), by
# tests/svg_check.py's reading of the SVG against the capture and its
# reduce --json.
report_case() { # NAME FILES...
	local name=$1 f args=(); shift
	for f in "$@"; do
		"$CS" reduce --json "$f" >"$T/r$((${#args[@]} / 2)).json" 2>/dev/null || return 0
		args+=("$f" "$T/r$((${#args[@]} / 2)).json")
	done
	rm -f "$T/rep.svg"
	"$CS" plot "$@" -o "$T/rep.svg" 2>"$T/rep.err" || { fail "$name: plot failed: $(head -1 "$T/rep.err")"; return; }
	local line
	while IFS= read -r line; do
		case "$line" in
		pass\ *) pass "$name: ${line#pass }" ;;
		*) fail "$name: ${line#fail }" ;;
		esac
	done < <(q check "$T/rep.svg" "${args[@]}" 2>&1 || echo "fail svg_check.py did not finish")
}
t0=$(date +%s%N)
n_rep=0
for f in captures/host/*.json captures/host/*/*.json captures/qemu/*.json captures/browser/*.json \
	captures/imported/*.json captures/synthetic/*.json; do
	[ -e "$f" ] || continue
	report_case "$(basename "$f" .json)" "$f"
	n_rep=$((n_rep + 1))
done
report_case "overlay of one machine" "$A" "$B"
report_case "overlay of two machines" "$A" captures/host/Intel-R-Xeon-R-Processor-2026-12-01-tsc-4k.json
report_case "one capture twice" "$A" "$A"
report_case "eight captures" captures/host/AMD-EPYC-2026-11-30-*.json
echo "  report checks: $n_rep captures and 4 overlays, $(( ($(date +%s%N) - t0) / 1000000 )) ms"
expect "the default theme is light" grep -q 'class="theme-light"' "$T/rep.svg"
expect "the default theme is light: a white background" grep -q '<rect class="bg" width="100%" height="100%" fill="#ffffff"' "$T/rep.svg"
expect "--theme dark" sh -c "'$CS' plot '$A' --theme dark -o '$T/dark.svg' && grep -q 'class=\"theme-dark\"' '$T/dark.svg' && grep -q 'fill=\"#101418\"' '$T/dark.svg'"
expect "--theme=light" sh -c "'$CS' plot '$A' --theme=light -o '$T/light.svg' && grep -q 'class=\"theme-light\"' '$T/light.svg'"
usage_theme() { rm -f "$T/u.svg"; "$CS" plot "$A" --theme "$1" -o "$T/u.svg" >/dev/null 2>&1; local rc=$?; expect "usage: --theme $1 exits 2 (got $rc), writes nothing" test "$rc" -eq 2 -a ! -e "$T/u.svg"; }
usage_theme blue
usage_theme ""
# PNG through librsvg (host/cmd/plot_png.c): a PNG at twice the SVG's
# pixels, and the same picture rsvg-convert makes of the SVG.
rm -f "$T/one.png"
expect "png: plot -o OUT.png exits 0" "$CS" plot "$A" -o "$T/one.png"
expect "png: a PNG file" sh -c "head -c 8 '$T/one.png' | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
png_size() { python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print(*struct.unpack(">II", d[16:24]))' "$1"; }
svg_size() { python3 -c 'import sys, xml.etree.ElementTree as E; r=E.parse(sys.argv[1]).getroot(); print(2*int(r.get("width")), 2*int(r.get("height")))' "$1"; }
"$CS" plot "$A" -o "$T/one2.svg" --force
expect "png: twice the SVG's size ($(png_size "$T/one.png") for $(svg_size "$T/one2.svg"))" test "$(png_size "$T/one.png")" = "$(svg_size "$T/one2.svg")"
expect "png: an existing OUT.png only with --force" not "$CS" plot "$A" -o "$T/one.png"
expect "png: OUT.PNG in capitals is PNG too" sh -c "'$CS' plot '$A' -o '$T/CAPS.PNG' && head -c 4 '$T/CAPS.PNG' | grep -q PNG"

# The README's pictures are what plot draws now (scripts/pictures.sh --check;
# `make pictures` redraws them).
while IFS= read -r line; do
	case "$line" in
	same:*) pass "pictures: ${line#same: } is what plot draws" ;;
	*) fail "pictures: ${line#differs: }" ;;
	esac
done < <(scripts/pictures.sh --check "$T/pictures" 2>&1)

# An existing OUT only with --force (tests/suite-cli.sh has the whole rule);
# the legend escapes text.
expect "overwrite: refused without --force" not "$CS" plot "$A" -o "$T/one.svg"
expect "overwrite: with --force" "$CS" plot "$A" -o "$T/one.svg" --force
expect "overwrite: still XML" xml_ok "$T/one.svg"
sed 's/"label": "/"label": "<a \& b> \\"q\\" /' "$A" >"$T/esc.json"
expect "escaping: plot a label with <, &, quotes" "$CS" plot "$T/esc.json" -o "$T/esc.svg"
expect "escaping: still XML" xml_ok "$T/esc.svg"
expect "escaping: the label is there" grep -q '&lt;a &amp; b&gt; &quot;q&quot;' "$T/esc.svg"

usage() { # ARGS...: must exit 2 and write no OUT
	rm -f "$T/u.svg"
	"$CS" plot "$@" >/dev/null 2>&1
	local rc=$?
	expect "usage: plot $* exits 2 (got $rc)" test "$rc" -eq 2
	expect "usage: plot $* writes nothing" test ! -e "$T/u.svg"
}
usage
usage "$A"
usage -o "$T/u.svg"
usage "$A" -o
usage "$A" --bogus -o "$T/u.svg"
usage "$A" -o "$T/u.svg" -o "$T/u.svg"
usage "$T/missing.json" -o "$T/u.svg"
usage tests/data/bad/empty.json -o "$T/u.svg"
expect "help: plot --help exits 0" "$CS" plot --help >/dev/null
expect "help: cacheshape help plot" "$CS" help plot >/dev/null
summary plot
