#!/usr/bin/env bash
# suite-selftest: the unit tests of the core run inside the firmware (issue
# 11). The selftest image (mk/selftest.mk: tests/test_*.c built with the
# firmware's compiler flags) boots once per architecture, x86_64 on OVMF and
# aarch64 on AAVMF, each under a timeout; its serial console must show every
# test that is not host-only, each with as many checks as the host twin
# (the same sources in the same selftest mode, built for the host), none
# failed, and the total "selftest: N passed, 0 failed".
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
T=build/test-selftest
rm -rf "$T"
mkdir -p "$T"

# What must run in the firmware: every tests/test_*.c but the ones
# mk/selftest.mk names host-only (each must still exist).
host_only=$(make -s selftest-names | sed -n 's/^host-only: //p')
for h in $host_only; do
	expect "host-only test $h exists" test -f "tests/$h.c"
done
expected=""
for f in tests/test_*.c; do
	n=$(basename "$f" .c)
	case " $host_only " in *" $n "*) ;; *) expected="$expected $n" ;; esac
done
echo "  in the firmware:$expected"
echo "  host only: $host_only"

for arch in x86_64 aarch64; do
	case $arch in
	x86_64) bootname=BOOTX64.EFI bootscript=tests/qemu/boot.sh ;;
	aarch64) bootname=BOOTAA64.EFI bootscript=tests/qemu-arm/boot.sh ;;
	esac
	if ! make -s ARCH=$arch selftest-image selftest-host unit-tests >"$T/build-$arch.log" 2>&1; then
		fail "$arch: make selftest-image: $(grep -m 3 -E 'error|undefined' "$T/build-$arch.log")" \
			"(a test that cannot run in the firmware is named in SELFTEST_HOST_ONLY, mk/selftest.mk)"
		continue
	fi
	pass "$arch: the selftest image builds with the firmware's flags (-Werror)"
	t0=$(date +%s)
	SELFTEST_EXPECT="$expected" SELFTEST_UNIT_DIR=build/host/tests \
		selftest/boot.sh $arch build/$arch/selftest.efi $bootname $bootscript \
		"$T/$arch" build/host/selftest "${TMO:-120}" >"$T/$arch.verdicts" 2>&1
	echo "  $arch: $(($(date +%s) - t0)) s; $(grep -m 1 '^selftest: .*passed' "$T/$arch/console.log" || echo 'no total line')"
	while read -r verdict rest; do
		case $verdict in
		PASS) pass "$arch: $rest" ;;
		FAIL) fail "$arch: $rest" ;;
		*) [ -n "$verdict" ] && echo "  $verdict $rest" ;;
		esac
	done <"$T/$arch.verdicts"
done
summary selftest
