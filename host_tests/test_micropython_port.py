"""Runs every portable test module under the real MicroPython unix port,
with the heap limited to the stock-firmware budget of DEVICE.md (180 KB)."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEAP = "180k"


def _portable():
    out = []
    for fname in sorted(os.listdir(os.path.join(ROOT, "host_tests"))):
        if fname.startswith("test_") and fname.endswith(".py"):
            with open(os.path.join(ROOT, "host_tests", fname)) as f:
                if f.readline().strip() == "# portable":
                    out.append(fname[:-3])
    return out


@pytest.mark.parametrize("module", _portable())
def test_portable_module_passes_under_micropython(module):
    exe = shutil.which("micropython")
    assert exe, "the micropython unix port is not installed (make venv)"
    proc = subprocess.run(
        [exe, "-X", "heapsize=" + HEAP, os.path.join(ROOT, "tools", "mptest.py"), module],
        capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 failed" in proc.stdout
