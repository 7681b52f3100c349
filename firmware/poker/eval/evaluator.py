"""Hand evaluation from lookup files (built by tools/gen/tablegen.py).

>>> from poker.cards import parse
>>> category(high(parse("As Ks Qs Js Ts 2c 3d")))
'straight flush'
>>> high(parse("Ah Ad 7c 7s 2d")) > high(parse("Kh Kd Qc Qs Ad"))
True

``high``, ``low8``, ``low_a5``, ``omaha_high``, ``omaha_low8``,
``best_five`` check their input (ValueError); the hot paths call the
unchecked entries. Scales, modes, paths: docs/evaluator.md.
"""
import sys

from micropython import const

from poker.eval import lookup
from poker import unload
from poker.cards import name as _card_name
from poker.eval.lows import low8_unchecked, low_a5_unchecked, omaha_low8_unchecked  # noqa: F401  (API)

CATEGORIES = ('high card', 'pair', 'two pair', 'three of a kind', 'straight',
              'flush', 'full house', 'four of a kind', 'straight flush')
HIGH_MAX = const(7462)  # strengths of high hands are 1..HIGH_MAX

# The first strength of each category (checked against the table header).
_CAT_FIRST = const((1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453))
_STRAIGHT = const(5854)     # first straight
_FLUSH_SHIFT = const(5863)  # flush = high card of the same ranks + this
_SF_SHIFT = const(1599)     # straight flush = straight of the same ranks + this
_RANK_MASK = const(0x7FFFFF)  # the rank sum: low 23 bits of a key sum
_SUIT_SHIFT = const(23)

TABLE_FILE = lookup.TABLE_FILE      # the full tables (see poker.eval.lookup for where)
TABLE_FILE_5 = lookup.TABLE_FILE_5  # the compact five-card table
# its hash's buckets and slots (constants in the 7-card path; checked
# against the header when loaded, as poker/eval/viper_full.py does)
_FULL_B = const(9516)
_FULL_N = const(59475)
_IS_MP = sys.implementation.name == "micropython"


_CHUNK_BITS = const(12)  # values read into RAM come in chunks of 4096 entries
_CHUNK_MASK = const(4095)  # (8 KB; poker.eval.load's CHUNK)

# ---------------------------------------------------------------- the tables
# (poker.eval.tables reads and binds them; the hot functions below read
# them as globals of this module)
from poker.eval.tables import (  # noqa: E402, F401  (_T: the tests and tools read it here)
    _B, _C5, _C6, _D, _DBUF, _FL5, _FL6, _FL7, _FLAT, _K, _KS, _KSF, _N, _T, _TBUF, _TF, _TFBUF,
    MODE, _flush_value, _viper)


# ---------------------------------------------------------------- plain path

# The hot functions come in two shapes with the same arithmetic: the value
# table in one piece (CPython, ROMFS, and RAM when the heap has the block) or
# in 4096-entry chunks (a heap without that block: poker/eval/chunked.py).
# The plain 7-card paths are poker/eval/plain7.py (plain_high7 below).
# A route loads only the bytecode it runs.
# They spell 23 (_SUIT_SHIFT) and 0x7FFFFF (_RANK_MASK) out: on CPython a
# const() name is a global lookup.
#
# MicroPython keeps a bytecode function's frame (arguments, locals and value
# stack) on the C stack only up to 11 words (VM_MAX_STATE_ON_STACK); a bigger
# frame is a heap block allocated at every call, whose cost grows with the
# heap's fragmentation (the 7-card path went from 74 to 171 us on the chip
# after a game). So the 7-card path has seven cards, one local and a stack
# of three (host_tests/test_frames_on_the_c_stack.py holds it there): the key list
# comes in as a default and its slot then holds the key sum (then the flush
# code, or the hash index); the tables are globals, the full table's hash
# sizes constants (the 7-card path serves the full table only: compact mode
# takes _high7_compact instead, plain_high7 below).

