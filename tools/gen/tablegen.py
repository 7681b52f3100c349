"""Builds the hand evaluator's lookup tables from first principles.

    python tools/gen/tablegen.py [--out DIR]        (``make tables``)

writes ``firmware/tables/high.bin`` (138,942 bytes) and ``high5.bin``
(15,884 bytes). Nothing is copied from anywhere: every
number in the file is derived below, deterministically (no randomness, every
search runs in a fixed order), so running this twice gives identical bytes.

The method
==========
Cards are ``rank * 4 + suit`` (rank 0..12 = 2..A, suit 0..3 = c d h s).

1. Strength scale. All 7,462 distinct five-card hand values are enumerated
   (every multiset of five ranks, plus the 1,287 sets of five distinct ranks
   once more as flushes), given a comparison key written from the rules
   (category, then the ranks that break ties: groups by size then rank,
   straights by their top card, the wheel 5-high) and numbered 1..7462 in
   key order: higher is better, equal is a tie. Flushes and straight flushes
   then sit exactly a constant above the high cards and straights made of
   the same ranks (+5863 and +1599); the generator checks that and the
   evaluator relies on it.

2. Rank keys. Thirteen integers, found by a greedy search: each key is the
   smallest integer above the previous one such that, for every size m <= 7,
   all multisets of m ranks (at most four of a rank) over the ranks so far
   have distinct sums. The result (0, 1, 5, 22, 98, ..., 1479181) makes the
   sum of the rank keys of any 5, 6 or 7 cards identify their rank multiset;
   the largest 7-card sum is 7,825,759 < 2**23. A bitset sieve on the
   (7, 6)-card collisions keeps the search to a few seconds.

3. Suit keys. Four small integers (0, 1, 25, 32), the smallest found such that
   the sum of the suit keys of 5, 6 or 7 cards tells whether a suit has five
   or more cards, and which suit, and how many. Centred (minus 16) and
   shifted above the rank part, each card's key is
   ``rank_key + (suit_key - 16) << 23``: the sum of seven such keys lies in
   (-2**30, 2**30), a MicroPython small int, with the rank sum in its low 23
   bits and the suit sum in the bits above (a signed value, -112..112). A
   256-byte table per hand size, indexed by ``(sum >> 23) & 255``, gives
   0 (no flush) or 1 + suit + 4 * (suited cards - 5).

4. One hash table for three key sets: the 49,205 seven-card rank sums, the
   6,175 five-card rank sums plus an offset C5, and the 1,716 sums of six
   distinct ranks plus an offset C6 (used to value a six-card flush). C5 and
   C6 are the smallest offsets that keep the three sets disjoint (bitset
   sieve). 57,096 keys x < 2**24 in all.

5. Perfect hash (hash and displace): bucket ``x % B``; bucket by bucket, in
   order of decreasing size, the smallest displacement d < 65536 such that
   the slots ``(x ^ d) % N`` of its keys are all free and distinct. The value
   table holds each key's strength at its slot (u16); unused slots hold 0.
   With B = 57096 // 6 buckets and N = 57096 / 0.96 slots (load 0.96) the
   displacements fit u16. (firmware/poker/eval/viper_full.py has B and
   N as constants, checked against the bound tables by its bind(): change
   them together.)

6. The compact table ``high5.bin``: the same keys and layout, but only the
   6,175 five-card rank sums (no offset). The evaluator falls back to it
   when the heap cannot hold ``high.bin`` (stock firmware, tables read into
   RAM); it values six and seven cards as the best of their five-card
   subsets (the key sum minus one or two cards' keys), 6 or 21 lookups.

Evaluating seven non-flush cards is then seven key reads and adds, one flush
table read, one displacement read and one value read; every intermediate
stays below 2**30 in magnitude. A flush (about 3 % of random 7-card hands)
adds seven reads of a per-suit key table (the rank keys of that suit's
cards only) and one more hash lookup of those distinct ranks (as 5, 6 or 7
cards), shifted from high card to flush or straight to straight flush.

File layout (little-endian): 8-byte magic ``b"STUDHI01"``, then 32 u32
header words (see HEADER below), then the sections, each 4-byte aligned:
rank keys (13 x u32), suit keys (4 x u8, padded), flush tables (3 x 256 u8
for 5, 6, 7 cards), displacements (B x u16), values (N x u16). Header word
``five_only`` is 1 in the compact file.
"""
import argparse
import itertools
import os
import struct
import sys
import time

