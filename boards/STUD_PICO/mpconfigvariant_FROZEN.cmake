# BOARD_VARIANT=FROZEN: the app's code (firmware/poker, ui, hw) frozen into
# the firmware as bytecode that runs from flash. The ROMFS partition stays,
# for the evaluator tables (and a newer app: /rom comes before the frozen
# modules on sys.path, so `make deploy` can still update the code).
# The firmware must stay below 640 KB: check the link line "FLASH: ... used".
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest_frozen.py)
