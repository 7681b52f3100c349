"""The end of a hand: the showdown, the pots and who wins them, the check of
the chips at the end and the void of a deal.

The ``Settling`` part of ``poker.hand.Hand`` (a mixin: its methods run on
the hand's own state). It leaves ``h.pots``, ``h.pot_info``,
``h.winnings``, ``h.awards``, ``h.mucked`` and, after ``h.explain()``,
``h.plays`` and ``h.names`` (firmware/poker/README.md, "One hand"); the
rules it follows are docs/rules.md's.
"""
# pyright: reportAttributeAccessIssue=false
# (a mixin: the attributes it reads are Hand's, set in Hand.__init__)
from poker.eval import evaluator
from poker.deal import Inconsistency


class Settling:
    """The showdown and the settling of the pots, for ``Hand``."""

    def _award_uncontested(self):
        w = -1
        for s in range(self.n):
            if self.in_hand[s] and not self.folded[s]:
                w = s
        total = self.pot()
        self.stacks[w] += total
        self.winnings[w] += total
        self.pots.append((total, [w]))
        self.pot_info.append(('all', [w]))
        self.awards.append((0, 'all', total, [(w, total)], ''))
        self.finish()

    def _layers(self, live):
        """Main and side pots as ``[amount, eligible]``, main pot first;
        ``live``: the seats that can win them."""
        levels = []
        for s in live:
            c = self.contrib[s]
            if c not in levels:
                levels.append(c)
        levels.sort()
        out = []
        prev = 0
        contrib = self.contrib
        for lv in levels:
            amount = 0
            for c in contrib:
                if c > prev:
                    amount += (c if c < lv else lv) - prev
            elig = [s for s in live if contrib[s] >= lv]
            if amount:
                out.append([amount, elig])
            prev = lv
        extra = 0
        for c in contrib:
            if c > prev:
                extra += c - prev
        if extra:  # dead money above every live player: the top pot
            out[-1][0] += extra
        return out

    def _strengths(self, s):
        v = self.variant
        if v.omaha:
            return self._omaha_strengths(s)
        cs = self.hole[s] + self.board
        hi = lo = None
        if v.high:
            hi = evaluator.high(cs)
        if v.low == '8':
            lo = evaluator.low8(cs)
        elif v.low == 'a5':
            lo = evaluator.low_a5(cs)
        return hi, lo

    def _omaha_strengths(self, s):
        v = self.variant
        hi = lo = None
        if v.high:
            hi = evaluator.omaha_high(self.hole[s], self.board)
        if v.low == '8':
            lo = evaluator.omaha_low8(self.hole[s], self.board)
        return hi, lo

    def _showdown(self):
        self.actor = None
        v = self.variant
        live = self._order()
        hi = {}
        lo = {}
        for s in live:
            hi[s], lo[s] = self._strengths(s)
        first = self.bettor
        if first is None or self.folded[first]:
            first = live[0]
        i = live.index(first)
        order = live[i:] + live[:i]
        layers = self._layers(live)
        k = len(layers)
        best_hi = [None] * k
        best_lo = [None] * k
        shown = []
        for s in order:
            show = not shown
            for j in range(k):
                if s not in layers[j][1]:
                    continue
                if v.high and (best_hi[j] is None or hi[s] >= best_hi[j]):
                    show = True
                if lo[s] is not None and (best_lo[j] is None or lo[s] >= best_lo[j]):
                    show = True
            if show:
                shown.append(s)
                self.shown[s] = list(self.hole[s])
                self.history.append(('show', s, list(self.hole[s])))
                for j in range(k):
                    if s in layers[j][1]:
                        if v.high and (best_hi[j] is None or hi[s] > best_hi[j]):
                            best_hi[j] = hi[s]
                        ls = lo[s]
                        if ls is not None and (best_lo[j] is None or ls > best_lo[j]):
                            best_lo[j] = ls
            else:
                self.history.append(('muck', s))
                self.mucked[s] = True
        r = self.rules
        if r.merge_pots:
            # PokerKit: the hands that cannot win any pot are out, and
            # pots are formed again among the others (same players: one pot)
            shown = self._contenders([s for s in live if s in shown], hi, lo)
            layers = self._layers(shown)
        any_low = False
        if r.low_half_if_any_low:
            for s in shown:
                any_low = any_low or lo[s] is not None
        for j in range(len(layers) - 1, -1, -1):
            amount, elig = layers[j]
            self.settle(j, amount, [s for s in elig if s in shown], hi, lo, elig, any_low)
        self.finish()

    def explain(self, seat=None):
        """For the showdown screen, once the hand is over (made on demand,
        not at the showdown: the screens ask, the engine and the virtual
        players never pay for it): ``plays``, ``names`` and the awards'
        names (poker.eval.handname.explain; ``seat``: the seat whose screen
        they are for, its mucked hand named too)."""
        if not self.finished or self._explained == (seat,):
            return
        self._explained = (seat,)
        from poker.eval import handname
        handname.explain(self, seat)

    def _contenders(self, shown, hi, lo):
        """The shown seats whose hand beats or ties the best shown in some
        pot they are in, for either half."""
        out = []
        layers = self._layers(shown)
        high = self.variant.high
        for s in shown:
            for amount, elig in layers:
                if s not in elig:
                    continue
                best_hi = best_lo = None
                for o in elig:
                    if high and (best_hi is None or hi[o] > best_hi):
                        best_hi = hi[o]
                    if lo[o] is not None and (best_lo is None or lo[o] > best_lo):
                        best_lo = lo[o]
                if ((high and hi[s] >= best_hi)
                        or (lo[s] is not None and lo[s] >= best_lo)):
                    out.append(s)
                    break
        return out

    def settle(self, pot, amount, shown, hi, lo, eligible, any_low=False):
        """Pot ``pot`` among the hands ``shown`` (``eligible``: every live
        seat that contributed to it, for the record). ``any_low``: halve it
        even if none of ``shown`` has a low (``rules.low_half_if_any_low``)."""
        v = self.variant
        hw = []
        if v.high:
            top = None
            for s in shown:
                if top is None or hi[s] > top:
                    top = hi[s]
            hw = [s for s in shown if hi[s] == top]
        low = None
        for s in shown:
            if lo[s] is not None and (low is None or lo[s] > low):
                low = lo[s]
        lw = [s for s in shown if low is not None and lo[s] == low]
        if not v.high:
            self._split(pot, amount, lw, 'all', eligible, False)
        elif lw or (any_low and v.low):
            half = amount // 2
            self._split(pot, amount - half, hw, 'high', eligible, True)
            # PokerKit: a low half nobody here qualifies for is shared
            self._split(pot, half, lw or shown, 'low', eligible, False)
        else:
            self._split(pot, amount, hw, 'all', eligible, True)

    def _split(self, pot, amount, seats, kind, eligible, high):
        seats = self._odd_chip_order(seats, high)
        k = len(seats)
        share = amount // k
        rem = amount - share * k
        one = 1
        if self.rules.odd_chips_together:
            one = rem
        shares = []
        for w in seats:
            got = share
            if rem:
                got += one
                rem -= one
            self.stacks[w] += got
            self.winnings[w] += got
            shares.append((w, got))
        self.pots.append((amount, seats))
        self.pot_info.append((kind, list(eligible)))
        self.awards.append((pot, kind, amount, shares, ''))

    def _odd_chip_order(self, seats, high):
        n = self.n
        d = self.dealer
        seat_order = [(s - d - 1) % n for s in seats]
        if len(seats) == 1:
            return list(seats)
        if (high and self.variant.stud and self.rules.odd_chip == 'card'):
            keys = []
            for s in seats:
                keys.append(max(evaluator.best_five(self.hole[s] + self.board)))
            pairs = [(-keys[i], seats[i]) for i in range(len(seats))]
        else:
            pairs = [(seat_order[i], seats[i]) for i in range(len(seats))]
        pairs.sort()
        return [p[1] for p in pairs]

    def finish(self):
        """Ends the hand, once its chips are checked."""
        self.actor = None
        self.legal = None
        total = 0
        for s in self.stacks:
            if s < 0:
                raise Inconsistency("negative stack")
            total += s
        start = 0
        for s in self.initial_stacks:
            start += s
        if total != start:
            raise Inconsistency("chips do not add up: %d != %d" % (total, start))
        self.finished = True
        self.street_name = 'end'

    def void(self, reason):
        """Seed 002: every chip goes back, the deal is void."""
        self.stacks = list(self.initial_stacks)
        self.bets = [0] * self.n
        self.contrib = [0] * self.n
        self.pots = []
        self.pot_info = []
        self.awards = []
        self.winnings = [0] * self.n
        self.actor = None
        self.legal = None
        self.finished = True
        self.street_name = 'end'
        self.voided = True
        self.history.append(('void', reason))
        self._say("deal voided: %s" % reason)
