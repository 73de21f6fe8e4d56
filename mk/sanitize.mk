# The host command and the unit tests built again with AddressSanitizer and
# UndefinedBehaviorSanitizer (float-cast-overflow included: GCC's
# -fsanitize=undefined leaves it out), in a build folder of their own, and
# the unit and CLI suites run on that build (tests/suite-sanitize.sh). Any
# report stops the program (-fno-sanitize-recover) and fails the suite.
ASANDIR := $(BUILD)/host-asan
ASAN_FLAGS := -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
ASAN_CFLAGS := -std=c11 -O1 -g $(WARN) -MMD -MP -DCS_HOST=1 $(ASAN_FLAGS) $(JSMN_CFLAGS)
ASAN_CORE_OBJ := $(patsubst %.c,$(ASANDIR)/obj/%.o,$(CORE_SRC) $(ARCH_HOST_SRC))
ASAN_LIB_OBJ := $(patsubst %.c,$(ASANDIR)/obj/%.o,$(HOSTLIB_SRC))
ASAN_UNIT_TESTS := $(patsubst tests/%.c,$(ASANDIR)/tests/%,$(wildcard tests/test_*.c))

.PHONY: host-asan
host-asan: $(ASANDIR)/cacheshape $(ASAN_UNIT_TESTS) $(ASANDIR)/tests/reduce_many

$(ASANDIR)/obj/%.o: %.c | deps-host
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(ASAN_CFLAGS) $(YAJL_CFLAGS) $(MHD_CFLAGS) -c $< -o $@

$(ASANDIR)/obj/host/cmd/plot_png.o: ASAN_CFLAGS += $(RSVG_CFLAGS)

$(ASANDIR)/libcore.a: $(ASAN_CORE_OBJ)
	@rm -f $@
	$(call say,AR)ar rcs $@ $^

$(ASANDIR)/cacheshape: $(ASANDIR)/obj/host/main.o $(ASAN_LIB_OBJ) $(ASANDIR)/libcore.a
	$(call say,LD)$(HOST_CC) $(ASAN_FLAGS) -o $@ $^ $(HOST_LIBS) -lpthread

# as the plain unit tests (mk/test.mk): the command's units as an archive
$(ASANDIR)/libhost.a: $(ASAN_LIB_OBJ)
	@rm -f $@
	$(call say,AR)ar rcs $@ $^

$(ASANDIR)/tests/%: tests/%.c tests/check.h $(ASANDIR)/libhost.a $(ASANDIR)/libcore.a | deps-host
	@mkdir -p $(dir $@)
	$(call say,LD)$(HOST_CC) $(ASAN_CFLAGS) $(YAJL_CFLAGS) $(MHD_CFLAGS) -o $@ $< \
		-Wl,--start-group $(ASANDIR)/libhost.a $(ASANDIR)/libcore.a -Wl,--end-group $(HOST_LIBS) -lpthread

TEST_SUITES += tests/suite-sanitize.sh tests/suite-extreme.sh
TEST_PREREQS += host-asan
CHECK_PREREQS += host-asan
