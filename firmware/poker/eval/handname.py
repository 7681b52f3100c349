"""Names of showdown hands and the five cards that play, for the screens.

``high_five(hole, board, omaha)``, ``low_five(hole, board, low, omaha)``:
the five cards that play (None: no low); ``high_name(five, rival=None)``
('KS FULL OF 6S'; with the hand it beat, the ranks that decided:
'PAIR 8S, K KICKER'), ``low_name(five)`` ('8-6-5-4-A LOW');
``explain(hand, viewer=None)`` fills a finished Hand's ``plays``, ``names``
and its awards' names (``Hand.explain`` calls it). Strengths come from
poker.eval.evaluator; only names are made here.
"""
from poker.eval import evaluator
from poker.cards import LOW_RANK, LOW_RANKS, RANKS


_BUF = [0, 0, 0, 0, 0]  # the five cards being tried (no list per try)


def _fives(hole, board, omaha, b):
    """Fills b with each five a player may use, yielding after each. Omaha:
    two hole and three board cards, from the evaluator's (cached) index
    lists; else any five of hole + board."""
    if omaha:
        triples = evaluator.subsets(len(board), 3)
        for i, j in evaluator.subsets(len(hole), 2):
            b[0] = hole[i]
            b[1] = hole[j]
            for x, y, z in triples:
                b[2] = board[x]
                b[3] = board[y]
                b[4] = board[z]
                yield
        return
    cs = list(hole) + list(board)
    idx = [0, 1, 2, 3, 4]
    while True:
        for k in range(5):
            b[k] = cs[idx[k]]
        yield
        if not evaluator.next_subset(idx, len(cs)):
            return


def _best(hole, board, omaha, value, target=None):
    """The five (a new list) with the highest value(five) not None, or None;
    the first worth ``target`` when the hand's value is known (the engine
    has it): half the tries on average."""
    b = _BUF
    top = None
    best = None
    for _ in _fives(hole, board, omaha, b):
        v = value(b)
        if v is not None and (top is None or v > top):
            top = v
            best = list(b)
            if v == target:
                return best
    return best


def _high5(five):
    return evaluator.high5_unchecked(five[0], five[1], five[2], five[3], five[4])


def high_five(hole, board=(), omaha=False, target=None):
    return evaluator.best_five(_best(hole, board, omaha, _high5, target))  # display order


def low_five(hole, board=(), low="8", omaha=False, target=None):
    best = _best(hole, board, omaha, evaluator.low8_unchecked if low == "8" else evaluator.low_a5_unchecked,
                 target)
    if best is None:
        return None
    out = []  # highest rank first (ace low), a simple insertion sort
    for c in best:
        i = 0
        while i < len(out) and LOW_RANK[out[i]] >= LOW_RANK[c]:
            i += 1
        out.insert(i, c)
    return out


def shape(five):
    """(category index, main ranks high first, the other ranks high first):
    the ranks that name the hand and the kickers, from its display order
    (high_five's)."""
    cat = evaluator.category_index(_high5(five))
    ranks = [c >> 2 for c in five]
    if cat in (4, 8):  # straights: the top card (the wheel's is the five)
        return cat, [ranks[0]], []
    if cat in (0, 5):
        return cat, [], ranks
    groups = {1: 1, 2: 2, 3: 1, 6: 2, 7: 1}[cat]
    main = []
    rest = []
    for r in ranks:
        if r in main:
            continue
        if len(main) < groups and ranks.count(r) >= 2:
            main.append(r)
        elif r not in main:
            rest.append(r)
    return cat, main, [r for r in rest if r not in main]


def _plural(r):
    return RANKS[r] + "S"


def high_name(five, rival=None):
    cat, main, rest = shape(five)
    decide = []
    if rival is not None:
        rcat, rmain, rrest = shape(rival)
        if rcat == cat and rmain == main:
            for i in range(len(rest)):
                decide.append(rest[i])
                if i >= len(rrest) or rrest[i] != rest[i]:
                    break
    if cat == 0:
        ks = decide if decide else rest[:1]
        return "-".join([RANKS[r] for r in ks]) + " HIGH"
    if cat == 5:
        if decide:
            return "FLUSH " + "-".join([RANKS[r] for r in decide])
        return "FLUSH " + RANKS[rest[0]] + " HIGH"
    if cat == 4:
        return "STRAIGHT TO " + RANKS[main[0]]
    if cat == 8:
        return "ROYAL FLUSH" if main[0] == 12 else "ST FLUSH TO " + RANKS[main[0]]
    if cat == 6:
        return "%s FULL OF %s" % (_plural(main[0]), _plural(main[1]))
    if cat == 2:
        name = "TWO PAIR %s-%s" % (RANKS[main[0]], RANKS[main[1]])
    else:
        name = ("", "PAIR ", "", "TRIPS ", "", "", "", "QUADS ")[cat] + _plural(main[0])
    if decide:
        name += ", " + "-".join([RANKS[r] for r in decide]) + " KICKER" + ("S" if len(decide) > 1 else "")
    return name


