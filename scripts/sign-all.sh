#!/usr/bin/env bash
# sign-all.sh KEY CERT IN OUT [IN OUT]...: every IN signed into its OUT
# (scripts/sign-efi.sh), all or none: each is signed to OUT.new first and
# renamed only when every one signed and verified; on any failure every
# OUT is removed, so no image signed with an earlier key stays beside the
# ones that failed (issue 41: a failed `make sign` left x86_64 signed with
# the old key beside a deleted aarch64 one).
set -uo pipefail
[ $# -ge 4 ] && [ $((($# - 2) % 2)) -eq 0 ] || { echo "usage: sign-all.sh KEY CERT IN OUT [IN OUT]..." >&2; exit 2; }
key=$1 cert=$2
shift 2
outs=()
ok=1
while [ $# -gt 0 ]; do
	in=$1 out=$2
	shift 2
	outs+=("$out")
	if [ $ok = 1 ] && ! "$(dirname "$0")/sign-efi.sh" "$key" "$cert" "$in" "$out.new"; then
		ok=0
	fi
done
if [ $ok = 0 ]; then
	for out in "${outs[@]}"; do
		rm -f "$out.new" "$out"
	done
	echo "sign: nothing signed: every signed image removed (${outs[*]}), none left signed with another key" >&2
	exit 1
fi
for out in "${outs[@]}"; do
	mv "$out.new" "$out"
done
