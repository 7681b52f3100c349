"""The evaluator's seven-card fast path on the full tables (high.bin) as
``@micropython.viper`` code: ``high7`` (one hand, one lookup) and
``high7_batch`` (many hands in a buffer, in one call: what Monte Carlo
needs), over the layout that ``poker.eval.viper.bind`` fills into
this path's ``_VRAM`` (see there). Only poker.eval.evaluator imports it, in
full mode on MicroPython, and binds its tables through ``bind`` here,
which says whether they are the ones these serve.
"""
import micropython
import uctypes
from micropython import const

_V_PAR = const(52)         # (poker.eval.viper's layout)
_V_DISP = const(64)
_V_VAL = const(66)
_V_FL = const(400)
_V_KS = const(292)
_V_ALL = const(500)
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

_VRAM = bytearray(4 * _V_ALL)
_KEEP = []                 # the buffers whose addresses _VRAM holds


def bind(keys, suit_keys, params, fl5, fl6, fl7, dbuf, tfbuf, tbuf):
    """``poker.eval.viper.bind``; then True when ``high7`` and
    ``high7_batch`` can serve these tables: high.bin's hash, the values in
    one piece, and both at even addresses (they read 16 bits at a time,
    and a Cortex-M0+ faults on an odd address)."""
    from poker.eval import viper as evaluator_viper

    _KEEP[:] = evaluator_viper.bind(_VRAM, keys, suit_keys, params, fl5, fl6, fl7, dbuf, tfbuf, tbuf)
    fastmod = evaluator_viper._fastmod
    return (params[3] == _B and params[4] == _N and params[5] == 1
            and fastmod(_B) == (_B_A, _B_S, _B_M) and fastmod(_N) == (_N_A, _N_S, _N_M)
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
