"""What ``poker.eval.evaluator`` reads before it can work, in steps: the table
file chosen (full or compact), its pieces and, on MicroPython, the viper
module.

    steps()       # the loading as a job (poker.jobs): a piece a step
    take()        # every piece (loads what is left), handed over and forgotten

The app runs ``steps()`` in its LOADING job before it imports the
evaluator; without the steps (tests, the host) the evaluator's ``take()``
loads everything at once. Why: docs/evaluator.md, "Why the modules are
split as they are".
"""
import struct
import sys

# entries in a chunk of the values read into RAM (poker.eval.evaluator indexes
# chunks by 1 << _CHUNK_BITS, poker.eval.viper's layout by 8 KB): blocks small
# enough for a fragmented heap
CHUNK = 4096
_IS_MP = sys.implementation.name == "micropython"

_steps = None  # the loading under way (a generator), or None
_got = []      # what it loaded, once complete


def _loading(out):
    """The loading, a piece between two yields; its result into got."""
    from poker.eval import lookup

    yield
    mode = _choose_mode(lookup)
    if mode is None:  # the heap decides: collected in a step of its own
        yield
        import gc

        gc.collect()
        mode = "full"
        if gc.mem_free() - lookup.size(lookup.TABLE_FILE) < lookup.RAM_RESERVE:
            mode = "compact"
        yield
    pieces = []
    if mode == "full":
        try:
            yield from _pieces(lookup, lookup.TABLE_FILE, pieces)
        except MemoryError:  # fragmented heap: what was read is garbage now; go compact
            mode = "compact"
            pieces = []
    if not pieces:
        yield from _pieces(lookup, lookup.TABLE_FILE_5, pieces)
    viper = None
    if _IS_MP:
        yield
        try:  # only this mode's fast path: native code sits in the heap, even from ROMFS
            if mode == "compact":
                from poker.eval import viper_compact as viper
            else:
                from poker.eval import viper_full as viper
        except (ImportError, ValueError, SyntaxError):  # no native code on this port
            viper = None
    out.append((mode,) + tuple(pieces) + (viper,))


def _choose_mode(lookup):
    """'full' (high.bin) or 'compact' (high5.bin); None when the full
    tables would be read into RAM: then the free heap decides (they must
    leave lookup.RAM_RESERVE free)."""
    if lookup.COMPACT is not None:
        return "compact" if lookup.COMPACT else "full"
    try:
        kind = lookup.where(lookup.TABLE_FILE)[1]
    except OSError:  # only the compact table was installed
        return "compact"
    if _IS_MP and kind != "romfs":
        return None
    return "full"


def _pieces(lookup, name, out):
    """Reads table file ``name``'s pieces, one a step, into out: the header
    (a tuple), the displacements, the values (a list of buffers: one piece
    when the source is contiguous anyway (ROMFS, CPython) or the heap has
    the block (the viper fast path wants it), else chunks of CHUNK
    entries), the keys and flush tables."""
    head = lookup.load(name, 0, 136)
    if bytes(head[0:8]) != b"STUDHI01":
        raise ValueError("%s is not a hand table (run make tables)" % name)
    h = struct.unpack_from("<32I", head, 8)
    del head
    yield
    dbuf = lookup.load(name, h[10], 2 * h[5])
    yield
    tbufs = []
    step = CHUNK
    if not _IS_MP or lookup.where(name)[1] == "romfs":
        step = h[6]
    else:
        try:
            tbufs.append(lookup.load(name, h[11], 2 * h[6]))
        except MemoryError:  # no block that big: chunks
            pass
    if not tbufs:
        for j in range(0, h[6], step):
            yield  # (after a failed try at one piece too: its collection was a step)
            tbufs.append(lookup.load(name, h[11] + 2 * j, 2 * min(step, h[6] - j)))
    yield
    small = lookup.load(name, h[7], h[10] - h[7])
    out.extend((h, dbuf, tbufs, small))


def steps():
    """The loading, a piece between two yields; nothing once every piece is
    in, or when poker.eval.evaluator is imported already (it took its own)."""
    while "poker.eval.evaluator" not in sys.modules:
        done = _step()
        yield  # (a piece a step, the last one too)
        if done:
            return


def _step():
    global _steps
    if _got:
        return True
    if _steps is None:
        _steps = _loading(_got)
    try:
        next(_steps)
    except StopIteration:
        _steps = None
        return True
    except BaseException:  # (a missing or bad table) the next call starts over
        _steps = None
        raise
    return False


def take():
    """Every piece (what is left loaded now), handed over once: (mode,
    header, displacements, value buffers, keys and flush tables, viper)."""
    while not _step():
        pass
    return _got.pop()
