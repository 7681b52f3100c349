# pyright: reportUndefinedVariable=false
# ruff: noqa: F821  (a manifest runs with include/package/metadata defined)
# Frozen modules of the default STUD_PICO firmware: the rp2 port's own
# (asyncio, the rp2 helpers, ...: its boards/manifest.py, line for line) but
# its _boot.py, whose place our _boot.py beside this file takes (it mounts
# the filesystem as the port's does, and notes old data it cannot read);
# and our main.py, which runs the filesystem's main.py, else the ROMFS
# image's. The app comes in the ROMFS image.
freeze("$(PORT_DIR)/modules", ("rp2.py", "_boot_fat.py"))
include("$(MPY_DIR)/extmod/asyncio")
require("onewire")
require("ds18x20")
require("dht")
require("neopixel")
freeze(".", ("_boot.py", "main.py"))
# The app's names (tools/gen/appnames.py writes the file): frozen, they sit in
# the firmware's qstr pool in flash, and the modules of the ROMFS image find
# them there instead of adding them to pools in the heap.
freeze(".", "stud_names.py")
