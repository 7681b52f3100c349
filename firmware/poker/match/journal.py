"""The hand in progress on flash, so that a power-on resumes it.

One file, ``journal`` under the store's root: a header when the hand is
dealt (the random state before the shuffle, the deck order, a CRC of the
start), then a 3-byte record per action, each chained by CRC to the ones
before, so reading stops at the first torn record. A ``Writer`` (the
Game's) writes it; with the Game's scheduler ``flush()`` writes what it
holds once the frame is shown. ``poker.match.resume`` reads it back. The
byte layout and why it costs so little flash: docs/saves.md, "The journal".
"""
from micropython import const

from poker.match.store import crc32

_JOURNAL = const(0)  # poker.jobs' kind

VERSION = const(1)
HEADER = const(72)
RECORD = const(3)
MAGIC = b"SJ"


JOURNAL = "journal"  # the hand in progress, under the store's root


def rng_state(rng):
    """The state of a ``poker.rng.Rng`` (``state()``), or None for another
    random source (a hand dealt from it cannot be journaled)."""
    state = getattr(rng, "state", None)
    return state() if state is not None else None


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


class Writer:
    """The journal of the hand in play, on ``store`` (or None: nothing is
    written). ``jobs``: a ``poker.jobs.Jobs`` (or None: written at once):
    the records and the header wait for ``flush()``, its JOURNAL job."""

    def __init__(self, store):
        self.store = store
        self.jobs = None
        self.chain = None    # the chain of the last record; None: no journal for this hand
        self.pending = None  # records not yet written
        self.head = None     # the header not yet written: its fields, then its bytes
        self.remove = False  # a journal of an earlier hand to remove first
        self.save = None     # a new game's record: saved after the removal, before the header

    def open(self, seq, state, hand, start, dealer, code, seats):
        """The journal of ``hand``, just dealt from ``start`` by ``dealer``
        (``state``: the random state before its shuffle; None: one that
        cannot be kept, no journal). Its header is made when first needed
        (its first record, or ``flush``: after the frame that shows the deal)."""
        self.chain = None
        self.pending = None
        self.head = None
        if self.store is None:
            return
        self.remove = True  # a journal left by a cut after its hand was booked
        if state is not None:
            self.head = (seq, state, deck_of(hand), start, dealer, code, seats)
        if self.jobs is None:
            self.flush()
        else:
            self.jobs[_JOURNAL] = self.flush

    def _make_head(self):
        """The pending header's bytes; the records' chain starts from it."""
        h = self.head
        if type(h) is tuple:
            seq, state, deck, start, dealer, code, seats = h
            h, self.chain = header(seq, state, deck, start_crc(start, dealer, code), seats)
            self.head = h
        return h

    def add(self, index):
        """An action's record (its index in the legal actions)."""
        self._make_head()
        if self.chain is None:
            return
        rec, self.chain = record(index, self.chain)
        if self.jobs is not None:
            p = self.pending
            self.pending = rec if p is None else p + rec
            self.jobs[_JOURNAL] = self.flush
        else:
            self._journal_write(rec)

    def flush(self):
        """Writes what waits, in the order writing at once writes it: the
        old journal's removal, a new game's record, the header, the records."""
        st = self.store
        if self.remove:
            self.remove = False
            if st is not None:
                st.remove(JOURNAL)
        save = self.save
        if save is not None:
            save()  # (it clears self.save)
        h = self._make_head()
        if h is not None:
            self.head = None
            if st is None or not st.append(JOURNAL, h):
                self.chain = None  # a failing flash: this hand goes unjournaled
        p = self.pending
        if p is not None:  # (_journal_write inline: the deepest path of the C stack passes here)
            self.pending = None
            if self.chain is not None and st is not None and not st.append(JOURNAL, p):
                self.chain = None  # a failing flash: this hand goes unjournaled

    def _journal_write(self, items):
        st = self.store
        if self.chain is not None and st is not None and not st.append(JOURNAL, items):
            self.chain = None  # a failing flash: this hand goes unjournaled

    def close(self, keep=False):
        """No journal for this hand any more; it leaves the flash now, or
        with ``keep`` at the next ``flush``."""
        self.chain = None
        self.pending = None
        self.head = None
        self.remove = keep
        if keep and self.jobs is not None:
            self.jobs[_JOURNAL] = self.flush
        elif self.store is not None:
            self.store.remove(JOURNAL)


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
