"""Power-on with a hand's journal (``poker.match.journal``): reads it back and
resumes the hand it records. Imported only when a journal is found, so the
RAM its code takes is spent only then.
"""
from poker.match.journal import HEADER, MAGIC, RECORD, VERSION, deck_of, rng_state, start_crc
from poker.match.store import crc32


def resume(g, st, blob):
    """Deals the journaled hand of Game ``g`` again and replays its actions
    (event ('RESUMED', None)); ``blob`` is the journal's bytes in Store
    ``st``. A journal of this hand that cannot be used voids the hand:
    ('VOID', None); the saved game holds the stacks of its start, so every
    chip goes back."""
    from poker.match.game import JOURNAL

    j = read(blob)
    if j is None or (j is not False and j.seq != g.seq):
        # cut while the hand was dealt (no action yet), or a hand already
        # booked: nothing to resume
        st.remove(JOURNAL)
        return
    start = [0 if g.out[i] else g.stacks[i] for i in range(g.seats)]
    h = None
    if (j is not False and j.seats == g.seats and rng_state(g.rng) is not None
            and j.check == start_crc(start, g.dealer, g.code)):
        try:
            h = _replay(g, j, start)
        except Exception:  # a journal is never worth a crash
            h = None
    # the good records only, atomically, so that appends follow them
    if j is False or h is None or not st.write_raw(JOURNAL, blob[:j.good]):
        st.remove(JOURNAL)
        g.events.append(("VOID", None))
        return
    g.resumed(h, start, j.chain)


def _replay(g, j, start):
    h = deal(j, g.hand_factory, g.variant, g.rules, start, g.dealer, g.rng)
    if h is None:
        return None
    for i in j.actions:
        if h.finished:
            return None
        legal = h.legal_actions()
        if i >= len(legal):
            return None
        kind, amount = legal[i]
        h.act(kind, amount)
    return None if h.voided else h


def deal(j, hand_factory, variant, rules, stacks, dealer, rng):
    """The hand of journal ``j`` dealt again: ``rng`` is set to the state of
    the deal, then the hand is made as ``Game.start_hand`` makes it. None
    when it deals other cards than the journal's."""
    rng.s0, rng.s1 = j.state
    h = hand_factory(variant, rules, list(stacks), dealer, rng)
    if deck_of(h) != j.deck:
        return None
    return h


def read(blob):
    """The Journal in file bytes; None when the header is short (a cut while
    the hand was dealt: no action can follow it), False when it is damaged."""
    if blob is None or len(blob) < HEADER:
        return None
    if blob[0] != MAGIC[0] or blob[1] != MAGIC[1] or blob[2] != VERSION:
        return False
    if crc32(blob[:68]) != _get(blob, 68, 4):
        return False
    return Journal(blob)


class Journal:
    """A journal read back: ``seq``, ``state`` (s0, s1), ``deck`` (bytes),
    ``check``, ``seats``, ``actions`` (bytes: the legal-action indexes of
    the good records), ``chain`` (to append after them), ``good`` (bytes of
    the file that are good: header and good records), ``torn`` (True when
    bytes after them were dropped)."""

    def __init__(self, blob):
        b = blob
        self.seats = b[3]
        self.seq = _get(b, 4, 4)
        self.state = (_get(b, 8, 2), _get(b, 10, 2))
        self.deck = bytes(b[12:64])
        self.check = _get(b, 64, 4)
        chain = _get(b, 68, 4)
        n = 0
        i = HEADER
        while i + RECORD <= len(b):
            c = crc32(b[i:i + 1], chain)
            if c & 0xFFFF != _get(b, i + 1, 2):
                break
            chain = c
            n += 1
            i += RECORD
        self.chain = chain
        self.good = i
        self.torn = i != len(b)
        self.actions = bytes(b[HEADER + k * RECORD] for k in range(n))


def _get(b, i, n):
    v = 0
    for k in range(n - 1, -1, -1):
        v = (v << 8) | b[i + k]
    return v
