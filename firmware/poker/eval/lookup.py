"""The one loader of the evaluator's lookup files (made by
tools/gen/tablegen.py; they live in a folder named ``tables``).

``load(name, offset=0, count=None)`` returns those bytes of
``tables/<name>`` from the first folder of ``SEARCH`` that has it: a
``memoryview`` of flash from ROMFS, else a ``bytearray`` read once (bytes
on CPython). ``where(name)`` is ``(path, 'romfs' or 'file')``;
``ram_bytes()`` the table bytes read into RAM. Tests may change ``SEARCH``
before the first ``load``. The order and why: docs/evaluator.md, "Where
the tables live on each route".
"""
import gc
import sys


def _package_tables():
    # this file is poker/eval/lookup.py: the tables sit beside poker/
    parts = __file__.replace("\\", "/").split("/")
    if len(parts) > 3:
        return "/".join(parts[:-3]) + "/tables"  # .../tables
    return "tables"


SEARCH = ["/rom/tables", "/tables", _package_tables()]
del _package_tables  # (import-time only: its code leaves the heap)
TABLE_FILE = "high.bin"     # the evaluator's full tables
TABLE_FILE_5 = "high5.bin"  # and its compact five-card table
# The evaluator's choice between its full tables (high.bin, 139 KB) and the
# compact five-card one (high5.bin, 16 KB): None = automatic: full from
# ROMFS (zero copy), or when the heap can read the full tables in and still
# keep RAM_RESERVE bytes free; compact otherwise. True or False forces it.
# Set before poker.eval.evaluator is first imported. The reserve is docs/device.md's
# peak heap of the game without its tables (96 KB).
COMPACT = None
RAM_RESERVE = 96 * 1024
_found = {}  # name -> (path, kind, whole-file memoryview or None)
_ram = {}    # name -> bytes of it read into RAM by load() (not ROMFS)
_size = {}   # name -> its size in bytes (a file not on ROMFS)


def _find(name):
    got = _found.get(name)
    if got is not None:
        return got
    for folder in SEARCH:
        path = folder + "/" + name
        try:
            f = open(path, "rb")
        except OSError:
            continue
        try:
            mv = memoryview(f)  # ROMFS: the file is its own buffer
        except (TypeError, OSError, ValueError):
            mv = None
        if mv is None:
            _size[name] = f.seek(0, 2)  # (an os.stat costs LittleFS a path walk again)
            f.close()
            got = (path, "file", None)
        else:  # the file stays open: the memoryview points into the image
            got = (path, "romfs", mv)
        _found[name] = got
        return got
    raise OSError("table %s not found in %s (run make tables)" % (name, ", ".join(SEARCH)))


def where(name):
    path, kind, _mv = _find(name)
    return path, kind


def size(name):
    path, _kind, mv = _find(name)
    if mv is not None:
        return len(mv)
    return _size[name]


def load(name, offset=0, count=None):
    """``count`` bytes of table file ``name`` from ``offset`` (default: to
    the end): a zero-copy memoryview from ROMFS, else one read."""
    path, _kind, mv = _find(name)
    if count is None:
        count = size(name) - offset
    if mv is not None:
        return mv[offset:offset + count]
    with open(path, "rb") as f:
        f.seek(offset)
        if sys.implementation.name != "micropython":
            buf = f.read(count)
        else:
            gc.collect()  # give the block the best chance of a contiguous hole
            buf = bytearray(count)
            n = f.readinto(buf)
            if n is None:
                n = 0
            if n != count:
                raise OSError("short read of %s" % path)
    if len(buf) != count:
        raise OSError("short read of %s" % path)
    _ram[name] = _ram.get(name, 0) + count  # (counted once read: a MemoryError counts nothing)
    return buf


def ram_bytes():
    """Bytes of table files read into RAM so far (0 when all came from
    ROMFS; the headers read to check a table included): what the heap holds
    of the tables, whichever mode the evaluator chose."""
    n = 0
    for v in _ram.values():
        n += v
    return n

