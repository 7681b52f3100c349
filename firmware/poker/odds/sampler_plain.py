"""The plain twins of poker/odds/sampler_viper.py's ``prepare``, ``deal`` and
``score``: byte for byte the same results (host_tests/test_sampler.py
compares them). poker.odds.sampler imports this module only where no viper
path serves (CPython, the WebAssembly port; the tests): on the chip its
bytecode stays out of the heap (read into RAM from LittleFS otherwise).
"""
from poker.rng import Rng


def prepare(hl, starts, needs, plan, hands, state):
    """The viper ``prepare``'s twin: ``plan`` from the table's ``starts``
    and ``needs`` (opponents first, then player 0, then the board cards
    ``state[9]`` to ``state[10]``), its length into ``state[1]``, and the
    known cards of the hands ``hl`` into ``hands`` from ``state[8]``."""
    np = state[2]
    known = state[8]
    m = 0
    for k in range(1, np + 1):
        p = k if k < np else 0
        h = hl[p]
        for i in range(7):
            hands[known + 7 * p + i] = h[i]
        a = 7 * p + starts[p]
        for i in range(a, a + needs[p]):
            plan[m] = i
            m += 1
    for b in range(state[9], state[10]):
        plan[m] = 128 + b
        m += 1
    state[1] = m


def deal(x, t, pool, plan, hands, state):
    """The viper ``deal``'s twin (x, t: unused): ``state[4]`` deals of
    ``state[1]`` cards from ``pool`` (shuffled in place), each card to
    ``hands`` at ``plan[t]`` (< 128: that byte of the deal's hands;
    128 + i: board card i, into every hand at ``state[3] + i``); the Rng
    state in state[5:7]; a deal slot past the first ``state[7]`` first gets
    the known cards, kept in hands from ``state[8]``."""
    npool = state[0]
    m = state[1]
    np7 = 7 * state[2]
    off = state[3]
    known = state[8]
    rng = _RNG
    rng.s0 = state[5]
    rng.s1 = state[6]
    base = 0
    for d in range(state[4]):
        if d >= state[7]:
            for i in range(np7):
                hands[base + i] = hands[known + i]
            state[7] = d + 1
        x = rng.next16()
        for t in range(m):
            # poker.odds.montecarlo's deal LCG (_LCG_A, _LCG_C), a byte at a time:
            # small ints on the device
            x = (((((x >> 8) * 25173) & 255) << 8) + (x & 255) * 25173 + 13849) & 0xFFFF
            j = t + ((x * (npool - t)) >> 16)
            card = pool[j]
            pool[j] = pool[t]
            pool[t] = card
            q = plan[t]
            if q < 128:
                hands[base + q] = card
            else:
                for q in range(base + off + q - 128, base + np7, 7):
                    hands[q] = card
        base += np7
    state[5] = rng.s0
    state[6] = rng.s1


def score(values, n, seats, parts):
    """The viper ``score``'s twin: pot units of player 0 over the deals."""
    total = 0
    o = 0
    while o < n:  # (a range with a variable step is an object: an allocation)
        me = values[o]
        ties = 1
        for p in range(o + 1, o + seats):
            s = values[p]
            if s > me:
                ties = 0
                break
            if s == me:
                ties += 1
        total += parts[ties]
        o += seats
    return total


_RNG = Rng(1)  # the plain deal's Rng (its seed comes from state[5:7])
