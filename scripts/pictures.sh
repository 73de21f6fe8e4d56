#!/usr/bin/env bash
# pictures.sh [--check DIR]: the README's and docs/pictures.md's pictures,
# drawn by `cacheshape plot` from committed captures (`make pictures`).
# With --check, drawn into DIR instead and compared with the committed ones
# (tests/suite-plot.sh): a picture that no longer matches what plot draws
# fails. The PNG is drawn by librsvg, whose pixels follow its version: it
# is made, not compared.
set -euo pipefail
cd "$(dirname "$0")/.."
CS=build/host/cacheshape
out=docs/images
check=""
if [ "${1:-}" = --check ]; then
	check=1
	out=$2
	mkdir -p "$out"
fi
H=captures/host
# NAME CAPTURES...: one picture
pictures() {
	cat <<LIST
AMD-EPYC-2026-11-30-tsc-huge.svg $H/AMD-EPYC-2026-11-30-tsc-huge.json $H/AMD-EPYC-2026-11-30-tsc-huge-competitors1.json
Intel-R-Xeon-R-Processor-2026-12-01-tsc-4k.svg $H/Intel-R-Xeon-R-Processor-2026-12-01-tsc-4k.json
Intel-R-Xeon-R-Processor-2026-12-02-tsc-huge-bandwidth.svg $H/Intel-R-Xeon-R-Processor-2026-12-02-tsc-huge-bandwidth.json
AMD-EPYC-2026-11-30-tsc-huge.png $H/AMD-EPYC-2026-11-30-tsc-huge.json $H/AMD-EPYC-2026-11-30-tsc-huge-competitors1.json
LIST
}
rc=0
while read -r name caps; do
	if [ -n "$check" ]; then
		case "$name" in *.png) continue ;; esac
		# shellcheck disable=SC2086
		"$CS" plot $caps -o "$out/$name" --force
		if cmp -s "$out/$name" "docs/images/$name"; then
			echo "same: docs/images/$name"
		else
			echo "differs: docs/images/$name (make pictures redraws it)"
			rc=1
		fi
	else
		# shellcheck disable=SC2086
		"$CS" plot $caps -o "$out/$name" --force
		echo "drew $out/$name"
	fi
done < <(pictures)
exit $rc
