"""The layout that the evaluator's ``@micropython.viper`` paths read, and
``bind`` that fills it: one buffer of int32 per fast path, its ``_VRAM``.

Only the fast path of the evaluator's mode imports it, inside its ``bind``
(``poker/eval/viper_full.py``, ``poker/eval/viper_compact.py``), and the
evaluator forgets it once bound. Those repeat the ``_V_*`` layout
constants as ``const()`` (host_tests/test_evaluator.py holds them equal).
Why, and what the buffer holds: docs/evaluator.md, "Why the modules are
split as they are".
"""
import struct

import uctypes
from micropython import const

_V_PAR = const(52)         # int32 index of the parameters (c5, c6, 0, B, N, flat)
_V_MOD = const(58)         # the modulo constants: B's a, s, m; N's a, s, m
_V_DISP = const(64)        # the displacements' address (two int32)
_V_VAL = const(66)         # the values' address, when in one piece (two int32)
_V_CH = const(68)          # the value chunks' addresses (two int32 each)
_MAX_CHUNKS = const(16)
_V_FL = const(400)         # byte offset of the flush tables (5, 6, 7 cards: 256 bytes each)
_V_SMALL = const(164)      # int32 the compact path reads (to the five-card flush table's end)
_V_KS = const(292)         # int32 index of the per-suit keys (the full path's)
_V_ALL = const(500)        # int32 the full path reads
_KEY_BITS = const(24)      # every key the hash is asked for is below 2**24


def _fastmod(d):
    """(a, s, m) with x % d == x - (((x >> a) * m) >> s) * d, less d once
    more when that is >= d, for every 0 <= x < 2**24, and no product past
    2**31: m = floor(2**(a+s) / d) underestimates x / d by less than
    2**a / d + (x >> a) / 2**s < 1, so the quotient is off by at most one."""
    a = 0
    while 2 << a <= d // 2:   # 2**a <= d / 2
        a += 1
    ymax = (1 << _KEY_BITS) >> a
    s = 0
    while ymax * ((1 << (a + s + 1)) // d) < 1 << 31:
        s += 1
    m = (1 << (a + s)) // d
    if not (ymax * m < 1 << 31 and (1 << (a + s)) + ymax * d < d << s):
        raise ValueError("no multiply-and-shift modulo for %d" % d)
    return a, s, m


def _put_addr(vram, i, buf):
    a = uctypes.addressof(buf)
    struct.pack_into("II", vram, 4 * i, a & 0xFFFFFFFF, a >> 32)


def bind(vram, keys, suit_keys, params, fl5, fl6, fl7, dbuf, tfbuf, tbuf):
    """Fills ``vram`` (``_V_SMALL`` or ``_V_ALL`` int32: the per-suit keys
    and the six- and seven-card flush tables only in the latter) from the
    evaluator's tables: ``keys`` (52 card keys), ``suit_keys`` (4 x 52),
    ``params`` (c5, c6, 0, buckets, slots, flat), the flush tables of 5, 6
    and 7 cards (256 bytes each), the displacements, the values in one
    piece (flat) and in chunks of 4096 entries. Returns the buffers whose
    addresses it wrote (the caller keeps them)."""
    # (an array a call: 260 calls of one int each took 7 ms of the chip)
    struct.pack_into("52i", vram, 0, *keys)
    for i, p in enumerate(params):
        struct.pack_into("i", vram, 4 * (_V_PAR + i), p)
    vram[_V_FL:_V_FL + 256] = fl5
    if len(vram) >= 4 * _V_ALL:
        vram[_V_FL + 256:_V_FL + 512] = fl6
        vram[_V_FL + 512:_V_FL + 768] = fl7
        for s in range(4):
            struct.pack_into("52i", vram, 4 * (_V_KS + 52 * s), *suit_keys[s])
    struct.pack_into("6i", vram, 4 * _V_MOD, *(_fastmod(params[3]) + _fastmod(params[4])))
    _put_addr(vram, _V_DISP, dbuf)
    _put_addr(vram, _V_VAL, tfbuf)
    nchunks = (params[4] + 4095) >> 12
    if nchunks > _MAX_CHUNKS:
        raise ValueError("value table too big")
    for j in range(nchunks):
        if params[5]:  # one piece: a chunk is a slice of it
            _put_addr(vram, _V_CH + 2 * j, memoryview(tfbuf)[8192 * j:])
        else:
            _put_addr(vram, _V_CH + 2 * j, tbuf[j])
    return [dbuf, tfbuf] + list(tbuf)
