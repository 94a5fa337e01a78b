# The two commands a new user needs (see README.md):
#   make run    install deps, build, open the workbench on the bundled example
#               (no display: run the same loop headless)
#   make test   install deps, build, check formatting, the floors of core and
#               clang-tidy, run every test through ctest, again under
#               ASan/LSan/UBSan, then each fuzz target for a minute
PRESET ?= dev
BUILD_DIR ?= build
EXAMPLE ?= examples/matmul-cpu/workload.json
SESSION ?= runs/matmul-cpu
JOBS ?= 2
FUZZ_SECONDS ?= 60

export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1

.PHONY: all deps configure build run test style sanitize fuzz deb clean

all: build

deps:
	@scripts/deps.sh
	@scripts/pydeps.sh $(BUILD_DIR)/venv

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
		$(BUILD_DIR)/app/workbench/kernel-workbench --workload $(EXAMPLE); \
	else \
		echo "no display: running the loop headless (kwb run); the session is $(SESSION)"; \
		$(BUILD_DIR)/app/kwb/kwb run $(EXAMPLE) --session $(SESSION); \
	fi

test: build
	@scripts/style.sh check-format
	@python3 scripts/floors.py
	@scripts/style.sh tidy $(BUILD_DIR)
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)
	@scripts/sanitize.sh
	@scripts/fuzz.sh $(FUZZ_SECONDS)

# The style gates alone: formatting (clang-format) and clang-tidy over core/, views/ and app/.
style: configure
	@scripts/style.sh check-format
	@python3 scripts/floors.py
	@scripts/style.sh tidy $(BUILD_DIR)

# Every suite under AddressSanitizer, LeakSanitizer and UBSan (build-asan/).
sanitize: deps
	@scripts/sanitize.sh

# The libFuzzer targets of the readers (build-fuzz/, clang), each run for
# FUZZ_SECONDS (60 in `make test`; `make fuzz FUZZ_SECONDS=600` for longer).
fuzz: deps
	@scripts/fuzz.sh $(FUZZ_SECONDS)

# The Debian package: build/kernel-workbench_<version>_amd64.deb
deb: build
	cd $(BUILD_DIR) && cpack -G DEB

clean:
	rm -rf $(BUILD_DIR) build-fuzz build-asan
