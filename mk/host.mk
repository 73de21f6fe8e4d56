# Host build: the freestanding core (CORE_DIRS and the kinds' folders)
# compiled for the host, the host-only reader and command (host/), and the
# unit tests.
HOST_CC ?= cc
# jsmn (libjsmn-dev, one header): the capture reader's tokenizer
# (reader/json.c). Every build sees it alone in a folder of its own, not
# all of /usr/include, so the freestanding builds stay freestanding.
JSMN_DIR := $(BUILD)/jsmn
JSMN_H := $(JSMN_DIR)/jsmn.h
JSMN_CFLAGS := -isystem $(JSMN_DIR)
HOST_CFLAGS := -std=c11 $(CS_OPT) $(WARN) -MMD -MP -DCS_HOST=1 $(JSMN_CFLAGS)
$(JSMN_H):
	@test -f /usr/include/jsmn.h || scripts/deps.sh host
	@mkdir -p $(JSMN_DIR)
	ln -sf /usr/include/jsmn.h $@
deps-host deps-efi deps-arm deps-web deps-fuzz: $(JSMN_H)
# Each pkg-config answer is asked once a make, when first used (after
# deps-host has installed the package, as a plain `=` would), then kept
# (`VAR = $(eval VAR := ...)$(VAR)`): a plain `=` ran pkg-config again for
# every object and link: 1,405 runs (10 ms of CPU each) in a build of the
# host, its sanitized twin, the fuzzers and the page (make check's), 6 now.
# yajl: `cacheshape serve` (its listing and the upload's JSON; the capture
# reader is reader/, on jsmn).
YAJL_CFLAGS = $(eval YAJL_CFLAGS := $$(shell pkg-config --cflags yajl 2>/dev/null))$(YAJL_CFLAGS)
YAJL_LIBS = $(eval YAJL_LIBS := $$(shell pkg-config --libs yajl 2>/dev/null || echo -lyajl))$(YAJL_LIBS)
# libmicrohttpd: `cacheshape serve`. nettle: SHA-256 and the constant-time
# comparison of serve's collection (host/serve/serve_upload.c).
MHD_CFLAGS = $(eval MHD_CFLAGS := $$(shell pkg-config --cflags libmicrohttpd 2>/dev/null))$(MHD_CFLAGS)
MHD_LIBS = $(eval MHD_LIBS := $$(shell pkg-config --libs libmicrohttpd 2>/dev/null || echo -lmicrohttpd))$(MHD_LIBS)
NETTLE_LIBS = $(eval NETTLE_LIBS := $$(shell pkg-config --libs nettle 2>/dev/null || echo -lnettle))$(NETTLE_LIBS)
# librsvg and cairo (librsvg2-dev): `plot -o OUT.png` (host/cmd/plot_png.c
# alone is compiled with their headers, as system headers, and opens
# librsvg at run time, only for a PNG: linked, it would cost every command
# about 10 MB of resident memory at start).
RSVG_CFLAGS = $(eval RSVG_CFLAGS := $$(patsubst -I%,-isystem %,$$(shell pkg-config --cflags librsvg-2.0 2>/dev/null)))$(RSVG_CFLAGS)
RSVG_LIBS = -ldl
$(HOSTDIR)/obj/host/cmd/plot_png.o: HOST_CFLAGS += $(RSVG_CFLAGS)
HOST_LIBS = $(YAJL_LIBS) $(MHD_LIBS) $(NETTLE_LIBS) $(RSVG_LIBS) -lpthread -lm

# A kind of measurement in a folder of its own (common/kinds.h): its
# files, all freestanding, join the core: its reader (*_read.c) and its
# check expectations (*_expect.c: the page judges with them too) included,
# as does the capture reader (reader/). Its tests (test_*.c) are not the
# core's: mk/test.mk builds each into a unit test.
KIND_SRC := $(filter-out $(wildcard kinds/*/test_*.c),$(wildcard kinds/*/*.c))
# The core's folders, each freestanding (tests/lib.sh's CORE_DIRS too):
# common/ for every build and kind, net/ the network client's parts,
# chart/ the staircase drawn (the firmware's screen, plot's SVG, the page),
# decode/ what the processor publishes (CPUID, the ARM cache registers),
# reader/ the capture reader.
CORE_DIRS := common net chart decode reduce reader
CORE_SRC := $(foreach d,$(CORE_DIRS),$(wildcard $(d)/*.c)) $(KIND_SRC)
CORE_OBJ := $(patsubst %.c,$(HOSTDIR)/obj/%.o,$(CORE_SRC))
# The arch layer for the machine the host command runs on (the host probe's
# counter, flush and CPUID): arch/<host arch>/, as the firmware uses it.
# HOST_ARCH is the Makefile's (what $(HOST_CC) builds for).
ARCH_HOST_SRC := $(wildcard arch/$(HOST_ARCH)/*.c) $(wildcard kinds/*/$(HOST_ARCH)/*.c)
ARCH_HOST_OBJ := $(patsubst %.c,$(HOSTDIR)/obj/%.o,$(ARCH_HOST_SRC))
# `cacheshape serve` (libmicrohttpd, nettle): its files, and the stand-in
# a build without them links instead (host/serve/serve_absent.c: mk/host-cross.mk).
SERVE_SRC := $(filter-out host/serve/serve_absent.c,$(wildcard host/serve/*.c))
HOSTLIB_SRC := $(filter-out host/main.c host/serve/serve_absent.c host/cmd/plot_png_absent.c,$(wildcard host/*.c host/*/*.c))
HOSTLIB_OBJ := $(patsubst %.c,$(HOSTDIR)/obj/%.o,$(HOSTLIB_SRC))

.PHONY: host
host: $(HOSTDIR)/cacheshape $(HOSTDIR)/gen-synthetic

$(HOSTDIR)/obj/%.o: %.c | deps-host
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(YAJL_CFLAGS) $(MHD_CFLAGS) -c $< -o $@

$(HOSTDIR)/libcore.a: $(CORE_OBJ) $(ARCH_HOST_OBJ)
	@rm -f $@
	$(call say,AR)ar rcs $@ $^

$(HOSTDIR)/cacheshape: $(HOSTDIR)/obj/host/main.o $(HOSTLIB_OBJ) $(HOSTDIR)/libcore.a
	$(call say,LD)$(HOST_CC) -o $@ $^ $(HOST_LIBS)

$(HOSTDIR)/gen-synthetic: $(HOSTDIR)/obj/captures/synthetic/gen_synthetic.o $(HOSTDIR)/obj/host/outfile.o $(HOSTDIR)/libcore.a
	$(call say,LD)$(HOST_CC) -o $@ $^ -lpthread -lm

# The synthetic catalogue: regenerate after changing its generator,
# captures/synthetic/gen_synthetic.c (it keeps the .c: only *.json go).
.PHONY: synthetic window
synthetic: $(HOSTDIR)/gen-synthetic
	rm -f captures/synthetic/*.json
	$(HOSTDIR)/gen-synthetic captures/synthetic
# The README's pictures, drawn again from their captures (scripts/pictures.sh;
# suite-plot fails while one differs from what plot draws).
.PHONY: pictures
pictures: $(HOSTDIR)/cacheshape
	scripts/pictures.sh
# The smoothClimb blind spot (docs/reduction.md s.8), measured for these rules.
window: $(HOSTDIR)/gen-synthetic
	$(HOSTDIR)/gen-synthetic --window
