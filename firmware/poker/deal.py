"""Dealing a hand: the deck, the forced bets, each street's cards, and who
opens each betting round. The ``Dealing`` part of ``poker.hand.Hand``
(a mixin: its methods run on the hand's own state).

The order of the deal, the preset deck (``deck=``), deck exhaustion and
the order of action are described in firmware/poker/README.md, "Dealing
and the order of action".
"""
# pyright: reportAttributeAccessIssue=false
# (a mixin: the attributes it reads are Hand's, set in Hand.__init__)
from micropython import const

from poker.cards import LOW_RANK
from poker.cards import name as _card_name
from poker.rng import Rng
from poker.variants import DEAL_UP

_TRIES = const(3)  # shuffles tried before a deal is voided for a bad deck


class Inconsistency(Exception):
    """An internal inconsistency: the hand voids the deal (seed 002)."""


class Dealing:
    """The deal and the opening of each betting round, for ``Hand``."""

    def _start(self, deck):
        if deck is not None:
            stub = bytearray(deck)  # verified complete by __init__
        else:
            stub = bytearray(FRESH_DECK)
            shuffle(stub, self.rng)
            tries = 1
            while not is_complete_deck(stub):  # verify every shuffled deck
                if tries >= _TRIES:
                    raise Inconsistency("no complete deck")
                self._say("deck incomplete after shuffle: reshuffled")
                stub = bytearray(FRESH_DECK)
                shuffle(stub, self.rng)
                tries += 1
        self._stub = stub
        self.deck_order = bytes(stub)
        self._top = 0
        v = self.variant
        r = self.rules
        if v.stud:
            if r.ante > 0:
                for s in self._order():
                    self.antes[s] = self.post(s, r.ante, 'ante')
        else:
            seats = self._order()
            if len(seats) == 2:
                sb, bb = (seats[1], seats[0])  # heads-up: dealer posts SB
            else:
                sb, bb = seats[0], seats[1]
            self.blinds[sb] = self.post(sb, r.small_blind, 'small_blind')
            self.blinds[bb] = self.post(bb, r.big_blind, 'big_blind')
            self._bb_seat = bb
        self._deal_street()
        if not self._open_round():
            self._close_rounds()

    def post(self, s, amount, kind):
        """A forced bet; a blind is a live bet, an ante is not."""
        a = self.stacks[s]
        if amount < a:
            a = amount
        self.stacks[s] -= a
        self.contrib[s] += a
        if kind != 'ante':
            self.bets[s] += a
        if self.stacks[s] == 0:
            self.all_in[s] = True
        self.history.append(('post', s, kind, a))
        return a

    def _draw(self):
        t = self._top
        if t >= len(self._stub):
            raise Inconsistency("the stub ran out")
        c = self._stub[t]
        self._top = t + 1
        if self.seen[c]:
            raise Inconsistency("card %s dealt twice" % _card_name(c))
        self.seen[c] = 1
        return c

    def _deal_street(self):
        v = self.variant
        st = self.street
        pattern = v.deals[st]
        nboard = v.board[st]
        seats = self._order()
        self.seats = seats
        count = len(pattern) * len(seats) + nboard
        community = False
        burn = st > 0
        if count + (1 if burn else 0) > len(self._stub) - self._top:
            community, burn = self._exhaustion(count, burn)
        if burn:
            c = self._draw()
            self.burns.append(c)
            self.history.append(('burn', c))
        if community:
            c = self._draw()
            self.board.append(c)
            self.history.append(('deal_board', [c]))
            return
        if pattern:
            stub = self._stub
            seen = self.seen
            top = self._top
            hole = self.hole
            up = self.up
            down = self.down
            anyup = False
            codes = pattern.encode()  # (its letters as ints: variants.DEAL_UP)
            for ch in codes:
                isup = ch == DEAL_UP
                anyup = anyup or isup
                for s in seats:
                    c = stub[top]  # the room was checked above
                    top += 1
                    if seen[c]:
                        raise Inconsistency("card %s dealt twice" % _card_name(c))
                    seen[c] = 1
                    hole[s].append(c)
                    if isup:
                        up[s].append(c)
                    else:
                        down[s].append(c)
            self._top = top
            flags = [ch == DEAL_UP for ch in codes]
            m = -len(pattern)
            hist = self.history
            for s in seats:
                hist.append(('deal_hole', s, hole[s][m:], flags))
            if anyup and st > 0 and self.variant.opener:  # door cards: bring-in
                low = self.variant.opener == 'low'
                keys = self._upkey
                for s in seats:
                    keys[s] = exposed_key(up[s], low)
        if nboard:
            cs = [self._draw() for _ in range(nboard)]
            self.board.extend(cs)
            self.history.append(('deal_board', cs))

    def _exhaustion(self, count, burn):
        """Seed 001: the stub is short. Returns (community, burn)."""
        have = len(self._stub) - self._top
        if have >= count:
            self._say("deck short: no burn, the stub is just enough")
            return False, False
        pool = bytearray(self._stub[self._top:])
        for c in self.burns:
            pool.append(c)
            self.seen[c] = 0
        self.burns = []
        seen = self.seen
        used = 0
        for c in seen:
            used += c
        for c in pool:
            if seen[c]:
                raise Inconsistency("card %s in the stub and dealt" % _card_name(c))
        if used + len(pool) != 52:
            raise Inconsistency("the deck lost a card")
        self._stub = pool
        self._top = 0
        if len(pool) >= count:
            # seeded by the cards dealt so far, never by the pool: the same
            # deck and actions give the same reshuffle (a replay, a resumed
            # hand), and the pool's order stays as unknown as it was
            shuffle(pool, Rng(self._dealt_key()))
            self.reshuffled = bytes(pool)
            self._say("deck exhausted: burns shuffled into the stub")
            return False, False
        self._say("deck exhausted: one community card")  # the next card of the stub
        return True, False

    def _dealt_key(self):
        """A seed made of every card dealt to the seats so far (cards the
        reshuffled pool cannot hold), seat by seat from the dealer's left."""
        a = 0x2545
        b = 0x1F3D
        hole = self.hole
        for s in self._ring:
            for c in hole[s]:
                a = (a * 31 + c + 1) & 0xFFFF
                b = (b * 37 + a) & 0x3FFF
        return (b << 16) | a

    def _open_round(self):
        """Sets up the betting round of self.street; True if someone acts."""
        v = self.variant
        r = self.rules
        n = self.n
        st = self.street
        self.bet_size = r.big_bet if st >= v.big_from else r.small_bet
        self.raises = 0
        self.level = 0
        self._largest = 0
        self._shorts = 0
        self.bettor = None
        self._big_option = -1
        self._bring_in_pending = False
        self._open_pair = False
        cur = 0
        bets = self.bets
        for s in range(n):
            if bets[s] > cur:
                cur = bets[s]
        posted = cur
        if st == 0 and self._bb_seat >= 0 and cur < r.big_blind:
            # docs/rules.md edge rule: a blind all in for less, the bet to call
            # is still the full big blind
            cur = r.big_blind
        if cur and not v.stud:  # blinds: a full big blind is the bet
            if self._full(cur, 0):
                self.level = cur
                self.raises = 1
        in_hand = self.in_hand
        folded = self.folded
        if (st == v.open_pair_street and r.open_pair_big_bet):
            for s in range(n):
                u = self.up[s]
                if (in_hand[s] and not folded[s] and len(u) >= 2
                        and u[0] >> 2 == u[1] >> 2):
                    self._open_pair = True
        needs = self.needs
        may = self._may_raise
        all_in = self.all_in
        can = 0
        for s in range(n):
            ok = in_hand[s] and not folded[s] and not all_in[s]
            needs[s] = ok
            may[s] = ok
            if ok:
                can += 1
        if can < 2:  # nobody to bet against: match what is in, no more
            cur = posted
            for s in range(n):
                if needs[s] and bets[s] >= cur:
                    needs[s] = 0
        self._current = cur
        self._uncapped = r.heads_up_uncapped and can <= 2
        first = None
        if st == 0 and v.stud:
            if can >= 2:
                first = self._bring_in_seat()
                self.bring_in_seat = first
                self._bring_in_pending = r.bring_in > 0
        elif st == 0:
            first = self._next_needing(self._bb_seat)
        elif v.stud:
            first = self.opener()
            if first is not None and not needs[first]:
                first = self._next_needing(first)
        else:
            first = self._next_needing(self.dealer)
        self.legal = None
        if first is None or not needs[first]:
            self.actor = None
            return False
        self.actor = first
        return True

    def _bring_in_seat(self):
        """Lowest door card (rank, then suit) among seats with chips; razz:
        highest, ace low, the higher suit bringing in."""
        razz = self.variant.bring_in == 'high'
        best = None
        key = 0
        for s in self.seats:
            if self.all_in[s]:
                continue
            c = self.up[s][0]
            if razz:  # ace low: K is the highest rank
                k = LOW_RANK[c] * 4 + (c & 3)
                if best is None or k > key:
                    best, key = s, k
            else:
                if best is None or c < key:
                    best, key = s, c
        return best

    def opener(self):
        """Best exposed hand (pairs, trips, two pair, quads; no straights or
        flushes); razz: the best exposed low. Ties: nearest the dealer's left."""
        low = self.variant.opener == 'low'
        keys = self._upkey
        best = None
        key = 0
        for s in self.seats:
            k = keys[s]
            if best is None or (k < key if low else k > key):
                best, key = s, k
        return best