from paths import ROOT
OUT_DIR = os.path.join(ROOT, "firmware", "tables")
FILE_NAME = "high.bin"    # the full table: 5-, 6- and 7-card hands
FILE_NAME_5 = "high5.bin"  # the compact one: five-card hands only
MAGIC = b"STUDHI01"

RANK_SHIFT = 23   # rank sums live in the low 23 bits
SUIT_BIAS = 16    # suit keys are centred by this much
LAMBDA = 6        # keys per hash bucket (on average)
LOAD = 0.96       # keys per table slot

CATEGORIES = ('high card', 'pair', 'two pair', 'three of a kind', 'straight',
              'flush', 'full house', 'four of a kind', 'straight flush')

# The header words, in order, after the magic.
HEADER = ("version", "rank_shift", "suit_bias", "c5", "c6", "buckets", "slots",
          "off_rank_keys", "off_suit_keys", "off_flush", "off_disp", "off_values",
          "size", "hash_family", "n_keys", "n_strengths",
          # first strength of each of the nine categories
          "cat0", "cat1", "cat2", "cat3", "cat4", "cat5", "cat6", "cat7", "cat8",
          "flush_shift", "sf_shift", "max7", "five_only", "r3", "r4", "r5")
assert len(HEADER) == 32


def log(*args):
    print(*args, flush=True)


# ---------------------------------------------------------------- strengths

def five_key(ranks, flush):
    """Comparison key of five cards given their ranks (0..12) and flushness:
    a larger key is a better hand. Written from the rules, nothing else."""
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [c for _r, c in groups]
    order = tuple(r for r, _c in groups)
    top = None
    if len(counts) == 5:
        s = sorted(ranks)
        if s[4] - s[0] == 4:
            top = s[4]
        elif s == [0, 1, 2, 3, 12]:
            top = 3  # the wheel, 5-high
    if top is not None:
        return (8 if flush else 4, (top,))
    if flush:
        return (5, order)
    if shape[0] == 4:
        return (7, order)
    if shape[:2] == [3, 2]:
        return (6, order)
    if shape[0] == 3:
        return (3, order)
    if shape[:2] == [2, 2]:
        return (2, order)
    if shape[0] == 2:
        return (1, order)
    return (0, order)


def multisets(n, first=0, most=4):
    """All multisets of n ranks from first..12, at most `most` of a rank, as
    sorted tuples, in a fixed order."""
    if n == 0:
        yield ()
        return
    if first == 13:
        return
    for c in range(min(most, n), -1, -1):
        for rest in multisets(n - c, first + 1, most):
            yield (first,) * c + rest


def strength_scale():
    keys = set()
    for m in multisets(5):
        keys.add(five_key(m, False))
        if len(set(m)) == 5:
            keys.add(five_key(m, True))
    ordered = sorted(keys)
    strength = {}
    for i, k in enumerate(ordered):
        strength[k] = i + 1
    assert len(strength) == 7462, len(strength)
    return strength


# ---------------------------------------------------------------- key search

def search_rank_keys(nranks=13, most=4, size=7):
    """Greedy: each key the smallest above the last that keeps the sums of
    every m-multiset (m <= size, at most `most` of a rank) distinct."""
    keys = []
    sums = [[0]] + [[] for _ in range(size)]  # sums[m]: m-multisets so far
    pairs = [(p, q) for p in range(size, 0, -1) for q in range(p - 1, -1, -1)
             if p - q <= most]
    k = 0
    for _i in range(nranks):
        sets = [set(s) for s in sums]

        def collides(k, sets=sets, sums=sums):
            # a p-multiset and a q-multiset plus (p - q) copies of k collide
            for p, q in pairs:
                dk = (p - q) * k
                sp = sets[p]
                for b in sums[q]:
                    if b + dk in sp:
                        return True
            return False

        big, small = sums[size], sums[size - 1]
        if len(big) * len(small) > 100000:
            # sieve: k = a - b for a 7-sum a and a 6-sum b is always a collision
            free = free_offsets(big, small)
            while True:
                x = free >> k
                k += (x & -x).bit_length() - 1
                if not collides(k):
                    break
                k += 1
        else:
            while collides(k):
                k += 1
        keys.append(k)
        sums = [sorted(b + j * k for j in range(min(most, m) + 1) for b in sums[m - j])
                for m in range(size + 1)]
        k += 1
    return keys


def suit_compositions(n):
    for a in range(n + 1):
        for b in range(n + 1 - a):
            for c in range(n + 1 - a - b):
                yield (a, b, c, n - a - b - c)


