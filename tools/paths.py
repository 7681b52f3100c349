"""The folders the tools and the tests import from: the one list.

Nothing else in the repository puts these folders on ``sys.path``:

- CPython: ``make venv`` runs ``python tools/paths.py pth``, which writes
  them into the virtual environment as ``stud.pth``, so every Python the
  venv starts (pytest and its workers, a tool, a tool's subprocess) finds
  ``poker``, ``build``, ``vpico``... without a line of set-up.
- MicroPython's unix port: the same folders in ``MICROPYPATH``. The
  Makefile exports it, the tests' conftest sets it for what they start, and
  ``python3 tools/paths.py micropython`` prints it for a shell:
  ``export MICROPYPATH=$(python3 tools/paths.py micropython)``.
  A script that runs another copy of the firmware (``--fw=DIR``: .mpy
  files) puts that copy in front: MicroPython takes a package from the
  first folder that has it, so the sources behind it are never mixed in.

A script's own folder is on the path anyway (both ports put it first), and
what runs inside an emulated device's file system (the virtual Pico, the
32-bit port) sets the device's own path: neither uses this list.

``ROOT``: the repository. This module also runs under MicroPython
(``from paths import ROOT``).
"""
import sys

CPYTHON = sys.implementation.name == "cpython"

# firmware/ as the device sees it (``import poker``); the rooms of tools/;
# tools/ itself for the ``phh`` package and this module
ROOMS = ("tools/build", "tools/device", "tools/bench", "tools/sim", "tools/gen", "tools/web", "tools")
# CPython also needs MicroPython's ``micropython`` module (const, native...)
FOR_CPYTHON = ("firmware", "tools/hostshim") + ROOMS
FOR_MICROPYTHON = ("firmware",) + ROOMS

if CPYTHON:
    import os

    ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
else:  # MicroPython: no os.path; __file__ as the path gave it
    _here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    ROOT = _here + "/.."


def folders(names=FOR_CPYTHON):
    """The absolute folders of ``names`` (relative to ROOT), in order."""
    return [ROOT + "/" + n for n in names] if not CPYTHON else [os.path.join(ROOT, *n.split("/")) for n in names]


def micropypath():
    """MICROPYPATH's value: the folders MicroPython's unix port imports from."""
    return os.pathsep.join(folders(FOR_MICROPYTHON))


def micropython_env(env=None):
    """``env`` (default: this process's) with MICROPYPATH set, for a
    subprocess running the unix port."""
    out = dict(os.environ if env is None else env)
    out["MICROPYPATH"] = micropypath()
    return out


def micropython_exe():
    """The unix port's command: the venv's (beside this Python), else the
    one on PATH; None when there is none (make venv installs it)."""
    import shutil

    return shutil.which("micropython", path=os.path.dirname(sys.executable)) or shutil.which("micropython")


def write_pth():
    """Writes stud.pth into this Python's site-packages (run by the venv's
    python); returns its path."""
    import sysconfig

    path = os.path.join(sysconfig.get_path("purelib"), "stud.pth")
    with open(path, "w") as f:
        f.write("# the Stud repository's source folders (tools/paths.py writes this file)\n")
        f.write("".join(p + "\n" for p in folders(FOR_CPYTHON)))
    return path


def main(argv):
    if argv == ["pth"]:
        print("wrote", write_pth())
    elif argv == ["micropython"]:
        print(micropypath())
    else:
        raise SystemExit("usage: python3 tools/paths.py pth | micropython")


if __name__ == "__main__":
    main(sys.argv[1:])
