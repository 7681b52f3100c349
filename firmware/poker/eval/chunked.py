"""The evaluator's five-card paths over the values read into RAM in chunks
of 4096 entries (a heap that had no block for them in one piece).
poker.eval.evaluator imports it in that case only, while it is being imported:
these functions read its tables as globals of their own (a bytecode frame
of over 11 words is a heap block at every call;
host_tests/test_frames_on_the_c_stack.py holds them under). The constants
repeat poker.eval.evaluator's (host_tests/test_evaluator.py holds them equal):
a ``const()`` is an immediate in the bytecode.
"""
from micropython import const

from poker.eval.tables import _B, _C5, _D, _FL5, _K, _N, _T

_STRAIGHT = const(5854)
_FLUSH_SHIFT = const(5863)
_SF_SHIFT = const(1599)
_CHUNK_BITS = const(12)
_CHUNK_MASK = const(4095)


def _five_chunked(s, f=_FL5, d=_D, t=_T, b=_B, n=_N, c=_C5):
    """The strength of the five cards whose key sum is s."""
    # (poker.eval.evaluator's _five_flat over chunks: that one is the hot path,
    # its lookup and flush tail written out, not a call to a shared one)
    x = (s & 0x7FFFFF) + c
    x = (d[x % b] ^ x) % n
    x = t[x >> _CHUNK_BITS][x & _CHUNK_MASK]
    if f[s >> 23]:
        if x < _STRAIGHT:
            return x + _FLUSH_SHIFT
        return x + _SF_SHIFT
    return x


def _high5_chunked(a, b, c, d, e, k=_K):
    # a fallback (no block for the values in one piece): one call more than
    # the flat path's written-out lookup costs nothing that is measured
    return _five_chunked(k[a] + k[b] + k[c] + k[d] + k[e])
