# The page (seed 000): `make web` builds build/web/ with index.html, the
# reducer and the probe's kernels as WebAssembly (cacheshape.wasm: common/,
# reduce/ and web/wasm/, compiled by Debian's clang for wasm32, freestanding,
# linked by lld), plain JavaScript modules, CSS, and the synthetic catalogue
# the check panel replays. No bundler, nothing fetched from outside.
WEB_CC ?= clang
WEBDIR := $(BUILD)/web
WEB_CFLAGS := --target=wasm32 -mbulk-memory -std=c11 $(filter-out -g,$(CS_OPT)) -ffreestanding -nostdlib -fno-builtin \
	-ffp-contract=off -fvisibility=hidden -Wall -Wextra -Wshadow \
	-Wstrict-prototypes -Wmissing-prototypes -MMD -MP $(JSMN_CFLAGS)
ifeq ($(WERROR),1)
WEB_CFLAGS += -Werror
endif
# Exports are named in the sources (export_name); 1 MiB of stack; memory
# grows at run time for the working sets the page measures.
WEB_LDFLAGS := --target=wasm32 -nostdlib -Wl,--no-entry -Wl,--strip-all \
	-Wl,-z,stack-size=1048576 -Wl,--initial-memory=16777216
# The core the firmware runs, decode/ included: the kinds read what a
# processor publishes through the platform services (common/services.h),
# which a page leaves empty, so the decoders are linked and never called.
WEB_CORE := $(CORE_SRC)
WEB_SRC := $(WEB_CORE) $(wildcard web/wasm/*.c) $(WEB_ARCH_SRC)
WEB_OBJDIR := $(BUILD)/web-obj
WEB_OBJ := $(patsubst %.c,$(WEB_OBJDIR)/%.o,$(WEB_SRC))
WEB_STATIC := $(patsubst web/%,$(WEBDIR)/%,$(wildcard web/*.html web/*.css web/js/*.js))
CATALOGUE := $(patsubst captures/synthetic/%,$(WEBDIR)/catalogue/%,$(wildcard captures/synthetic/*.json))

.PHONY: web deps-web
web: $(WEBDIR)/cacheshape.wasm $(WEBDIR)/cacheshape-simd.wasm $(WEB_STATIC) $(CATALOGUE) $(WEBDIR)/catalogue/index.json \
	$(WEBDIR)/host/figures.json

deps-web:
	@scripts/deps.sh web

# The exports are declared by their export_name, not in a header.
$(WEB_OBJDIR)/web/%.o: WEB_CFLAGS += -Wno-missing-prototypes
$(WEB_OBJDIR)/%.o: %.c | deps-web
	@mkdir -p $(dir $@)
	$(Q)$(WEB_CC) $(WEB_CFLAGS) -c $< -o $@

$(WEBDIR)/cacheshape.wasm: $(WEB_OBJ)
	@mkdir -p $(dir $@)
	$(call say,LD)$(WEB_CC) $(WEB_LDFLAGS) -o $@ $^

# The page's measuring worker takes this one where the browser validates
# WebAssembly SIMD: the same objects, but the bandwidth kernels built with
# -msimd128 (kinds/bandwidth/wasm32/bw_kernels.c: v128 loads and stores). Only the
# kernels use SIMD, so every other figure is the plain module's.
WEB_SIMD_OBJ := $(WEB_OBJDIR)/kinds/bandwidth/wasm32/bw_kernels-simd.o
$(WEB_SIMD_OBJ): kinds/bandwidth/wasm32/bw_kernels.c | deps-web
	@mkdir -p $(dir $@)
	$(Q)$(WEB_CC) $(WEB_CFLAGS) -msimd128 -c $< -o $@
$(WEBDIR)/cacheshape-simd.wasm: $(filter-out $(WEB_OBJDIR)/kinds/bandwidth/wasm32/bw_kernels.o,$(WEB_OBJ)) $(WEB_SIMD_OBJ)
	@mkdir -p $(dir $@)
	$(call say,LD)$(WEB_CC) $(WEB_LDFLAGS) -o $@ $^

$(WEBDIR)/%: web/%
	@mkdir -p $(dir $@)
	cp $< $@

$(WEBDIR)/catalogue/%.json: captures/synthetic/%.json
	@mkdir -p $(dir $@)
	cp $< $@

# The check panel's list: the catalogue's file names, sorted.
$(WEBDIR)/catalogue/index.json: $(wildcard captures/synthetic/*.json)
	@mkdir -p $(dir $@)
	@{ printf '{"captures": ['; sep=''; for f in $(sort $(notdir $^)); do \
		printf '%s\n  {"path": "%s"}' "$$sep" "$$f"; sep=','; done; printf '\n]}\n'; } > $@.tmp
	@mv $@.tmp $@

# The host command's word on every committed capture: what the page's check
# panel holds its own recomputation to (web/host-figures.sh).
$(WEBDIR)/host/figures.json: web/host-figures.sh $(HOSTDIR)/cacheshape $(shell find captures -name '*.json')
	@mkdir -p $(dir $@)
	sh web/host-figures.sh $(HOSTDIR)/cacheshape captures $@

# The host and the page's module fed the same bytes (tests/differential.mjs,
# under node): reduce --json's text or the refusal, identical.
TEST_SUITES += tests/suite-differential.sh
TEST_PREREQS += $(HOSTDIR)/tests/reduce_many

# The server's own suite (no browser), then the page in Chromium, which
# feeds the page the host reader's own test rows (dump_reader_rows).
TEST_SUITES += tests/suite-serve.sh tests/suite-web.sh
TEST_PREREQS += web deps-browser $(HOSTDIR)/tests/dump_reader_rows
# the page's wasm: suite-plot, suite-structure and suite-readme use it
CHECK_PREREQS += web

.PHONY: deps-browser
deps-browser:
	@scripts/deps.sh browser
