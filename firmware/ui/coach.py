"""What the table shows about your own hand: its name and, with coach hints
on, its equity. Both read only the seat's view (poker.view.SeatView)."""
from micropython import const

_SHORT = ("HIGH CARD", "PAIR", "TWO PAIR", "TRIPS", "STRAIGHT", "FLUSH",
          "FULL HOUSE", "QUADS", "STR FLUSH")
_CATS = ("high card", "pair", "two pair", "three of a kind", "straight",
         "flush", "full house", "four of a kind", "straight flush")
_RANKS = "23456789TJQKA"
_LOW_RANKS = "A23456789TJQK"


def own_cards(view):
    """The seat's own cards: down cards it knows, then its up cards."""
    out = []
    for c in view.down[view.seat]:
        if c is not None:
            out.append(c)
    for c in view.up[view.seat]:
        out.append(c)
    return out


def _few(cs):
    """Category index of fewer than five cards: pairs, trips, quads only."""
    counts = {}
    for c in cs:
        r = c >> 2
        counts[r] = counts.get(r, 0) + 1
    pairs = trips = quads = 0
    for n in counts.values():
        if n == 2:
            pairs += 1
        elif n == 3:
            trips += 1
        elif n >= 4:
            quads += 1
    if quads:
        return 7
    if trips and pairs:
        return 6
    if trips:
        return 3
    if pairs >= 2:
        return 2
    if pairs:
        return 1
    return 0


def _cat_index(value):
    from poker import evaluator

    name = evaluator.category(value)
    return _CATS.index(name) if name in _CATS else 0


def _best_high(cs):
    """Category of the best high hand of 5 to 8 cards."""
    from poker import evaluator

    if len(cs) <= 7:
        return _cat_index(evaluator.high(cs))
    best = 0
    for i in range(len(cs)):  # 8 cards (stud community card): drop one
        best = max(best, evaluator.high(cs[:i] + cs[i + 1:]))
    return _cat_index(best)


def _low_text(cs, eight):
    """'7-LOW' style name of the best low of the cards, '' if none."""
    ranks = []
    for c in cs:
        r = c >> 2
        r = 0 if r == 12 else r + 1  # ace low: A=0, 2=1 .. K=12
        if r not in ranks:
            ranks.append(r)
    if len(ranks) < 5:
        return ""
    ranks.sort()
    top = ranks[4]
    if eight and top > 7:
        return ""
    return _LOW_RANKS[top] + "-LOW"


def hand_name(view):
    """A short name of the seat's hand so far ('TWO PAIR', '8-LOW'), or ''."""
    return name_of(view.variant, own_cards(view), view.board)


def name_of(v, own, board=()):
    """A short name of a hand of variant v from its own cards and the board."""
    try:
        board = list(board or ())
        own = list(own)
        if not own:
            return ""
        if not v.high:  # razz
            return _low_text(own + board, False)
        if getattr(v, "omaha", False):
            if len(board) < 3:
                k = _few(own)
                return _SHORT[k] if k else ""
            from poker import evaluator

            name = _SHORT[_cat_index(evaluator.omaha_high(own, board))]
            if v.low and evaluator.omaha_low8(own, board) is not None:
                name += " +LO"
            return name
        cs = own + board
        name = _SHORT[_best_high(cs) if len(cs) >= 5 else _few(cs)]
        if v.low and _low_text(cs, True):
            name += " +LO"
        return name
    except Exception:  # a label is never worth a crash
        return ""


_SAMPLES = const(120)   # coach equity: Monte Carlo deals
_BUDGET_MS = const(40)  # and a time cap when the app has a clock


def equity(view, rng, clock=None):
    """Equity of the seat's hand in percent (0..100), or None if unknown."""
    try:
        from poker import equity as eq

        if clock is not None:
            pm = eq.view_equity(view, samples=_SAMPLES, rng=rng, clock=clock, budget_ms=_BUDGET_MS)
        else:
            pm = eq.view_equity(view, samples=_SAMPLES, rng=rng)
        return (pm + 5) // 10
    except Exception:
        return None
