# The Stud handheld: a Raspberry Pi Pico (RP2040, 2 MB flash) running
# MicroPython with a ROMFS partition for the app. An out-of-tree board for
# MicroPython v1.28.0's rp2 port; `make firmware MICROPY_DIR=...` builds it
# (see README.md beside this file).
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")

# The flash map is set in mpconfigboard.h, not here: v1.28.0's rp2 port takes
# the partition sizes from the C header only (rp2_flash.c), and its linker
# script knows nothing of them.

# Default: nothing of the app frozen (it lives in the ROMFS image that
# `make deploy` writes). BOARD_VARIANT=FROZEN freezes the code instead.
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
