# Secure Boot (issue 28): the firmware signed with sbsign and checked with
# sbverify (scripts/sign-efi.sh), for every arch of mk/arch-*.mk.
#   make sign SIGN_KEY=KEY SIGN_CERT=CERT  build/<arch>/cacheshape.signed.efi
#   make usb  SIGN_KEY=KEY SIGN_CERT=CERT  the stick with the signed binaries,
#             CERT beside them as \cacheshape-db.cer (DER, for enrolling it),
#             each binary read back from the stick and verified
#   make keys  a key pair of one's own under build/keys/ (never committed)
# Without SIGN_KEY the stick is unsigned, as before: a machine enforcing
# Secure Boot refuses it ("Access Denied") until Secure Boot is turned off
# or the binaries are signed with a key its db holds (README, "Secure Boot").
SIGN_KEY ?=
SIGN_CERT ?=
KEYS_DIR := $(BUILD)/keys
SIGNED_EFI = $(BUILD)/$(1)/cacheshape.signed.efi

.PHONY: deps-sign deps-httpboot keys sign sign-args
deps-sign:
	@scripts/deps.sh sign
deps-httpboot:
	@scripts/deps.sh httpboot

keys: | deps-sign
	@scripts/make-keys.sh $(KEYS_DIR)

sign-args:
	@if [ -z "$(SIGN_KEY)" ] || [ -z "$(SIGN_CERT)" ]; then \
		echo "make sign: give SIGN_KEY=FILE SIGN_CERT=FILE (a pair of your own: make keys, then" >&2; \
		echo "  make sign SIGN_KEY=$(KEYS_DIR)/cacheshape-db.key SIGN_CERT=$(KEYS_DIR)/cacheshape-db.crt)" >&2; \
		exit 2; fi

sign: sign-args $(EFI_APP) usb-others | deps-sign deps-efi
	@scripts/sign-all.sh "$(SIGN_KEY)" "$(SIGN_CERT)" \
		$(foreach a,$(EFI_ARCHES),$(BUILD)/$(a)/cacheshape.efi $(call SIGNED_EFI,$(a)))

ifneq ($(SIGN_KEY)$(SIGN_CERT),)
USB_EFI = $(call SIGNED_EFI,$(1))
$(USB_IMG): sign
USB_FINISH = scripts/usb-verify.sh $@ "$(SIGN_CERT)" $(foreach a,$(EFI_ARCHES),$(EFI_BOOT_NAME_$(a)))
endif

# Enforcing Secure Boot (Debian's snakeoil OVMF and AAVMF, the image signed
# with its test key): signed boots and writes its capture, unsigned and
# tampered refused on the console. UEFI HTTP boot from dnsmasq in a network
# namespace of the test's own, cacheshape serve taking the upload.
# A key of ones own enrolled in setup mode (dmpstore -l), then enforced.
TEST_SUITES += tests/suite-signing.sh tests/suite-secureboot-x86.sh tests/suite-secureboot-aarch64.sh tests/suite-secureboot-ownkey.sh tests/suite-httpboot.sh
TEST_PREREQS += deps-sign deps-httpboot