def low_name(five):
    ranks = [LOW_RANK[c] for c in five]
    for r in ranks:
        if ranks.count(r) > 1:  # razz with a pair: named as a high hand
            return high_name(evaluator.best_five(five))
    return "-".join([LOW_RANKS[r] for r in ranks]) + " LOW"


def explain(h, seat=None):
    """The cards that play for each seat of Hand h that showed (and the
    ``viewer``'s, mucked), their plain names, and each award's name with
    the ranks that decided against the best hand it beat in that pot."""
    v = h.variant
    named = [s for s in range(h.n) if h.shown[s] is not None or (s == seat and h.mucked[s])]
    hi = {}
    for s in named:
        hi[s], lo = h._strengths(s)
        hf = lf = None
        if v.high:
            hf = high_five(h.hole[s], h.board, v.omaha, hi[s])
        if v.low is not None:
            lf = low_five(h.hole[s], h.board, v.low, v.omaha, lo)
        h.plays[s] = (hf, lf)
        h.names[s] = (high_name(hf) if hf is not None else None, low_name(lf) if lf is not None else None)
    for i in range(len(h.awards)):
        pot, half, amt, shares, _ = h.awards[i]
        w = shares[0][0]
        if h.plays[w] is None:  # won uncontested: nothing shown
            continue
        hf, lf = h.plays[w]
        if half == "low" or not v.high:
            name = low_name(lf) if lf is not None else ""
        else:
            rival = None
            for s in h.pot_info[i][1]:  # the seats in that pot
                if s in named and hi[s] < hi[w] and (rival is None or hi[s] > hi[rival]):
                    rival = s
            name = high_name(hf, h.plays[rival][0] if rival is not None else None)
        h.awards[i] = (pot, half, amt, shares, name)


# -- the statistics' best hand (poker.match.game books it after every hand) --------

def best_high(view, variant):
    """(value, own cards, board) of the high hand of ``view``'s seat at the
    end of a hand (its final SeatView): the value on the evaluator's scale
    (poker.eval.evaluator.high, 1..7462); 0 when the seat folded, the game is not
    a high game or the cards are too few. ``best_high_text`` names it."""
    if not variant.high:
        return 0, (), ()
    seat = view.seat
    if view.folded[seat]:
        return 0, (), ()
    own = [c for c in view.down[seat] if c is not None] + list(view.up[seat])
    board = list(view.board)
    if variant.omaha:
        if len(board) < 3 or len(own) < 2:
            return 0, (), ()
        return evaluator.omaha_high(own, board), own, board
    if len(own) + len(board) < 5:
        return 0, (), ()
    return evaluator.high(own + board), own, board


def best_hand(view, variant):
    """best_high, or in razz (no high hand) the ace-to-five low on
    poker.eval.evaluator.low_a5's scale (higher is better): (value, own cards,
    board), 0 when none. ``best_hand_text`` names it."""
    if variant.high:
        return best_high(view, variant)
    seat = view.seat
    if view.folded[seat]:
        return 0, (), ()
    own = [c for c in view.down[seat] if c is not None] + list(view.up[seat])
    board = list(view.board)
    if len(own) + len(board) < 5:
        return 0, (), ()
    return evaluator.low_a5(own + board), own, board


def best_hand_text(value, own, board, variant):
    """The name of best_hand's hand: best_high_text's, in razz its five
    ranks ('8-6-5-4-A LOW'); '' when none."""
    if variant.high:
        return best_high_text(value, own, board, variant.omaha)
    five = low_five(own, board, "a5", False, value)
    return low_name(five) if five is not None else ""


def best_high_text(value, own, board, omaha):
    """'category cards' of the high hand ``value`` of best_high: its
    category and the five cards that make it, in display order (Omaha: two
    own and three board cards), '' when none of them do."""
    from poker import cards

    five = _best(own, board, omaha, _high5, value)
    if five is None or _high5(five) != value:
        return ""
    return evaluator.category(value) + " " + cards.format(evaluator.best_five(five))