def is_complete_deck(cards):
    """True when ``cards`` are the 52 cards, each once."""
    seen = bytearray(52)
    for c in cards:
        if not 0 <= c < 52 or seen[c]:
            return False
        seen[c] = 1
    return len(cards) == 52


def shuffle(buf, rng):
    """Fisher-Yates over a bytearray, uniform by rejection sampling: the
    same algorithm, random stream and result as tools/sim/deck.py's.
    For ``poker.rng.Rng`` the generator's step is inlined (a third of the
    cost of a deal on the device)."""
    bits = _BITS
    if isinstance(rng, Rng):
        s0 = rng.s0
        s1 = rng.s1
        for i in range(len(buf) - 1, 0, -1):
            n = i + 1
            k = 16 - bits[n]
            while True:  # xoroshiro32++, as Rng.next16
                x = (s0 + s1) & 0xFFFF
                r = ((((x << 9) | (x >> 7)) & 0xFFFF) + s0) & 0xFFFF
                s1 ^= s0
                s0 = (((s0 << 13) | (s0 >> 3)) & 0xFFFF) ^ s1 ^ ((s1 << 5) & 0xFFFF)
                s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
                j = r >> k
                if j < n:
                    break
            buf[i], buf[j] = buf[j], buf[i]
        rng.s0 = s0
        rng.s1 = s1
        return
    get = rng.getrandbits
    for i in range(len(buf) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        while True:
            j = get(k)
            if j < n:
                break
        buf[i], buf[j] = buf[j], buf[i]


FRESH_DECK = bytes(range(52))
# _BITS[n]: the fewest bits k with 2**k >= n, for n up to 52
def _bits_table():
    t = bytearray(53)
    for n in range(2, 53):
        k = 1
        while (1 << k) < n:
            k += 1
        t[n] = k
    return bytes(t)


_BITS = _bits_table()


def exposed_key(up, low=False):
    """A comparable value of exposed cards for deciding who acts first.

    High (``low=False``): higher is better; low (razz): lower is better. Only
    keys of the same number of cards compare; how the key is made:
    firmware/poker/README.md, "Dealing and the order of action".

    >>> from poker.cards import parse
    >>> exposed_key(parse('2c 2d')) > exposed_key(parse('As Kd'))
    True
    """
    cnt = bytearray(13)
    for c in up:
        cnt[c >> 2] += 1
    vs = []
    cat = 0
    for c in up:
        r = c >> 2
        w = cnt[r]
        cat += w
        vs.append(w * 16 + (LOW_RANK[c] if low else r))
    m = len(vs)
    vs.sort()
    key = cat
    for i in range(m - 1, -1, -1):
        key = key * 13 + (vs[i] & 15)
    for _ in range(m, 4):
        key *= 13
    return key


def check(variant, rules, stacks, dealer, rng, deck):
    """Checks the arguments of a Hand (ValueError); returns the number of
    seats dealt in (with chips)."""
    n = len(stacks)
    if n < 2 or n > variant.max_seats or n > rules.max_seats:
        raise ValueError("%s takes 2 to %d seats, not %d" % (
            variant.code, rules.seats_for(variant), n))
    players = 0
    for s in stacks:
        if not isinstance(s, int) or s < 0:
            raise ValueError("bad stack %r" % (s,))
        if s:
            players += 1
    if players < 2:
        raise ValueError("a hand needs two seats with chips")
    if not 0 <= dealer < n:
        raise ValueError("bad dealer seat %r" % (dealer,))
    if deck is not None:
        if len(deck) != 52 or not is_complete_deck(deck):
            raise ValueError("preset deck is not a complete 52-card deck")
    elif rng is None:
        raise ValueError("need rng or deck")
    return players
