"""The saved game on flash: what its record must hold to load, and the
slots of the hand histories.

The ``game`` record (``poker.match.game.Game`` writes it after every hand) is
``{"v": SAVE_VERSION, "seq": hands ever played, "stats": Stats,
"game": {...} or None}``; its ``game`` part has the settings of the game in
play (``GAME_KEYS``) and ``stacks``, ``out``, ``dealer``, ``hand_no``,
``result``, ``bought`` (chips bought by rebuys; 0 when absent). ``check``
refuses one that could not come from a game: beyond its CRC, the types,
the ranges, ``sum(stacks) == players * chips + bought``,
every ``out`` flag equal to ``stack < min_stack``, a live dealer. A refused
record is damage (``poker.match.store``: the last good copy, else defaults, with
one message).

The hand histories: hand number ``seq`` lives in slot ``history_slot(seq)``
as ``b"<seq>\\n"`` and its PHH text; ``parse_history`` reads one back. Its
review (what you saw of it, for LAST HAND) lives in ``review_slot(seq)``.

``books(game, hand, start, final)``: a finished hand's books, the job the
Game hands out (``poker.jobs.BOOKS``), a part a step: the statistics, each
virtual player's memory (a seat a part), the history's text, its write,
the hand's review for LAST HAND (its names, then its write), the game
record (then the journal goes). Each part's garbage is collected
before the next, and a press waits on one part at most.

>>> parse_history(b"12\\nvariant = 'FT'")
(12, "variant = 'FT'")
"""
from micropython import const

from poker import unload
from poker.eval import handname
from poker.match.settings import SAVE_VERSION, Settings, is_int
from poker.match.stats import Stats
from poker.match.store import MAX_SIZE

HISTORY_SIZE = const(8)  # hand histories kept on flash
REVIEWS = const(4)  # hands kept for LAST HAND (poker.match.review), each a file of 1-2 KB
GAME_KEYS = ("game", "stakes", "profile", "players", "chips")  # the settings a game is played with


def history_slot(seq):
    return "hist%d" % (seq % HISTORY_SIZE)


def review_slot(seq):
    """Where hand ``seq``'s review for LAST HAND is kept (poker.match.review)."""
    return "last%d" % (seq % REVIEWS)


def parse_history(payload):
    payload = bytes(payload)
    nl = payload.find(b"\n")
    if nl < 0:
        raise ValueError("history: no header")
    return int(payload[:nl]), payload[nl + 1:].decode()


def check(obj):
    """Validates the "game" record; returns it (its ``stats`` a Stats, its
    game's ``settings`` a Settings) or raises ValueError."""
    if not isinstance(obj, dict) or obj.get("v") != SAVE_VERSION:
        raise ValueError("game: wrong version")
    seq = obj.get("seq")
    if type(seq) is not int or seq < 0:
        raise ValueError("game: bad seq")
    obj["stats"] = Stats.from_obj(obj.get("stats"))
    g = obj.get("game")
    if g is None:
        return obj
    if not isinstance(g, dict):
        raise ValueError("game: not a table")
    s = Settings()
    for name in GAME_KEYS:
        setattr(s, name, g.get(name))
    for name in ("stakes", "players", "chips"):
        if not is_int(getattr(s, name)):
            raise ValueError("game: bad " + name)
    before = [getattr(s, name) for name in GAME_KEYS]
    s.normalize()
    if before != [getattr(s, name) for name in GAME_KEYS]:
        raise ValueError("game: settings out of range")
    n = s.players
    stacks = g.get("stacks")
    out = g.get("out")
    dealer = g.get("dealer")
    hand_no = g.get("hand_no")
    result = g.get("result")
    if not isinstance(stacks, list) or len(stacks) != n or not isinstance(out, list) or len(out) != n:
        raise ValueError("game: bad seats")
    min_stack = s.house().min_stack()
    for i in range(n):
        if not is_int(stacks[i]) or stacks[i] < 0 or not isinstance(out[i], bool):
            raise ValueError("game: bad stack")
        if out[i] != (stacks[i] < min_stack):
            raise ValueError("game: bad elimination")
    bought = g.get("bought", 0)
    if not is_int(bought) or bought < 0:
        raise ValueError("game: bad rebuys")
    if sum(stacks) != n * s.chips + bought:
        raise ValueError("game: chips do not add up")
    if type(hand_no) is not int or hand_no < 0 or type(dealer) is not int or not 0 <= dealer < n:
        raise ValueError("game: bad dealer")
    if result not in (None, "won", "lost"):
        raise ValueError("game: bad result")
    if result is None and (out[dealer] or out[0]):
        raise ValueError("game: bad dealer")
    g["settings"] = s
    return obj


