# BOARD_VARIANT=FROZEN: the app's code (firmware/poker, ui, hw) frozen into
# the firmware as bytecode that runs from flash. The ROMFS partition stays,
# for the evaluator tables (see README.md on which copy of the code wins).
# The firmware must stay below the ROMFS partition (640 KB): tools/firmware.py
# checks it after the link.
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest_frozen.py)
