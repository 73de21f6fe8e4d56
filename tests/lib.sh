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