def flush_class(comp):
    """0 = no suit with five or more cards, else 1 + suit + 4 * (count - 5)."""
    for s in range(4):
        if comp[s] >= 5:
            return 1 + s + 4 * (comp[s] - 5)
    return 0


def search_suit_keys():
    """The smallest (0, a, b, c), by c then b then a, whose 5-, 6- and 7-card
    sums determine the flush class."""
    for c in range(1, 64):
        for b in range(1, c):
            for a in range(1, b):
                w = (0, a, b, c)
                ok = True
                for n in (5, 6, 7):
                    seen = {}
                    for comp in suit_compositions(n):
                        s = sum(x * y for x, y in zip(comp, w))
                        if seen.setdefault(s, flush_class(comp)) != flush_class(comp):
                            ok = False
                            break
                    if not ok:
                        break
                if ok:
                    return w
    raise RuntimeError("no suit keys found")


def free_offsets(taken, values):
    """The offsets c >= 0 with (v + c) not in taken for every v in values,
    as the set bits of an int (bit c)."""
    bits = 0
    for a in taken:
        bits |= 1 << a
    hit = 0
    for v in values:
        hit |= bits >> v
    return ~hit


def smallest_free_offset(taken, values):
    """Smallest c >= 0 with (v + c) not in taken for every v in values."""
    free = free_offsets(taken, values)
    return (free & -free).bit_length() - 1


# ---------------------------------------------------------------- perfect hash

def build_hash(keys, buckets, slots):
    """Hash and displace: returns the displacement of every bucket such that
    slot(x) = (x ^ disp[x % buckets]) % slots is injective on keys."""
    members = [[] for _ in range(buckets)]
    for x in keys:
        members[x % buckets].append(x)
    order = sorted(range(buckets), key=lambda b: (-len(members[b]), b))
    used = bytearray(slots)
    disp = [0] * buckets
    done = 0
    t0 = time.time()
    for n, b in enumerate(order):
        xs = members[b]
        if not xs:
            continue
        for d in range(65536):
            place = [(x ^ d) % slots for x in xs]
            ok = True
            for s in place:
                if used[s]:
                    ok = False
                    break
            if ok and len(set(place)) == len(place):
                break
        else:
            raise RuntimeError("bucket of %d keys did not fit at load %.3f"
                               % (len(xs), done / slots))
        for s in place:
            used[s] = 1
        disp[b] = d
        done += len(xs)
        if n % 2000 == 0:
            log("  hash: %5d/%d buckets, %5d keys placed (%.0f s)"
                % (n, buckets, done, time.time() - t0))
    return disp


# ---------------------------------------------------------------- the build

def build():
    t0 = time.time()
    log("strength scale ...")
    strength = strength_scale()
    cat_first = [min(v for k, v in strength.items() if k[0] == c) for c in range(9)]
    counts = [sum(1 for k in strength if k[0] == c) for c in range(9)]
    log("  7462 strengths; first of each category:", cat_first, "counts:", counts)

    def value5(ms):
        return strength[five_key(ms, False)]

    def flush_value(ranks):
        return max(strength[five_key(c, True)] for c in itertools.combinations(ranks, 5))

    # flushes and straight flushes are a constant above their rank pattern
    flush_shift = cat_first[5] - cat_first[0]
    sf_shift = cat_first[8] - cat_first[4]
    for ms in multisets(5, most=1):
        v = value5(ms)
        assert strength[five_key(ms, True)] == v + (flush_shift if v < cat_first[4] else sf_shift)

    log("rank keys (greedy search) ...")
    rank_keys = search_rank_keys()
    log("  rank keys:", rank_keys)
    max7 = 4 * rank_keys[12] + 3 * rank_keys[11]
    assert max7 < 1 << RANK_SHIFT

    log("suit keys ...")
    suit_keys = search_suit_keys()
    log("  suit keys:", suit_keys)
    assert 7 * (max(suit_keys) - SUIT_BIAS) < 128 and 7 * (min(suit_keys) - SUIT_BIAS) >= -128
    assert (max(suit_keys) - SUIT_BIAS + 1) * 7 * (1 << RANK_SHIFT) < 1 << 30

    flush = bytearray(3 * 256)
    for i, n in enumerate((5, 6, 7)):
        for comp in suit_compositions(n):
            s = sum(c * (w - SUIT_BIAS) for c, w in zip(comp, suit_keys))
            flush[256 * i + (s & 255)] = flush_class(comp)

    log("hand values of every rank multiset ...")

    def rsum(ms):
        return sum(rank_keys[r] for r in ms)

    v5 = {}
    for ms in multisets(5):
        v5[ms] = value5(ms)
    table = {}
    for ms in multisets(7):
        table[rsum(ms)] = max(v5[c] for c in itertools.combinations(ms, 5))
    assert len(table) == 49205
    sums5 = [rsum(ms) for ms in multisets(5)]
    c5 = smallest_free_offset(table, sums5)
    for ms in multisets(5):
        x = rsum(ms) + c5
        assert x not in table
        table[x] = v5[ms]
    six = list(multisets(6, most=1))
    c6 = smallest_free_offset(table, [rsum(ms) for ms in six])
    for ms in six:
        x = rsum(ms) + c6
        assert x not in table
        table[x] = max(v5[c] for c in itertools.combinations(ms, 5))
    keys = sorted(table)
    log("  %d keys (49205 seven-card, 6175 five-card + C5 = %d, 1716 six distinct + C6 = %d),"
        " largest %d" % (len(keys), c5, c6, keys[-1]))
    assert keys[-1] < 1 << 24

    common = dict(rank_keys=rank_keys, suit_keys=suit_keys, flush=flush,
                  flush_shift=flush_shift, sf_shift=sf_shift, max7=max7, cat_first=cat_first)
    full = pack_file(FILE_NAME, table, c5, c6, five_only=0, **common)
    log("compact five-card table (for a heap too small for %s) ..." % FILE_NAME)
    five = {}
    for ms in multisets(5):
        five[rsum(ms)] = v5[ms]
    compact = pack_file(FILE_NAME_5, five, 0, 0, five_only=1, **common)
    log("built in %.0f s" % (time.time() - t0))
    return {FILE_NAME: full, FILE_NAME_5: compact}


