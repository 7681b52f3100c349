"""The batch sampler's two loops as ``@micropython.viper`` code (plain
twins in poker.odds.sampler, which imports this module only on MicroPython; a
port without a native emitter cannot compile it and keeps the twins).
host_tests/test_sampler.py checks that both give the same bytes."""
import micropython
from micropython import const

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


@micropython.viper
def prepare(hl, starts, needs, plan: ptr8, hands: ptr8, ctrl: ptr32):  # noqa: F821
    # the plan (where each dealt card goes) and the known cards, from a
    # table's hands, starts and needs (lists); ctrl as deal's, and 9, 10:
    # the board's first unknown card and its size; writes the cards a
    # deal into ctrl[_CARDS]
    c = ctrl
    np = c[_PLAYERS]
    kn = ptr8(int(hands) + c[_KNOWN])  # noqa: F821
    m = 0
    k = 1
    while k <= np:  # opponents first, then player 0 (as equity deals)
        p = k
        if k == np:
            p = 0
        h = hl[p]
        i = 0
        while i < 7:
            kn[7 * p + i] = int(h[i])
            i += 1
        a = 7 * p + int(starts[p])
        e = a + int(needs[p])
        while a < e:
            plan[m] = a
            m += 1
            a += 1
        k += 1
    b = c[_BFROM]
    while b < c[_BTO]:
        plan[m] = 128 + b
        m += 1
        b += 1
    c[_CARDS] = m


@micropython.viper
def deal(x: int, t: int, pool: ptr8, plan: ptr8, hands: ptr8, ctrl: ptr32):  # noqa: F821
    # x, t: scratch (pass 0): viper keeps a function's first three locals
    # in registers on the Cortex-M0+, so the hottest come first. ctrl
    # (int32, poker.odds.sampler._CTRL): pool size, cards a deal, players,
    # first board slot of a hand, deals, the Rng state s0, s1 (read, and
    # written back), deal slots holding the known cards so far (updated),
    # the known cards' offset in hands
    c = ctrl
    npool = c[_POOL]
    m = c[_CARDS]
    np7 = 7 * c[_PLAYERS]
    off = c[_BOARD]
    nd = c[_DEALS]
    s0 = c[_S0]
    s1 = c[_S1]
    filled = c[_FILLED]
    known = ptr8(int(hands) + c[_KNOWN])  # noqa: F821
    h = hands
    d = 0
    while d < nd:
        if d >= filled:  # this slot's first deal: the known cards
            t = 0
            while t < np7:
                h[t] = known[t]
                t += 1
            filled = d + 1
        # one word of Rng.next16 (poker/rng.py, xoroshiro32++) a deal...
        x = (s0 + s1) & 0xFFFF
        x = ((((x << 9) | (x >> 7)) & 0xFFFF) + s0) & 0xFFFF
        s1 ^= s0
        s0 = (((s0 << 13) | (s0 >> 3)) & 0xFFFF) ^ s1 ^ ((s1 << 5) & 0xFFFF)
        s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
        # ...then poker.odds.equity's deal LCG picks each card (in 32 bits the
        # product cannot overflow: x < 2**16)
        t = 0
        while t < m:
            x = (x * 25173 + 13849) & 0xFFFF
            j = t + ((x * (npool - t)) >> 16)
            card = pool[j]
            pool[j] = pool[t]
            pool[t] = card
            q = plan[t]
            if q < 128:   # a player's own card
                h[q] = card
            else:         # a board card: into every hand
                q = off + q - 128
                while q < np7:
                    h[q] = card
                    q += 7
            t += 1
        h = ptr8(int(h) + np7)  # noqa: F821
        d += 1
    c[_S0] = s0
    c[_S1] = s1
    c[_FILLED] = filled


@micropython.viper
def score(strengths, n: int, np: int, shares) -> int:
    # the pot units player 0 wins over the deals whose n strengths (np a
    # deal, player 0 first) are in strengths; shares[k] = the pot // k
    w = ptr16(strengths)  # noqa: F821
    sh = ptr16(shares)  # noqa: F821
    total = 0
    o = 0
    while o < n:
        me = w[o]
        ties = 1
        p = 1
        while p < np:
            s = w[o + p]
            if s > me:
                ties = 0
                break
            if s == me:
                ties += 1
            p += 1
        total += sh[ties]
        o += np
    return total