if _FLAT:
    def _five_flat(s, f=_FL5, d=_D, t=_TF, b=_B, n=_N, c=_C5):
        """The strength of the five cards whose key sum is s."""
        x = (s & 0x7FFFFF) + c
        x = d[x % b] ^ x
        x = t[x % n]
        if f[s >> 23]:
            if x < _STRAIGHT:
                return x + _FLUSH_SHIFT
            return x + _SF_SHIFT
        return x

    def _high5_flat(a, b, c, d, e, k=_K):
        k = k[a] + k[b] + k[c] + k[d] + k[e]
        a = (k & 0x7FFFFF) + _C5
        a = _D[a % _B] ^ a
        a = _TF[a % _N]
        if _FL5[k >> 23]:
            if a < _STRAIGHT:
                return a + _FLUSH_SHIFT
            return a + _SF_SHIFT
        return a

    _five = _five_flat
    _high5_plain = _high5_flat
else:  # (poker/eval/chunked.py: its functions read this module's tables above)
    from poker.eval.chunked import _five_chunked as _five, _high5_chunked as _high5_plain  # noqa: E402


_FLUSH6 = MODE == "full"  # the full table has the six-card flushes


def _high6(a, b, c, d, e, f, k=_K):
    # (within 11 words too: the key sum in the key list's slot, the best
    # five so far in a's)
    k = k[a] + k[b] + k[c] + k[d] + k[e] + k[f]
    if _FLUSH6 and _FL6[k >> 23]:  # five or six suited: the flush beats anything else possible
        k = _FL6[k >> 23]
        a = _KSF[k][a] + _KSF[k][b] + _KSF[k][c] + _KSF[k][d] + _KSF[k][e] + _KSF[k][f]
        return _flush_value(k, a)
    # the best five of six (compact mode: the only way)
    a = _five(k - _K[a])
    b = _five(k - _K[b])
    if b > a:
        a = b
    b = _five(k - _K[c])
    if b > a:
        a = b
    b = _five(k - _K[d])
    if b > a:
        a = b
    b = _five(k - _K[e])
    if b > a:
        a = b
    b = _five(k - _K[f])
    if b > a:
        a = b
    return a


_high6_plain = _high6


def plain_high7():
    """The plain-bytecode 7-card evaluation of this mode: ``high7_unchecked``
    where no viper path serves (the tests and benchmarks compare the two).
    They are poker/eval/plain7.py, imported only when asked for: where
    the viper path serves (both routes on the chip) their bytecode would
    sit in RAM unused (from LittleFS) or make function objects for nothing."""
    from poker.eval import plain7 as evaluator_plain7
    if MODE == "compact":
        return evaluator_plain7.compact(_five)
    if _FLAT:
        return evaluator_plain7._high7_flat
    return evaluator_plain7._high7_chunked


high5_unchecked = _high5_plain
high6_unchecked = _high6_plain
_fast7 = None  # the viper path's 7-card evaluation, if one serves (below)
FAST_PATH = "plain"
# the per-card keys and the five-card lookup by key sum: an Omaha hand is a
# hole pair's key sum plus a board triple's (poker/odds/omaha_fast.py)
CARD_KEYS = _K
five_of_keys = _five


def _high7_batch_plain(hands, n, out):
    """``high7_batch``'s plain path: high7_unchecked of each hand."""
    f = high7_unchecked
    for o in range(n):
        p = 7 * o
        out[o] = f(hands[p], hands[p + 1], hands[p + 2], hands[p + 3], hands[p + 4],
                   hands[p + 5], hands[p + 6])


# high7_batch(hands, n, out): the strengths of the n seven-card hands in
# ``hands`` (7 card bytes each) into ``out`` (an array of u16), in one call
high7_batch = _high7_batch_plain


