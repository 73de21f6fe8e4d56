# bootwatch.sh: sourced by the Secure Boot suites. Needs BOOT (the boot
# script: tests/qemu/boot.sh or tests/qemu-arm/boot.sh) and T (the folder).
# boot_watch sets LOG, rc and STOPPED (1: QEMU stopped at a refusal).
# boot_watch CASE IMAGE-ARGS...: boots case CASE, log in $LOG; stops QEMU as
# soon as the firmware has started the application and it powered off, or
# the firmware says no boot option is left (a refusal), or TMO seconds.
boot_watch() {
	local c=$1; shift
	LOG=$T/$c.log
	rm -f "$T/$c.pid"
	local t0=$(date +%s)
	QEMU_TIMEOUT=${TMO:-120} nice $BOOT "$LOG" -pidfile "$T/$c.pid" "$@" &
	local bp=$!
	STOPPED=0
	while kill -0 "$bp" 2>/dev/null; do
		if grep -qE 'BdsDxe: No bootable option|Press any key to enter the Boot Manager' "$LOG" 2>/dev/null; then
			[ -s "$T/$c.pid" ] && kill -TERM "$(cat "$T/$c.pid")" 2>/dev/null
			STOPPED=1
			break
		fi
		sleep 0.3
		STOPPED=0
	done
	wait "$bp"
	rc=$?
	echo "  $c: qemu exit $rc in $(($(date +%s) - t0)) s$([ "$STOPPED" = 1 ] && echo ', stopped at the refusal')"
}
