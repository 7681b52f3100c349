# pyright: reportUndefinedVariable=false
# ruff: noqa: F821  (a manifest runs with package/include defined)
# Manifest of the `poker` package (the poker engine: cards, evaluator, rules, hands, game, virtual players),
# micropython-lib style, for MicroPython's freezing tools: the FROZEN variant's
# boards/STUD_PICO/manifest_frozen.py includes it. It is run by the firmware
# build on the host, never on the device: tools/build/build.py leaves manifest.py
# files out of the device trees. MicroPython's manifest runner makes the
# manifest's folder the current directory, so every module beside this file is
# listed; each subpackage's own manifest lists its folder.
# No metadata() here: MicroPython allows one metadata() per manifest and its
# include()s, and manifest_frozen.py carries the app's.
import os

package("poker", files=sorted([f for f in os.listdir(".") if f.endswith(".py") and f != "manifest.py"]),
        base_path="..")
for sub in ("eval", "odds", "players", "match"):
    include(sub + "/manifest.py")
