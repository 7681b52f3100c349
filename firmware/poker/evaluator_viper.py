"""The evaluator's seven-card hot paths as ``@micropython.viper`` code.

Only poker.evaluator_load imports it, and only on MicroPython; once its
tables are in, poker.evaluator's ``bind(...)`` hands over the card keys and
the table buffers, then
``high7`` (full tables: one lookup), ``high7_batch`` (the same over many
hands in a buffer, in one call: what Monte Carlo needs) and
``high7_compact`` (the compact five-card table: best of 21 lookups)
compute exactly what the evaluator's plain path does
(host_tests/test_evaluator.py compares them). It is a module of its own
because viper needs a native emitter: a port without one cannot even
compile this file, and the evaluator then keeps its plain path.

What makes a call cheap on the RP2040 (a Cortex-M0+ without a divide
instruction, where each global name and each buffer cast is a runtime
call): one global (``_VRAM``) and one cast per call; the tables reached
through their addresses, kept in ``_VRAM``; the hash's two ``%`` done by
multiply-and-shift (``_fastmod`` below derives the constants and proves
them exact for every key the tables can be asked for).

_VRAM holds, as int32: the 52 card keys, the 4 x 52 per-suit keys, the
parameters; then the three flush tables as bytes (tools/count_seven.py
reads these by index); then the modulo constants, the addresses of the
displacements, of the values in one piece and of each 4096-entry chunk of
the values (64-bit addresses as two words, low first: the unix port). The
big tables stay where the loader put them (flash on ROMFS). ``high7`` and
``high7_batch`` read them 16 bits at a time, so bind() accepts them only at
even addresses (a Cortex-M0+ faults on an odd one; the build aligns the
ROMFS tables on 4 bytes, the heap aligns its blocks); ``high7_compact``
reads bytes and takes any.
"""
import struct

import micropython
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
# high.bin's hash, written into high7 and high7_batch as constants (a
# constant is an immediate; a parameter read from _VRAM is a load), checked
# against the table by bind(): B buckets, N slots, and _fastmod's a, s, m
_B = const(9516)
_B_A = const(12)
_B_S = const(20)
_B_M = const(451341)
_N = const(59475)
_N_A = const(14)
_N_S = const(22)
_N_M = const(1155434)

