# Every command sets itself up: a fresh clone needs only `make play` or `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
VENV := .venv
PY := $(VENV)/bin/python
export VIRTUAL_ENV := $(CURDIR)/$(VENV)
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)
ARGS ?=
# Debian packages (chromium, tmux, the AVR toolchain, simavr) are installed on first use: as root, or
# through sudo otherwise.
APT := $(if $(filter 0,$(shell id -u)),,sudo) env DEBIAN_FRONTEND=noninteractive apt-get

.PHONY: help setup build messages messages-extract messages-compile play tui test test-rust test-wire test-python lint nostd bench soak fuzz clean firmware

help: ## List the targets
	@grep -hE '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

$(VENV)/.deps: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet "maturin>=1.5,<2" "pytest>=8" "mypy>=1.10" "hypothesis>=6" "numpy>=1.24" \
		"gymnasium>=1.0" "pettingzoo>=1.24" "cffi>=1.15" "babel>=2.12"
	$(PY) -m pip install --quiet "pandas>=2" "matplotlib>=3.7" "pyarrow>=14" "ray>=2.9"
	touch $@

# The web page (web/, its own distribution) and its browser tests: Flask and the Playwright pip
# package only; the browser is Debian's chromium, never a Playwright download.
$(VENV)/.web: $(VENV)/.deps web/pyproject.toml
	$(PY) -m pip install --quiet "flask>=3" "segno>=1.5" "orjson>=3.9" "waitress>=3.0" "playwright>=1.40"
	$(PY) -m pip install --quiet --no-deps -e web
	command -v chromium >/dev/null || { $(APT) update -qq && $(APT) install -y -qq chromium; }
	touch $@

# The firmware bridge's host side and device emulator (firmware_bridge/, its own distribution).
$(VENV)/.bridge: $(VENV)/.deps firmware_bridge/pyproject.toml
	$(PY) -m pip install --quiet "pyserial>=3.5"
	$(PY) -m pip install --quiet --no-deps -e firmware_bridge
	command -v tmux >/dev/null || { $(APT) update -qq && $(APT) install -y -qq tmux; }
	touch $@

setup: $(VENV)/.deps build $(VENV)/.web $(VENV)/.bridge ## Create .venv, install tools, build the extension, the web page

build: $(VENV)/.deps ## Build the Rust extension into .venv (release) and compile the message catalogues
	$(VENV)/bin/maturin develop --release --quiet
	$(MAKE) --no-print-directory messages-compile

