#!/usr/bin/env bash
# make-keys.sh DIR: a Secure Boot key pair of this project for a person's
# own machine, in DIR (never committed: build/ is ignored):
#   cacheshape-db.key  the private key (RSA 2048, no passphrase, mode 600)
#   cacheshape-db.crt  its self-signed certificate, PEM (sbsign, sbverify)
#   cacheshape-db.cer  the same, DER (firmware setup screens, mokutil)
#   cacheshape-db.esl  the same as an EFI signature list (efitools' KeyTool)
# An existing pair is kept: a new key would orphan the one already enrolled.
set -euo pipefail
dir=$1
# Kept only as a pair: a key without its certificate (or one of another
# key) is an error, never "kept" (make sign would then fail, issue 41).
if [ -e "$dir/cacheshape-db.key" ] || [ -e "$dir/cacheshape-db.crt" ]; then
	for f in cacheshape-db.key cacheshape-db.crt; do
		[ -e "$dir/$f" ] || { echo "keys: $dir/$f is missing beside the other half of the pair: remove $dir to make a new pair" >&2; exit 1; }
	done
	kp=$(openssl pkey -in "$dir/cacheshape-db.key" -pubout 2>/dev/null) &&
		cp=$(openssl x509 -in "$dir/cacheshape-db.crt" -pubkey -noout 2>/dev/null) && [ "$kp" = "$cp" ] ||
		{ echo "keys: $dir/cacheshape-db.key and $dir/cacheshape-db.crt are not a pair (or not readable): remove $dir to make a new pair" >&2; exit 1; }
	echo "keys: $dir/cacheshape-db.key and its certificate exist, a pair; kept (remove $dir to make a new pair)"
	exit 0
fi
mkdir -p "$dir"
chmod 700 "$dir"
cn="cacheshape db key ($(hostname 2>/dev/null || echo unknown), $(date -u +%Y-%m-%d))"
umask 077
openssl req -new -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 -subj "/CN=$cn/" \
	-keyout "$dir/cacheshape-db.key.part" -out "$dir/cacheshape-db.crt" 2>"$dir/openssl.log" ||
	{ echo "keys: openssl failed: $(cat "$dir/openssl.log")" >&2; exit 1; }
rm -f "$dir/openssl.log"
umask 022
chmod 644 "$dir/cacheshape-db.crt"
openssl x509 -in "$dir/cacheshape-db.crt" -outform DER -out "$dir/cacheshape-db.cer"
if command -v cert-to-efi-sig-list >/dev/null; then
	# The owner GUID: any; one made from the certificate keeps it stable.
	guid=$(openssl x509 -in "$dir/cacheshape-db.crt" -noout -fingerprint -sha256 | tr -dc 'A-F0-9' |
		sed -E 's/^(.{8})(.{4})(.{4})(.{4})(.{12}).*/\1-\2-\3-\4-\5/')
	cert-to-efi-sig-list -g "$guid" "$dir/cacheshape-db.crt" "$dir/cacheshape-db.esl"
fi
mv "$dir/cacheshape-db.key.part" "$dir/cacheshape-db.key"
echo "keys: $dir/cacheshape-db.key (private: keep it off the stick), $dir/cacheshape-db.crt, .cer$([ -e "$dir/cacheshape-db.esl" ] && echo ', .esl')"
echo "keys: $(openssl x509 -in "$dir/cacheshape-db.crt" -noout -subject -enddate | tr '\n' ' ')"
