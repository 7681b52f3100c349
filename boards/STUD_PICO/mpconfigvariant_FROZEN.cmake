# BOARD_VARIANT=FROZEN: the app's code (firmware/poker, ui, hw) frozen into
# the firmware as bytecode that runs from flash. The ROMFS partition stays,
# for the evaluator tables (see README.md on which copy of the code wins).
# The firmware must stay below 640 KB: check the link line "FLASH: ... used".
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest_frozen.py)
