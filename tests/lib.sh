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
