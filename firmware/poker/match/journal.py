"""The hand in progress on flash, so that a power-on resumes it.

One file, ``journal`` under the store's root, written as the hand is played:

    header, written once when the hand is dealt (72 bytes):
      b'SJ' | version | seats | seq (4, LE) | random state s0, s1 (2 + 2, LE)
      | deck order (52) | CRC-32 of the start: stacks, dealer, game (4)
      | CRC-32 of the 68 bytes before (4)
    then one record per action, appended as it happens (3 bytes):
      index of the action in ``hand.legal_actions()`` (1)
      | low 16 bits of the chained CRC-32 (2)

The chain starts from the header's CRC and takes in each index in turn, so a
record is good only after every record before it: reading stops at the
first torn or damaged record and keeps all the good ones before it.

What deals the same cards again: the state of ``poker.rng.Rng`` before the
shuffle; the hand shuffles from it, and a deck-exhaustion reshuffle (stud
with many seats) is decided by the deck and the actions (``poker.hand``).
The deck order is kept too, and the replay must deal exactly it, so a hand
that would deal other cards is never resumed. ``poker.match.resume.deal`` is the
one place that turns a header back into a hand. Reading a journal back and
resuming its hand is ``poker.match.resume``, loaded only at a power-on that finds
a journal.

Cost on LittleFS: the file stays under the filesystem's inline limit (512
bytes with the RP2040's 256-byte program size; a hand of 146 actions fills
it), so it lives inside the directory's metadata: an append is one metadata
commit (a program of the whole small file, rounded to 256 bytes), and a
block is erased only when the metadata block fills and is compacted.
"""
from micropython import const

from poker.match.store import crc32

VERSION = const(1)
HEADER = const(72)
RECORD = const(3)
MAGIC = b"SJ"


def rng_state(rng):
    """(s0, s1) of a ``poker.rng.Rng``, or None for another random source
    (a hand dealt from it cannot be journaled)."""
    s0 = getattr(rng, "s0", None)
    s1 = getattr(rng, "s1", None)
    if type(s0) is int and type(s1) is int:
        return s0, s1
    return None


def start_crc(stacks, dealer, code):
    """What the saved game must still say for a journal to belong to it."""
    return crc32(("%s %d %r" % (code, dealer, list(stacks))).encode())


def header(seq, state, deck, check, seats):
    """(the header bytes of a hand, the chain its records start from):
    ``state`` from ``rng_state`` before the shuffle, ``deck`` the 52 cards
    in dealing order (``deck_of``), ``check`` = start_crc."""
    if len(deck) != 52:
        raise ValueError("a deck has 52 cards")
    b = bytearray(HEADER)
    b[0] = MAGIC[0]
    b[1] = MAGIC[1]
    b[2] = VERSION
    b[3] = seats
    _put(b, 4, seq, 4)
    _put(b, 8, state[0], 2)
    _put(b, 10, state[1], 2)
    b[12:64] = bytes(deck)
    _put(b, 64, check, 4)
    chain = crc32(b[:68])
    _put(b, 68, chain, 4)
    return b, chain


def record(index, chain):
    """(the record of an action, the chain after it)."""
    b = bytearray(RECORD)
    b[0] = index
    chain = crc32(b[:1], chain)
    _put(b, 1, chain & 0xFFFF, 2)
    return b, chain


def deck_of(hand):
    """The 52 cards of a hand in dealing order (zeros for a hand that has
    no deck_order: a test's stand-in)."""
    return bytes(hand.deck_order or bytes(52))


def action_index(legal, kind, amount):
    """The index in ``legal`` of the action ``Hand.act(kind, amount)``
    applies (the first of that kind, and of that amount when given)."""
    for i in range(len(legal)):
        k, a = legal[i]
        if k == kind and (amount is None or a == amount):
            return i
    return -1


def _put(b, i, v, n):
    for k in range(n):
        b[i + k] = (v >> (8 * k)) & 0xFF
