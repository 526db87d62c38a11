# hardsix — plain Makefile. `make run` and `make check` are all a new user types.
PREFIX ?= /usr/local
DESTDIR ?=
CC ?= cc
OPENMP ?= 1
WERROR ?= 1
SANITIZE ?= 0
BUILD ?= build
PKG_CONFIG ?= pkg-config
THREADS ?=
FUZZ_SECONDS ?= 60
FUZZ ?= 0

PKGS := glib-2.0
GLIB_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
GLIB_LIBS = $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
CMOCKA_CFLAGS = $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS = $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

WARN := -Wall -Wextra -Wno-unknown-pragmas -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifeq ($(WERROR),1)
WARN += -Werror
endif
OPT ?= -O2 -g
# The exact searches count bits all the time: use the CPU's popcount instruction when the build machine
# has one (ARCH= to build for any x86-64; results never depend on it).
ARCH ?= $(shell grep -qsw popcnt /proc/cpuinfo && echo -mpopcnt)
BASE_CFLAGS := -fopenmp-simd -std=c11 -D_POSIX_C_SOURCE=200809L $(OPT) $(ARCH) $(WARN) -MMD -MP -Iinclude -Isrc \
  -DGLIB_VERSION_MIN_REQUIRED=GLIB_VERSION_2_74 -DGLIB_VERSION_MAX_ALLOWED=GLIB_VERSION_2_74 \
  -DHS_DEFAULT_DATADIR='"$(PREFIX)/share/hardsix"'
ifeq ($(OPENMP),1)
BASE_CFLAGS += -fopenmp
OMP_LIBS := -fopenmp
endif
ifeq ($(SANITIZE),1)
BASE_CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
OMP_LIBS += -fsanitize=address,undefined
endif
# SANITIZE=thread: ThreadSanitizer, with clang and LLVM's OpenMP runtime (its Archer tool tells TSan
# about OpenMP's own synchronisation; GCC's libgomp is not instrumented and reports false races).
ifeq ($(SANITIZE),thread)
BASE_CFLAGS += -fsanitize=thread -fno-omit-frame-pointer
OMP_LIBS += -fsanitize=thread
endif
# make fuzz: clang, libFuzzer instrumentation (the fuzz targets add -fsanitize=fuzzer when linked).
ifeq ($(FUZZ),1)
BASE_CFLAGS += -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
  -Wno-pass-failed