# ---------------------------------------------------------------- viper path
# MicroPython with a native emitter (the RP2040's, the unix port's): the
# same computation over raw pointers, in its own module so that this one
# stays bytecode that every MicroPython loads. A port without native code
# (the WebAssembly port; a bytecode-only build leaves the module out) keeps
# the plain path.

if _IS_MP:
    if _viper is not None:  # (poker.eval.load imported it, if this port runs native code)
        _fits = _viper.bind(_K, _KS, (_C5, _C6, 0, _B, _N, 1 if _FLAT else 0), _FL5, _FL6,
                            _FL7, _DBUF, _TFBUF, _TBUF)
        unload("poker.eval.viper")  # (bound: the layout's filler leaves the heap)
        if MODE == "compact":
            _fast7 = _viper.high7_compact
            FAST_PATH = "viper"
        elif _fits:  # (full tables in chunks: the plain path)
            _fast7 = _viper.high7
            _batch7 = _viper.high7_batch
            _vram = _viper._VRAM

            def _high7_batch_viper(hands, n, out):
                # the viper loop takes the key table first, then a scratch 0
                # (the stubs type its ptr32 argument; a buffer is what it takes)
                _batch7(_vram, hands, 0, n, out)  # pyright: ignore[reportArgumentType]
            high7_batch = _high7_batch_viper
            FAST_PATH = "viper"
high7_unchecked = _fast7 if _fast7 is not None else plain_high7()
del _fast7
if MODE == "compact":
    # the compact table has no six- or seven-card flush lookups: the
    # per-suit keys (the lists _KSF shares) and the 7-card flush table only
    # fed the viper path's copy (_VRAM): 1.2 KB of RAM on the stock route
    for _ks in _KS:
        if isinstance(_ks, list):  # (MicroPython's; CPython's are tuples)
            _ks.clear()
    del _ks
    _FL7 = b""
    from poker.eval import tables

    tables._FL7 = b""  # (its one other reference)
    del tables


# ---------------------------------------------------------------- public API

def check(cards, low=5, high=7, name="cards"):
    n = len(cards)
    if n < low or n > high:
        if low == high:
            raise ValueError("need %d %s, got %d" % (low, name, n))
        raise ValueError("need %d to %d %s, got %d" % (low, high, name, n))
    # the cards seen, as bits of two words of 26 (1 << 51 would be a big
    # int on the device: an allocation for every checked call)
    below = above = 0
    for c in cards:
        if not isinstance(c, int) or c < 0 or c > 51:
            raise ValueError("bad card %r: cards are integers 0..51" % (c,))
        if c < 26:
            if below >> c & 1:
                raise ValueError("duplicate card %s" % _card_name(c))
            below |= 1 << c
        else:
            if above >> (c - 26) & 1:
                raise ValueError("duplicate card %s" % _card_name(c))
            above |= 1 << (c - 26)


def high(cards):
    """The best high hand of 5, 6 or 7 cards: 1..7462, higher is better."""
    check(cards)
    n = len(cards)
    if n == 7:
        return high7_unchecked(cards[0], cards[1], cards[2], cards[3], cards[4],
                               cards[5], cards[6])
    if n == 6:
        return _high6_plain(cards[0], cards[1], cards[2], cards[3], cards[4], cards[5])
    return _high5_plain(cards[0], cards[1], cards[2], cards[3], cards[4])


def category(value):
    """The name of a high strength's category, 'high card' .. 'straight flush'."""
    if not isinstance(value, int) or value < 1 or value > HIGH_MAX:
        raise ValueError("bad strength %r: high strengths are 1..%d" % (value, HIGH_MAX))
    i = 8
    while value < _CAT_FIRST[i]:
        i -= 1
    return CATEGORIES[i]


def category_index(value):
    """0 (high card) .. 8 (straight flush), unchecked."""
    i = 8
    while value < _CAT_FIRST[i]:
        i -= 1
    return i


