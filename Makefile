# Headlines: one command to run it, one to test it, and the usual install targets.
#
#   make run [ARGS="--source URL"]   install the missing build packages, build a release binary, run it
#   make test                        the same set-up (plus what the tests drive), make lint, the release
#                                    binary as `make` builds it, then swift test, the end-to-end tests
#                                    running that release binary (HEADLINES_BINARY)
#   make lint                        swift-format's rules over Sources and Tests (.swift-format)
#   make install / uninstall / deb   see below; make docs regenerates the man page and completions
#
# The set-up (Resources/build/system-packages) installs only what is missing, through apt-get
# on Debian and Ubuntu; elsewhere it names the packages and stops.

SWIFT ?= $(or $(shell command -v swift 2>/dev/null),/opt/swift/usr/bin/swift)
ARGS ?=
# Swift builds leave temporary folders behind; keep them inside .build.
BUILD_TMP := $(CURDIR)/.build/tmp
SWIFT_ENV := TMPDIR=$(BUILD_TMP)
# The binary run and installed: self-contained (the Swift runtime linked in), so it needs no toolchain.
RELEASE_FLAGS := -c release --static-swift-stdlib
RELEASE_BINARY := .build/release/headlines

.PHONY: run test lint format setup setup-test release

run: setup release
	$(RELEASE_BINARY) $(ARGS)

# The end-to-end tests run the binary people install, not the debug one `swift test` builds
# beside them: an optimised build once printed one source of fifty (see OrderedResults).
test: setup-test lint release
	@mkdir -p $(BUILD_TMP)
	$(SWIFT_ENV) HEADLINES_BINARY=$(CURDIR)/$(RELEASE_BINARY) $(SWIFT) test --no-parallel

# swift-format (it ships with the toolchain) checks its rules and its layout, as .swift-format
# sets them, and any finding fails. `make format` lays the code out. A few seconds of CPU.
lint:
	$(SWIFT) format lint --strict --parallel --recursive Sources Tests

format:
	$(SWIFT) format format -i --parallel --recursive Sources Tests

setup:
	@Resources/build/system-packages build

setup-test:
	@Resources/build/system-packages test

release:
	@mkdir -p $(BUILD_TMP)
	$(SWIFT_ENV) $(SWIFT) build $(RELEASE_FLAGS) --product headlines

# --- Installing ---------------------------------------------------------------------------------
#
#   make install [PREFIX=/usr/local] [DESTDIR=/tmp/stage]   the release binary and its files
#   make uninstall [PREFIX=...] [DESTDIR=...]                removes exactly those files
#
# BINARY names a binary already built to install instead of building the release one: the tests
# install the debug binary `swift test` built (BINARY=.build/debug/headlines), since a release
# build with the static Swift runtime takes minutes.

PREFIX ?= /usr/local
DESTDIR ?=
BINARY ?=
BINDIR := $(PREFIX)/bin
DATADIR := $(PREFIX)/share/headlines
MANDIR := $(PREFIX)/share/man/man1
# Where each shell looks for completions under a prefix (bash-completion, zsh's fpath, fish's vendor folder).
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
INSTALL ?= install

ifeq ($(BINARY),)
INSTALL_BINARY := $(RELEASE_BINARY)
BUILD_FOR_INSTALL := release
else
INSTALL_BINARY := $(BINARY)
BUILD_FOR_INSTALL :=
endif

# The demo edition, found by the binary in PREFIX/share/headlines/demo (Sources/headlines/DemoEdition.swift).
DEMO_FILES := $(patsubst Resources/%,%,$(shell find Resources/demo -type f | LC_ALL=C sort))

.PHONY: install uninstall

install: $(BUILD_FOR_INSTALL)
	$(INSTALL) -d $(DESTDIR)$(BINDIR)
	$(INSTALL) -m 755 $(INSTALL_BINARY) $(DESTDIR)$(BINDIR)/headlines
	@set -e; for file in $(DEMO_FILES); do \
		echo "$(INSTALL) -D -m 644 Resources/$$file $(DESTDIR)$(DATADIR)/$$file"; \
		$(INSTALL) -D -m 644 Resources/$$file $(DESTDIR)$(DATADIR)/$$file; \
	done
	$(INSTALL) -D -m 644 Resources/man/headlines.1 $(DESTDIR)$(MANDIR)/headlines.1
	$(INSTALL) -D -m 644 Resources/completions/headlines.bash $(DESTDIR)$(BASH_COMPLETION_DIR)/headlines
	$(INSTALL) -D -m 644 Resources/completions/_headlines $(DESTDIR)$(ZSH_COMPLETION_DIR)/_headlines
	$(INSTALL) -D -m 644 Resources/completions/headlines.fish $(DESTDIR)$(FISH_COMPLETION_DIR)/headlines.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/headlines
	rm -f $(addprefix $(DESTDIR)$(DATADIR)/,$(DEMO_FILES))
	rm -f $(DESTDIR)$(MANDIR)/headlines.1 $(DESTDIR)$(BASH_COMPLETION_DIR)/headlines \
		$(DESTDIR)$(ZSH_COMPLETION_DIR)/_headlines $(DESTDIR)$(FISH_COMPLETION_DIR)/headlines.fish
	@# The folders only this package made, when nothing else was put in them.
	@rmdir $(DESTDIR)$(DATADIR)/demo/images $(DESTDIR)$(DATADIR)/demo $(DESTDIR)$(DATADIR) 2>/dev/null || true

# --- The Debian package -------------------------------------------------------------------------
#
#   make deb [DEB=.build/headlines.deb]   the files of `make install` (PREFIX /usr) as a .deb
#
# dpkg-deb builds it from a staged tree; its control file (Resources/build/debian-control)
# takes the version from the binary and Depends from the libraries the binary links.

DEB ?= .build/headlines.deb
DEB_STAGE ?= .build/deb-stage
DEB_MAINTAINER ?= Headlines maintainers <headlines@localhost>
# dpkg-deb's default, xz; the tests take none, which is seconds faster on a busy machine.
DEB_COMPRESSION ?= xz

.PHONY: deb

deb: $(BUILD_FOR_INSTALL)
	rm -rf $(DEB_STAGE)
	$(MAKE) --no-print-directory install DESTDIR=$(abspath $(DEB_STAGE)) PREFIX=/usr BINARY=$(INSTALL_BINARY) \
		ZSH_COMPLETION_DIR=/usr/share/zsh/vendor-completions
	gzip -9n $(DEB_STAGE)/usr/share/man/man1/headlines.1
	mkdir -p $(DEB_STAGE)/DEBIAN
	Resources/build/debian-control $(DEB_STAGE) $(INSTALL_BINARY) "$(DEB_MAINTAINER)" > $(DEB_STAGE)/DEBIAN/control
	dpkg-deb --root-owner-group -Z$(DEB_COMPRESSION) --build $(DEB_STAGE) $(DEB)

# --- The man page and the completions -----------------------------------------------------------
#
#   make docs   regenerates them from the option, key and config tables (a test keeps them equal)

DOCS := man:Resources/man/headlines.1 bash:Resources/completions/headlines.bash \
	zsh:Resources/completions/_headlines fish:Resources/completions/headlines.fish

.PHONY: docs

docs:
	@mkdir -p $(BUILD_TMP) Resources/man Resources/completions
	$(SWIFT_ENV) $(SWIFT) build --product headlines
	@set -e; for doc in $(DOCS); do \
		echo "headlines --generate $${doc%%:*} > $${doc#*:}"; \
		.build/debug/headlines --generate $${doc%%:*} > $${doc#*:}; \
	done
