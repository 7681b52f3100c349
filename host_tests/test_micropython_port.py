"""Runs every portable test module under the real MicroPython unix port,
with the heap limited to the stock-firmware budget of docs/device.md (180 KB).

As on the device, the code is loaded as .mpy (compiled here by mpy-cross for
the unix port's own architecture), not compiled from source in the limited
heap: the device never runs the compiler. The tree is laid out once per
session: firmware (code and tables), the portable tests and what they import.
"""
import os
import platform

import pytest
from hostenv import micropython, portable_modules, portable_tree, shared_once

HEAP = "180k"
# mpy-cross architecture of the unix port (viper code needs one); None: ship source
MARCH = {"x86_64": "x64", "AMD64": "x64", "i686": "x86"}.get(platform.machine())


@pytest.fixture(scope="session")
def mp_root(tmp_path_factory):
    return shared_once(tmp_path_factory, "mp_tree", lambda out: portable_tree(out, MARCH, as_source=MARCH is None))


# Known over budget (strict: an unexpected pass fails, so the mark goes when
# the cause does).
_OVER = {
    # its games of fake hands with the tournament's code beside the game's
    # jobs, books and work ahead: 5 of its 14 tests run out of this 64-bit
    # port's 180 KB (all pass at 200 KB); the device's own figure is the
    # 32-bit proof (test_build), which plays within budget
    "test_tournament": "over the 64-bit port's 180 KB heap beside the game's jobs (passes at 200 KB)",
}


def _modules():
    return [pytest.param(m, marks=pytest.mark.xfail(strict=True, reason=_OVER[m])) if m in _OVER else m
            for m in portable_modules()]


@pytest.mark.parametrize("module", _modules())
def test_portable_module_passes_under_micropython(module, mp_root):
    # a path relative to the tree: the heap holds every module's path, so an
    # absolute one would make the figure depend on where the tree was laid out
    proc = micropython([os.path.join("host_tests", "mptest.py"), module], heap=HEAP, cwd=mp_root, repo_path=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 failed" in proc.stdout