def next_subset(index, n):
    """Steps ``index``, a k-subset of range(n) as ascending indices (start:
    ``list(range(k))``), in place to the next in lexicographic order;
    False after the last. (In place: exact equity walks with it.)"""
    k = len(index)
    i = k - 1
    while i >= 0 and index[i] == i + n - k:
        i -= 1
    if i < 0:
        return False
    index[i] += 1
    for j in range(i + 1, k):
        index[j] = index[j - 1] + 1
    return True


def _combos(n, k):
    """Index tuples of the k-subsets of range(n), in lexicographic order."""
    index = list(range(k))
    while True:
        yield tuple(index)
        if not next_subset(index, n):
            return


def best_five(cards):
    """The five cards that make the high hand, in display order: larger
    groups first (quads, trips, pairs), then by rank from the top; a
    straight from its top card (the wheel ends with its ace)."""
    check(cards)
    cards = list(cards)
    target = high(cards)
    for index in _combos(len(cards), 5):
        five = [cards[i] for i in index]
        if _high5_plain(five[0], five[1], five[2], five[3], five[4]) == target:
            # in display order: the count of each rank, then a simple
            # insertion sort (five items, no key= needed)
            count = {}
            for c in five:
                count[c >> 2] = count.get(c >> 2, 0) + 1
            out = []
            for c in five:
                k = (count[c >> 2], c)
                i = 0
                while i < len(out) and (count[out[i] >> 2], out[i]) > k:
                    i += 1
                out.insert(i, c)
            cat = category_index(target)
            if (cat == 4 or cat == 8) and out[0] >> 2 == 12 and out[1] >> 2 == 3:
                out.append(out.pop(0))  # the wheel: 5-4-3-2-A
            return out
    raise AssertionError("no five cards make the hand")  # cannot happen


def low8(cards):
    """Eight-or-better low of 5..7 cards (ace low, straights and flushes do
    not count): a strength (higher is better, 7-5-4-3-2-A... best is
    5-4-3-2-A), or None when no five distinct ranks 8 or lower exist."""
    check(cards)
    return low8_unchecked(cards)


def low_a5(cards):
    """Ace-to-five low (razz) of 5..7 cards: always a strength, higher is
    better. Straights and flushes do not count; pairs do: no pair beats a
    pair beats two pair beats trips beats a full house beats quads; within
    a category the lower ranks win (pair of aces is the best pair)."""
    check(cards)
    return low_a5_unchecked(cards)


# ---------------------------------------------------------------- Omaha

def _check_omaha(hole, board):
    check(hole, 2, 6, "hole cards")
    check(board, 3, 5, "board cards")
    for c in hole:
        if c in board:
            raise ValueError("duplicate card %s" % _card_name(c))


def omaha_high(hole, board):
    """Omaha high: the best hand of exactly two hole cards and exactly three
    board cards (2..6 hole cards, 3..5 board cards)."""
    _check_omaha(hole, board)
    return omaha_high_unchecked(hole, board)


_subsets_made = {}


def subsets(n, k):
    """The k-subsets of range(n) as a tuple of index tuples, made once
    (Omaha's hole pairs and board triples)."""
    got = _subsets_made.get(n * 8 + k)
    if got is None:
        got = _subsets_made[n * 8 + k] = tuple(_combos(n, k))
    return got


def omaha_high_unchecked(hole, board):
    """omaha_high without the input check (allocates nothing)."""
    K = _K
    five = _five
    triples = subsets(len(board), 3)
    best = 0
    for i, j in subsets(len(hole), 2):
        h = K[hole[i]] + K[hole[j]]
        for a, b, c in triples:
            v = five(h + K[board[a]] + K[board[b]] + K[board[c]])
            if v > best:
                best = v
    return best


def omaha_low8(hole, board):
    """Omaha eight-or-better low from exactly two hole and three board
    cards (same scale as low8), or None."""
    _check_omaha(hole, board)
    return omaha_low8_unchecked(hole, board)
