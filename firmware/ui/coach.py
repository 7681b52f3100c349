"""What the table shows about your own hand: its name and, with coach hints
on, its equity. Both read only the seat's view (poker.view.SeatView)."""
from micropython import const

from poker.cards import LOW_RANK
from poker.eval import evaluator
from poker.view import best_of
from ui.glyphs import RANKS  # (a tuple: a rank's letter made once, not at each name)

# the evaluator's categories (evaluator.CATEGORIES) in at most 8 characters:
# the names fit beside seven large cards
_SHORT = ("HIGH", "PAIR", "TWO PAIR", "TRIPS", "STRAIGHT", "FLUSH",
          "FULL HS", "QUADS", "ST FLUSH")


def own_cards(view):
    """The seat's own cards: down cards it knows, then its up cards."""
    out = []
    for c in view.down[view.seat]:
        if c is not None:
            out.append(c)
    for c in view.up[view.seat]:
        out.append(c)
    return out


def _with_rank(category, cards):
    """The category's name with the rank that names it: 'A HIGH', 'PAIR 7S',
    'TRIPS KS', 'QUADS 2S' (the highest rank held that many times)."""
    if category not in (0, 1, 3, 7):
        return _SHORT[category]
    need = (1, 2, 0, 3, 0, 0, 0, 4)[category]
    counts = bytearray(13)
    for c in cards:
        counts[c >> 2] += 1
    for r in range(12, -1, -1):
        if counts[r] >= need:
            # one string made, by one format (on the device a new string
            # is looked up among every name the heap holds)
            if category == 0:
                return "%s HIGH" % RANKS[r]
            return "%s %sS" % (_SHORT[category], RANKS[r])
    return _SHORT[category]


def _few(cards):
    """Category index of fewer than five cards: pairs, trips, quads only."""
    counts = {}
    for c in cards:
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


def _best_high(cards):
    """Category of the best high hand of 5 to 8 cards."""
    return evaluator.category_index(best_of(cards, evaluator.high))


def _low_rank(r):
    """The letter of ace-low rank r (poker.cards.LOW_RANKS[r]: A = 0 .. K = 12)."""
    return RANKS[(r + 12) % 13]


def _low_ranks(cards):
    """The distinct ranks of the cards, ace low (poker.cards.LOW_RANK), lowest first."""
    ranks = []
    for c in cards:
        r = LOW_RANK[c]
        if r not in ranks:
            ranks.append(r)
    ranks.sort()
    return ranks


def _low_text(cards):
    """'7-LOW' style name of the best eight-or-better low of the cards, ''
    if none."""
    ranks = _low_ranks(cards)
    if len(ranks) < 5:
        return ""
    top = ranks[4]
    if top > 7:
        return ""
    return "%s-LOW" % _low_rank(top)


def razz_text(cards):
    """Razz: the lowest distinct ranks held, up to five, highest first,
    ace low: '8532A' (a made 8-low) or '83A' on third street."""
    ranks = _low_ranks(cards)[:5]
    return "".join([_low_rank(ranks[i]) for i in range(len(ranks) - 1, -1, -1)])


def hand_name(view):
    """A short name of the seat's high hand so far ('PAIR 7S', 'TWO PAIR';
    razz: '8-LOW'), or ''."""
    return name_of(view.variant, own_cards(view), view.board)


def low_name(view):
    """Hi/lo games: the seat's eight-or-better low so far ('7-LOW') or ''."""
    v = view.variant
    if not v.high or v.low != "8":
        return ""
    try:
        own = own_cards(view)
        board = list(view.board or ())
        if v.omaha:
            if len(board) < 3:
                return ""
            from poker.eval import handname

            # the best low of two hole and three board cards: its top card
            five = handname.low_five(own, board, "8", True)
            return _low_text(five) if five is not None else ""
        return _low_text(own + board)
    except Exception:
        return ""


def name_of(v, own, board=()):
    """A short name of a hand of variant v from its own cards and the board."""
    try:
        board = list(board or ())
        own = list(own)
        if not own:
            return ""
        if not v.high:  # razz
            return razz_text(own + board)
        if v.omaha:
            if len(board) < 3:
                return _with_rank(_few(own), own)
            from poker.eval import evaluator, handname

            # named from the five cards that play (two of his, three of the board)
            best = evaluator.omaha_high(own, board)
            return _with_rank(evaluator.category_index(best), handname.high_five(own, board, True, best))
        cards = own + board
        return _with_rank(_best_high(cards) if len(cards) >= 5 else _few(cards), cards)
    except Exception:  # a label is never worth a crash
        return ""


_STRONG_EQ = const(50)   # a fold asks first from this equity (percent) up
_STRONG_CAT = const(3)  # ... or from a made three of a kind up (high games)


def strong(view, eq=None):
    """Why folding this hand deserves a question, or '': the coach's
    equity (``eq``, percent, or None) at _STRONG_EQ or more, a made three
    of a kind or better in a high game, a made eight-or-better low in hi/lo
    and razz. The words say it ('YOU HOLD TRIPS KS')."""
    try:
        if eq is not None and eq >= _STRONG_EQ:
            return "YOUR EQUITY IS %d%%" % eq
        # the made low of the seat's cards ('7-LOW'), eight or better
        # (hi/lo: its low half; razz: the hand itself)
        v = view.variant
        low = ""
        if v.low == "8":
            low = low_name(view)
        elif v.low == "a5":
            low = _low_text(own_cards(view) + list(view.board or ()))  # (its five lowest ranks)
        if low:
            return "YOU HOLD A " + low
        if v.high:
            # the category index of the seat's high hand so far, -1 when
            # there is none to judge (Omaha before the flop: four hole cards
            # are no hand)
            own = own_cards(view)
            board = list(view.board or ())
            if v.omaha:
                category = -1
                if len(board) >= 3:
                    from poker.eval import evaluator

                    category = evaluator.category_index(evaluator.omaha_high(own, board))
            else:
                cards = own + board
                category = _best_high(cards) if len(cards) >= 5 else _few(cards)
            if category >= _STRONG_CAT:
                return "YOU HOLD %s" % hand_name(view)
    except Exception:  # a question is never worth a crash
        pass
    return ""


EQ_SAMPLES = const(120)  # coach equity: Monte Carlo deals in all
EQ_CHUNK = const(15)     # per tick of the table
_BUDGET_MS = const(12)   # and a time cap per tick when the app has a clock


def equity_part(view, rng, clock=None):
    """One slice (EQ_CHUNK deals) of the seat's equity in parts per 1000,
    or None if it cannot be had. The table averages the slices."""
    try:
        from poker.odds import equity as eq

        if clock is not None:
            return eq.view_equity(view, samples=EQ_CHUNK, rng=rng, clock=clock, budget_ms=_BUDGET_MS)
        return eq.view_equity(view, samples=EQ_CHUNK, rng=rng)
    except Exception:  # MemoryError, a game equity does not know: no hint
        return None
