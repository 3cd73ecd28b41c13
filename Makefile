# The two commands of the README, and the steps they are made of.
#   make run    set up, build, and scan the bundled corpus
#   make check  set up, build, and run every test; then the unit and command-line
#               tests again under AddressSanitizer and UndefinedBehaviorSanitizer,
#               and the fuzz targets for 10 s each (docs/hardening.md)
BUILD ?= build
JOBS ?= $(shell nproc)
# The sanitizer build, with clang-16 when there is one (it builds the fuzz
# targets too; with another compiler they report a skip and why).
SAN_BUILD ?= build-asan
SAN_CC ?= $(shell command -v clang-16 || command -v cc)

.PHONY: all setup build run check check-sanitize docs clean

all: build

setup:
	@scripts/setup.sh

$(BUILD)/Makefile: CMakeLists.txt
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: setup $(BUILD)/Makefile
	cmake --build $(BUILD) -j $(JOBS)

run: build
	$(BUILD)/hipport scan corpus

check: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	$(MAKE) check-sanitize

$(SAN_BUILD)/Makefile: CMakeLists.txt
	CC=$(SAN_CC) cmake -S . -B $(SAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHIPPORT_SANITIZE=ON

# Two at a time: each test under the sanitizers takes several times the memory.
check-sanitize: setup $(SAN_BUILD)/Makefile
	cmake --build $(SAN_BUILD) -j $(JOBS)
	cd $(SAN_BUILD) && ctest --output-on-failure -j 2 -L '^(unit|cli|fuzz)$$'

# docs/diagnostics.md, regenerated from rules/diagnostics.def.
docs: build
	$(BUILD)/rules/hipport-diagdoc > docs/diagnostics.md.tmp
	mv docs/diagnostics.md.tmp docs/diagnostics.md

clean:
	rm -rf $(BUILD) $(SAN_BUILD)
