"""Exact equity: every deal of the unknown cards of a ``poker.odds.equity.Deal``
walked once. Imported at its first use (``equity(..., exact_max=N)``): the
virtual players and the coach never ask for it, so in a game its code
takes no RAM.

``count(t, limit)``: how many deals that is (capped at ``limit`` + 1);
``walk(t)``: (units, deals).
"""
from poker.eval.evaluator import next_subset


def count(t, limit):
    """How many distinct deals ``walk`` would walk (capped at ``limit`` + 1)."""
    left = len(t.pool)
    total = 1
    groups = t.needs + [t.nboard - t.bstart]
    for k in groups:
        total *= _choose(left, k)
        left -= k
        if total > limit:
            return limit + 1
    return total


def _choose(n, k):
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def walk(t):
    """Walks every deal of the unknown cards once: (units, deals)."""
    groups = []  # (list to fill, first index, how many)
    for p in range(1, t.nplayers):
        if t.needs[p]:
            groups.append((t.hands[p], t.starts[p], t.needs[p]))
    if t.needs[0]:
        groups.append((t.hands[0], t.starts[0], t.needs[0]))
    if t.nboard > t.bstart:
        groups.append((t.bd, t.bstart, t.nboard - t.bstart))
    used = bytearray(len(t.pool))
    acc = [0, 0]
    _walk(t, groups, 0, used, acc, t.scorer())
    return acc[0], acc[1]


def _walk(t, groups, g, used, acc, share):
    if g == len(groups):
        t.copy_board()
        acc[0] += share()
        acc[1] += 1
        return
    target, base, k = groups[g]
    pool = t.pool
    free = [i for i in range(len(pool)) if not used[i]]
    n = len(free)
    idx = list(range(k))
    while True:
        for i in range(k):
            target[base + i] = pool[free[idx[i]]]
        if g + 1 == len(groups):
            t.copy_board()
            acc[0] += share()
            acc[1] += 1
        else:
            for i in range(k):
                used[free[idx[i]]] = 1
            _walk(t, groups, g + 1, used, acc, share)
            for i in range(k):
                used[free[idx[i]]] = 0
        if not next_subset(idx, n):
            return
