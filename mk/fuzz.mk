# Fuzzing and benchmarks of the host reader.
#   make fuzz [FUZZ_SECONDS=60]  the reader under libFuzzer (clang, ASan, UBSan)
#   make bench [BENCH_SECONDS=3] read + reduce speed, peak memory
# The fuzzer is built from the sources (not the host objects): every unit a
# capture reaches is instrumented. Seeds: tests/data and captures.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_MAX_LEN ?= 32768
FUZZDIR := $(BUILD)/fuzz
FUZZ_BIN := $(FUZZDIR)/fuzz_reader
FUZZ_CFLAGS := -std=c11 -O1 -g -Wall -DCS_HOST=1 \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
# Every unit of the reader and the JSON result, by pattern: a new reader unit
# (reader_mp.c, reader_experiments.c, ...) must not silently fall out.
FUZZ_SRC := tests/fuzz_reader.c host/jdom.c host/jread.c host/replay.c \
	$(wildcard host/reader*.c host/expect*.c host/json*.c) $(KIND_READ_SRC) $(CORE_SRC)
FUZZ_SEEDS = $(wildcard tests/data captures)

.PHONY: fuzz fuzz-build bench
fuzz-build: $(FUZZ_BIN)

$(FUZZ_BIN): $(FUZZ_SRC) $(wildcard host/*.h common/*.h reduce/*.h) | deps-fuzz deps-host
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(YAJL_CFLAGS) -o $@ $(FUZZ_SRC) $(YAJL_LIBS) -lm

fuzz: $(FUZZ_BIN)
	@mkdir -p $(FUZZDIR)/corpus $(FUZZDIR)/crashes
	$(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) \
		-dict=tests/fuzz_reader.dict -artifact_prefix=$(FUZZDIR)/crashes/ \
		-print_final_stats=1 $(FUZZDIR)/corpus $(FUZZ_SEEDS)

BENCH_SECONDS ?= 3
BENCH_BIN := $(HOSTDIR)/bench/bench_reduce

$(BENCH_BIN): bench/bench_reduce.c $(HOSTLIB_OBJ) $(HOSTDIR)/libcore.a | deps-host
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) $(YAJL_CFLAGS) -o $@ $< $(HOSTLIB_OBJ) $(HOSTDIR)/libcore.a $(HOST_LIBS)

bench: $(BENCH_BIN) web
	$(BENCH_BIN) $(BENCH_SECONDS) $(HOSTDIR)/bench/capture.json
	@if command -v chromium >/dev/null; then python3 tests/web/bench.py $(HOSTDIR)/cacheshape \
		$(HOSTDIR)/bench/capture.json $(BENCH_SECONDS); else echo "page: chromium missing (scripts/deps.sh browser)"; fi

TEST_PREREQS += fuzz-build