_VRAM = bytearray(4 * (_V_CH + 2 * _MAX_CHUNKS))
_SCRATCH = bytearray(28)   # the compact path's seven card keys
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
    values in one piece (flat) and in chunks of 4096 entries. True when
    ``high7`` and ``high7_batch`` can serve these tables (high.bin in one
    piece at even addresses); ``high7_compact`` serves any."""
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
    # high7 and high7_batch: high.bin's hash, the values in one piece, and
    # both read 16 bits at a time (a Cortex-M0+ faults on an odd address)
    return (params[3] == _B and params[4] == _N and params[5] == 1
            and _fastmod(_B) == (_B_A, _B_S, _B_M) and _fastmod(_N) == (_N_A, _N_S, _N_M)
            and not (uctypes.addressof(dbuf) | uctypes.addressof(tfbuf)) & 1)


@micropython.viper
def high7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    # ptr8, ptr16, ptr32: viper's pointer casts (builtins of the viper emitter)
    k = ptr32(_VRAM)  # noqa: F821
    s = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
    code = int(ptr8(k)[_V_FL + 512 + ((s >> 23) & 255)])  # noqa: F821
    if code:
        ks = _V_KS + 52 * ((code - 1) & 3)
        x = k[ks + a] + k[ks + b] + k[ks + c] + k[ks + d] + k[ks + e] + k[ks + f] + k[ks + g]
        x += k[_V_PAR + ((code - 1) >> 2)]
    else:
        x = s & 0x7FFFFF
    # bucket x % B, then slot (x ^ disp) % N, by multiply-and-shift
    i = x - ((((x >> _B_A) * _B_M) >> _B_S) * _B)
    if i >= _B:
        i -= _B
    x ^= int(ptr16(k[_V_DISP] | (k[_V_DISP + 1] << 32))[i])  # noqa: F821
    i = x - ((((x >> _N_A) * _N_M) >> _N_S) * _N)
    if i >= _N:
        i -= _N
    v = int(ptr16(k[_V_VAL] | (k[_V_VAL + 1] << 32))[i])  # noqa: F821
    if code:
        if v < 5854:
            return v + 5863
        return v + 1599
    return v


@micropython.viper
def high7_batch(k: ptr32, h: ptr8, x: int, n: int, out: ptr16):  # noqa: F821
    # high7 of the n hands of seven cards at h (bytes), into out (u16
    # each), in one call; k: _VRAM, x: scratch (pass 0). Viper keeps a
    # function's first three locals in registers on the Cortex-M0+: the
    # hottest come first (h and out walk the buffers, n counts down)
    fl = ptr8(k)  # noqa: F821
    dt = ptr16(k[_V_DISP] | (k[_V_DISP + 1] << 32))  # noqa: F821
    vt = ptr16(k[_V_VAL] | (k[_V_VAL + 1] << 32))  # noqa: F821
    while n > 0:
        x = k[h[0]] + k[h[1]] + k[h[2]] + k[h[3]] + k[h[4]] + k[h[5]] + k[h[6]]
        code = fl[_V_FL + 512 + ((x >> 23) & 255)]
        if code:
            ks = ptr32(int(k) + 4 * (_V_KS + 52 * ((code - 1) & 3)))  # noqa: F821
            x = ks[h[0]] + ks[h[1]] + ks[h[2]] + ks[h[3]] + ks[h[4]] + ks[h[5]] + ks[h[6]]
            x += k[_V_PAR + ((code - 1) >> 2)]
        else:
            x &= 0x7FFFFF
        i = x - ((((x >> _B_A) * _B_M) >> _B_S) * _B)
        if i >= _B:
            i -= _B
        x ^= dt[i]
        i = x - ((((x >> _N_A) * _N_M) >> _N_S) * _N)
        if i >= _N:
            i -= _N
        x = vt[i]
        if code:
            if x < 5854:
                x += 5863
            else:
                x += 1599
        out[0] = x
        out = ptr16(int(out) + 2)  # noqa: F821
        h = ptr8(int(h) + 7)  # noqa: F821
        n -= 1


@micropython.viper
def high7_compact(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    # the best of the 21 five-card subsets, from the compact table
    k = ptr32(_VRAM)  # noqa: F821
    fl = ptr8(k)  # noqa: F821
    w = ptr32(_SCRATCH)  # noqa: F821
    w[0] = k[a]
    w[1] = k[b]
    w[2] = k[c]
    w[3] = k[d]
    w[4] = k[e]
    w[5] = k[f]
    w[6] = k[g]
    s = w[0] + w[1] + w[2] + w[3] + w[4] + w[5] + w[6]
    dt = ptr8(k[_V_DISP] | (k[_V_DISP + 1] << 32))  # noqa: F821
    c5 = k[_V_PAR]
    nb = k[_V_PAR + 3]
    ba = k[_V_MOD]
    bs = k[_V_MOD + 1]
    bm = k[_V_MOD + 2]
    ns = k[_V_PAR + 4]
    sa = k[_V_MOD + 3]
    ss = k[_V_MOD + 4]
    sm = k[_V_MOD + 5]
    best = 0
    i = 0
    while i < 6:
        j = i + 1
        while j < 7:
            s5 = s - w[i] - w[j]
            x = (s5 & 0x7FFFFF) + c5
            q = x - ((((x >> ba) * bm) >> bs) * nb)
            if q >= nb:
                q -= nb
            x ^= dt[2 * q] | (dt[2 * q + 1] << 8)
            q = x - ((((x >> sa) * sm) >> ss) * ns)
            if q >= ns:
                q -= ns
            r = _V_CH + 2 * (q >> 12)
            t = ptr8(k[r] | (k[r + 1] << 32))  # noqa: F821
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
