"""One hand of fixed-limit poker as an explicit state machine.

    h = Hand(variant, rules, stacks, dealer, rng, log=None, deck=None)

Construction verifies the deck, posts antes (stud) or blinds (flop games),
deals the first street and stops at the first decision (``h.actor``) or at
the end of the hand (``h.finished``). ``h.legal_actions()`` lists the
actor's choices as ``(kind, amount)``; ``h.act(kind, amount=None)`` applies
one. ``amount`` is always the chips moved from the actor's stack now.

>>> from poker.variants import VARIANTS
>>> from poker.rules import lexibook
>>> from poker.rng import Rng
>>> h = Hand(VARIANTS['F7S'], lexibook(), [100, 100, 100, 100], 2, Rng(1))
>>> h.legal_actions()
[('bring_in', 2), ('complete', 10)]
>>> while not h.finished:
...     h.act(*h.legal_actions()[0])
>>> sum(h.stacks)
400

Betting (fixed limit)
---------------------
Kinds: ``'fold'`` (facing a bet, and also when a check is free: docs/rules.md,
a player may fold on any round; not offered when every other live seat is
all in, as nobody can then bet against the actor), ``'check'``, ``'call'``
(all in for less when short), ``'bring_in'`` (stud, the low door card's
first action: it may bring in or ``'complete'``, never fold), ``'complete'`` (to
a full bet over a partial one: the bring-in, or an all-in bet of less than
half a bet), ``'bet'``, ``'raise'``. A bet or raise is one unit (small bet
on the first two rounds, big bet after) over the last full bet; an all-in
of less moves the actor's whole stack. On an open pair on fourth street
(casino, stud high) two ``'bet'`` (or ``'raise'``) entries appear, the
small and the big one; once a big one is made the round stays big. Cap:
``rules.raise_cap`` raises after the bet (the completion or the big blind
is the bet); with ``rules.heads_up_uncapped`` a round is uncapped if it
starts with two players who are not all in, or they become two (folds,
all-ins) before the cap is reached; a capped round stays capped. No bet or
raise is offered when nobody else could call it. Short all-in
(``rules.short_all_in_reopens``): an all-in raise of less than half a bet
does not count as a raise; half a bet or more does (it sizes the next raise
and counts for the cap). Reopening is judged for each seat: one that has
acted since the round's bet may raise again only if all it faces since its
last action counts as a raise (docs/rules.md edge rule: bet 10, all in 14,
call 14, all in 17: the caller of 14 faces 3 and may only call or fold,
the bettor faces 7 and may raise). ``rules.raise_over_all_in`` plays
PokerKit's convention instead (poker.rules): every all-in raise counts for
the cap and the next raise is a full bet over it. A big blind all in for
less still makes the full big blind the bet to call (a raise makes it two
small bets).
Uncalled chips go back at the end of each round.
``legal_actions()`` lists fold first (when legal), then check, call or
bring-in, then the completion, bet or raise (the small one before the big).
A fold when a check was free is applied as any fold: the seat is out, and
if one seat is left it takes the pot.

Order of action: stud third street starts with the bring-in (lowest door
card by rank then suit; razz the highest, ace low; seats all in are passed
over), later rounds with the best exposed hand (``exposed_key``; razz the
lowest), exact ties by position from the dealer's left, passing over a
seat all in; flop games start left of the big blind pre-flop (heads-up:
the dealer, who posts the small blind), then with the first live seat left
of the dealer. When fewer than two seats can bet, the cards are dealt out
to the showdown.

Showdown: the last to bet or raise on the last round shows first, else the
first live seat left of the dealer; going round, a seat shows if its hand
beats or ties the best shown so far in some pot it can win (either half in
hi/lo), else it mucks. Each pot (main and side pots, last-formed first) is
split among the best shown hands; hi/lo pots are halved when some seat in
that pot has a qualifying low (odd chip to the high half), otherwise the
high hand takes it all. Odd chips: ``rules.odd_chip`` (one each, or all
together with ``rules.odd_chips_together``). PokerKit's settling, by rule
fields: ``rules.merge_pots`` (hands that cannot win any pot are out, then
pots with the same players are one) and ``rules.low_half_if_any_low``.

Seats, order, dealing
---------------------
Seats are numbered clockwise; "left of the dealer" is the next seat number
(wrapping). A seat with 0 chips sits out: no cards, no forced bets. Every
street deals one card at a time round the table starting left of the dealer
(third street in stud: a down card to everyone, a second down card to
everyone, then the door card to everyone). A card is burned before every
street but the first (stud: before 4th..7th; flop games: before the flop,
turn and river).

Preset deck (``deck=``): 52 distinct card ints (``poker.cards`` encoding) in
the order they leave the top of the deck, burns included, exactly as above.
It is verified complete (else ``ValueError``). Without ``deck=`` the hand
shuffles ``poker.cards.Deck`` with ``rng``; ``h.deck_order`` is the order
used either way, and with the actions it decides every card of the hand
(the deck-exhaustion reshuffle included).

Deck exhaustion (stud, seventh street; seed 001, docs/rules.md): if the stub
cannot give a burn and a card to every live player but holds a card for
each, the street is dealt without a burn. If it cannot give each live
player a card but the stub and the burns together can, the burns are added
under the stub (stub first, then the burns in the order they were burned)
and that pool is shuffled by a ``poker.rng.Rng`` seeded with the cards dealt
to the seats so far (``_dealt_key``), and the street is dealt from it without
a burn; ``h.reshuffled`` is the pool after the shuffle. The seed holds no
card of the pool, so the pool's order stays as random as the deal made it,
and the deck order at the start plus the actions give the same reshuffle:
a replay or a resumed hand deals the same cards. If even the pool is too
few, the next card of the stub is dealt face up as one community card
(``h.board``) that plays for everyone (8 players to seventh street: 48
cards held, 3 burned, the last card is the community card). Folded players'
cards are never reused. Logged.

History (``h.history``): a list of tuples, in PHH order
--------------------------------------------------------
- ``('post', seat, what, amount)``: forced bets before the deal, ``what`` in
  ``'ante'``, ``'small_blind'``, ``'big_blind'``; amount actually posted
  (less than asked when the seat is all in).
- ``('burn', card)``: a burned card.
- ``('deal_hole', seat, cards, up_flags)``: the cards one seat gets on one
  street (a list, in dealing order) and a list of bools, True for a face-up
  card. One entry per seat per street, seats from the dealer's left, after
  the whole street is dealt (so the deck order interleaves seats, history
  groups them by seat; PHH's ``d dh`` lines are per seat).
- ``('deal_board', cards)``: community cards (flop 3, turn 1, river 1; the
  stud community card of deck exhaustion).
- ``(seat, kind, amount)``: an action, ``kind`` as in ``legal_actions``
  (``'fold'``, ``'check'``, ``'call'``, ``'bring_in'``, ``'complete'``,
  ``'bet'``, ``'raise'``), ``amount`` the chips moved by it.
- ``('show', seat, cards)``: a seat shows all its own cards (dealing order).
- ``('muck', seat)``: a seat mucks at the showdown (no cards shown).
- ``('void', reason)``: the deal was voided (see below); last entry.

Actions are recognisable by an int first item. Uncalled bets are returned
at the end of each betting round (not recorded in the history; the stacks
and ``h.contrib`` show it). Initial parameters for PHH: ``h.variant``,
``h.rules``, ``h.initial_stacks``, ``h.dealer``, ``h.antes`` (posted per
seat), ``h.blinds`` (posted per seat), ``h.deck_order``.

Settlement
----------
``h.pots``: one ``(amount, winners)`` per pot or half pot, in settlement
order (last-formed side pot first; for a hi/lo pot the high half then the
low half). ``winners`` are in odd-chip order: when the amount does not
divide, the first winners get one chip more each. ``h.pot_info`` is
parallel: ``(half, eligible)`` with half ``'high'``, ``'low'`` or
``'all'``. ``h.winnings``: chips each seat collected from the pots.
``h.awards``: the same pots for the screens, ``(pot, half, amount,
[(seat, chips), ...], name)`` with ``pot`` 0 for the main pot, 1.. for the
side pots and ``name`` the winning hand's name with the ranks that decided
(``''`` when uncontested). ``h.plays[seat]``: ``(high five, low five)``,
the cards that play of each seat that showed (``None`` where there is
none); ``h.names[seat]``: ``(high name, low name)`` of those hands, each
plain (no rival). Names and plays are made by ``h.explain()`` (the showdown screen
calls it; until then names are ``''`` and plays ``None``).
``h.mucked[seat]``: True for a seat that mucked at the showdown.

Irregularities (seed 002)
-------------------------
An internal inconsistency (a card dealt twice, the stub running out, chips
not adding up, any unexpected error while applying a legal action) voids
the deal: every stack returns to ``h.initial_stacks`` (antes returned),
``h.voided`` and ``h.finished`` become True, the reason is logged and
recorded. The game then reshuffles and the same dealer deals again.
An illegal action raises ``ValueError`` naming it and changes nothing.

``h.log`` is a list of event strings, or the callable given as ``log=``.
"""
from micropython import const

