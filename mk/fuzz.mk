# Fuzzing and benchmarks of the host reader.
#   make fuzz [FUZZ_SECONDS=60]  each libFuzzer target in turn, FUZZ_SECONDS
#                                each (clang, ASan, UBSan)
#   make bench [BENCH_SECONDS=3] read + reduce speed, peak memory; the same in wasm (node)
# The targets (tests/fuzz_<name>.c):
#   reader     the capture reader and all a capture reaches (reduce, report, JSON)
#   settings   the firmware's settings parser (efi/settings.c), as the firmware runs it
#   chart      the chart's scale (cs_chart_layout, ticks, drawing) and plot's SVG
#   jsoncheck  the firmware's strict JSON check against yajl, and the JSON writer
#   http       the firmware's own HTTP client logic (net/http.c) against
#              malformed answers, and the netboot's DHCP answer (bootinfo.c)
# Built from the sources with the sanitizers (every unit an input reaches is
# instrumented), each into its own corpus (build/fuzz/corpus-<name>), seeded
# from the folders FUZZ_SEEDS_<name> names.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_MAX_LEN ?= 32768
FUZZDIR := $(BUILD)/fuzz
FUZZ_TARGETS := reader settings chart jsoncheck http
FUZZ_BINS := $(patsubst %,$(FUZZDIR)/fuzz_%,$(FUZZ_TARGETS))
FUZZ_BIN := $(FUZZDIR)/fuzz_reader
FUZZ_SAN := -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all
FUZZ_CFLAGS := -std=c11 -O1 -g -Wall -DCS_HOST=1 $(FUZZ_SAN) $(JSMN_CFLAGS)
# Every host unit but the commands' entry points, the probe and the server,
# by pattern, and every kind's reader: a new reader unit must not silently
# fall out.
# (plot's PNG by the stand-in: the fuzzers write SVG, without librsvg).
FUZZ_HOST_SRC := $(filter-out host/main.c host/cmd/plot_png.c $(wildcard host/probe/*.c host/serve/*.c),$(wildcard host/*.c host/*/*.c))
# the kinds' kernels for this machine (kinds/NAME/ARCH/), which the kinds' platform
# code (bw_platform.c) names
FUZZ_LIB_SRC := $(FUZZ_HOST_SRC) $(CORE_SRC) $(wildcard kinds/*/$(HOST_ARCH)/*.c) efi/settings.c
FUZZ_LIB_OBJ := $(patsubst %.c,$(FUZZDIR)/obj/%.o,$(FUZZ_LIB_SRC))
# Kept: make would delete them as intermediates after the targets link,
# printing `rm build/fuzz/obj/...` after make test's last line.
.SECONDARY: $(FUZZ_LIB_OBJ)
FUZZ_SEEDS_reader = $(wildcard tests/data captures)
FUZZ_SEEDS_settings = $(wildcard tests/data/settings)
FUZZ_SEEDS_chart = $(wildcard tests/data/chart)
FUZZ_SEEDS_jsoncheck = $(wildcard tests/data/json tests/data/bad captures)
FUZZ_SEEDS_http :=
FUZZ_DICT_reader := -dict=tests/fuzz_reader.dict
FUZZ_DICT_settings := -dict=tests/fuzz_settings.dict
FUZZ_DICT_chart :=
FUZZ_DICT_jsoncheck := -dict=tests/fuzz_jsoncheck.dict
FUZZ_DICT_http := -dict=tests/fuzz_http.dict
FUZZ_SEEDS = $(FUZZ_SEEDS_reader)

.PHONY: fuzz fuzz-build bench
fuzz-build: $(FUZZ_BINS)

$(FUZZDIR)/obj/%.o: %.c | deps-fuzz deps-host
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(YAJL_CFLAGS) -MMD -MP -c $< -o $@

$(FUZZDIR)/fuzz_%: tests/fuzz_%.c $(FUZZ_LIB_OBJ) | deps-fuzz deps-host
	@mkdir -p $(dir $@)
	$(call say,LD)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(YAJL_CFLAGS) -o $@ $< $(FUZZ_LIB_OBJ) $(YAJL_LIBS) -lm

fuzz: $(FUZZ_BINS)
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZDIR)/corpus-$$t $(FUZZDIR)/crashes-$$t; \
		echo "== fuzz_$$t for $(FUZZ_SECONDS) s"; \
		case $$t in \
		reader) seeds="$(FUZZ_SEEDS_reader)"; dict="$(FUZZ_DICT_reader)";; \
		settings) seeds="$(FUZZ_SEEDS_settings)"; dict="$(FUZZ_DICT_settings)";; \
		chart) seeds="$(FUZZ_SEEDS_chart)"; dict="$(FUZZ_DICT_chart)";; \
		jsoncheck) seeds="$(FUZZ_SEEDS_jsoncheck)"; dict="$(FUZZ_DICT_jsoncheck)";; \
		http) seeds="$(FUZZ_SEEDS_http)"; dict="$(FUZZ_DICT_http)";; \
		esac; \
		$(FUZZDIR)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) \
			-timeout=10 $$dict -artifact_prefix=$(FUZZDIR)/crashes-$$t/ \
			-print_final_stats=1 $(FUZZDIR)/corpus-$$t $$seeds || exit 1; \
	done

BENCH_SECONDS ?= 3
BENCH_BIN := $(HOSTDIR)/bench/bench_reduce

$(BENCH_BIN): bench/bench_reduce.c $(HOSTLIB_OBJ) $(HOSTDIR)/libcore.a | deps-host
	@mkdir -p $(dir $@)
	$(call say,LD)$(HOST_CC) $(HOST_CFLAGS) $(YAJL_CFLAGS) -o $@ $< $(HOSTLIB_OBJ) $(HOSTDIR)/libcore.a $(HOST_LIBS)

# The same reader and reducer as WebAssembly, in node, beside the host's
# in-memory figure (bench/bench_wasm.mjs: within 2x is the target).
bench: $(BENCH_BIN) web
	$(BENCH_BIN) $(BENCH_SECONDS) $(HOSTDIR)/bench/capture.json | tee $(HOSTDIR)/bench/host.txt
	bench/table_bench.sh $(HOSTDIR)/cacheshape
	bench/check_bench.sh $(HOSTDIR)/cacheshape
	@if command -v node >/dev/null; then node bench/bench_wasm.mjs $(WEBDIR)/cacheshape.wasm \
		$(HOSTDIR)/bench/capture.json $(BENCH_SECONDS) \
		$$(sed -n 's/^  read memory + reduce *\([0-9]*\) captures.*/\1/p' $(HOSTDIR)/bench/host.txt); \
	else echo "wasm: node missing"; fi
	@if command -v chromium >/dev/null; then python3 tests/web/bench.py $(HOSTDIR)/cacheshape \
		$(HOSTDIR)/bench/capture.json $(BENCH_SECONDS); else echo "page: chromium missing (scripts/deps.sh browser)"; fi

TEST_PREREQS += fuzz-build
CHECK_PREREQS += fuzz-build
