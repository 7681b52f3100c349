"""Walks all 133,784,560 seven-card hands through the evaluator's fast path
and prints the count of each category (run by test_evaluator_exhaustive.py,
under the MicroPython unix port: a few seconds; a CPython walk would take
hours):

    micropython -X heapsize=400k host_tests/mp_count_seven.py

The walk is a ``@micropython.viper`` function: seven nested loops over
c1 < c2 < ... < c7 with incremental key sums (the sum of the first six
cards is kept while the seventh runs), every hand evaluated with the same
tables and the same arithmetic as ``poker.eval.evaluator``'s fast path (the
seven-card key sum, the flush table, the perfect hash), and one counter per
strength. Prints ``COUNT category hands`` lines and ``STRENGTHS n``.
"""
import time

import micropython

from poker.eval import evaluator as ev
from poker.eval import viper_full as ev_viper  # (ev's full mode bound it)

# one flat copy of the value table, the displacements, the keys, for viper
_T = bytearray(2 * ev._N)
for _j, _buf in enumerate(ev._TBUF):
    _T[2 * 4096 * _j:2 * 4096 * _j + len(_buf)] = _buf
_D = ev._DBUF
_V = ev_viper._VRAM  # keys, parameters, flush tables (bound by ev)
_COUNTS = bytearray(4 * 7463)


@micropython.viper
def _walk(lo: int, hi: int):
    k = ptr32(_V)  # noqa: F821
    fl = ptr8(_V)  # noqa: F821
    t = ptr8(_T)  # noqa: F821
    dd = ptr8(_D)  # noqa: F821
    cnt = ptr32(_COUNTS)  # noqa: F821
    nb = k[55]  # (poker.eval.viper's layout: the parameters at 52, the
    ns = k[56]  # flush tables at byte 400, the per-suit keys at 292)
    c1 = lo
    while c1 < hi:
        s1 = k[c1]
        c2 = c1 + 1
        while c2 < 47:
            s2 = s1 + k[c2]
            c3 = c2 + 1
            while c3 < 48:
                s3 = s2 + k[c3]
                c4 = c3 + 1
                while c4 < 49:
                    s4 = s3 + k[c4]
                    c5 = c4 + 1
                    while c5 < 50:
                        s5 = s4 + k[c5]
                        c6 = c5 + 1
                        while c6 < 51:
                            s6 = s5 + k[c6]
                            c7 = c6 + 1
                            while c7 < 52:
                                s = s6 + k[c7]
                                code = fl[400 + 512 + ((s >> 23) & 255)]
                                if code:
                                    ks = 292 + 52 * ((code - 1) & 3)
                                    x = (k[ks + c1] + k[ks + c2] + k[ks + c3] + k[ks + c4]
                                         + k[ks + c5] + k[ks + c6] + k[ks + c7])
                                    x += k[52 + ((code - 1) >> 2)]
                                else:
                                    x = s & 0x7FFFFF
                                i = 2 * (x % nb)
                                i = 2 * ((x ^ (dd[i] | (dd[i + 1] << 8))) % ns)
                                v = t[i] | (t[i + 1] << 8)
                                if code:
                                    if v < 5854:
                                        v += 5863
                                    else:
                                        v += 1599
                                cnt[v] += 1
                                c7 += 1
                            c6 += 1
                        c5 += 1
                    c4 += 1
                c3 += 1
            c2 += 1
        c1 += 1


def main():
    t0 = time.ticks_ms()
    for c1 in range(46):
        _walk(c1, c1 + 1)
    counts = {}
    for v in range(1, 7463):
        name = ev.category(v)
        counts[name] = counts.get(name, 0) + int.from_bytes(_COUNTS[4 * v:4 * v + 4], "little")
    for name in ev.CATEGORIES:
        print("COUNT %s %d" % (name.replace(" ", "_"), counts.get(name, 0)))
    print("STRENGTHS %d" % sum(1 for v in range(1, 7463) if _COUNTS[4 * v:4 * v + 4] != b"\0\0\0\0"))
    print("walked in %d s" % (time.ticks_diff(time.ticks_ms(), t0) // 1000))


main()