from poker import evaluator
from poker.cards import LOW_RANK
from poker.cards import name as _card_name
from poker.rng import Rng

_TRIES = const(3)  # shuffles tried before a deal is voided for a bad deck


class Hand:
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
            if len(deck) != 52 or not _complete(deck):
                raise ValueError("preset deck is not a complete 52-card deck")
        elif rng is None:
            raise ValueError("need rng or deck")
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
        self.actor = None
        self.finished = False
        self.aggressor = None      # last to bet/raise/complete this street
        self.deck_order = None
        self._live = players       # seats in the hand and not folded
        self._needs = bytearray(n)      # must act before the round ends
        self._may_raise = bytearray(n)  # may raise: not acted, or faces a raise since
        self._seen = bytearray(52)      # cards dealt or burned
        self._stub = bytearray(0)
        self._top = 0
        self._current = 0   # highest bet this street
        self._level = 0     # last full bet level this street
        self._raises = 0    # full bets and raises this street
        self._largest = 0   # raise_over_all_in: the largest raise this street
        self._shorts = 0    # raise_over_all_in: short all-in raises in a row, added
        self._uncapped = False  # heads-up in the casino profile: no cap this round
        self._unit = rules.small_bet
        self._open_pair = False
        self._bring_in_pending = False
        self._big_option = -1   # amount of the open-pair big bet/raise
        self._legal = None
        self._seats = []            # seats dealt this street, from the dealer's left
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
            self._void("error at the deal: %r" % (e,))

    # -- public queries ------------------------------------------------

    @property
    def street_name(self):
        if self.finished:
            return 'end'
        return self.variant.street_names[self.street]

    def legal_actions(self):
        """The actor's legal actions, ``[(kind, amount), ...]``."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

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
        from poker.view import SeatView
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
        his hand cannot beat (nor tie) the bettor's exposed cards, whatever
        the bettor's down cards (stud high only)."""
        v = self.variant
        if (seat != self.actor or self.finished or not v.stud or not v.high
                or v.low or self.street != v.streets - 1):
            return False
        b = self.aggressor
        if b is None or b == seat or self.folded[b] or self._current <= self.bets[seat]:
            return False
        needs = self._needs
        for s in range(self.n):
            if s != seat and needs[s]:
                return False  # someone acts after him
        from poker.view import cannot_beat
        seen = self.hole[seat] + self.board
        for s in range(self.n):
            if s != seat:
                seen = seen + self.up[s]
        return cannot_beat(self.hole[seat] + self.board, self.up[b], seen)

    # -- actions -------------------------------------------------------

    def act(self, kind, amount=None):
        """Applies one action of the actor; ValueError if it is illegal."""
        if self.finished or self.actor is None:
            raise ValueError("illegal action %s: the hand is over" % (kind,))
        pick = -1
        for k, a in self.legal_actions():
            if k == kind and (amount is None or a == amount):
                pick = a
                break
        if pick < 0:
            raise ValueError("illegal action %s %s for seat %d; legal: %r" % (
                kind, '' if amount is None else amount, self.actor,
                self.legal_actions()))
        try:
            self._apply(self.actor, kind, pick)
        except Exception as e:  # never a crash: void the deal
            self._void("error after %s: %r" % (kind, e))

    # -- internals: the deal -------------------------------------------

    def _say(self, text):
        log = self.log
        if callable(log):
            log(text)
        else:
            log.append(text)

    def _start(self, preset):
        if preset is not None:
            stub = bytearray(preset)  # verified complete by __init__
        else:
            stub = bytearray(_FRESH)
            _shuffle(stub, self.rng)
            tries = 1
            while not _complete(stub):  # verify every shuffled deck
                if tries >= _TRIES:
                    raise _Inconsistency("no complete deck")
                self._say("deck incomplete after shuffle: reshuffled")
                stub = bytearray(_FRESH)
                _shuffle(stub, self.rng)
                tries += 1
        self._stub = stub
        self.deck_order = bytes(stub)
        self._top = 0
        v = self.variant
        r = self.rules
        if v.stud:
            if r.ante > 0:
                for s in self._order():
                    self.antes[s] = self._post(s, r.ante, 'ante', False)
        else:
            seats = self._order()
            if len(seats) == 2:
                sb, bb = (seats[1], seats[0])  # heads-up: dealer posts SB
            else:
                sb, bb = seats[0], seats[1]
            self.blinds[sb] = self._post(sb, r.small_blind, 'small_blind', True)
            self.blinds[bb] = self._post(bb, r.big_blind, 'big_blind', True)
            self._bb_seat = bb
        self._deal_street()
        if not self._open_round():
            self._close_rounds()

    def _order(self):
        """Seats in the hand and not folded, from the dealer's left."""
        folded = self.folded
        return [s for s in self._ring if not folded[s]]

    def _post(self, s, amount, what, live):
        a = amount if amount < self.stacks[s] else self.stacks[s]
        self.stacks[s] -= a
        self.contrib[s] += a
        if live:
            self.bets[s] += a
        if self.stacks[s] == 0:
            self.all_in[s] = True
        self.history.append(('post', s, what, a))
        return a

    def _draw(self):
        t = self._top
        if t >= len(self._stub):
            raise _Inconsistency("the stub ran out")
        c = self._stub[t]
        self._top = t + 1
        if self._seen[c]:
            raise _Inconsistency("card %s dealt twice" % _card_name(c))
        self._seen[c] = 1
        return c

    def _burn(self):
        c = self._draw()
        self.burns.append(c)
        self.history.append(('burn', c))

    def _deal_street(self):
        v = self.variant
        st = self.street
        pattern = v.deals[st]
        nboard = v.board[st]
        seats = self._order()
        self._seats = seats
        need = len(pattern) * len(seats) + nboard
        community = False
        burn = st > 0
        if need + (1 if burn else 0) > len(self._stub) - self._top:
            community, burn = self._exhaustion(need, burn)
        if burn:
            self._burn()
        if community:
            c = self._draw()
            self.board.append(c)
            self.history.append(('deal_board', [c]))
            return
        if pattern:
            stub = self._stub
            seen = self._seen
            top = self._top
            hole = self.hole
            up = self.up
            down = self.down
            anyup = False
            for ch in pattern:
                isup = ch == 'u'
                anyup = anyup or isup
                for s in seats:
                    c = stub[top]  # the room was checked above
                    top += 1
                    if seen[c]:
                        raise _Inconsistency("card %s dealt twice" % _card_name(c))
                    seen[c] = 1
                    hole[s].append(c)
                    if isup:
                        up[s].append(c)
                    else:
                        down[s].append(c)
            self._top = top
            flags = [ch == 'u' for ch in pattern]
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

    def _exhaustion(self, need, burn):
        """Seed 001: the stub is short. Returns (community, burn)."""
        have = len(self._stub) - self._top
        if have >= need:
            self._say("deck short: no burn, the stub is just enough")
            return False, False
        pool = bytearray(self._stub[self._top:])
        for c in self.burns:
            pool.append(c)
            self._seen[c] = 0
        self.burns = []
        seen = self._seen
        used = 0
        for c in seen:
            used += c
        for c in pool:
            if seen[c]:
                raise _Inconsistency("card %s in the stub and dealt" % _card_name(c))
        if used + len(pool) != 52:
            raise _Inconsistency("the deck lost a card")
        self._stub = pool
        self._top = 0
        if len(pool) >= need:
            # seeded by the cards dealt so far, never by the pool: the same
            # deck and actions give the same reshuffle (a replay, a resumed
            # hand), and the pool's order stays as unknown as it was
            _shuffle(pool, Rng(self._dealt_key()))
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

    # -- internals: betting rounds -------------------------------------

    def _open_round(self):
        """Sets up the betting round of self.street; True if someone acts."""
        v = self.variant
        r = self.rules
        n = self.n
        st = self.street
        self._unit = r.big_bet if st >= v.big_from else r.small_bet
        self._raises = 0
        self._level = 0
        self._largest = 0
        self._shorts = 0
        self.aggressor = None
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
                self._level = cur
                self._raises = 1
        if (st == v.open_pair_street and r.open_pair_big_bet):
            for s in range(n):
                u = self.up[s]
                if (self.in_hand[s] and not self.folded[s] and len(u) >= 2
                        and u[0] >> 2 == u[1] >> 2):
                    self._open_pair = True
        needs = self._needs
        may = self._may_raise
        can = 0
        for s in range(n):
            ok = self.in_hand[s] and not self.folded[s] and not self.all_in[s]
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
            first = self._opener()
            if first is not None and not needs[first]:
                first = self._next_needing(first)
        else:
            first = self._next_needing(self.dealer)
        self._legal = None
        if first is None or not needs[first]:
            self.actor = None
            return False
        self.actor = first
        return True

    def _full(self, target, level):
        """Does raising the street's bet from ``level`` to ``target`` count
        as a full bet or raise (the short all-in rule)?"""
        inc = target - level
        if inc >= self._unit:
            return True
        d = self.rules.short_all_in_reopens
        return d > 0 and inc * d >= self._unit

    def _next_needing(self, s):
        n = self.n
        needs = self._needs
        for _ in range(n):
            s += 1
            if s == n:
                s = 0
            if needs[s]:
                return s
        return None

    def _bring_in_seat(self):
        """Lowest door card (rank, then suit) among seats with chips; razz:
        highest, ace low, the higher suit bringing in."""
        razz = self.variant.bring_in == 'high'
        best = None
        key = 0
        for s in self._seats:
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

    def _opener(self):
        """Best exposed hand (pairs, trips, two pair, quads; no straights or
        flushes); razz: the best exposed low. Ties: nearest the dealer's left."""
        low = self.variant.opener == 'low'
        keys = self._upkey
        best = None
        key = 0
        for s in self._seats:
            k = keys[s]
            if best is None or (k < key if low else k > key):
                best, key = s, k
        return best

    def _compute_legal(self):
        s = self.actor
        if s is None or self.finished:
            return []
        r = self.rules
        stack = self.stacks[s]
        bet = self.bets[s]
        cur = self._current
        if self._bring_in_pending:
            bi = r.bring_in
            out = [('bring_in', bi if bi < stack else stack)]
            if stack > bi and self._unit > bi and self._others_can_call(s):
                u = self._unit
                out.append(('complete', u if u < stack else stack))
            return out
        to_call = cur - bet
        if to_call > 0:
            out = [('fold', 0), ('call', to_call if to_call < stack else stack)]
        elif self._others_can_call(s):
            # docs/rules.md: a player may fold on any round, a check free or not
            out = [('fold', 0), ('check', 0)]
        else:
            # everyone else live is all in: nobody can bet against him any
            # more, and his fold would hand all-in seats chips they never
            # matched (a side pot with nobody left in it)
            out = [('check', 0)]
        self._big_option = -1
        if stack > to_call and self._may_reraise(s) and self._raise_open(s):
            lvl = self._level
            kind = 'bet' if cur == 0 else ('complete' if lvl == 0 else 'raise')
            target = lvl + self._unit
            if target > cur:
                a = target - bet
                out.append((kind, a if a < stack else stack))
                if (self._open_pair and self._unit == r.small_bet
                        and r.big_bet > r.small_bet):
                    b = lvl + r.big_bet - bet
                    if b > a and a < stack:
                        b = b if b < stack else stack
                        out.append((kind, b))
                        self._big_option = b
        return out

    def _may_reraise(self, s):
        """May ``s`` raise, as far as reopening goes?"""
        if not self.rules.raise_over_all_in:
            return self._may_raise[s]
        # PokerKit: facing less than the round's largest raise, only call;
        # having acted, only after that raise or short all-ins adding up to it
        if self._current - self.bets[s] < self._largest:
            return False
        return self._may_raise[s] or not self._shorts

    def _raise_open(self, s):
        cap = self.rules.raise_cap
        if cap is not None and self._raises >= cap + 1 and not self._uncapped:
            return False
        return self._others_can_call(s)

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
        if cap is not None and self._raises >= cap + 1:
            return
        if self._active() <= 2:
            self._uncapped = True

    def _others_can_call(self, s):
        """Someone else could still put chips in over the current bet."""
        cur = self._current
        folded = self.folded
        stacks = self.stacks
        bets = self.bets
        for o in self._ring:
            if o != s and not folded[o] and stacks[o] + bets[o] > cur:
                return True
        return False

    def _apply(self, s, kind, a):
        self._legal = None
        self.history.append((s, kind, a))
        self.actions.append((self.street, s, kind, a))
        self.last_action[s] = (kind, a)
        needs = self._needs
        needs[s] = 0
        if kind == 'fold':
            self.folded[s] = True
            self._live -= 1
        else:
            self._may_raise[s] = 0
            if a:
                self.stacks[s] -= a
                self.bets[s] += a
                self.contrib[s] += a
                if self.stacks[s] == 0:
                    self.all_in[s] = True
            b = self.bets[s]
            if kind == 'bring_in':
                self._bring_in_pending = False
                if b > self._current:
                    self._current = b
            elif kind == 'bet' or kind == 'raise' or kind == 'complete':
                self._bring_in_pending = False
                if a == self._big_option:
                    self._unit = self.rules.big_bet  # the round goes big
                self.aggressor = s
                if self.rules.raise_over_all_in:
                    self._raise_over(s, b)
                else:
                    self._raise_to(s, b)
        self._next_actor(s, kind)

    def _raise_to(self, s, b):
        """A bet, raise or completion to ``b`` by the house rules."""
        if b > self._current:
            self._current = b
        needs = self._needs
        may = self._may_raise
        folded = self.folded
        all_in = self.all_in
        # the round's first full bet (the completion over a bring-in) opens
        # the betting for everyone; after it each seat that has acted may
        # raise again only if what it faces since its last action counts as
        # a raise (docs/rules.md edge rule, several short all-ins)
        full = self._level == 0 and b >= self._unit
        if self._full(b, self._level):  # sizes the next raise, counts for the cap
            self._level = b
            self._raises += 1
        cur = self._current
        bets = self.bets
        for o in self._ring:
            if o != s and not folded[o] and not all_in[o] and bets[o] < cur:
                needs[o] = 1
                if full or self._full(cur, bets[o]):
                    may[o] = 1

    def _raise_over(self, s, b):
        """A bet, raise or completion to ``b`` under ``raise_over_all_in``
        (PokerKit's convention, see poker.rules)."""
        inc = b - self._current
        self._current = b
        self._level = b  # the next raise is a full bet over it
        self._raises += 1  # short or not, it counts for the cap
        needs = self._needs
        may = self._may_raise
        full = inc >= self._largest  # the round's first bet always is
        if inc > self._largest:
            self._largest = inc
        if self.stacks[s]:
            self._shorts = 0
        else:
            self._shorts += inc
        if self._shorts >= self._largest:
            self._shorts = 0
        folded = self.folded
        all_in = self.all_in
        for o in self._ring:
            if o != s and not folded[o] and not all_in[o]:
                needs[o] = 1  # everyone else is below b
                if full:
                    may[o] = 1

    def _next_actor(self, s, kind):
        self._big_option = -1
        if kind == 'fold' or self.all_in[s]:
            self._check_heads_up()
        if self._live == 1:
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

    # -- internals: the end --------------------------------------------

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
        self._finish()

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
            amt = 0
            for c in contrib:
                if c > prev:
                    amt += (c if c < lv else lv) - prev
            elig = [s for s in live if contrib[s] >= lv]
            if amt:
                out.append([amt, elig])
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
        hi = lo = None
        if v.omaha:
            hole, board = self.hole[s], self.board
            if v.high:
                hi = evaluator.omaha_high(hole, board)
            if v.low == '8':
                lo = evaluator.omaha_low8(hole, board)
            return hi, lo
        cs = self.hole[s] + self.board
        if v.high:
            hi = evaluator.high(cs)
        if v.low == '8':
            lo = evaluator.low8(cs)
        elif v.low == 'a5':
            lo = evaluator.low_a5(cs)
        return hi, lo

    def _showdown(self):
        self.actor = None
        v = self.variant
        live = self._order()
        hi = {}
        lo = {}
        for s in live:
            hi[s], lo[s] = self._strengths(s)
        first = self.aggressor
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
            amt, elig = layers[j]
            self._settle(j, amt, [s for s in elig if s in shown], hi, lo, elig, any_low)
        self._finish()

    def explain(self):
        """For the showdown screen, once the hand is over (made on demand,
        not at the showdown: the screens ask, the engine and the virtual
        players never pay for it): ``plays``, ``names`` and the awards'
        names (poker.handname.explain)."""
        if not self.finished or self._explained:
            return
        self._explained = True
        from poker import handname
        handname.explain(self)

    def _contenders(self, shown, hi, lo):
        """The shown seats whose hand beats or ties the best shown in some
        pot they are in, for either half."""
        out = []
        layers = self._layers(shown)
        high = self.variant.high
        for s in shown:
            for amt, elig in layers:
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

    def _settle(self, pot_no, amt, elig, hi, lo, eligible, any_low=False):
        """Pot ``pot_no`` among the shown hands ``elig`` (``eligible``: every live
        seat that contributed to it, for the record). ``any_low``: halve it
        even if none of ``elig`` has a low (``rules.low_half_if_any_low``)."""
        v = self.variant
        hw = []
        if v.high:
            top = None
            for s in elig:
                if top is None or hi[s] > top:
                    top = hi[s]
            hw = [s for s in elig if hi[s] == top]
        low = None
        for s in elig:
            if lo[s] is not None and (low is None or lo[s] > low):
                low = lo[s]
        lw = [s for s in elig if low is not None and lo[s] == low]
        if not v.high:
            self._split(pot_no, amt, lw, 'all', eligible, False)
        elif lw or (any_low and v.low):
            half = amt // 2
            self._split(pot_no, amt - half, hw, 'high', eligible, True)
            # PokerKit: a low half nobody here qualifies for is shared
            self._split(pot_no, half, lw or elig, 'low', eligible, False)
        else:
            self._split(pot_no, amt, hw, 'all', eligible, True)

    def _split(self, pot_no, amt, winners, half, elig, high):
        winners = self._odd_chip_order(winners, high)
        k = len(winners)
        share = amt // k
        rem = amt - share * k
        one = 1
        if self.rules.odd_chips_together:
            one = rem
        shares = []
        for w in winners:
            got = share
            if rem:
                got += one
                rem -= one
            self.stacks[w] += got
            self.winnings[w] += got
            shares.append((w, got))
        self.pots.append((amt, winners))
        self.pot_info.append((half, list(elig)))
        self.awards.append((pot_no, half, amt, shares, ''))

    def _odd_chip_order(self, winners, high):
        n = self.n
        d = self.dealer
        seat_order = [(s - d - 1) % n for s in winners]
        if len(winners) == 1:
            return list(winners)
        if (high and self.variant.stud and self.rules.odd_chip == 'card'):
            keys = []
            for s in winners:
                keys.append(max(evaluator.best_five(self.hole[s] + self.board)))
            pairs = [(-keys[i], winners[i]) for i in range(len(winners))]
        else:
            pairs = [(seat_order[i], winners[i]) for i in range(len(winners))]
        pairs.sort()
        return [p[1] for p in pairs]

    def _finish(self):
        self.actor = None
        self._legal = None
        total = 0
        for s in self.stacks:
            if s < 0:
                raise _Inconsistency("negative stack")
            total += s
        start = 0
        for s in self.initial_stacks:
            start += s
        if total != start:
            raise _Inconsistency("chips do not add up: %d != %d" % (total, start))
        self.finished = True

    def _void(self, reason):
        self.stacks = list(self.initial_stacks)
        self.bets = [0] * self.n
        self.contrib = [0] * self.n
        self.pots = []
        self.pot_info = []
        self.awards = []
        self.winnings = [0] * self.n
        self.actor = None
        self._legal = None
        self.finished = True
        self.voided = True
        self.history.append(('void', reason))
        self._say("deal voided: %s" % reason)


class _Inconsistency(Exception):
    pass


def _complete(cards):
    seen = bytearray(52)
    for c in cards:
        if not 0 <= c < 52 or seen[c]:
            return False
        seen[c] = 1
    return len(cards) == 52


def _shuffle(buf, rng):
    """Fisher-Yates over a bytearray, uniform by rejection sampling: the
    same algorithm, random stream and result as ``poker.cards.Deck.shuffle``.
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


_FRESH = bytes(range(52))
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

    High (``low=False``): higher is better; quads > trips > two pair > pair
    > high cards, then ranks; straights and flushes do not count. Low
    (``low=True``, razz, ace low): lower is better, by the same categories
    (a pair is worse than any unpaired cards), then the highest rank first.
    Suits never count (exact ties go by position). Only keys of the same
    number of cards compare.

    The category is the sum over cards of how many cards share its rank
    (4 cards: quads 16, trips 10, two pair 8, pair 6, none 4), then the
    ranks ordered by (multiplicity, rank), highest first.

    >>> from poker.cards import parse
    >>> exposed_key(parse('2c 2d')) > exposed_key(parse('As Kd'))
    True
    >>> exposed_key(parse('3c 3d 2h 2s')) > exposed_key(parse('Ac Ad Kh Qs'))
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
