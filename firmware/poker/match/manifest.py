# pyright: reportUndefinedVariable=false
# ruff: noqa: F821  (a manifest runs with package/include defined)
# Manifest of `poker.match` (the match and its records), micropython-lib style: the
# package's manifest (poker/manifest.py) includes it.
import os

package("poker/match", files=sorted([f for f in os.listdir(".") if f.endswith(".py") and f != "manifest.py"]),
        base_path="../..")
