"""The plain twins of poker/odds/sampler_viper.py's ``prepare``, ``deal`` and
``score``: byte for byte the same results (host_tests/test_sampler.py
compares them). poker.odds.sampler imports this module only where no viper
path serves (CPython, the WebAssembly port; the tests): on the chip its
bytecode stays out of the heap (read into RAM from LittleFS otherwise).
"""
from micropython import const

from poker.rng import Rng

# _CTRL's slots (by the same names in sampler_plain and sampler_viper, which
# read it: host_tests/test_sampler.py holds them equal)
_POOL = const(0)     # pool size
_CARDS = const(1)    # cards a deal
_PLAYERS = const(2)  # players
_BOARD = const(3)    # the first board slot in a hand
_DEALS = const(4)    # deals
_S0 = const(5)       # the Rng's state
_S1 = const(6)
_FILLED = const(7)   # deal slots filled with the known cards
_KNOWN = const(8)    # where the known cards are (in the hands' buffer)
_BFROM = const(9)    # the board's first unknown card
_BTO = const(10)     # the board's size


def prepare(hl, starts, needs, plan, hands, state):
    """The viper ``prepare``'s twin: ``plan`` from the table's ``starts``
    and ``needs`` (opponents first, then player 0, then the board cards
    ``state[_BFROM]`` to ``state[_BTO]``), its length into ``state[_CARDS]``, and the
    known cards of the hands ``hl`` into ``hands`` from ``state[_KNOWN]``."""
    np = state[_PLAYERS]
    known = state[_KNOWN]
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
    for b in range(state[_BFROM], state[_BTO]):
        plan[m] = 128 + b
        m += 1
    state[_CARDS] = m


def deal(x, t, pool, plan, hands, state):
    """The viper ``deal``'s twin (x, t: unused): ``state[_DEALS]`` deals of
    ``state[_CARDS]`` cards from ``pool`` (shuffled in place), each card to
    ``hands`` at ``plan[t]`` (< 128: that byte of the deal's hands;
    128 + i: board card i, into every hand at ``state[_BOARD] + i``); the Rng
    state in state[5:7]; a deal slot past the first ``state[_FILLED]`` first gets
    the known cards, kept in hands from ``state[_KNOWN]``."""
    npool = state[_POOL]
    m = state[_CARDS]
    np7 = 7 * state[_PLAYERS]
    off = state[_BOARD]
    known = state[_KNOWN]
    rng = _RNG
    rng.s0 = state[_S0]
    rng.s1 = state[_S1]
    base = 0
    for d in range(state[_DEALS]):
        if d >= state[_FILLED]:
            for i in range(np7):
                hands[base + i] = hands[known + i]
            state[_FILLED] = d + 1
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
    state[_S0] = rng.s0
    state[_S1] = rng.s1


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
