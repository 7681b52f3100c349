"""Preset decks for tests: the cards each seat is to get, laid out in
dealing order (burns included) for ``Hand(deck=...)`` (portable: they run
under host_tests/mptest.py too)."""
from checks import fill
from poker.cards import parse


def flop_deck(n, dealer, holes, board=''):
    """holes: {seat: 'cards'}; board: 'f f f t r'; burns before flop, turn
    and river; hole cards one at a time round from the dealer's left."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    per = {}
    m = 0
    for s in holes:
        per[s] = parse(holes[s])
        m = max(m, len(per[s]))
    seq = []
    for p in range(m):
        for s in order:
            if s in per:
                seq.append(per[s][p])
    b = parse(board)
    if b:
        seq += [None] + b[:3] + [None] + b[3:4] + [None] + b[4:5]
    return fill(seq)


def stud_deck(n, dealer, streets):
    """streets[k]: {seat: 'cards'} dealt on round k (third street: 'down down
    door'); a burn before every round but the first; seats from the
    dealer's left, one card at a time."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    seq = []
    for k in range(len(streets)):
        if k:
            seq.append(None)
        per = {}
        m = 0
        for s in streets[k]:
            per[s] = parse(streets[k][s])
            m = max(m, len(per[s]))
        for p in range(m):
            for s in order:
                if s in per:
                    seq.append(per[s][p])
    return fill(seq)


def stud_hands(n, dealer, cards, live=None):
    """cards: {seat: 'seven cards in dealing order'}; live: the seats dealt
    on each later street (default: all). Third street is 3 cards."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    per = {}
    for s in cards:
        per[s] = parse(cards[s])
    seq = []
    for p in range(3):
        for s in order:
            if s in per:
                seq.append(per[s][p])
    for p in range(3, 7):
        seq.append(None)
        for s in order:
            if s in per and (live is None or s in live) and p < len(per[s]):
                seq.append(per[s][p])
    return fill(seq)
