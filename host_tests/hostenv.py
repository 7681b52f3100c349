"""CPython-side helpers for tests that run tools: paths and the MicroPython port."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")


def tool(name):
    """Path of a command installed in the virtual environment (or on PATH)."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    assert found, "%s is not installed (run make venv)" % name
    return found


def micropython(args, heap="180k", timeout=1200, cwd=None):
    """Runs the MicroPython unix port with a limited heap; returns the CompletedProcess."""
    return subprocess.run([tool("micropython"), "-X", "heapsize=" + heap] + list(args),
                          capture_output=True, text=True, timeout=timeout, cwd=cwd or ROOT)
