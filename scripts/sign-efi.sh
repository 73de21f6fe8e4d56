#!/usr/bin/env bash
# sign-efi.sh KEY CERT IN OUT: IN signed for Secure Boot with sbsign (an
# Authenticode signature by KEY, CERT embedded) into OUT, then checked with
# sbverify against CERT; OUT is removed when either fails, so a signed file
# that exists verified. A KEY with a passphrase makes sbsign ask for it.
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: sign-efi.sh KEY CERT IN OUT" >&2; exit 2; }
key=$1 cert=$2 in=$3 out=$4
for f in "$key" "$cert" "$in"; do
	[ -r "$f" ] || { echo "sign: cannot read $f" >&2; exit 1; }
done
# KEY and CERT one pair: the certificate's public key is the key's (a
# mismatched pair signs, then sbverify refuses it, or worse is enrolled)
kp=$(openssl pkey -in "$key" -pubout 2>/dev/null) && cp=$(openssl x509 -in "$cert" -pubkey -noout 2>/dev/null) ||
	{ echo "sign: $key is not a private key, or $cert not a certificate, that openssl reads" >&2; exit 1; }
[ "$kp" = "$cp" ] || { echo "sign: $key and $cert are not a pair: the certificate holds another public key" >&2; exit 1; }
command -v sbsign >/dev/null || { echo "sign: no sbsign (make deps-sign: Debian's sbsigntool)" >&2; exit 1; }
# A PEM certificate, which sbsign wants (a DER .cer would be refused later
# with a less clear message).
grep -q -- "-----BEGIN CERTIFICATE-----" "$cert" 2>/dev/null && openssl x509 -in "$cert" -noout 2>/dev/null ||
	{ echo "sign: $cert is not a PEM X.509 certificate (make keys writes one: build/keys/cacheshape-db.crt)" >&2; exit 1; }
rm -f "$out"
if ! sbsign --key "$key" --cert "$cert" --output "$out.part" "$in" 2>"$out.log"; then
	echo "sign: sbsign failed on $in: $(tr '\n' ' ' <"$out.log")" >&2
	rm -f "$out.part" "$out.log"
	exit 1
fi
# sbsign only warns about bytes outside every PE section; the build leaves
# none (mk/efi.mk, EFI_IMAGE_FINISH), and one would mean the layout changed.
if grep -q 'gaps between PE/COFF sections' "$out.log"; then
	echo "sign: sbsign found bytes outside the PE sections of $in: $(tr '\n' ' ' <"$out.log")" >&2
	rm -f "$out.part" "$out.log"
	exit 1
fi
rm -f "$out.log"
if ! v=$(sbverify --cert "$cert" "$out.part" 2>&1); then
	echo "sign: sbverify refused the signed $in: $v" >&2
	rm -f "$out.part"
	exit 1
fi
mv "$out.part" "$out"
echo "signed: $out ($(stat -c %s "$out") bytes; sbverify --cert $cert: $v)"