# The message catalogues (docs/languages.md): one gettext domain per words module that looks its
# words up through autodromo.locale, its template python/autodromo/locale/<domain>.pot and a .po
# per language. Extraction reads the words modules' ENGLISH dicts (babel.cfg).
LOCALES := python/autodromo/locale
LANGS := en it pt
DOMAINS = $(patsubst python/autodromo/%/words.py,%,$(shell grep -lE "^from \.\.locale import .*\bpgettext\b" python/autodromo/*/words.py))

messages-extract: $(VENV)/.deps $(VENV)/.web ## Message templates (.pot) from the words modules and the page (web/babel.cfg)
	for d in $(DOMAINS); do \
		(cd python/autodromo/$$d && ../../../$(VENV)/bin/pybabel -q extract -w 100 -F ../../../babel.cfg --no-location \
			--project Autodromo --copyright-holder Autodromo -o ../locale/$$d.pot .) || exit 1; done
	cd web && ../$(VENV)/bin/pybabel -q extract -w 100 -F babel.cfg -k tr --no-location --project Autodromo \
		--copyright-holder Autodromo -o autodromo_web/locale/page.pot .

messages: messages-extract ## Extract, then update every language's .po (a new language: LANGS += xx)
	for d in $(DOMAINS); do for l in $(LANGS); do \
		if [ -f $(LOCALES)/$$l/LC_MESSAGES/$$d.po ]; then \
			$(VENV)/bin/pybabel -q update -w 100 --no-fuzzy-matching --ignore-obsolete -D $$d -l $$l -i $(LOCALES)/$$d.pot -d $(LOCALES); \
		else $(VENV)/bin/pybabel -q init -w 100 -D $$d -l $$l -i $(LOCALES)/$$d.pot -d $(LOCALES); fi || exit 1; done; done
	for l in $(LANGS); do \
		if [ -f web/autodromo_web/locale/$$l/LC_MESSAGES/page.po ]; then \
			$(VENV)/bin/pybabel -q update -w 100 --no-fuzzy-matching --ignore-obsolete -D page -l $$l -i web/autodromo_web/locale/page.pot -d web/autodromo_web/locale; \
		else $(VENV)/bin/pybabel -q init -w 100 -D page -l $$l -i web/autodromo_web/locale/page.pot -d web/autodromo_web/locale; fi || exit 1; done
	$(PY) -m autodromo.locale.english

messages-compile: $(VENV)/.deps ## Compile the .po catalogues to .mo (make build does)
	for d in $(DOMAINS); do $(VENV)/bin/pybabel -q compile -D $$d -d $(LOCALES) || exit 1; done

play: setup ## The main job: the web page on http://127.0.0.1:8000 (ARGS="--open", "--port 8080", "--db FILE"; "--lan": phones on your network)
	$(VENV)/bin/autodromo play $(ARGS)

tui: setup ## A game in the terminal against bots (GAME=<id>, the first the core lists by default; ARGS="--watch" for bots only)
	$(VENV)/bin/autodromo play $${GAME:-$$($(PY) -c 'import autodromo; print(autodromo.games()[0])')} $(ARGS)

test: setup test-rust test-wire test-python ## Every suite: fmt, clippy, cargo test, no_std build, pytest, stubtest, mypy

# The no_std proof is built on its own: in a workspace build, rust/py's `std` feature would unify
# into the core and pull std in.
RUST_PKGS := --workspace --exclude autodromo-nostd-check

test-rust: nostd
	cargo fmt --all -- --check
	cargo clippy $(RUST_PKGS) --all-targets -- -D warnings
	cargo clippy -p autodromo-nostd-check --profile nostd -- -D warnings
	cargo test $(RUST_PKGS)

nostd: ## Prove the core builds with no std (a no_std staticlib with its own panic handler)
	cargo build -p autodromo-nostd-check --profile nostd

# The bridge codec's C ABI: the staticlib linked into a C99 program that re-encodes the golden
# frames (the header itself is diffed by `cargo test -p autodromo-ffi`, in test-rust).
CARGO_TARGET_DIR ?= target
test-wire:
	cargo build -p autodromo-ffi
	gcc -std=c99 -Wall -Werror -I rust/ffi/include rust/ffi/tests/c/golden.c \
		$(CARGO_TARGET_DIR)/debug/libautodromo_ffi.a -lpthread -ldl -lm -o $(CARGO_TARGET_DIR)/golden_c
	$(CARGO_TARGET_DIR)/golden_c rust/wire/golden/frames.txt

fuzz: setup ## Long bridge fuzzing: 100 MB (Rust) and 1 GB (Python) of random bytes, more proptest and hypothesis cases, a 500-seed lossy-line soak
	AUTODROMO_FUZZ_MB=100 cargo test -p autodromo-wire --release --test robustness random_bytes
	AUTODROMO_SOAK_SEEDS=500 cargo test -p autodromo-wire --release --test lossy -- --nocapture
	AUTODROMO_FUZZ=1 cargo test -p autodromo-wire --release --test props
	AUTODROMO_FUZZ=1 $(PY) -m pytest -q tests/bridge/test_wire.py tests/bridge/test_wire_c.py tests/bridge/test_c_firmware_codec.py
	AUTODROMO_FUZZ=1 $(PY) -m pytest -q tests/bridge/test_bridge_defects.py -k byte_loss

# The AVR firmware (firmware_bridge/firmware: dashboard and track board ELFs, the simavr harness,
# the C codec's host library); Debian's AVR toolchain and simavr are installed on first use, as
# chromium is for the web tests.
firmware: $(VENV)/.deps ## Build the AVR firmware and its simavr harness
	@command -v avr-gcc >/dev/null && test -f /usr/lib/avr/include/avr/io.h && test -f /usr/include/simavr/sim_avr.h \
		&& command -v pkg-config >/dev/null || { $(APT) update -qq && \
		$(APT) install -y -qq gcc-avr avr-libc simavr libsimavr-dev libelf-dev pkg-config; }
	@$(PY) -c "import serial" 2>/dev/null || $(PY) -m pip install --quiet "pyserial>=3.5"
	$(MAKE) -s -C firmware_bridge/firmware

test-python: setup firmware
	$(PY) -m pytest -q
	$(PY) -m mypy.stubtest autodromo._core --allowlist tests/stubtest-allowlist.txt
	$(PY) -m mypy

lint: setup ## Formatting and static checks only
	cargo fmt --all -- --check
	cargo clippy $(RUST_PKGS) --all-targets -- -D warnings
	$(PY) -m mypy

# A game's own long runs and benches live in mk/<game>.mk, which add targets to these lists.
SOAK_RUNS :=
BENCH_RUNS :=
include $(sort $(wildcard mk/*.mk))

bench: setup ## Benchmarks: Rust loops, bot decision times, Python loop, learning envs, batch runner, web round trip, web CPU per action, web load and kill -9, strangers' floods, bridge (medians)
	cargo bench -p autodromo-core --benches -- throughput
	cargo bench -p autodromo-core --benches -- bots
	$(PY) benches/python_loop.py
	$(PY) benches/envs.py
	$(PY) benches/simulate.py
	$(if $(BENCH_RUNS),$(MAKE) --no-print-directory $(BENCH_RUNS))
	$(PY) benches/bridge.py
	$(PY) benches/web_cpu.py
	$(PY) benches/web_load.py
	$(PY) benches/web_flood.py

soak: setup ## Long harness runs (100,000 random games; each game's own long runs from mk/<game>.mk; position round trips over 50 games of each game); not part of make test
	AUTODROMO_SOAK=100000 $(PY) -m pytest -q tests/test_harness.py
	$(if $(SOAK_RUNS),$(MAKE) --no-print-directory $(SOAK_RUNS))
	AUTODROMO_POSITION_GAMES=50 cargo test -p autodromo-core --release --test positions

clean: ## Remove build outputs and the virtual environment
	cargo clean
	rm -rf $(VENV) .pytest_cache .mypy_cache
