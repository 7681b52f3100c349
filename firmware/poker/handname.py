"""Names of showdown hands and the five cards that play, for the screens.

- ``high_five(hole, board, omaha)``: the five cards of the best high hand
  (Omaha: exactly two hole and three board cards), in display order.
- ``low_five(hole, board, low, omaha)``: the five cards of the best low
  (``low`` '8' or 'a5'), highest rank first (ace low), or None (no low).
- ``high_name(five, rival=None)``: 'TWO PAIR K-6', 'KS FULL OF 6S',
  'STRAIGHT TO 9'... With ``rival`` (the best hand it beat, same scale),
  the ranks that decided are added when the category and its main ranks
  tie: 'PAIR 8S, K KICKER', 'A-K-9 HIGH', 'FLUSH A-Q'.
- ``low_name(five)``: '8-6-5-4-A LOW' (razz with a pair: its high name).

Strengths come from poker.evaluator; only names are made here.
"""
from poker import evaluator

_R = "23456789TJQKA"
_LOW_R = "A23456789TJQK"


def _omaha_fives(hole, board):
    for i in range(len(hole)):
        for j in range(i + 1, len(hole)):
            for a in range(len(board)):
                for b in range(a + 1, len(board)):
                    for c in range(b + 1, len(board)):
                        yield [hole[i], hole[j], board[a], board[b], board[c]]


def _fives(cs):
    idx = [0, 1, 2, 3, 4]
    while True:
        yield [cs[i] for i in idx]
        if not evaluator.next_subset(idx, len(cs)):
            return


def high_five(hole, board=(), omaha=False):
    if not omaha:
        return evaluator.best_five(list(hole) + list(board))
    best = None
    top = 0
    for five in _omaha_fives(hole, board):
        v = evaluator.high(five)
        if v > top:
            top = v
            best = five
    return evaluator.best_five(best)


def _low_value(five, low):
    return evaluator.low8(five) if low == "8" else evaluator.low_a5(five)


def _low_rank(c):
    return ((c >> 2) + 1) % 13  # ace low: A = 0 .. K = 12


def low_five(hole, board=(), low="8", omaha=False):
    if omaha:
        fives = _omaha_fives(hole, board)
    else:
        fives = _fives(list(hole) + list(board))
    best = None
    top = None
    for five in fives:
        v = _low_value(five, low)
        if v is not None and (top is None or v > top):
            top = v
            best = five
    if best is None:
        return None
    out = []  # highest rank first (ace low), a simple insertion sort
    for c in best:
        i = 0
        while i < len(out) and _low_rank(out[i]) >= _low_rank(c):
            i += 1
        out.insert(i, c)
    return out


def _shape(five):
    """(category index, main ranks high first, the other ranks high first):
    the ranks that name the hand and the kickers, from its display order."""
    v = evaluator.high(five)
    cat = evaluator.category_index(v)
    ranks = [c >> 2 for c in evaluator.best_five(five)]
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
    return _R[r] + "S"


def high_name(five, rival=None):
    cat, main, rest = _shape(five)
    decide = []
    if rival is not None:
        rcat, rmain, rrest = _shape(rival)
        if rcat == cat and rmain == main:
            for i in range(len(rest)):
                decide.append(rest[i])
                if i >= len(rrest) or rrest[i] != rest[i]:
                    break
    if cat == 0:
        ks = decide if decide else rest[:1]
        return "-".join([_R[r] for r in ks]) + " HIGH"
    if cat == 5:
        if decide:
            return "FLUSH " + "-".join([_R[r] for r in decide])
        return "FLUSH " + _R[rest[0]] + " HIGH"
    if cat == 4:
        return "STRAIGHT TO " + _R[main[0]]
    if cat == 8:
        return "ROYAL FLUSH" if main[0] == 12 else "ST FLUSH TO " + _R[main[0]]
    if cat == 6:
        return _plural(main[0]) + " FULL OF " + _plural(main[1])
    if cat == 2:
        name = "TWO PAIR " + _R[main[0]] + "-" + _R[main[1]]
    else:
        name = ("", "PAIR ", "", "TRIPS ", "", "", "", "QUADS ")[cat] + _plural(main[0])
    if decide:
        name += ", " + "-".join([_R[r] for r in decide]) + (" KICKERS" if len(decide) > 1 else " KICKER")
    return name


def low_name(five):
    ranks = [_low_rank(c) for c in five]
    for r in ranks:
        if ranks.count(r) > 1:  # razz with a pair: named as a high hand
            return high_name(five)
    return "-".join([_LOW_R[r] for r in ranks]) + " LOW"
