"""The evaluator's plain 7-card paths, which a port with viper code runs
only for tests and benchmarks (``poker.eval.evaluator.plain_high7()`` imports
this module where they serve, or when asked): the full tables' values in
one piece and in chunks, and the compact five-card table (the best of the
21 five-card subsets). On the chip a viper path serves both tables: from
LittleFS this bytecode is never read into RAM. The tables are
poker.eval.evaluator's, as globals of this module (frames of at most 11 words:
host_tests/test_frames_on_the_c_stack.py); the constants repeat
poker.eval.evaluator's (host_tests/test_evaluator.py holds them equal).
"""
from micropython import const

from poker.eval.tables import _D, _FL7, _K, _KSF, _T, _TF, _flush_value

_FULL_B = const(9516)
_FULL_N = const(59475)
_CHUNK_BITS = const(12)
_CHUNK_MASK = const(4095)


def _high7_flat(a, b, c, d, e, f, g, k=_K):
    k = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
    if _FL7[k >> 23]:
        k = _FL7[k >> 23]
        a = _KSF[k][a] + _KSF[k][b] + _KSF[k][c] + _KSF[k][d] + _KSF[k][e] + _KSF[k][f] + _KSF[k][g]
        return _flush_value(k, a)
    k &= 0x7FFFFF
    k = _D[k % _FULL_B] ^ k
    return _TF[k % _FULL_N]


def _high7_chunked(a, b, c, d, e, f, g, k=_K):
    # _high7_flat's key sum and flush branch written again: handing the
    # flushes to it (tried) takes this frame to 16 words, a heap block a call
    k = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
    if _FL7[k >> 23]:
        k = _FL7[k >> 23]
        a = _KSF[k][a] + _KSF[k][b] + _KSF[k][c] + _KSF[k][d] + _KSF[k][e] + _KSF[k][f] + _KSF[k][g]
        return _flush_value(k, a)
    k &= 0x7FFFFF
    k = (_D[k % _FULL_B] ^ k) % _FULL_N
    return _T[k >> _CHUNK_BITS][k & _CHUNK_MASK]


_high7_compact = None  # pyright: ignore[reportAssignmentType]  (made by compact(): it takes the evaluator's five-card lookup)


def compact(five):
    """The compact table's 7-card path over ``five`` (the evaluator's
    five-card lookup by key sum), made once."""
    global _high7_compact
    if _high7_compact is None:
        def _high7_compact(a, b, c, d, e, f, g, K=_K, five=five):
            # written out: no tuple or range object per call (no heap allocation)
            ka = K[a]
            kb = K[b]
            kc = K[c]
            kd = K[d]
            ke = K[e]
            kf = K[f]
            kg = K[g]
            s = ka + kb + kc + kd + ke + kf + kg
            sa = s - ka
            sb = s - kb
            sc = s - kc
            sd = s - kd
            se = s - ke
            return max(five(sa - kb), five(sa - kc), five(sa - kd), five(sa - ke), five(sa - kf),
                       five(sa - kg), five(sb - kc), five(sb - kd), five(sb - ke), five(sb - kf),
                       five(sb - kg), five(sc - kd), five(sc - ke), five(sc - kf), five(sc - kg),
                       five(sd - ke), five(sd - kf), five(sd - kg), five(se - kf), five(se - kg),
                       five(s - kf - kg))
    return _high7_compact
