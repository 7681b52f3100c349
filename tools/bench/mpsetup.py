"""The common start of the benchmarks that run under the MicroPython unix
port (bench_soak.py, bench_flash.py, bench_heap.py): their arguments, the
firmware of ``--fw=DIR`` in front of the path (MICROPYPATH holds the
sources: tools/paths.py), and an optional ROMFS image mounted at /rom.

    micropython tools/bench/TOOL.py [N] [--fw=DIR] [--rom=IMAGE] [--dir=DIR] [--flag]
"""
import sys

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
OPTS = {}  # --name=value
for _a in sys.argv[1:]:
    if _a.startswith("--") and "=" in _a:
        OPTS[_a[2:_a.index("=")]] = _a[_a.index("=") + 1:]
if "fw" in OPTS:  # a copy of the firmware (e.g. .mpy files) instead of the sources
    sys.path.insert(0, OPTS["fw"])


def mount_rom():
    """Mounts --rom=IMAGE at /rom; returns the image's size, which the unix
    port holds in its heap while the device keeps it in flash (0: none)."""
    if "rom" not in OPTS:
        return 0
    import vfs

    with open(OPTS["rom"], "rb") as f:
        img = f.read()
    vfs.mount(vfs.VfsRom(img), "/rom")
    return len(img)


def fresh_dir(default):
    """--dir=DIR, or ``default``: made, or emptied of its files."""
    import os

    root = OPTS.get("dir", default)
    try:
        os.mkdir(root)
    except OSError:
        for f in os.listdir(root):
            os.remove(root + "/" + f)
    return root
