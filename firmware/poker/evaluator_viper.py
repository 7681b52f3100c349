"""The evaluator's seven-card hot path as ``@micropython.viper`` code.

Only poker.evaluator imports it, and only on MicroPython, after loading its
tables: ``bind(...)`` hands over the card keys and the table buffers, then
``high7`` (full tables: one lookup) and ``high7_compact`` (the compact
five-card table: best of 21 lookups) compute exactly what the evaluator's
plain path does (host_tests/test_evaluator.py compares them). It is a
module of its own because viper needs a native emitter: a port without one
cannot even compile this file, and the evaluator then keeps its plain path.

_VRAM holds, as int32: the 52 card keys, the 4 x 52 per-suit keys, then the
parameters; then the three flush tables as bytes. The big tables stay where
the loader put them (flash on ROMFS) and are read a byte at a time, so their
alignment does not matter (Cortex-M0+ faults on unaligned 16-bit loads).
"""
import struct

import micropython
from micropython import const

_V_KS = const(52)          # int32 index of the per-suit keys
_V_PAR = const(260)        # int32 index of the parameters
_V_FL = const(1072)        # byte offset of the flush tables (268 int32)

_VRAM = bytearray(_V_FL + 768)
_SCRATCH = bytearray(28)   # the compact path's seven card keys
_DBUF = _TFBUF = b""       # the hash's displacements; its values in one piece
_TBUF = []                 # ... or in chunks of 4096 entries


def bind(keys, suit_keys, params, fl5, fl6, fl7, dbuf, tfbuf, tbuf):
    """Takes the evaluator's tables: ``keys`` (52 card keys), ``suit_keys``
    (4 x 52), ``params`` (c5, c6, 0, buckets, slots, flat), the flush
    tables of 5, 6 and 7 cards (256 bytes each), the displacements, the
    values in one piece (flat) and in chunks."""
    global _DBUF, _TFBUF, _TBUF
    for c in range(52):
        struct.pack_into("i", _VRAM, 4 * c, keys[c])
        for s in range(4):
            struct.pack_into("i", _VRAM, 4 * (_V_KS + 52 * s + c), suit_keys[s][c])
    for i, p in enumerate(params):
        struct.pack_into("i", _VRAM, 4 * (_V_PAR + i), p)
    _VRAM[_V_FL:_V_FL + 256] = fl5
    _VRAM[_V_FL + 256:_V_FL + 512] = fl6
    _VRAM[_V_FL + 512:_V_FL + 768] = fl7
    _DBUF, _TFBUF, _TBUF = dbuf, tfbuf, tbuf


@micropython.viper
def high7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    # ptr8, ptr32: viper's pointer casts (builtins of the viper emitter)
    ram = _VRAM
    k = ptr32(ram)  # noqa: F821
    s = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
    code = int(ptr8(ram)[_V_FL + 512 + ((s >> 23) & 255)])  # noqa: F821
    if code:
        ks = _V_KS + 52 * ((code - 1) & 3)
        x = k[ks + a] + k[ks + b] + k[ks + c] + k[ks + d] + k[ks + e] + k[ks + f] + k[ks + g]
        x += k[_V_PAR + ((code - 1) >> 2)]
    else:
        x = s & 0x7FFFFF
    t = ptr8(_DBUF)  # noqa: F821
    i = 2 * (x % k[_V_PAR + 3])
    i = (x ^ (t[i] | (t[i + 1] << 8))) % k[_V_PAR + 4]
    if k[_V_PAR + 5]:  # the values in one piece
        t = ptr8(_TFBUF)  # noqa: F821
        i = 2 * i
    else:
        t = ptr8(_TBUF[i >> 12])  # noqa: F821
        i = 2 * (i & 4095)
    v = t[i] | (t[i + 1] << 8)
    if code:
        if v < 5854:
            return v + 5863
        return v + 1599
    return v


@micropython.viper
def high7_compact(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    # the best of the 21 five-card subsets, from the compact table
    ram = _VRAM
    k = ptr32(ram)  # noqa: F821
    fl = ptr8(ram)  # noqa: F821
    w = ptr32(_SCRATCH)  # noqa: F821
    w[0] = k[a]
    w[1] = k[b]
    w[2] = k[c]
    w[3] = k[d]
    w[4] = k[e]
    w[5] = k[f]
    w[6] = k[g]
    s = w[0] + w[1] + w[2] + w[3] + w[4] + w[5] + w[6]
    db = ptr8(_DBUF)  # noqa: F821
    c5 = k[_V_PAR]
    nb = k[_V_PAR + 3]
    ns = k[_V_PAR + 4]
    flat = k[_V_PAR + 5]
    best = 0
    i = 0
    while i < 6:
        j = i + 1
        while j < 7:
            s5 = s - w[i] - w[j]
            x = (s5 & 0x7FFFFF) + c5
            q = 2 * (x % nb)
            q = (x ^ (db[q] | (db[q + 1] << 8))) % ns
            if flat:
                t = ptr8(_TFBUF)  # noqa: F821
                q = 2 * q
            else:
                t = ptr8(_TBUF[q >> 12])  # noqa: F821
                q = 2 * (q & 4095)
            v = t[q] | (t[q + 1] << 8)
            if fl[_V_FL + ((s5 >> 23) & 255)]:
                if v < 5854:
                    v += 5863
                else:
                    v += 1599
            if v > best:
                best = v
            j += 1
        i += 1
    return best
