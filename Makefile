# The two commands of the README, and the steps they are made of.
#   make run    set up, build, and scan the bundled corpus
#   make check  set up, build, and run every test
BUILD ?= build
JOBS ?= $(shell nproc)

.PHONY: all setup build run check docs clean

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

# docs/diagnostics.md, regenerated from rules/diagnostics.def.
docs: build
	$(BUILD)/rules/hipport-diagdoc > docs/diagnostics.md.tmp
	mv docs/diagnostics.md.tmp docs/diagnostics.md

clean:
	rm -rf $(BUILD)
