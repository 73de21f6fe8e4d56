# lib.sh: shell test helpers. Source it; call pass/fail; end with summary.
# Every suite ends with one line "SUITE: N passed, N failed".
CS_PASSED=0
CS_FAILED=0
pass() { CS_PASSED=$((CS_PASSED + 1)); [ -n "${VERBOSE:-}" ] && echo "ok   $*"; return 0; }
fail() { CS_FAILED=$((CS_FAILED + 1)); echo "FAIL $*" >&2; return 0; }
# expect NAME CONDITION-COMMAND...: pass when the command succeeds.
expect() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name"; fi; }
summary() { echo "$1: $CS_PASSED passed, $CS_FAILED failed"; [ "$CS_FAILED" -eq 0 ]; }

# The freestanding core's folders but kinds/ (mk/host.mk's CORE_DIRS).
CORE_DIRS="common net chart decode reduce reader"

# python3 as the interpreter itself, not through a version manager's shim:
# pyenv's shim (a bash script that runs `pyenv exec`) took 0.55 s of CPU a
# call on the 2-CPU test machine where the interpreter takes 0.06 s, and the
# suites call python3 some hundreds of times. The same interpreter the shim
# chooses here (its sys.executable), found once; where python3 already is
# the interpreter this changes nothing. tests/run-all.sh does it once for
# every suite it runs.
cs_direct_python() {
	local py
	py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null) || return 0
	case $py in /*) ;; *) return 0 ;; esac
	[ "$py" = "$(command -v python3)" ] && return 0
	[ "$(basename "$py")" = python3 ] || [ -x "$(dirname "$py")/python3" ] || return 0
	PATH=$(dirname "$py"):$PATH
	export PATH
}
[ -n "${CS_DIRECT_PYTHON:-}" ] || { cs_direct_python; export CS_DIRECT_PYTHON=1; }

# The preamble of a suite that boots the firmware in QEMU:
#   boot_suite NAME DIR FILE...
# mtools told not to check the images' geometry, T the suite's scratch
# folder DIR (emptied), and each FILE there, or the suite ends at once
# with one failure naming the make target that builds it.
boot_suite() {
	local name=$1 f what
	T=$2
	shift 2
	export MTOOLS_SKIP_CHECK=1
	rm -rf "$T"
	mkdir -p "$T"
	for f; do
		[ -e "$f" ] && continue
		case $f in
		build/x86_64/*) what=firmware ;;
		build/aarch64/*) what=firmware-aarch64 ;;
		build/cacheshape-usb.img) what=usb ;;
		build/host/*) what=host ;;
		/usr/share/AAVMF/*) what=deps-arm ;;
		/usr/share/OVMF/* | /usr/share/ovmf/*) what=deps-efi ;;
		*) what=test ;;
		esac
		fail "missing $f (make $what)"
		summary "$name"
		exit 1
	done
}
# not CMD...: true when CMD fails (for expect)
not() { ! "$@"; }
# capture_is WHAT PYTHON-EXPR: expect "$C: WHAT", true when EXPR holds of
# the capture $T/$C.json (d, and s its settings member) and of its
# reduction $T/$C.red.json (r; None where there is none)
capture_is() {
	expect "$C: $1" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = d.get("settings")
try: r = json.load(open(sys.argv[2]))
except Exception: r = None
sys.exit(0 if eval(sys.argv[3]) else 1)' "$T/$C.json" "$T/$C.red.json" "$2"
}
