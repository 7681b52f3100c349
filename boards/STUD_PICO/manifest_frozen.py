# pyright: reportUndefinedVariable=false
# ruff: noqa: F821  (a manifest runs with include/package/metadata defined)
# Frozen modules of STUD_PICO with BOARD_VARIANT=FROZEN: the port's own plus
# the app's three packages, through their manifests (micropython-lib style).
# Paths are relative to this file: boards/STUD_PICO -> ../../firmware.
# The app's one metadata(): MicroPython's manifest tool refuses a second call
# anywhere in the include()d manifests, so the packages' manifests carry none.
metadata(description="Stud: the poker console app (packages poker, ui, hw)", version="0.1.0", license="MIT")

include("manifest.py")  # the default firmware's: the port's modules, our _boot.py, the app's names
include("../../firmware/poker/manifest.py")
include("../../firmware/ui/manifest.py")
include("../../firmware/hw/manifest.py")
