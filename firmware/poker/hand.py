"""One hand of fixed-limit poker as an explicit state machine.

>>> from poker.variants import VARIANTS
>>> from poker.rules import lexibook
>>> from poker.rng import Rng
>>> h = Hand(VARIANTS['F7S'], lexibook(), [100, 100, 100, 100], 2, Rng(1))
>>> h.legal_actions()           # the actor's (kind, chips moved now)
[('bring_in', 2), ('complete', 10)]
>>> h.act('bring_in', 2)

Then ``h.actor``, ``h.finished``: firmware/poker/README.md, "One hand".
"""
from poker.deal import Dealing, check
from poker.settle import Settling
from poker.view import SeatView, cannot_win


class Hand(Dealing, Settling):
    # Set on the instance only when they change: a few games or hands ever
    # do. MicroPython keeps an instance's attributes in one hash table that
    # grows by steps when full (59 slots, then 73: 944 then 1,168 bytes in
    # one block on 64 bits, half on the RP2040); a hand keeps under 60.
    voided = False
    reshuffled = None     # the pool after a deck-exhaustion reshuffle
    bring_in_seat = None  # stud
    _bb_seat = -1         # blinds
    _explained = False    # set by explain()

    def __init__(self, variant, rules, stacks, dealer, rng=None, log=None,
                 deck=None):
        n = len(stacks)
        players = check(variant, rules, stacks, dealer, rng, deck)
        self.variant = variant
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.rng = rng
        self.log = [] if log is None else log
        self.initial_stacks = list(stacks)
        self.stacks = list(stacks)
        self.in_hand = [s > 0 for s in stacks]  # dealt in
        self.folded = [False] * n
        self.all_in = [False] * n
        self.bets = [0] * n       # this street
        self.contrib = [0] * n    # the whole hand, antes included
        self.antes = [0] * n
        self.blinds = [0] * n
        self.hole = [[] for _ in range(n)]   # own cards in dealing order
        self.down = [[] for _ in range(n)]
        self.up = [[] for _ in range(n)]
        self.board = []
        self.burns = []
        self.shown = [None] * n
        self.last_action = [None] * n
        self.history = []
        self.actions = []
        self.pots = []
        self.pot_info = []
        self.awards = []
        self.plays = [None] * n
        self.mucked = [False] * n
        self.names = [None] * n
        self.winnings = [0] * n
        self.street = 0
        # a plain attribute, not a property: a class with a property makes
        # MicroPython look through the class and its bases at every store
        # to an attribute (the hot path stores many)
        self.street_name = variant.street_names[0]  # 'end' when finished
        self.actor = None
        self.finished = False
        self.bettor = None      # last to bet/raise/complete this street
        self.deck_order = None
        self.live = players       # seats in the hand and not folded
        self.needs = bytearray(n)      # must act before the round ends
        self._may_raise = bytearray(n)  # may raise: not acted, or faces a raise since
        self.seen = bytearray(52)      # cards dealt or burned
        self._stub = bytearray(0)
        self._top = 0
        self._current = 0   # highest bet this street
        self.level = 0     # last full bet level this street
        self.raises = 0    # full bets and raises this street
        self._largest = 0   # raise_over_all_in: the largest raise this street
        self._shorts = 0    # raise_over_all_in: short all-in raises in a row, added
        self._uncapped = False  # heads-up in the casino profile: no cap this round
        self.bet_size = rules.small_bet
        self._open_pair = False
        self._bring_in_pending = False
        self._big_option = -1   # amount of the open-pair big bet/raise
        self.legal = None
        self.seats = []            # seats dealt this street, from the dealer's left
        self._upkey = [0] * n       # exposed_key of each seat's up cards
        ring = []  # seats dealt in, from the dealer's left
        for i in range(1, n + 1):
            s = (dealer + i) % n
            if stacks[s]:
                ring.append(s)
        self._ring = ring
        try:
            self._start(deck)
        except Exception as e:  # never a crash: void the deal
            self.void("error at the deal: %r" % (e,))

    # -- public queries ------------------------------------------------

    def legal_actions(self):
        """The actor's legal actions, ``[(kind, amount), ...]``."""
        la = self.legal
        if la is None:
            la = self.legal = self._compute_legal()
        return la

    def to_call(self, seat):
        d = self._current - self.bets[seat]
        if d <= 0:
            return 0
        return d if d < self.stacks[seat] else self.stacks[seat]

    def pot(self):
        """Chips in the middle, this street's bets included."""
        t = 0
        for c in self.contrib:
            t += c
        return t

    def view(self, seat):
        return SeatView(self, seat)

    def redeal(self, rng=None):
        """The same deal again after a void (seed 002: antes returned,
        reshuffle, the same dealer): a new Hand from the initial stacks."""
        return Hand(self.variant, self.rules, self.initial_stacks, self.dealer,
                    self.rng if rng is None else rng, self.log)

    def to_phh(self):
        from poker import phhout as phh
        return phh.dumps(self)

    def impossible_call(self, seat):
        """True if ``seat`` calling now would be the seed-002 impossible
        call: the last player to act on the final round calls a bet although
        his hand cannot win any part of the pot against the bettor's
        exposed cards, whatever the bettor's down cards (every stud game:
        high, hi/lo with no low of his own, razz; poker.view.cannot_win)."""
        v = self.variant
        if seat != self.actor or self.finished or not v.stud or self.street != v.streets - 1:
            return False
        b = self.bettor
        if b is None or b == seat or self.folded[b] or self._current <= self.bets[seat]:
            return False
        needs = self.needs
        for s in range(self.n):
            if s != seat and needs[s]:
                return False  # someone acts after him
        seen = self.hole[seat] + self.board
        for s in range(self.n):
            if s != seat:
                seen = seen + self.up[s]
        return cannot_win(v, self.hole[seat] + self.board, self.up[b], seen)

    # -- actions -------------------------------------------------------

    def act(self, kind, amount=None):
        """Applies one action of the actor; ValueError if it is illegal."""
        a = self._pick(kind, amount)
        try:
            self._apply(self.actor, kind, a)
        except Exception as e:  # never a crash: void the deal
            self.void("error after %s: %r" % (kind, e))

    def _pick(self, kind, amount):
        """The chips ``kind`` moves (``amount`` if given), or ValueError."""
        if self.finished or self.actor is None:
            raise ValueError("illegal action %s: the hand is over" % (kind,))
        la = self.legal
        if la is None:
            la = self.legal_actions()
        for k in la:
            if k[0] == kind and (amount is None or k[1] == amount):
                return k[1]
        raise self._illegal(kind, amount)

    def _illegal(self, kind, amount):
        return ValueError("illegal action %s %s for seat %d; legal: %r" % (
            kind, '' if amount is None else amount, self.actor,
            self.legal_actions()))

    # -- internals: the deal -------------------------------------------

    def _say(self, text):
        log = self.log
        if callable(log):
            log(text)
        else:
            log.append(text)

    def _order(self):
        """Seats in the hand and not folded, from the dealer's left."""
        folded = self.folded
        return [s for s in self._ring if not folded[s]]

    def _full(self, target, level):
        """Does raising the street's bet from ``level`` to ``target`` count
        as a full bet or raise (the short all-in rule)?"""
        inc = target - level
        if inc >= self.bet_size:
            return True
        d = self.rules.short_all_in_reopens
        return d > 0 and inc * d >= self.bet_size

    def _next_needing(self, s):
        n = self.n
        needs = self.needs
        for _ in range(n):
            s += 1
            if s == n:
                s = 0
            if needs[s]:
                return s
        return None

    # The functions run at every action keep to 11 words of locals and
    # stack: MicroPython puts a bigger frame on the heap, and on a
    # fragmented heap finding room for it costs more than the body.
    def _compute_legal(self):
        s = self.actor
        if s is None or self.finished:
            return []
        chips = self.stacks[s]
        if self._bring_in_pending:
            return self._bring_in_legal(s, chips)
        to_call = self._current - self.bets[s]
        self._big_option = -1
        if to_call > 0:
            out = [('fold', 0), ('call', to_call if to_call < chips else chips)]
            if chips > to_call and self._raise_allowed(s) and self._others_can_call(s):
                self._raise_legal(out, s)
        elif self._others_can_call(s):
            # docs/rules.md: a player may fold on any round, a check free or not
            out = [('fold', 0), ('check', 0)]
            if chips > to_call and self._raise_allowed(s):
                self._raise_legal(out, s)
        else:
            # everyone else live is all in: nobody can bet against him any
            # more, and his fold would hand all-in seats chips they never
            # matched (a side pot with nobody left in it); nor can he bet
            out = [('check', 0)]
        return out

    def _bring_in_legal(self, s, chips):
        bi = self.rules.bring_in
        out = [('bring_in', bi if bi < chips else chips)]
        if chips > bi and self.bet_size > bi and self._others_can_call(s):
            bi = self.bet_size
            out.append(('complete', bi if bi < chips else chips))
        return out

    def _raise_legal(self, out, s):
        """Adds the bet, raise or completion of ``s`` to ``out``."""
        a = self.level + self.bet_size
        if a <= self._current:
            return
        kind = 'bet' if self._current == 0 else ('complete' if self.level == 0 else 'raise')
        a -= self.bets[s]
        out.append((kind, a if a < self.stacks[s] else self.stacks[s]))
        if self._open_pair and a < self.stacks[s]:
            self._big_legal(out, kind, a, s)

    def _big_legal(self, out, kind, a, s):
        """An open pair on fourth street (stud high, casino): the big bet
        too, while the round is still small."""
        r = self.rules
        if self.bet_size == r.small_bet and r.big_bet > r.small_bet:
            b = self.level + r.big_bet - self.bets[s]
            if b > a:
                b = b if b < self.stacks[s] else self.stacks[s]
                out.append((kind, b))
                self._big_option = b

    def _raise_allowed(self, s):
        """May ``s`` raise, as far as reopening and the cap go? (Nobody to
        call it is the caller's test.)"""
        r = self.rules
        cap = r.raise_cap
        if cap is not None and self.raises >= cap + 1 and not self._uncapped:
            return False
        if not r.raise_over_all_in:
            return self._may_raise[s]
        # PokerKit: facing less than the round's largest raise, only call;
        # having acted, only after that raise or short all-ins adding up to it
        if self._current - self.bets[s] < self._largest:
            return False
        return self._may_raise[s] or not self._shorts

    def _active(self):
        """Seats that can still bet: in the hand, not folded, not all in."""
        k = 0
        folded = self.folded
        all_in = self.all_in
        for o in self._ring:
            if not folded[o] and not all_in[o]:
                k += 1
        return k

    def _check_heads_up(self):
        """docs/rules.md edge rule (raise cap and heads-up): the round is uncapped
        once only two seats that are not all in are left, if that happens
        before the cap is reached; a capped round stays capped."""
        if self._uncapped or not self.rules.heads_up_uncapped:
            return
        cap = self.rules.raise_cap
        if cap is not None and self.raises >= cap + 1:
            return
        if self._active() <= 2:
            self._uncapped = True

    def _others_can_call(self, s):
        """Someone else could still put chips in over the current bet."""
        cur = self._current
        stacks = self.stacks
        bets = self.bets
        # every seat: one dealt out has no chips, so never more than cur
        for o in range(self.n):
            if o != s and stacks[o] + bets[o] > cur and not self.folded[o]:
                return True
        return False

    def _apply(self, s, kind, a):
        self.legal = None
        self.history.append((s, kind, a))
        self.actions.append((self.street, s, kind, a))
        self.last_action[s] = (kind, a)
        self.needs[s] = 0
        if kind == 'fold':
            self.folded[s] = True
            self.live -= 1
        else:
            self._may_raise[s] = 0
            if a:
                self._put_in(s, a)
            if kind == 'bring_in':
                self._bring_in_pending = False
                if self.bets[s] > self._current:
                    self._current = self.bets[s]
            elif kind == 'bet' or kind == 'raise' or kind == 'complete':
                self._bring_in_pending = False
                if a == self._big_option:
                    self.bet_size = self.rules.big_bet  # the round goes big
                self.bettor = s
                if self.rules.raise_over_all_in:
                    self._raise_over(s, self.bets[s])
                else:
                    self._raise_to(s, self.bets[s])
        self._next_actor(s, kind)

    def _put_in(self, s, a):
        """``a`` chips from the stack of ``s`` into its bet."""
        stacks = self.stacks
        stacks[s] -= a
        self.bets[s] += a
        self.contrib[s] += a
        if stacks[s] == 0:
            self.all_in[s] = True

    def _raise_to(self, s, b):
        """A bet, raise or completion to ``b`` by the house rules."""
        if b > self._current:
            self._current = b
        # the round's first full bet (the completion over a bring-in) opens
        # the betting for everyone; after it each seat that has acted may
        # raise again only if what it faces since its last action counts as
        # a raise (docs/rules.md edge rule, several short all-ins)
        full = self.level == 0 and b >= self.bet_size
        if self._full(b, self.level):  # sizes the next raise, counts for the cap
            self.level = b
            self.raises += 1
        self._reopen(s, full)

    def _reopen(self, s, full):
        for o in range(self.n):
            if o != s and self._may_answer(o):
                self.needs[o] = 1
                if full or self._full(self._current, self.bets[o]):
                    self._may_raise[o] = 1

    def _may_answer(self, o):
        """Must ``o`` act again after a bet: dealt in, not folded, not all
        in, below the bet?"""
        return (self.in_hand[o] and not self.folded[o] and not self.all_in[o]
                and self.bets[o] < self._current)

    def _raise_over(self, s, b):
        """A bet, raise or completion to ``b`` under ``raise_over_all_in``
        (PokerKit's convention, see poker.rules)."""
        inc = b - self._current
        self._current = b
        self.level = b  # the next raise is a full bet over it
        self.raises += 1  # short or not, it counts for the cap
        full = inc >= self._largest  # the round's first bet always is
        if inc > self._largest:
            self._largest = inc
        if self.stacks[s]:
            self._shorts = 0
        else:
            self._shorts += inc
        if self._shorts >= self._largest:
            self._shorts = 0
        for o in range(self.n):
            if o != s and self._may_answer(o):  # everyone else is below b
                self.needs[o] = 1
                if full:
                    self._may_raise[o] = 1

    def _next_actor(self, s, kind):
        self._big_option = -1
        if kind == 'fold' or self.all_in[s]:
            self._check_heads_up()
        if self.live == 1:
            self.actor = None
            self._return_uncalled()
            self._award_uncontested()
            return
        nxt = self._next_needing(s)
        if nxt is not None:
            self.actor = nxt
            return
        self.actor = None
        self._close_rounds()

    def _close_rounds(self):
        """Ends the betting round; deals on until a decision or the end."""
        v = self.variant
        while True:
            self._return_uncalled()
            if self.street + 1 >= v.streets:
                self._showdown()
                return
            self.street += 1
            self.street_name = v.street_names[self.street]
            bets = self.bets
            for s in range(self.n):
                bets[s] = 0
            self._deal_street()
            if self._open_round():
                return

    def _return_uncalled(self):
        bets = self.bets
        top = 0
        who = -1
        for s in range(self.n):
            if bets[s] > top:
                top = bets[s]
                who = s
        second = 0
        for s in range(self.n):
            if s != who and bets[s] > second:
                second = bets[s]
        if top > second:
            d = top - second
            bets[who] -= d
            self.contrib[who] -= d
            self.stacks[who] += d
            self.all_in[who] = self.stacks[who] == 0
            if self._current > bets[who]:
                self._current = bets[who]
