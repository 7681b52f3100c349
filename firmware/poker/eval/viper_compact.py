"""The evaluator's seven-card fast path on the compact table (high5.bin,
the stock route's) as ``@micropython.viper`` code: ``high7_compact``, the
best of the 21 five-card subsets, over the first part of the layout that
``poker.eval.viper.bind`` fills (see there; poker.eval.evaluator calls it
through this module's ``bind``): ``_VRAM`` holds only what this path reads
(0.6 KB; the full path's 2 KB). It reads bytes, so it serves the table at
any address and in chunks. Only poker.eval.evaluator imports it, in compact
mode on MicroPython.
"""
import micropython
from micropython import const

_V_PAR = const(52)         # (poker.eval.viper's layout)
_V_MOD = const(58)
_V_DISP = const(64)
_V_CH = const(68)
_V_FL = const(400)
_V_SMALL = const(164)

_VRAM = bytearray(4 * _V_SMALL)
_KEEP = []                 # the buffers whose addresses _VRAM holds
_SCRATCH = bytearray(28)   # the seven card keys


def bind(keys, suit_keys, params, fl5, fl6, fl7, dbuf, tfbuf, tbuf):
    """``poker.eval.viper.bind`` into this path's ``_VRAM``."""
    from poker.eval import viper as evaluator_viper

    _KEEP[:] = evaluator_viper.bind(_VRAM, keys, suit_keys, params, fl5, fl6, fl7, dbuf, tfbuf, tbuf)


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
