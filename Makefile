# The two commands of the README: `make run` and `make test`. Both install what is missing first.
SHELL := /bin/bash
export PATH := $(CURDIR)/.tools/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
export TRUNK_OFFLINE := true
export TRUNK_SKIP_VERSION_CHECK := true

PORT ?= 8080
SANDBOX_FLAGS ?=

.PHONY: setup build run lint test test-unit test-e2e test-contract size bench clean

setup:
	@./scripts/setup.sh

# The release console, as shipped: dist/
build: setup
	trunk build --release

# The sandbox serving the console, with the demo world; it prints the URL and credentials.
run: build
	cargo run -p cluster-sandbox -- --port $(PORT) --console-dir dist $(SANDBOX_FLAGS)

# The workspace's style and lints (rustfmt.toml, leptosfmt.toml for `view!` markup; allowed lints
# are named in Cargo.toml), and no line of Rust over max_width (scripts/line-width.sh).
lint: setup
	cargo fmt --all --check
	@echo leptosfmt --check src crates tests
	@leptosfmt --check --quiet src crates tests || { leptosfmt --check src crates tests 2>&1 | grep '^❌ .* is not'; \
	    echo 'make lint: format the markup with: leptosfmt src crates tests && cargo fmt --all'; exit 1; }
	./scripts/line-width.sh
	cargo clippy --workspace --all-targets -- -D warnings

# Everything: formatting and clippy first, then unit tests, sandbox HTTP tests, the size budget (size-budget.json)
# and the browser tests against the release build; weight.mjs's, the packer's and the optimiser's
# own tests (the packer's run the loader it writes against the packs it writes, beside the CLI's
# own loader; the optimiser's compare its output with the wasm-opt CLI's);
# then contract fuzzing of the sandbox with schemathesis (a few minutes; see the README).
test: lint build
	cargo test --workspace --no-fail-fast -- --test-threads=1
	node --test scripts/bench/weight.test.mjs
	node --test scripts/pack-modules.test.mjs
	node --test scripts/wasm-opt-all.test.mjs
	./scripts/contract-fuzz.sh

# Contract fuzzing alone (part of `make test`).
test-contract: setup
	./scripts/contract-fuzz.sh

# Benchmarks, not tests (see BENCHMARKS.md). Both install puppeteer-core into .tools first,
# start their own sandbox on a free port and drive /usr/bin/chromium. DIST=... measures
# another build. `size` first prints the main module's code by crate (no browser: the
# split module's name section, scripts/bench/weight.mjs).
size: build
	node scripts/bench/weight.mjs
	@./scripts/bench/install.sh
	node scripts/bench/size.mjs

bench: build
	@./scripts/bench/install.sh
	node scripts/bench/bench.mjs
	node scripts/bench/navigation.mjs
	node scripts/bench/desk.mjs
	node scripts/bench/palette.mjs
	node scripts/bench/logs.mjs

clean:
	cargo clean
	rm -rf dist
