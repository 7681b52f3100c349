# pyright: reportUndefinedVariable=false
# ruff: noqa: F821  (a manifest runs with include/package/metadata defined)
# Frozen modules of the default STUD_PICO firmware: only the rp2 port's own
# (asyncio, the rp2 helpers, ...). The app comes in the ROMFS image.
include("$(PORT_DIR)/boards/manifest.py")
