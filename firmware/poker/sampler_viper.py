"""The batch sampler's two loops as ``@micropython.viper`` code (plain
twins in poker.sampler, which imports this module only on MicroPython; a
port without a native emitter cannot compile it and keeps the twins).
host_tests/test_sampler.py checks that both give the same bytes."""
import micropython


@micropython.viper
def deal(pool, plan, hands, ctrl):
    # ctrl (int32): pool size, cards a deal, players, first board slot of a
    # hand, deals, then the Rng state s0, s1 (read, and written back)
    c = ptr32(ctrl)  # noqa: F821
    pl = ptr8(pool)  # noqa: F821
    pn = ptr8(plan)  # noqa: F821
    h = ptr8(hands)  # noqa: F821
    npool = c[0]
    m = c[1]
    np7 = 7 * c[2]
    off = c[3]
    nd = c[4]
    s0 = c[5]
    s1 = c[6]
    base = 0
    d = 0
    while d < nd:
        # one word of Rng.next16 (poker/rng.py, xoroshiro32++) a deal...
        x = (s0 + s1) & 0xFFFF
        x = ((((x << 9) | (x >> 7)) & 0xFFFF) + s0) & 0xFFFF
        s1 ^= s0
        s0 = (((s0 << 13) | (s0 >> 3)) & 0xFFFF) ^ s1 ^ ((s1 << 5) & 0xFFFF)
        s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
        # ...then poker.equity's deal LCG picks each card (in 32 bits the
        # product cannot overflow: x < 2**16)
        t = 0
        while t < m:
            x = (x * 25173 + 13849) & 0xFFFF
            j = t + ((x * (npool - t)) >> 16)
            card = pl[j]
            pl[j] = pl[t]
            pl[t] = card
            q = pn[t]
            if q < 128:   # a player's own card
                h[base + q] = card
            else:         # a board card: into every hand
                q = base + off + q - 128
                end = base + np7
                while q < end:
                    h[q] = card
                    q += 7
            t += 1
        base += np7
        d += 1
    c[5] = s0
    c[6] = s1


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
