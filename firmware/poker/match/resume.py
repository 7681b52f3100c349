"""A hand's journal read back (``poker.match.journal`` lays it out and
writes it): imported only at a power-on that finds a journal, so the RAM
its code takes on the stock route is spent only then.
"""
from poker.match.journal import HEADER, JOURNAL, MAGIC, RECORD, VERSION, deck_of, rng_state, start_crc
from poker.match.store import crc32


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
        st.remove(JOURNAL)
        return
    start = [0 if g.out[i] else g.stacks[i] for i in range(g.seats)]
    h = None
    if (j is not False and j.seats == g.seats and rng_state(g.rng) is not None
            and j.check == start_crc(start, g.dealer, g.code)):
        try:  # the hand dealt again, its actions replayed
            h = deal(j, g.hand_factory, g.variant, g.rules, start, g.dealer, g.rng)
            if h is not None and not _replay(h, j.actions):
                h = None
        except Exception:  # a journal is never worth a crash
            h = None
    # the good records only, atomically, so that appends follow them
    if j is False or h is None or not st.write_raw(JOURNAL, blob[:j.good]):
        st.remove(JOURNAL)
        g.events.append(("VOID", None))
        return
    g.resumed(h, start, j.chain)


def _replay(h, actions):
    """The journal's actions (legal-action indexes) into hand ``h``: False
    when one cannot be applied, or the deal ends voided."""
    for i in actions:
        if h.finished:
            return False
        legal = h.legal_actions()
        if i >= len(legal):
            return False
        kind, amount = legal[i]
        h.act(kind, amount)
    return not h.voided


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
