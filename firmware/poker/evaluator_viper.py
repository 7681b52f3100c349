"""The layout that the evaluator's ``@micropython.viper`` paths read, and
``bind`` that fills it: one buffer, ``_VRAM``, of int32 (one global and one
cast per call: what makes a call cheap on the RP2040, a Cortex-M0+ without
a divide instruction, where each global name and each buffer cast is a
runtime call).

Only the fast path of the evaluator's mode imports it, on MicroPython
(poker.evaluator_load imports that path as a step of its own):
``poker/evaluator_viper_full.py`` (``high7`` and ``high7_batch``: the full
tables, one lookup a hand) or
``poker/evaluator_viper_compact.py`` (``high7_compact``: the compact
five-card table, the best of 21 lookups). They compute exactly what the
evaluator's plain path does (host_tests/test_evaluator.py compares them).
Each is a module of its own because viper needs a native emitter (a port
without one cannot even compile them, and the evaluator then keeps its
plain path), and because native code is read into the heap even from ROMFS:
a route loads only its own (2.2 KB of the full path's not on the stock
route, 1.4 KB of the compact one's not on the ROMFS route). They repeat the
``_V_*`` layout constants they use as ``const()`` (an immediate in viper
code; host_tests/test_evaluator.py holds them equal to these).

_VRAM holds, as int32: the 52 card keys, the 4 x 52 per-suit keys, the
parameters; then the three flush tables as bytes (tools/count_seven.py
reads these by index); then the modulo constants, the addresses of the
displacements, of the values in one piece and of each 4096-entry chunk of
the values (64-bit addresses as two words, low first: the unix port). The
big tables stay where the loader put them (flash on ROMFS). The hash's two
``%`` are done by multiply-and-shift (``_fastmod`` below derives the
constants and proves them exact for every key the tables can be asked for).
"""
import struct

import uctypes
from micropython import const

_V_KS = const(52)          # int32 index of the per-suit keys
_V_PAR = const(260)        # int32 index of the parameters (c5, c6, 0, B, N, flat)
_V_FL = const(1072)        # byte offset of the flush tables (268 int32)
_V_MOD = const(460)        # int32 index of the modulo constants: B's a, s, m; N's a, s, m
_V_DISP = const(466)       # the displacements' address (two int32)
_V_VAL = const(468)        # the values' address, when in one piece (two int32)
_V_CH = const(470)         # the value chunks' addresses (two int32 each)
_MAX_CHUNKS = const(16)
_KEY_BITS = const(24)      # every key the hash is asked for is below 2**24
_VRAM = bytearray(4 * (_V_CH + 2 * _MAX_CHUNKS))
_KEEP = []                 # the buffers whose addresses _VRAM holds


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


def _put_addr(i, buf):
    a = uctypes.addressof(buf)
    struct.pack_into("II", _VRAM, 4 * i, a & 0xFFFFFFFF, a >> 32)


def bind(keys, suit_keys, params, fl5, fl6, fl7, dbuf, tfbuf, tbuf):
    """Takes the evaluator's tables: ``keys`` (52 card keys), ``suit_keys``
    (4 x 52), ``params`` (c5, c6, 0, buckets, slots, flat), the flush
    tables of 5, 6 and 7 cards (256 bytes each), the displacements, the
    values in one piece (flat) and in chunks of 4096 entries."""
    # (an array a call: 260 calls of one int each took 7 ms of the chip)
    struct.pack_into("52i", _VRAM, 0, *keys)
    for s in range(4):
        struct.pack_into("52i", _VRAM, 4 * (_V_KS + 52 * s), *suit_keys[s])
    for i, p in enumerate(params):
        struct.pack_into("i", _VRAM, 4 * (_V_PAR + i), p)
    _VRAM[_V_FL:_V_FL + 256] = fl5
    _VRAM[_V_FL + 256:_V_FL + 512] = fl6
    _VRAM[_V_FL + 512:_V_FL + 768] = fl7
    struct.pack_into("6i", _VRAM, 4 * _V_MOD, *(_fastmod(params[3]) + _fastmod(params[4])))
    _KEEP[:] = [dbuf, tfbuf] + list(tbuf)
    _put_addr(_V_DISP, dbuf)
    _put_addr(_V_VAL, tfbuf)
    nchunks = (params[4] + 4095) >> 12
    if nchunks > _MAX_CHUNKS:
        raise ValueError("value table too big")
    for j in range(nchunks):
        if params[5]:  # one piece: a chunk is a slice of it
            _put_addr(_V_CH + 2 * j, memoryview(tfbuf)[8192 * j:])
        else:
            _put_addr(_V_CH + 2 * j, tbuf[j])
