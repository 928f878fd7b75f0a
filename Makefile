# Roux: `make run` opens the sample recipes, `make test` runs every test,
# `make bench` prints the benchmark figures. Each target first installs the
# Debian packages it needs (as root, or through sudo) and says so.

SHELL := /bin/bash
SWIFT ?= swift
DEBIAN_PACKAGES := libncurses-dev libfribidi-dev pkg-config tmux unicode-data cmark-gfm
SCRATCH ?= $(CURDIR)/.build-scratch/recipes
# Release programs carry the Swift runtime and Foundation linked in (only the
# code they use is mapped: ≈6 MB less resident memory), linked by the
# toolchain's lld with packed relative relocations where this machine's glibc
# can read them (2.36 on: 1.6 MB fewer pages read at start, address
# randomisation kept); DECISIONS.md, "Memory". Every release build here uses
# the same flags, so none rebuilds another's modules.
GLIBC_MINOR := $(shell getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc 2\.\([0-9]*\).*/\1/p')
PACKED_RELOCATIONS := $(if $(shell [ "$(GLIBC_MINOR)" -ge 36 ] 2>/dev/null && echo yes),-Xlinker -z -Xlinker pack-relative-relocs)
RELEASE := -c release --static-swift-stdlib -Xswiftc -use-ld=lld $(PACKED_RELOCATIONS)

# The Cooklang reference parser (cooklang-rs, through its Python bindings on
# PyPI) in a virtual environment of its own, for the differential check.
DIFFERENTIAL_PACKAGES := python3 python3-venv
DIFFERENTIAL_VENV := $(CURDIR)/.build-scratch/differential-venv
# Pinned (cooklang-rs 0.18.7): a new release changes the reference only when
# this line does, so CI cannot go red by itself.
COOKLANG_BINDINGS := cooklang-bindings==0.6.0

.PHONY: all deps build run test bench fuzz differential differential-deps clean

all: build

deps:
	@$(MAKE) --no-print-directory install-debian-packages PACKAGES="$(DEBIAN_PACKAGES)"

.PHONY: install-debian-packages
install-debian-packages:
	@missing=""; \
	for package in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing missing Debian packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build $(RELEASE) --product roux

# The samples are copied to a scratch folder so they stay pristine.
run: build
	@rm -rf "$(SCRATCH)" && mkdir -p "$(SCRATCH)" && cp Resources/Recipes/* "$(SCRATCH)/"
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/roux" "$(SCRATCH)" $(ARGS)

# Builds everything first: the command-line tests run the roux binary.
test: deps
	$(SWIFT) build
	$(SWIFT) test

bench: deps
	$(SWIFT) build $(RELEASE) --product RouxBench
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/RouxBench"

# Installed once (idempotent, quiet): the venv and cooklang-bindings.
differential-deps:
	@$(MAKE) --no-print-directory install-debian-packages PACKAGES="$(DIFFERENTIAL_PACKAGES)"
	@[ -x "$(DIFFERENTIAL_VENV)/bin/python" ] || python3 -m venv "$(DIFFERENTIAL_VENV)"
	@"$(DIFFERENTIAL_VENV)/bin/pip" show "$(firstword $(subst ==, ,$(COOKLANG_BINDINGS)))" 2>/dev/null \
	  | grep -q "^Version: $(lastword $(subst ==, ,$(COOKLANG_BINDINGS)))$$" \
	  || { echo "make: installing $(COOKLANG_BINDINGS) (the Cooklang reference parser) in $(DIFFERENTIAL_VENV)"; \
	       "$(DIFFERENTIAL_VENV)/bin/pip" install --quiet --disable-pip-version-check "$(COOKLANG_BINDINGS)"; }

# Roux against the reference parser on the project's cases, every .cook
# fixture and generated recipes, at x1 and x2 (Tests/Differential).
differential: deps differential-deps
	$(SWIFT) build --product roux
	"$(DIFFERENTIAL_VENV)/bin/python" Tests/Differential/differential.py --roux "$$($(SWIFT) build --show-bin-path)/roux"

# libFuzzer with AddressSanitizer, FUZZ_SECONDS per target (default 60):
# prints the executions and findings of each (see Tests/Fuzz/fuzz.sh).
fuzz: deps
	SWIFT=$(SWIFT) Tests/Fuzz/fuzz.sh

clean:
	rm -rf .build .build-scratch .build-fuzz
