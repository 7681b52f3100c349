"""Runs every portable test module under the real MicroPython unix port,
with the heap limited to the stock-firmware budget of DEVICE.md (180 KB)."""
import os

import pytest
from hostenv import ROOT, micropython

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
    proc = micropython([os.path.join(ROOT, "tools", "mptest.py"), module], heap=HEAP)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 failed" in proc.stdout
