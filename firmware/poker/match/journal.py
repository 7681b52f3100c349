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
that would deal other cards is never resumed. ``deal`` is the one place
that turns a header back into a hand.

Written by a ``Writer`` (the Game's: the header when the hand is dealt, a
record an action; held back and written by ``flush()`` when the Game has a
scheduler, once the frame is shown); read back by ``resume(game, store,
blob)`` at a power-on that finds a journal (``read``: the good records).

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


FILE = "journal"  # the hand in progress, under the store's root


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
    written). ``later``: records and the header wait for ``flush()``."""

    def __init__(self, store):
        self.store = store
        self.later = False
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
        if not self.later:
            self.flush()

    def _head(self):
        """The pending header's bytes; the records' chain starts from it."""
        h = self.head
        if type(h) is tuple:
            seq, state, deck, start, dealer, code, seats = h
            h, self.chain = header(seq, state, deck, start_crc(start, dealer, code), seats)
            self.head = h
        return h

    def add(self, index):
        """An action's record (its index in the legal actions)."""
        self._head()
        if self.chain is None:
            return
        rec, self.chain = record(index, self.chain)
        if self.later:
            p = self.pending
            self.pending = rec if p is None else p + rec
        else:
            self._append(rec)

    def flush(self):
        """Writes what waits, in the order writing at once writes it: the
        old journal's removal, a new game's record, the header, the records."""
        st = self.store
        if self.remove:
            self.remove = False
            if st is not None:
                st.remove(FILE)
        save = self.save
        if save is not None:
            save()  # (it clears self.save)
        h = self._head()
        if h is not None:
            self.head = None
            if st is None or not st.append(FILE, h):
                self.chain = None  # a failing flash: this hand goes unjournaled
        p = self.pending
        if p is not None:
            self.pending = None
            self._append(p)

    def waiting(self):
        """True when ``flush`` has something to write."""
        return self.remove or self.save is not None or self.head is not None or self.pending is not None

    def _append(self, records):
        st = self.store
        if self.chain is not None and st is not None and not st.append(FILE, records):
            self.chain = None  # a failing flash: this hand goes unjournaled

    def close(self, later=False):
        """No journal for this hand any more; it leaves the flash now, or
        with ``later`` at the next ``flush``."""
        self.chain = None
        self.pending = None
        self.head = None
        self.remove = later
        if self.store is not None and not later:
            self.store.remove(FILE)


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


# ---------------------------------------------------------------- reading back

def resume(g, st, blob):
    """Deals the journaled hand of Game ``g`` again and replays its actions
    (event ('RESUMED', None)); ``blob`` is the journal's bytes in Store
    ``st``. A journal of this hand that cannot be used voids the hand:
    ('VOID', None); the saved game holds the stacks of its start, so every
    chip goes back."""
    j = read(blob)
    if j is None or (j is not False and j.seq != g.seq):
        # cut while the hand was dealt (no action yet), or a hand already
        # booked: nothing to resume
        st.remove(FILE)
        return
    start = [0 if g.out[i] else g.stacks[i] for i in range(g.seats)]
    h = None
    if (j is not False and j.seats == g.seats and rng_state(g.rng) is not None
            and j.check == start_crc(start, g.dealer, g.code)):
        try:  # the hand dealt again, its actions replayed
            h = deal(j, g.hand_factory, g.variant, g.rules, start, g.dealer, g.rng)
            for i in j.actions if h is not None else ():
                legal = None if h.finished else h.legal_actions()
                if legal is None or i >= len(legal):
                    h = None
                    break
                kind, amount = legal[i]
                h.act(kind, amount)
            if h is not None and h.voided:
                h = None
        except Exception:  # a journal is never worth a crash
            h = None
    # the good records only, atomically, so that appends follow them
    if j is False or h is None or not st.write_raw(FILE, blob[:j.good]):
        st.remove(FILE)
        g.events.append(("VOID", None))
        return
    g.resumed(h, start, j.chain)


def deal(journal, hand_factory, variant, rules, stacks, dealer, rng):
    """The hand of ``journal`` (a Journal) dealt again: ``rng`` is set to the state of
    the deal, then the hand is made as ``Game.start_hand`` makes it. None
    when it deals other cards than the journal's."""
    rng.restore(journal.state)
    h = hand_factory(variant, rules, list(stacks), dealer, rng)
    if deck_of(h) != journal.deck:
        return None
    return h


def read(blob):
    """The Journal in file bytes; None when the header is short (a cut while
    the hand was dealt: no action can follow it), False when it is damaged."""
    if blob is None or len(blob) < HEADER:
        return None
    if blob[0] != MAGIC[0] or blob[1] != MAGIC[1] or blob[2] != VERSION:
        return False
    if crc32(blob[:68]) != _le(blob, 68, 4):
        return False
    return Journal(blob)


class Journal:
    """A journal read back: ``seq``, ``state`` (s0, s1), ``deck`` (bytes),
    ``check``, ``seats``, ``actions`` (bytes: the legal-action indexes of
    the good records), ``chain`` (to append after them), ``good`` (bytes of
    the file that are good: header and good records)."""

    def __init__(self, blob):
        b = blob
        self.seats = b[3]
        self.seq = _le(b, 4, 4)
        self.state = (_le(b, 8, 2), _le(b, 10, 2))
        self.deck = bytes(b[12:64])
        self.check = _le(b, 64, 4)
        chain = _le(b, 68, 4)
        n = 0
        i = HEADER
        while i + RECORD <= len(b):
            c = crc32(b[i:i + 1], chain)
            if c & 0xFFFF != _le(b, i + 1, 2):
                break
            chain = c
            n += 1
            i += RECORD
        self.chain = chain
        self.good = i
        self.actions = bytes(b[HEADER + k * RECORD] for k in range(n))


def _le(b, i, n):
    """The n bytes of b from i, a little-endian number."""
    return int.from_bytes(bytes(b[i:i + n]), "little")
