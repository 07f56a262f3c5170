# Headlines: one command to run it, one to test it, and the usual install targets.
#
#   make run [ARGS="--source URL"]   install the missing build packages, build a release binary, run it
#   make test                        the same set-up (plus what the tests drive), then swift test
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

.PHONY: run test setup setup-test release

run: setup release
	$(RELEASE_BINARY) $(ARGS)

test: setup-test
	@mkdir -p $(BUILD_TMP)
	$(SWIFT_ENV) $(SWIFT) test --no-parallel

setup:
	@Resources/build/system-packages build

setup-test:
	@Resources/build/system-packages test

release:
	@mkdir -p $(BUILD_TMP)
	$(SWIFT_ENV) $(SWIFT) build $(RELEASE_FLAGS) --product headlines

