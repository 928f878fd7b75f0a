# Roux: `make run` opens the sample recipes, `make test` runs every test,
# `make bench` prints the benchmark figures. Each target first installs the
# Debian packages it needs (as root, or through sudo) and says so.

SHELL := /bin/bash
SWIFT ?= swift
# libcurl4-openssl-dev: `roux import URL` fetches through FoundationNetworking,
# which a release program (Foundation linked in) links against libcurl.
DEBIAN_PACKAGES := libncurses-dev libfribidi-dev pkg-config tmux unicode-data cmark-gfm libcurl4-openssl-dev libhunspell-dev hunspell-en-us libchafa-dev libstb-dev libwebp-dev
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

# Roux's ingredient-line parser beside ingredient-parser-nlp, on lines you
# labelled (kept outside the project): `make compare-ingredients
# LABELS=labels.tsv NLTK_TAGGER_ZIP=averaged_perceptron_tagger.zip`. The
# model's English tagger cannot be downloaded here; the nltk_data
# repository's packages/taggers/averaged_perceptron_tagger.zip holds the
# same model, written out once as the JSON files NLTK now reads.
INGREDIENT_VENV := $(CURDIR)/.build-scratch/ingredient-venv
INGREDIENT_NLTK_DATA := $(CURDIR)/.build-scratch/nltk_data
INGREDIENT_TAGGER := $(INGREDIENT_NLTK_DATA)/taggers/averaged_perceptron_tagger_eng/averaged_perceptron_tagger_eng.weights.json
# Pinned together: nltk's version decides the tagger files' names and layout.
INGREDIENT_PARSER := ingredient-parser-nlp==2.9.1 nltk==3.10.4
LABELS ?=
# More labelled lines, scored but never listed (nobody tunes the parser on them).
HELD_OUT ?=
NLTK_TAGGER_ZIP ?=
INGREDIENT_MISSES ?= $(CURDIR)/.build-scratch/ingredient-misses.md

.PHONY: all deps build run test bench fuzz differential differential-deps compare-ingredients compare-ingredients-deps clean \
	install install-files uninstall

# `make install` puts the release program (stripped: without its debug
# information it is a third smaller), its man page and shell completions under
# PREFIX (DESTDIR is prepended to every path, for packagers); `make uninstall`
# removes those files and no others. `make install-files BIN=…` installs a
# program already built.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
INSTALLED = $(BINDIR)/roux $(MANDIR)/roux.1 $(BASH_COMPLETIONS)/roux $(ZSH_COMPLETIONS)/_roux $(FISH_COMPLETIONS)/roux.fish
BIN ?= $(shell $(SWIFT) build $(RELEASE) --show-bin-path 2>/dev/null)/roux
STRIP ?= strip

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

# Installed once (idempotent, quiet): the venv, the parser and the tagger.
compare-ingredients-deps:
	@$(MAKE) --no-print-directory install-debian-packages PACKAGES="$(DIFFERENTIAL_PACKAGES)"
	@[ -x "$(INGREDIENT_VENV)/bin/python" ] || python3 -m venv "$(INGREDIENT_VENV)"
	@for pin in $(INGREDIENT_PARSER); do \
	  "$(INGREDIENT_VENV)/bin/pip" show "$${pin%%==*}" 2>/dev/null | grep -q "^Version: $${pin##*==}$$" || missing=yes; \
	done; \
	[ -z "$$missing" ] || { echo "make: installing $(INGREDIENT_PARSER) in $(INGREDIENT_VENV)"; \
	  "$(INGREDIENT_VENV)/bin/pip" install --quiet --disable-pip-version-check $(INGREDIENT_PARSER); }
	@[ -f "$(INGREDIENT_TAGGER)" ] || { \
	  if [ -z "$(NLTK_TAGGER_ZIP)" ] || [ ! -f "$(NLTK_TAGGER_ZIP)" ]; then \
	    echo "make: missing NLTK's English tagger (averaged_perceptron_tagger_eng), which ingredient-parser-nlp needs." >&2; \
	    echo "      Give NLTK_TAGGER_ZIP=path/to/averaged_perceptron_tagger.zip (packages/taggers/ of the nltk_data" >&2; \
	    echo "      repository)$(if $(NLTK_TAGGER_ZIP),: $(NLTK_TAGGER_ZIP) is not a file,); it is written out once to $(INGREDIENT_NLTK_DATA)." >&2; \
	    exit 2; \
	  fi; \
	  "$(INGREDIENT_VENV)/bin/python" Tests/Differential/nltk_tagger_json.py --zip "$(NLTK_TAGGER_ZIP)" --dest "$(INGREDIENT_NLTK_DATA)"; }

# Prints each parser's share of lines with quantity, unit, name and all three
# right (per language) and its time per line; writes Roux's misses to
# INGREDIENT_MISSES (Tests/Differential/ingredient_parsers.py).
compare-ingredients: deps compare-ingredients-deps
	@if [ -z "$(LABELS)" ] || [ ! -f "$(LABELS)" ]; then \
	  echo "make: compare-ingredients needs LABELS=path/to/labels.tsv, ingredient lines labelled by hand$(if $(LABELS),: $(LABELS) is not a file,)" >&2; \
	  echo "      (columns id, lang, line, quantity, unit, name, note, source; the rules are in Tests/Differential/ingredient_labels.py)" >&2; \
	  exit 2; \
	fi
	"$(INGREDIENT_VENV)/bin/python" Tests/Differential/test_ingredient_labels.py --quiet
	$(SWIFT) build $(RELEASE) --product RouxBench
	NLTK_DATA="$(INGREDIENT_NLTK_DATA)" "$(INGREDIENT_VENV)/bin/python" Tests/Differential/ingredient_parsers.py \
	  --labels "$(LABELS)" --roux "$$($(SWIFT) build $(RELEASE) --show-bin-path)/RouxBench" --misses "$(INGREDIENT_MISSES)" \
	  $(if $(HELD_OUT),--held-out "$(HELD_OUT)")

# libFuzzer with AddressSanitizer, FUZZ_SECONDS per target (default 60):
# prints the executions and findings of each (see Tests/Fuzz/fuzz.sh).
fuzz: deps
	SWIFT=$(SWIFT) Tests/Fuzz/fuzz.sh

install: build
	@$(MAKE) --no-print-directory install-files

# The completions are what swift-argument-parser writes for the program's
# own command line, so they follow its commands and options.
install-files:
	@[ -x "$(BIN)" ] || { echo "make: $(BIN) is not built (make build)" >&2; exit 2; }
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASH_COMPLETIONS)" "$(ZSH_COMPLETIONS)" "$(FISH_COMPLETIONS)"
	install -m 755 -s --strip-program="$(STRIP)" "$(BIN)" "$(BINDIR)/roux"
	install -m 644 Resources/man/roux.1 "$(MANDIR)/roux.1"
	"$(BIN)" --generate-completion-script bash > "$(BASH_COMPLETIONS)/roux"
	"$(BIN)" --generate-completion-script zsh > "$(ZSH_COMPLETIONS)/_roux"
	"$(BIN)" --generate-completion-script fish > "$(FISH_COMPLETIONS)/roux.fish"
	chmod 644 "$(BASH_COMPLETIONS)/roux" "$(ZSH_COMPLETIONS)/_roux" "$(FISH_COMPLETIONS)/roux.fish"

uninstall:
	rm -f $(foreach file,$(INSTALLED),"$(file)")

clean:
	rm -rf .build .build-scratch .build-fuzz
