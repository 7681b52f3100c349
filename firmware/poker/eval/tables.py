"""The evaluator's tables, bound once: the one module that reads the table
file's pieces (``poker.eval.load``) and binds them to names, which
``evaluator`` and its plain paths (``chunked``, ``plain7``) import; it
imports none of them, so no import circle.

``MODE`` ('full' or 'compact'); the hash's ``_D``, ``_T``, ``_TF``,
``_FLAT``, ``_B``, ``_N``, ``_C5``, ``_C6``; the card keys ``_K``, ``_KS``,
``_KSF``; the flush tables ``_FL5``, ``_FL6``, ``_FL7``, ``_FOFF``; the raw
buffers and the viper module. The header is checked against the
evaluator's constants before anything is bound.
"""
import struct
import sys

from micropython import const

from poker import unload
from poker.eval import lookup

HIGH_MAX = const(7462)
_CAT_FIRST = const((1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453))
_FLUSH_SHIFT = const(5863)
_SF_SHIFT = const(1599)
_SUIT_SHIFT = const(23)
_STRAIGHT = const(5854)
_FULL_B = const(9516)
_FULL_N = const(59475)
_IS_MP = sys.implementation.name == "micropython"
TABLE_FILE = lookup.TABLE_FILE
TABLE_FILE_5 = lookup.TABLE_FILE_5

_CHUNK_BITS = const(12)  # values read into RAM come in chunks of 4096 entries
_CHUNK_MASK = const(4095)  # (8 KB; poker.eval.load's CHUNK)


_layouts = {}


def _u16_view(buf, n):
    """The n little-endian u16 of buf, indexable, without copying on
    MicroPython (uctypes); a list on CPython (the fastest to index)."""
    if not _IS_MP:
        if sys.byteorder == "little":
            vals = memoryview(buf).cast("B").cast("H").tolist()
        else:
            vals = [buf[2 * i] | buf[2 * i + 1] << 8 for i in range(n)]
        same = {}  # one int object per value: fewer cache misses
        return [same.setdefault(v, v) for v in vals]
    try:
        import uctypes
    except ImportError:  # no uctypes: a copy in RAM
        import array
        a = array.array("H", bytes(buf))
        if sys.byteorder != "little":
            a.byteswap()
        return a
    layout = _layouts.get(n)
    if layout is None:
        layout = _layouts[n] = {"a": (uctypes.ARRAY | 0, uctypes.UINT16 | n)}
    return uctypes.struct(uctypes.addressof(buf), layout, uctypes.LITTLE_ENDIAN).a


def _check_header(name, h):
    if (h[0] != 1 or h[1] != _SUIT_SHIFT or h[13] != 1 or h[15] != HIGH_MAX
            or tuple(h[16:25]) != _CAT_FIRST or h[25] != _FLUSH_SHIFT
            or h[26] != _SF_SHIFT or h[12] != lookup.size(name)
            or h[28] != (name == TABLE_FILE_5)
            or (name == TABLE_FILE and (h[5] != _FULL_B or h[6] != _FULL_N))):
        raise ValueError("%s does not match this evaluator (run make tables)" % name)


# the tables' pieces, read by poker.eval.load (the device's app reads
# them a step per idle poll before this import; here, what is left);
# the mode: 'full' or 'compact' (see poker.eval.lookup)
from poker.eval import load as _evaluator_load  # noqa: E402

MODE, _H, _DBUF, _TBUF, _small, _viper = _evaluator_load.take()
del _evaluator_load
unload("poker.eval.load")  # its code leaves the heap, its work done
_check_header(TABLE_FILE if MODE == "full" else TABLE_FILE_5, _H)
if len(_TBUF) > 1 and len(_TBUF[0]) != 2 << _CHUNK_BITS:
    raise ValueError("value chunks of %d bytes" % len(_TBUF[0]))
_D = _u16_view(_DBUF, _H[5])
_T = [_u16_view(b, len(b) >> 1) for b in _TBUF]
del _u16_view, _check_header  # (load-time only: their code leaves the heap)
_FLAT = len(_T) == 1   # the values in one piece: index them directly
_TF = _T[0]             # (the first chunk when not flat)
_TFBUF = _TBUF[0]
_C5 = _H[3]
_C6 = _H[4]
_B = _H[5]      # hash buckets
_N = _H[6]      # hash slots


def _keys_and_flushes(table):
    """From ``table``, the small tables' bytes: the per-card keys (RAM, 52
    small ints) and, per suit, the rank keys of that suit's cards only (0
    for the other suits); the flush tables by hand size, indexed by the
    suit sum (negative sums wrap). Five and six cards: views of the mapped
    table (ROMFS: they stay in flash, 0.5 KB less RAM), of a copy when it
    was read into RAM (the bytes then go); seven: a copy, read by the plain
    7-card path at every call (a view made it 0.25 us slower on the chip).
    (A function: its temporaries are no names in the heap.)"""
    ranks = struct.unpack_from("<13I", table, 0)
    suits = struct.unpack_from("<4B", table, _H[8] - _H[7])
    bias = _H[2]
    o = _H[9] - _H[7]
    k = [ranks[c >> 2] + ((suits[c & 3] - bias) << _SUIT_SHIFT) for c in range(52)]
    ks = [[ranks[c >> 2] if c & 3 == s else 0 for c in range(52)] for s in range(4)]
    if not _IS_MP:  # CPython indexes a tuple faster; MicroPython a list
        k = tuple(k)
        ks = tuple([tuple(x) for x in ks])
    fl = table[o:o + 512]
    if not isinstance(fl, memoryview):
        fl = bytearray(fl)
    return k, ks, memoryview(fl)[:256], memoryview(fl)[256:], bytearray(table[o + 512:o + 768])


_K, _KS, _FL5, _FL6, _FL7 = _keys_and_flushes(_small)
del _keys_and_flushes, _small
# the flush suit's rank keys by flush-table code (1 + suit + 4 * (cards - 5);
# code 0, no flush, is never looked up)
_KSF = tuple([_KS[(code - 1) & 3] for code in range(13)])
# rank-key offsets of a flush of 5, 6, 7 suited cards
_FOFF = (_C5, _C6, 0)


# the lookups the plain paths share

def _value(i):
    """The value table's entry i."""
    if _FLAT:
        return _TF[i]
    return _T[i >> _CHUNK_BITS][i & _CHUNK_MASK]


def _flush_value(code, x):
    """The flush made of the suited ranks whose key sum is x; code is the
    flush table entry (1 + suit + 4 * (suited cards - 5))."""
    x += _FOFF[(code - 1) >> 2]
    v = _value((x ^ _D[x % _B]) % _N)
    if v < _STRAIGHT:
        return v + _FLUSH_SHIFT
    return v + _SF_SHIFT
