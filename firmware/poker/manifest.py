# pyright: reportUndefinedVariable=false
# ruff: noqa: F821, E402  (a manifest runs with metadata/package/include defined)
# micropython-lib style manifest of the `poker` package, for MicroPython's
# freezing tools (boards/STUD_PICO/manifest_frozen.py includes it). It is run
# by the firmware build on the host, never on the device: tools/build.py leaves
# manifest.py files out of the device trees. MicroPython's manifest runner makes
# the manifest's folder the current directory, so every module beside this
# file is listed (subfolders are not: keep packages flat, or list them here).
metadata(description="Stud: the poker engine (cards, evaluator, rules, hands, game, virtual players)", version="0.1.0", license="MIT")

import os

package("poker", files=sorted([f for f in os.listdir(".") if f.endswith(".py") and f != "manifest.py"]),
        base_path="..")