def pack_file(name, table, c5, c6, five_only, rank_keys, suit_keys, flush, flush_shift,
              sf_shift, max7, cat_first):
    keys = sorted(table)
    buckets = max(1, len(keys) // LAMBDA)
    slots = int(len(keys) / LOAD)
    log("perfect hash: %d keys, %d buckets, %d slots ..." % (len(keys), buckets, slots))
    disp = build_hash(keys, buckets, slots)
    values = [0] * slots
    for x in keys:
        values[(x ^ disp[x % buckets]) % slots] = table[x]

    # lay the file out
    off = len(MAGIC) + 4 * len(HEADER)
    sections = []

    def add(data):
        nonlocal off
        pad = (-off) % 4
        sections.append(b"\0" * pad + data)
        start = off + pad
        off = start + len(data)
        return start

    off_rank = add(struct.pack("<13I", *rank_keys))
    off_suit = add(bytes(suit_keys))
    off_flush = add(bytes(flush))
    off_disp = add(struct.pack("<%dH" % buckets, *disp))
    off_values = add(struct.pack("<%dH" % slots, *values))
    head = dict(version=1, rank_shift=RANK_SHIFT, suit_bias=SUIT_BIAS, c5=c5, c6=c6,
                buckets=buckets, slots=slots, off_rank_keys=off_rank,
                off_suit_keys=off_suit, off_flush=off_flush, off_disp=off_disp,
                off_values=off_values, size=off, hash_family=1, n_keys=len(keys),
                n_strengths=7462, flush_shift=flush_shift, sf_shift=sf_shift,
                max7=max7, five_only=five_only)
    for c in range(9):
        head["cat%d" % c] = cat_first[c]
    blob = MAGIC + struct.pack("<32I", *[head.get(h, 0) for h in HEADER]) + b"".join(sections)
    assert len(blob) == off
    log("%s (bytes):" % name)
    log("  rank keys     %6d" % (13 * 4))
    log("  suit keys     %6d" % 4)
    log("  flush tables  %6d" % len(flush))
    log("  displacements %6d  (%d x u16)" % (2 * buckets, buckets))
    log("  values        %6d  (%d x u16, load %.3f)" % (2 * slots, slots, len(keys) / slots))
    log("  total         %6d" % len(blob))
    return blob


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=OUT_DIR, help="output folder (default firmware/tables)")
    args = ap.parse_args(argv)
    blobs = build()
    os.makedirs(args.out, exist_ok=True)
    for name in sorted(blobs):
        path = os.path.join(args.out, name)
        with open(path, "wb") as f:
            f.write(blobs[name])
        log("wrote %s (%d bytes)" % (path, len(blobs[name])))
    log("all tables: %d bytes" % sum(len(b) for b in blobs.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