# ---------------------------------------------------------------- a hand's books

def books(g, h, start, final):
    """The books of Game ``g``'s finished hand ``h`` (dealt from stacks
    ``start``, ended with ``final``), a part between two yields."""
    # the last action on flash first: a cut in the saves below resumes the
    # finished hand, and its end is booked again
    g.flush_journal()
    _record_stats(g, h, start, final)
    yield
    for seat in range(1, len(start)):
        _tell_bot(g, h, start, seat)
        yield
    st = g.store
    text = _history_text(h) if st is not None else None
    yield
    if st is not None and text is not None:
        st.write(history_slot(g.seq), (b"%d\n" % g.seq, text), False)
    text = None
    yield
    _explain(h)
    yield
    if st is not None:
        _write_review(g, h, st)
    yield
    g.unbooked = None
    g._save()
    g.journal.close()


def _tell_bot(g, h, start, seat):
    """The final view of the hand to Game ``g``'s virtual player at ``seat``
    if it was dealt in and has ``observe`` (Hard: folds that ended the hand
    count too)."""
    bot = g.bots.get(seat)
    if bot is not None and start[seat] and hasattr(bot, "observe"):
        try:
            bot.observe(h.view(seat))
        except Exception:  # a broken virtual player must not stop the console
            pass


def _explain(h):
    """The hand explained as you saw it (its names, for LAST HAND and the
    showdown screen): the review's slower part, before its write. Never
    worth a crash."""
    try:
        h.explain(0)
    except Exception:
        pass


def _write_review(g, h, st):
    """The hand's review for LAST HAND (poker.match.review) on flash: made,
    written and dropped in one part (no bytes kept between parts). Never
    worth a crash."""
    try:
        import json

        from poker.match import review

        st.write(review_slot(g.seq), json.dumps(review.record(h, g.seq, g.code)).encode(), False)
    except Exception:
        pass
    finally:
        unload("poker.match.review")


def _history_text(h):
    """The hand's PHH text (poker.phhout), cut to a record's size; empty if
    it fails: a history is never worth a crash. poker.phhout is imported
    for it and forgotten after: its code (5 KB on the stock route) is
    needed once a hand."""
    try:
        text = h.to_phh().encode()
    except Exception:
        text = b""
    finally:
        unload("poker.phhout")
    if len(text) > MAX_SIZE - 16:  # a record's limit
        text = text[:MAX_SIZE - 16]
    return text


def _record_stats(g, h, start, final):
    pot = 0
    won = False
    for amount, winners in h.pots:
        pot += amount
        if 0 in winners:
            won = True
    variant = g.variant
    try:
        best, own, board = handname.best_hand(h.view(0), variant)
    except Exception:  # a statistic is never worth a crash
        best, own, board = 0, (), ()
    # the hand's name only for a new best (finding its five allocates)
    g.stats.record_hand(g.code, final[0] - start[0], won, pot, best,
                        lambda: _best_text(best, own, board, variant))  # pyright: ignore[reportArgumentType]  (a str or a function giving one)


def _best_text(value, own, board, variant):
    try:
        return handname.best_hand_text(value, own, board, variant)
    except Exception:  # a statistic is never worth a crash
        return ""
