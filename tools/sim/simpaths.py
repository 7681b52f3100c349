"""The repository's folders on sys.path, for the scripts that run on both
CPython and the MicroPython unix port (tools/sim/*.py, tools/bench_ui.py).
Their own folder is on the path already (both ports put a script's folder
first), so ``import simpaths`` works before anything else does.

``ROOT``: the repository; ``CPYTHON``; ``add(*folders)``: puts those
folders (relative to ROOT), and on CPython tools/hostshim (MicroPython's
``micropython``/``const`` for CPython), at the front of sys.path.
"""
import sys

try:
    import os

    _HERE = os.path.dirname(os.path.abspath(__file__))
except (ImportError, AttributeError):  # MicroPython: no os.path
    _HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
CPYTHON = sys.implementation.name == "cpython"
ROOT = os.path.normpath(_HERE + "/../..") if CPYTHON else _HERE + "/../.."


def add(*folders):
    for sub in folders + (("tools/hostshim",) if CPYTHON else ()):
        path = ROOT + "/" + sub
        if path not in sys.path:
            sys.path.insert(0, path)
