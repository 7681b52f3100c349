"""PLACEHOLDER hand evaluator (direct computation), to be replaced by the
lookup-table evaluator. Same public API; the scale of strengths will change,
so callers must only compare strengths and use category().
"""
from poker import cards as _cards

CATEGORIES = ('high card', 'pair', 'two pair', 'three of a kind', 'straight',
              'flush', 'full house', 'four of a kind', 'straight flush')


def _check(cards, lo=5, hi=7):
    n = len(cards)
    if n < lo or n > hi:
        raise ValueError("need %d to %d cards, got %d" % (lo, hi, n))
    seen = 0
    for c in cards:
        if not isinstance(c, int) or not 0 <= c < 52:
            raise ValueError("bad card %r" % (c,))
        if seen >> c & 1:
            raise ValueError("duplicate card %s" % _cards.name(c))
        seen |= 1 << c


def _straight_top(mask):
    for top in range(12, 2, -1):
        need = 0x1F << (top - 4) if top >= 4 else 0
        if top >= 4 and mask & need == need:
            return top
    if mask & 0x100F == 0x100F:
        return 3
    return -1


def _five(cs):
    ranks = sorted([c >> 2 for c in cs], reverse=True)
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted([(n, r) for r, n in counts.items()], reverse=True)
    flush = len(set([c & 3 for c in cs])) == 1
    mask = 0
    for r in ranks:
        mask |= 1 << r
    st = _straight_top(mask) if len(counts) == 5 else -1
    if st >= 0 and flush:
        cat, key = 8, [st]
    elif groups[0][0] == 4:
        cat, key = 7, [groups[0][1], groups[1][1]]
    elif groups[0][0] == 3 and groups[1][0] == 2:
        cat, key = 6, [groups[0][1], groups[1][1]]
    elif flush:
        cat, key = 5, ranks
    elif st >= 0:
        cat, key = 4, [st]
    elif groups[0][0] == 3:
        cat, key = 3, [g[1] for g in groups]
    elif groups[0][0] == 2 and groups[1][0] == 2:
        cat, key = 2, [g[1] for g in groups]
    elif groups[0][0] == 2:
        cat, key = 1, [g[1] for g in groups]
    else:
        cat, key = 0, ranks
    v = cat
    for i in range(5):
        v = v * 13 + (key[i] if i < len(key) else 0)
    return v


def _combos(items, k):
    n = len(items)
    idx = list(range(k))
    while True:
        yield [items[i] for i in idx]
        i = k - 1
        while i >= 0 and idx[i] == i + n - k:
            i -= 1
        if i < 0:
            return
        idx[i] += 1
        for j in range(i + 1, k):
            idx[j] = idx[j - 1] + 1


def high(cards):
    _check(cards)
    return max([_five(c) for c in _combos(list(cards), 5)])


def category(strength):
    return CATEGORIES[strength // 13 ** 5]


def best_five(cards):
    _check(cards)
    best = None
    for c in _combos(list(cards), 5):
        v = _five(c)
        if best is None or v > best[0]:
            best = (v, c)
    return best[1]


def _low_value(ranks5):
    # ranks ace-low 1..13; lower hand is better, higher strength is better
    v = 0
    for r in sorted(ranks5, reverse=True):
        v = v * 14 + r
    return 14 ** 5 - v


def low_a5(cards):
    _check(cards)
    best = None
    for c in _combos(list(cards), 5):
        rs = [((x >> 2) + 2) % 14 or 1 if (x >> 2) != 12 else 1 for x in c]
        rs = [1 if (x >> 2) == 12 else (x >> 2) + 2 for x in c]
        pairs = 5 - len(set(rs))
        v = _low_value(rs) - pairs * 14 ** 5
        if best is None or v > best:
            best = v
    return best


def low8(cards):
    _check(cards)
    best = None
    for c in _combos(list(cards), 5):
        rs = [1 if (x >> 2) == 12 else (x >> 2) + 2 for x in c]
        if len(set(rs)) == 5 and max(rs) <= 8:
            v = _low_value(rs)
            if best is None or v > best:
                best = v
    return best


def omaha_high(hole, board):
    _check(list(hole) + list(board), 5, 9)
    return max([_five(h + b) for h in _combos(list(hole), 2) for b in _combos(list(board), 3)])


def omaha_low8(hole, board):
    _check(list(hole) + list(board), 5, 9)
    best = None
    for h in _combos(list(hole), 2):
        for b in _combos(list(board), 3):
            v = low8(h + b)
            if v is not None and (best is None or v > best):
                best = v
    return best
