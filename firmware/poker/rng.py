"""A small seeded random source that gives the same stream on every port.

xoroshiro32++ (two 16-bit words of state, period 2**32 - 1, the generator
of the Parallax P2's XORO32 instruction, constants 13, 5, 10, 9). Every
intermediate stays below 2**17, so MicroPython never allocates a big
integer, and a seed gives the same cards under CPython and on the device.
"""
from micropython import const

_M16 = const(0xFFFF)


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed &= 0xFFFFFFFF
        s0 = seed & _M16
        s1 = (seed >> 16) & _M16
        if s0 == 0 and s1 == 0:
            s1 = 0x9E37  # the all-zero state is the one fixed point
        self.s0 = s0
        self.s1 = s1
        for _ in range(8):  # spread low-entropy seeds
            self.next16()

    def next16(self):
        s0 = self.s0
        s1 = self.s1
        x = (s0 + s1) & _M16
        r = ((((x << 9) | (x >> 7)) & _M16) + s0) & _M16
        s1 ^= s0
        self.s0 = (((s0 << 13) | (s0 >> 3)) & _M16) ^ s1 ^ ((s1 << 5) & _M16)
        self.s1 = ((s1 << 10) | (s1 >> 6)) & _M16
        return r

    def getrandbits(self, k):
        """k random bits, 0 <= k <= 30 (stays a small int on MicroPython)."""
        if k <= 16:
            return self.next16() >> (16 - k)
        if k > 30:
            raise ValueError("at most 30 bits")
        return ((self.next16() << 14) | (self.next16() >> 2)) >> (30 - k)

    def below(self, n):
        return below(self, n)

    def state(self):
        """(s0, s1): what ``restore`` puts back, the stream going on from there."""
        return self.s0, self.s1

    def restore(self, state):
        self.s0, self.s1 = state


def below(rng, n):
    """A uniform integer in [0, n) from any ``getrandbits`` source, by
    rejection: no modulo bias."""
    if n <= 0:
        raise ValueError("n must be positive")
    k = 1
    while (1 << k) < n:
        k += 1
    while True:
        r = rng.getrandbits(k)
        if r < n:
            return r
