#!/usr/bin/env bash
# suite-signing: the key pair checked as a pair (scripts/make-keys.sh,
# scripts/sign-efi.sh) and a signing that fails leaves no image signed with
# another key (scripts/sign-all.sh, which `make sign` runs; issue 41).
# openssl only: a mismatched pair is refused before sbsign runs.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v openssl >/dev/null || { fail "no openssl (make deps-sign)"; summary signing; exit 1; }

scripts/make-keys.sh "$tmp/a" >/dev/null 2>&1
scripts/make-keys.sh "$tmp/b" >/dev/null 2>&1
expect "make-keys: a pair made" test -s "$tmp/a/cacheshape-db.key" -a -s "$tmp/a/cacheshape-db.crt"
scripts/make-keys.sh "$tmp/a" >"$tmp/out" 2>&1
expect "make-keys: an existing pair kept, status 0" grep -q "a pair; kept" "$tmp/out"
mkdir -p "$tmp/c" && cp "$tmp/a/cacheshape-db.key" "$tmp/c/"
scripts/make-keys.sh "$tmp/c" >"$tmp/out" 2>&1; rc=$?
expect "make-keys: a key without its certificate is an error (exit $rc)" \
	bash -c "[ $rc -ne 0 ] && grep -q 'cacheshape-db.crt is missing' $tmp/out"
mkdir -p "$tmp/d" && cp "$tmp/a/cacheshape-db.key" "$tmp/d/" && cp "$tmp/b/cacheshape-db.crt" "$tmp/d/"
scripts/make-keys.sh "$tmp/d" >"$tmp/out" 2>&1; rc=$?
expect "make-keys: a key with another's certificate is an error (exit $rc)" \
	bash -c "[ $rc -ne 0 ] && grep -q 'not a pair' $tmp/out"

# two images, both signed earlier (stand-ins: sign-all never reaches sbsign
# with a mismatched pair); a failed signing removes both
printf 'old x86_64 signed\n' >"$tmp/x.signed.efi"
printf 'old aarch64 signed\n' >"$tmp/a.signed.efi"
printf 'MZ' >"$tmp/x.efi"; printf 'MZ' >"$tmp/a.efi"
scripts/sign-all.sh "$tmp/a/cacheshape-db.key" "$tmp/b/cacheshape-db.crt" \
	"$tmp/x.efi" "$tmp/x.signed.efi" "$tmp/a.efi" "$tmp/a.signed.efi" >"$tmp/out" 2>&1; rc=$?
expect "sign: a mismatched pair refused by name (exit $rc)" \
	bash -c "[ $rc -ne 0 ] && grep -q 'are not a pair' $tmp/out"
expect "sign: a failed signing leaves no image signed with another key" \
	bash -c "[ ! -e $tmp/x.signed.efi ] && [ ! -e $tmp/a.signed.efi ] && ! ls $tmp/*.new 2>/dev/null | grep -q ."
summary signing
