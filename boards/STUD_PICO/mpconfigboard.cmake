# The Stud handheld: a Raspberry Pi Pico (RP2040, 2 MB flash) running
# MicroPython with a ROMFS partition for the app. An out-of-tree board for
# MicroPython's rp2 port, written against MicroPython v1.28.0:
#
#   make -C ports/rp2 BOARD_DIR=/abs/path/to/stud/boards/STUD_PICO submodules
#   make -C ports/rp2 BOARD_DIR=/abs/path/to/stud/boards/STUD_PICO
#
# (see README.md beside this file for the whole procedure and the variants).
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")

# Flash map of the 2 MB (offsets from 0x10000000; the rp2 port puts the ROMFS
# partition right below the filesystem, see rp2_flash.c):
#   0     .. 640K   firmware           640 KB  (as on the stock RPI_PICO)
#   640K  .. 1408K  ROMFS partition    768 KB  (MICROPY_HW_ROMFS_BYTES, mpconfigboard.h)
#   1408K .. 2048K  LittleFS           640 KB  (saves, statistics, main.py, board.json)
# The filesystem size is a CMake variable so that the port hands the SAME
# value to the linker (__micropy_flash_storage_bytes__) and to the C code;
# mpconfigboard.h repeats it under #ifndef for ports that read only the header.
set(MICROPY_HW_FLASH_STORAGE_BYTES 655360)  # 640 * 1024

# Default: nothing of the app frozen (it lives in the ROMFS image that
# `make deploy` writes). BOARD_VARIANT=FROZEN freezes the code instead.
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
