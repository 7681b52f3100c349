# pyright: reportUndefinedVariable=false
# ruff: noqa: F821  (a manifest runs with include/package/metadata defined)
# Frozen modules of the default STUD_PICO firmware: only the rp2 port's own
# (asyncio, the rp2 helpers, ...). The app comes in the ROMFS image.
include("$(PORT_DIR)/boards/manifest.py")
# The app's names (tools/appnames.py writes the file): frozen, they sit in
# the firmware's qstr pool in flash, and the modules of the ROMFS image find
# them there instead of adding them to pools in the heap.
freeze(".", "stud_names.py")