OMP_LIBS += -fsanitize=address,undefined
endif
ALL_CFLAGS = $(BASE_CFLAGS) $(GLIB_CFLAGS) $(SOURCE_ID_FLAG) $(CFLAGS)
# The optimiser's checkpoints (src/engine/optimize-save.c) are read back only by a build of the same
# search code: their fingerprint holds a hash of the sources of the game and the searches.
SEARCH_SOURCES := $(sort $(wildcard src/core/*.c src/core/*.h src/engine/*.c src/engine/*.h include/hardsix/core/*.h \
  include/hardsix/engine/*.h))
SOURCE_ID_OBJ := $(BUILD)/lib/engine/optimize-save.o $(BUILD)/wide/lib/engine/optimize-save.o \
  $(BUILD)/test-bin/lib/engine/optimize-save.o
ALL_LDFLAGS = $(LDFLAGS) $(OMP_LIBS)
LIBS = $(GLIB_LIBS) -lm

# The library is src/<layer>/*.c, one folder per layer (util, core, engine, verify, report; its module
# headers in include/hardsix/<layer>/); the command-line program is src/cli/*.c, a client of the library.
# tests/static/layers.sh checks that includes only point down the layers. Library objects go to
# BUILD/lib/<layer>/, CLI objects to BUILD/src/cli/, the path of their sources.
LAYERS := util core engine verify report
LIB_SRC_ANY := $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c))
# Linked in the order of their file names, whatever their folder: the hot code of greedy, rules and
# feedback then sits as it did before the folders (the layout alone moved a sweep by 6% of CPU time).
LIB_SRC := $(foreach n,$(sort $(notdir $(LIB_SRC_ANY))),$(filter %/$(n),$(LIB_SRC_ANY)))
CLI_SRC := $(wildcard src/cli/*.c)
LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/lib/%.o)
# The play-along page's HTML, style and script are files (src/report/page/), built into the library as
# C arrays of lines by scripts/embed.sh (BUILD/gen/page-assets.c).
PAGE_ASSETS := src/report/page/page.html src/report/page/page.css src/report/page/page.js
LIB_OBJ += $(BUILD)/lib/report/page-assets.o
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/%.o)
# The wide build (-DHS_WIDE=1): the same sources for games of up to 255 letters (kana and the like),
# as BUILD/hardsix-wide; BUILD/hardsix runs it when a list needs it (include/hardsix/core/words.h).
WIDE_LIB_OBJ := $(LIB_OBJ:$(BUILD)/lib/%=$(BUILD)/wide/lib/%)
WIDE_CLI_OBJ := $(CLI_OBJ:$(BUILD)/%=$(BUILD)/wide/%)
TEST_SRC := $(wildcard tests/test_*.c)
# The tests of the engine, the game and the writers, built against the wide build too (BUILD/tests-wide/).
WIDE_TESTS := test_feedback test_rules test_prove test_optimize test_greedy test_strategy test_format test_verify \
  test_sweep test_publish
WIDE_TEST_BIN := $(WIDE_TESTS:%=$(BUILD)/tests-wide/%)
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
# Test hooks (fault injection) are compiled only with -DHS_TESTING, never into the release library or
# BUILD/hardsix: the sources that mention HS_TESTING are compiled a second time into BUILD/test-bin/,
# which holds the test library (the cmocka tests link it) and the test binary BUILD/test-bin/hardsix
# (the CLI tests that inject faults run it). tests/static/test-hooks.sh checks the release binary.
HOOK_SRC := $(shell grep -l HS_TESTING $(LIB_SRC) $(CLI_SRC) 2>/dev/null)
HOOK_LIB_OBJ := $(patsubst src/%.c,$(BUILD)/lib/%.o,$(filter-out src/cli/%,$(HOOK_SRC)))
HOOK_CLI_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(filter src/cli/%,$(HOOK_SRC)))
TEST_LIB_OBJ := $(filter-out $(HOOK_LIB_OBJ),$(LIB_OBJ)) $(HOOK_LIB_OBJ:$(BUILD)/%=$(BUILD)/test-bin/%)
TEST_CLI_OBJ := $(filter-out $(HOOK_CLI_OBJ),$(CLI_OBJ)) $(HOOK_CLI_OBJ:$(BUILD)/%=$(BUILD)/test-bin/%)
TEST_LIB := $(BUILD)/test-bin/libhardsix.a
# Fuzz targets (fuzz/fuzz_NAME.c): libFuzzer binaries build-fuzz/fuzz/fuzz_NAME (make fuzz, clang), and
# replay binaries BUILD/fuzz/replay_NAME (make check, any compiler) for tests/data/fuzz/NAME/.
FUZZ_SRC := $(wildcard fuzz/fuzz_*.c)
FUZZ_BIN := $(FUZZ_SRC:fuzz/%.c=$(BUILD)/fuzz/%)
REPLAY_BIN := $(FUZZ_SRC:fuzz/fuzz_%.c=$(BUILD)/fuzz/replay_%)
FUZZ_DEFS = -DHS_FUZZ_DATA='"$(CURDIR)/tests/data"'
# Targets also built against the wide build (fuzz_NAME_wide, replay_NAME_wide: games of up to 8 letters).
FUZZ_WIDE := game
FUZZ_BIN += $(FUZZ_WIDE:%=$(BUILD)/fuzz/fuzz_%_wide)
REPLAY_BIN += $(FUZZ_WIDE:%=$(BUILD)/fuzz/replay_%_wide)

.PHONY: all run check bench bench-compare sanitize install uninstall clean deps deps-build deps-check deps-check-tests tests fuzz fuzz-bins deps-browser format
all: $(BUILD)/libhardsix.a $(BUILD)/hardsix $(BUILD)/hardsix-wide
$(SOURCE_ID_OBJ): SOURCE_ID_FLAG = -DHS_SOURCE_ID='"$(shell cat $(SEARCH_SOURCES) | sha256sum | cut -c1-16)"'
$(SOURCE_ID_OBJ): $(SEARCH_SOURCES)

$(BUILD)/lib/%.o: src/%.c | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@
$(BUILD)/gen/page-assets.c: scripts/embed.sh $(PAGE_ASSETS)
	@mkdir -p $(dir $@)
	sh scripts/embed.sh $(PAGE_ASSETS) >$@.tmp && mv $@.tmp $@
$(BUILD)/lib/report/page-assets.o: $(BUILD)/gen/page-assets.c | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@
$(BUILD)/src/cli/%.o: src/cli/%.c | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@
$(BUILD)/libhardsix.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^
$(BUILD)/hardsix: $(CLI_OBJ) $(BUILD)/libhardsix.a
	$(CC) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libhardsix.a $(LIBS)
$(BUILD)/wide/lib/%.o: src/%.c | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DHS_WIDE=1 -c $< -o $@
$(BUILD)/wide/lib/report/page-assets.o: $(BUILD)/gen/page-assets.c | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DHS_WIDE=1 -c $< -o $@
$(BUILD)/wide/src/cli/%.o: src/cli/%.c | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DHS_WIDE=1 -c $< -o $@
$(BUILD)/wide/libhardsix.a: $(WIDE_LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^
$(BUILD)/hardsix-wide: $(WIDE_CLI_OBJ) $(BUILD)/wide/libhardsix.a
	$(CC) $(ALL_LDFLAGS) -o $@ $(WIDE_CLI_OBJ) $(BUILD)/wide/libhardsix.a $(LIBS)
$(BUILD)/test-bin/lib/%.o: src/%.c | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DHS_TESTING -c $< -o $@
$(BUILD)/test-bin/src/cli/%.o: src/cli/%.c | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DHS_TESTING -c $< -o $@
$(TEST_LIB): $(TEST_LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^
$(BUILD)/test-bin/hardsix: $(TEST_CLI_OBJ) $(TEST_LIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $(TEST_CLI_OBJ) $(TEST_LIB) $(LIBS)
$(BUILD)/tests/%: tests/%.c $(TEST_LIB) | deps-check-tests
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DHS_TESTING $(CMOCKA_CFLAGS) -o $@ $< $(TEST_LIB) $(ALL_LDFLAGS) $(LIBS) $(CMOCKA_LIBS)
$(BUILD)/tests-wide/%: tests/%.c $(BUILD)/wide/libhardsix.a | deps-check-tests
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DHS_WIDE=1 $(CMOCKA_CFLAGS) -o $@ $< $(BUILD)/wide/libhardsix.a $(ALL_LDFLAGS) $(LIBS) $(CMOCKA_LIBS)
$(BUILD)/fuzz/replay_%: fuzz/fuzz_%.c fuzz/replay.c fuzz/fuzz-common.h $(BUILD)/libhardsix.a | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(FUZZ_DEFS) -o $@ $< fuzz/replay.c $(BUILD)/libhardsix.a $(ALL_LDFLAGS) $(LIBS)
$(BUILD)/fuzz/fuzz_%: fuzz/fuzz_%.c fuzz/fuzz-common.h $(BUILD)/libhardsix.a | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(FUZZ_DEFS) -fsanitize=fuzzer -o $@ $< $(BUILD)/libhardsix.a $(ALL_LDFLAGS) $(LIBS)
$(BUILD)/fuzz/replay_%_wide: fuzz/fuzz_%.c fuzz/replay.c fuzz/fuzz-common.h $(BUILD)/wide/libhardsix.a | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DHS_WIDE=1 $(FUZZ_DEFS) -o $@ $< fuzz/replay.c $(BUILD)/wide/libhardsix.a $(ALL_LDFLAGS) $(LIBS)
$(BUILD)/fuzz/fuzz_%_wide: fuzz/fuzz_%.c fuzz/fuzz-common.h $(BUILD)/wide/libhardsix.a | deps-check
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DHS_WIDE=1 $(FUZZ_DEFS) -fsanitize=fuzzer -o $@ $< $(BUILD)/wide/libhardsix.a $(ALL_LDFLAGS) $(LIBS)

# Dependencies: installs what is missing with apt-get when root, else prints the command and fails;
# off Debian it names what to install and lets the build's own check decide. The program needs only a
# C compiler (CMD=PKG: PKG unless the command CMD exists) and GLib; the tests also need cmocka,
# clang-format, GNU parallel and GNU time (the table script's shard costs).
BUILD_PKGS := $(firstword $(CC))=gcc libc6-dev pkg-config libglib2.0-dev
TEST_PKGS := libcmocka-dev clang-format parallel time wamerican wspanish
DEPS_PKGS := $(BUILD_PKGS) $(TEST_PKGS)
deps:
	@sh scripts/deps.sh $(DEPS_PKGS)
deps-build:
	@sh scripts/deps.sh $(BUILD_PKGS)
# Optional: a real browser, its WebDriver and PDF tools, so that make check prints the cheat sheet
# (tests/cli/sheet.sh) and plays the page (tests/cli/page.sh runs tests/browser/page_test.py); both say
# skip without them.
deps-browser:
	@sh scripts/deps.sh chromium chromium-driver python3-selenium poppler-utils
deps-check:
	@$(PKG_CONFIG) --exists glib-2.0 2>/dev/null || { echo "hardsix: missing build dependencies (GLib 2.74 or later, found with $(PKG_CONFIG)); run 'make deps-build'" >&2; exit 1; }
deps-check-tests: deps-check
	@$(PKG_CONFIG) --exists cmocka 2>/dev/null || { echo "hardsix: the tests need cmocka (found with $(PKG_CONFIG)); run 'make deps'" >&2; exit 1; }

tests: $(BUILD)/hardsix $(BUILD)/hardsix-wide $(BUILD)/test-bin/hardsix $(TEST_BIN) $(WIDE_TEST_BIN) $(REPLAY_BIN)
fuzz-bins: $(FUZZ_BIN)

run: deps-build
	@$(MAKE) --no-print-directory all
	@mkdir -p output
	$(BUILD)/hardsix solve howls --preset tkihira2022 --order tkihira2022 --overrides overrides/howls-tkihira2022.txt -o output/howls-tkihira2022
	$(BUILD)/hardsix solve howls --overrides overrides/howls.txt -o output/howls
	$(BUILD)/hardsix optimize salet -o output/salet-optimal
	$(BUILD)/hardsix sheet output/salet-optimal/salet.per-word.txt -o output/salet-optimal
	$(BUILD)/hardsix sheet output/salet-optimal/salet.per-word.txt --format markdown -o output/salet-optimal
	@if [ -f output/optimize-all/nyt2022.tsv ]; then sh scripts/make-page.sh $(BUILD)/hardsix $(BUILD)/page output/page.html; \
	  else echo "make run: output/page.html not made: it needs the committed tables under output/ (git checkout output)"; fi
	@echo "make run: the program is $(BUILD)/hardsix; 'make install PREFIX=~/.local' puts it in ~/.local/bin"

# The build and the tests use every core (HS_TEST_JOBS=1 runs the tests one at a time).
NPROC := $(shell nproc 2>/dev/null || echo 1)
check: deps
	@$(MAKE) --no-print-directory -j$(NPROC) tests
	@sh scripts/run-tests.sh $(BUILD)

# make sanitize: the whole suite under ASan+UBSan+LeakSanitizer, and the threaded tests (TSAN_TESTS)
# under ThreadSanitizer (clang, libomp), counted in the same summary.
TSAN_PKGS := clang libomp-14-dev
TSAN_TESTS := test_sweep test_prove_all test_optimize test_robust test_split
sanitize: deps
	@sh scripts/deps.sh $(TSAN_PKGS)
	@$(MAKE) --no-print-directory BUILD=build-tsan SANITIZE=thread CC=clang OPT="-O1 -g" \
	  $(addprefix build-tsan/tests/,$(TSAN_TESTS))
	@$(MAKE) --no-print-directory BUILD=build-sanitize SANITIZE=1 OPT="-O1 -g" tests
	@ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 TSAN_BUILD=build-tsan TSAN_TESTS="$(TSAN_TESTS)" \
	  sh scripts/run-tests.sh build-sanitize

# make fuzz FUZZ_SECONDS=N: every fuzz target for N seconds under libFuzzer (clang, ASan+UBSan);
# a crash is minimised into tests/data/fuzz/NAME/ and fails the run.
FUZZ_PKGS := clang libclang-rt-14-dev
fuzz: deps
	@sh scripts/deps.sh $(FUZZ_PKGS)
	@$(MAKE) --no-print-directory BUILD=build-fuzz CC=clang FUZZ=1 OPENMP=0 OPT="-O1 -g" fuzz-bins
	@sh scripts/fuzz.sh build-fuzz $(FUZZ_SECONDS)

bench: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/deps.sh time
	@sh scripts/bench.sh $(BUILD)

# make bench-compare BASE=REV [RUNS=N]: this tree's speed against revision REV, same machine, same run.
BASE ?= HEAD
RUNS ?= 5
bench-compare: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/bench-compare.sh $(BASE) $(BUILD) $(RUNS)

# Data: every file listed in data/SHA256SUMS (word-list sets, their licences, built-in orders), and the
# sums themselves, under PREFIX/share/hardsix.
DATA_FILES := $(shell sed -n 's/^[0-9a-f]*  //p' data/SHA256SUMS)
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(addprefix $(DESTDIR)$(PREFIX)/share/hardsix/,$(sort $(dir $(DATA_FILES))))
	install -m 755 $(BUILD)/hardsix $(DESTDIR)$(PREFIX)/bin/hardsix
	install -m 755 $(BUILD)/hardsix-wide $(DESTDIR)$(PREFIX)/bin/hardsix-wide
	install -m 644 docs/hardsix.1 $(DESTDIR)$(PREFIX)/share/man/man1/hardsix.1
	install -m 644 data/SHA256SUMS $(DESTDIR)$(PREFIX)/share/hardsix/SHA256SUMS
	for f in $(DATA_FILES); do install -m 644 data/$$f $(DESTDIR)$(PREFIX)/share/hardsix/$$f || exit 1; done
uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/bin/hardsix $(DESTDIR)$(PREFIX)/bin/hardsix-wide $(DESTDIR)$(PREFIX)/share/man/man1/hardsix.1 \
	  $(DESTDIR)$(PREFIX)/share/hardsix

# make format: applies .clang-format to every C file (make check fails when one is not formatted).
FORMAT_SRC = $(wildcard src/*/*.c src/*/*.h include/hardsix/*.h include/hardsix/*/*.h tests/*.c tests/*.h fuzz/*.c fuzz/*.h)
format:
	clang-format --style=file -i $(FORMAT_SRC)

clean:
	rm -rf build build-sanitize build-fuzz build-tsan

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(WIDE_LIB_OBJ:.o=.d) $(WIDE_CLI_OBJ:.o=.d) $(TEST_BIN:=.d) $(WIDE_TEST_BIN:=.d) $(FUZZ_BIN:=.d) $(REPLAY_BIN:=.d) \
  $(HOOK_LIB_OBJ:$(BUILD)/%.o=$(BUILD)/test-bin/%.d) $(HOOK_CLI_OBJ:$(BUILD)/%.o=$(BUILD)/test-bin/%.d)
