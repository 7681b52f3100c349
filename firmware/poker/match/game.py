"""The console game between hands: seats, dealer, money, elimination, saving.

Public API (the UI codes against this; keep it backward compatible)
===================================================================

Settings
--------
``poker.match.settings.Settings`` (what the menu changes; imported here too):
the game is played with its game, stakes, profile, players and chips.

Game
----
``g = Game(settings, rng, store=None, players=None, hand_factory=None)``

- ``rng``: anything with ``getrandbits(k)`` (poker.rng.Rng); it shuffles.
- ``store``: a ``poker.match.store.Store`` or None (nothing saved).
- ``players``: ``fn(seat, settings, rng) -> object with decide(view)`` that
  makes the virtual players; default: ``poker.players`` (``make``).
- ``hand_factory``: default ``poker.hand.Hand`` (tests inject fakes).

A new Game starts a new game (``g.new_game()``: every seat gets the starting
chips; the profile's ``first_dealer`` deals first: lexibook player 3 = seat
2, casino the seat left of the human = seat 1).
``Game.load(store, rng, players=None, hand_factory=None)`` returns the
saved game in progress (or a new game when there is none or it is
bad); a hand cut by power loss resumes from its journal: the same cards,
the same actions, the same player to act (event ``('RESUMED', None)``); only
a journal that cannot be used voids the hand (``('VOID', None)``: the stacks
of the hand start, every chip put in goes back, the same dealer deals again).

State (read only for the UI):

- ``g.settings``, ``g.variant`` (``poker.variants`` entry), ``g.rules``
  (``poker.rules.RuleSet``: the profile, its stakes, seats and chips).
- ``g.seats``: number of seats; seat 0 is the human.
- ``g.stacks``: chips of each seat between hands (during a hand: at the
  hand's start; the live figures are in ``g.hand.stacks``/``g.view()``).
- ``g.out``: list of bools, True once a seat is eliminated.
- ``g.dealer``: the seat that deals the current/next hand.
- ``g.hand``: the current ``Hand`` or None between hands.
- ``g.hand_no``: hands completed in this game.
- ``g.total``: chips at the table (constant for a game but for a rebuy's:
  the conservation check ``sum(g.stacks) == g.total`` holds between hands).
- ``g.min_stack``: a seat with fewer chips than this is out: the
  profile's ``min_stack_bets`` small bets, 5 in both (the console's "under
  $50" at 10/20: 100 at 20/40, 250 at 50/100, 500 at 100/200).
- ``g.over``: True when the game has ended; ``g.result`` is None, ``'lost'``
  (GAME OVER) or ``'won'`` (every virtual player is out).
- ``g.stats``: a ``poker.match.stats.Stats`` (kept across games).

Driving hands:

- ``g.start_hand()`` -> Hand: deals the next hand (raises ``ValueError`` if
  the game is over or a hand is running).
- ``g.deal_ahead()``: deals the next hand before ``start_hand`` asks for
  it (between hands, once booked; the UI calls it while the showdown
  waits), with the same cards ``start_hand`` would deal;
  ``g.drop_deal_ahead()`` lets it go (the random source put back: dealt
  again, the same), for a screen that wants its heap (LAST HAND).
- ``g.new_game_ahead()``: makes a new game's virtual players and first hand
  with the current settings (the UI calls it while the menu waits; again
  after a setting changed), the game in play untouched; ``new_game`` takes
  them if nothing changed since: the same game as made at its call.
- ``g.to_act()``: seat to act now or None; ``g.human_to_act()`` -> bool.
- ``g.act(kind, amount=None)``: the human's action (``ValueError`` if it is
  not the human's turn or the action is illegal).
- ``g.step()``: one virtual player acts; returns ``(seat, kind, amount)`` or
  None if it is the human's turn or no hand runs.  The UI calls it from its
  tick with a visible pace.
- ``g.think()``: one slice of that player's decision (``think`` of
  ``poker.players``): False while it is not made; True once it is (the
  next ``step`` applies it at once) or when there is none to make. The UI
  calls it once a poll, so the buttons are answered while players think;
  the decision is the one ``step`` alone makes, and one begun for another
  turn or player (a new game, the players remade) is never applied.
- ``g.run_bots()``: steps until the human must act or the hand ends.
- ``g.view(seat=0)``: the seat's ``SeatView`` of the current (or last) hand.
- When a hand finishes (inside ``act``/``step``) the game moves the
  chips at once: stacks, eliminations, dealer move, ``hand_no``, events.
  Then it books the hand: the statistics; each virtual player dealt in that
  has ``observe(view)`` gets its seat's final view (Hard's memory then
  counts the folds that ended the hand); the hand history is made and
  saved, the hand's review for LAST HAND (``poker.match.review``) saved, the
  game record saved and the journal removed. By default at
  once; with ``g.defer_booking`` True (the UI) each ``g.book()`` call does
  one part (the statistics, one virtual player, the history's text, its
  write, the review, its write, the record; False when none was left;
  ``g.unbooked`` is the hand
  until they are done), so that the frame showing the hand's end comes
  first, no single call holds all their garbage, and a press waits on one
  part at most. ``g.settle()`` does what is
  left; ``start_hand``, ``new_game``, ``save`` and ``history`` call it
  first. A power cut before the books are saved loses nothing: the
  journal holds every action, and the power-on books the hand again.
- ``g.last_hand``: the finished Hand (for the showdown screen) until the next
  ``start_hand``.
- ``g.events``: list of ``(kind, seat)`` the UI shows once and then clears
  (``g.pop_events()`` returns and clears them): ``('FINISH', seat)`` a virtual
  player is out, ``('GAME OVER', 0)``, ``('WIN', 0)``, ``('VOID', None)``
  hand cut by power loss and voided (its journal was unusable),
  ``('RESUMED', None)`` a hand cut by power loss resumed (``g.hand`` goes
  on; or, when its last action was on flash but not its end, it was booked
  on power-on: ``g.last_hand``), ``('MISDEAL', None)`` the engine voided a
  deal.
- ``g.defer_journal``: False (default) writes the journal (a new hand's
  header, each action's record) and a new game's record at once; True
  holds them until ``g.flush_journal()``, which the UI calls once the frame
  is on the screen (so no press waits on a flash write); it writes them in
  the same order. ``Game(..., defer_journal=True)``: this and ``defer_booking``
  from the start (a new game's first records wait for its frame too).
- ``g.new_game()``: starts over with the current settings (stats are kept;
  a game in play left unfinished counts as left).
- ``g.rebuy()``: after GAME OVER, your stack back to the starting chips and
  the same table goes on (``g.bought``: the chips bought so far, in
  ``g.total``; the statistics count the rebuy).
- ``g.plays(settings)``: True when the game in play has these settings'
  game, stakes, profile, players and chips (else they wait for a new game);
  ``g.pending(settings)``: the names of those that differ.
- ``g.remake_players()``: makes the virtual players again (call it after
  the difficulty changed; otherwise it applies from the next new game).
- ``g.save()``: books the finished hand if needed, then saves now (the
  game saves itself after each hand).
- ``g.history(n=8)``: the last n saved hand histories, oldest first (str).

Persistence (``poker.match.store``), files under the store's root:

- ``settings``: the Settings (saved by the UI: ``settings.save(store)``).
- ``game``: the game in progress AND the statistics in one record, so they
  can never disagree: written once at the end of every hand (and by
  ``new_game``), always between hands.  Checked on load beyond its CRC
  (``poker.match.saved.check``); any failure = damage (last good copy, else
  defaults, with one message in ``store.problems``).
- ``journal``: the hand in progress (``poker.match.journal``): written when the
  hand is dealt (the random state that deals its cards, its deck, a check
  of its start) and appended with 3 bytes per action; removed when the hand
  is booked.  The saved game keeps the stacks of the hand's start, so a
  power-on deals the journaled hand again from them and replays its actions
  (a torn last record is dropped); a journal of an earlier hand (``seq``)
  is ignored; one of this hand that cannot be used voids the hand.  The
  journal is written before the hand's end is saved: a cut in those saves
  resumes the finished hand and books it again.  The virtual players are
  made anew on power-on (as on every power-on): their styles are drawn
  again and Hard's memory of the other seats starts over.
- ``hist0``..``hist7``: the last ``record.HISTORY_SIZE`` hands' PHH text (written
  without a .bak copy), hand number ``seq`` in slot ``seq % 8``; entries
  whose number is not the one the saved game expects are ignored.
- ``last0``..``last3``: the last ``review.KEPT`` hands as you saw them
  (``poker.match.review``, for LAST HAND), hand ``seq`` in ``review.slot(seq)``,
  written without a .bak copy.
- Writes per hand: the journal (72 bytes, then 3 per action, appended),
  one history (1-3 KB), one review (1-2 KB), the game record (about
  0.5 KB), each but the journal atomic (temporary file + rename).

Elimination: a seat is out when it has fewer than ``min_stack`` = 5 small
bets after a hand (the profile's ``min_stack_bets``: the console's "under
$50" at 10/20, scaled with BET SIZE, both profiles).  Its remaining chips
stay its own (they count in ``total``) but it is dealt out.  A virtual player out: ``('FINISH', seat)``;
you out: ``('GAME OVER', 0)``; every virtual player out: ``('WIN', 0)``.
"""

from poker.eval import handname
from poker.match import journal
from poker import load, unload
from poker.match.record import GAME_KEYS, HISTORY_SIZE, history_slot, parse_history
from poker.match.settings import SAVE_VERSION, Settings
from poker.match.stats import Stats
from poker.match.store import MAX_SIZE
from poker.variants import VARIANTS

JOURNAL = "journal"  # the hand in progress (poker.match.journal)


# -- the parts that come from other modules (injectable for tests) -----------

def _default_hand(*args, **kwargs):
    from poker.hand import Hand

    return Hand(*args, **kwargs)


def _default_players(seat, settings, rng):
    from poker import players

    return players.make(settings.difficulty, rng=rng)


def _safe_action(legal):
    """What a virtual player does if its decision is not legal: check or
    call (or bring in), never fold when it need not."""
    for kind, amount in legal:
        if kind in ("check", "bring_in", "call"):
            return kind, amount
    return legal[0]


class Game:
    def __init__(self, settings, rng, store=None, players=None, hand_factory=None, _new=True, defer_journal=False):
        self.settings = settings
        self.rng = rng
        self.store = store
        self.players = players or _default_players
        self.hand_factory = hand_factory or _default_hand
        self.stats = Stats()
        self.seq = 0  # hands completed ever (numbers the hand histories)
        self.events = []
        self.hand = None
        self.last_hand = None
        self._start = None  # the stacks given to the current hand
        self._ahead = None  # the next hand dealt ahead (see deal_ahead)
        self._thought = None  # a decision in slices: [turn, its think, its action] (see think)
        self._moves = 0  # actions applied (a turn of _turn)
        self._new_ahead = None  # a new game's players and first hand (see new_game_ahead)
        # the hand's journal: the chain of its last record (None: no journal
        # for this hand) and records not yet written (see defer_journal)
        self._jchain = None
        self._jpending = None
        # what defer_journal holds back besides the records (flush_journal
        # writes them in this order): the old journal's removal, a new
        # game's record, the new hand's header
        self._jremove = False
        self._unsaved = False
        self._jhead = None
        self.defer_journal = defer_journal  # (a new game's own records too)
        # the finished hand not yet booked (see book) and its books'
        # [next part, stacks at its start, stacks at its end, history text]
        self.unbooked = None
        self._books = None
        self.defer_booking = defer_journal
        rec = None
        if store is not None:
            from poker.match.saved import check  # (read once: unloaded after)

            rec = store.load_json("game", check)
            unload("poker.match.saved")
        self._record = rec
        if rec is not None:
            self.stats = rec["stats"]
            self.seq = rec["seq"]
        if _new:
            self._record = None
            self.new_game()

    # -- a game ----------------------------------------------------------------
    def _setup(self, s, made=None):
        self.code = s.game
        self.profile = s.profile
        self.small_bet = s.small_bet()
        self.seats = s.players
        self.chips = s.chips
        self.stakes = s.stakes
        self.variant = VARIANTS[self.code]
        self.rules = s.house()
        self.min_stack = self.rules.min_stack()
        self.total = self.seats * self.chips
        self.tour = None  # a poker.match.tournament.Tournament when one is played
        self.bots = {}
        if made is None:
            self.remake_players()
        else:
            self.level = s.difficulty
            self.bots = made[1]
        if s.tour:
            load("poker.match.tournament").join(self, s)

    def new_game(self):
        """Starts over with the current settings; the statistics stay (a
        game in play left unfinished counts as left: ``record_left``)."""
        made = self._new_ahead
        self._new_ahead = None
        self._drop_ahead()
        self.settle()  # the last hand's books first (its game's statistics)
        if getattr(self, "over", True) is False and (self.hand_no > 0 or self.hand is not None):
            if self.tour is not None:
                load("poker.match.tournament").record(self.stats, self.code, 0)
            else:
                self.stats.record_left(self.code)
        s = self.settings.normalize()
        if made is not None and made[0] != self._new_key(s):
            made = None  # made for other settings or another random state
        self._setup(s, made)
        self.bought = 0
        self.stacks = [self.chips] * self.seats
        self.out = [False] * self.seats
        self.dealer = self.rules.first_dealer % self.seats
        self.hand_no = 0
        self.over = False
        self.result = None
        self.hand = None
        self.last_hand = None
        if made is not None:  # its first hand, as start_hand would deal it
            self._ahead = made[2]
            self.rng.s0, self.rng.s1 = made[3]
        self._close_journal(self.defer_journal)
        if self.defer_journal:
            self._unsaved = True  # saved by flush_journal, before the next hand's journal
        else:
            self._save()

    @staticmethod
    def load(store, rng, settings=None, players=None, hand_factory=None):
        """The saved game in progress, or a new game when there is none.

        A hand cut by power loss is void: the saved stacks are those of the
        hand's start, the same dealer deals again, and ('VOID', None) is
        added to the events."""
        if settings is None:
            settings = Settings.load(store)
        g = Game(settings, rng, store, players, hand_factory, _new=False)
        rec = g._record
        g._record = None  # keep no second copy of the record in RAM
        saved = rec.get("game") if rec is not None else None
        if saved is None or saved.get("result") is not None:
            g.new_game()
            if store is not None:
                store.remove("hand")  # older firmware's mid-hand marker
            return g
        s = settings.copy()
        for name in GAME_KEYS:
            setattr(s, name, saved[name])
        tour = saved.get("tour")  # a tournament's (poker.match.tournament.to_obj: its hands a level first)
        s.tour = tour[0] if tour else 0
        g._setup(s)
        g.bought = saved.get("bought", 0)
        g.total += g.bought
        g.stacks = list(saved["stacks"])
        g.out = list(saved["out"])
        g.dealer = saved["dealer"]
        g.hand_no = saved["hand_no"]
        g.over = False
        g.result = None
        if tour:
            load("poker.match.tournament").load(g, tour)
        if store is not None:
            store.remove("hand")  # older firmware's mid-hand marker
            blob = store.read_raw(JOURNAL)
            if blob is not None:  # a hand was cut (the code for it loads only then)
                from poker.match import resume

                resume.resume(g, store, blob)
        return g

    def _game_obj(self):
        g = {
            "game": self.code,
            "stakes": self.stakes,
            "profile": self.profile,
            "players": self.seats,
            "chips": self.chips,
            "stacks": self.stacks,
            "out": self.out,
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "result": self.result,
            "bought": self.bought,
        }
        if self.tour is not None:
            g["tour"] = self.tour.to_obj()
        return g

    def pending(self, settings):
        """The names of the settings (of ``GAME_KEYS``: game, stakes,
        profile, players, chips) that differ from the game in play: the
        menu changes them for the next new game."""
        g = self._game_obj()
        out = [name for name in GAME_KEYS if g[name] != getattr(settings, name)]
        t = g.get("tour")  # (its hands a level first)
        if (t[0] if t else 0) != settings.tour:
            out.append("tour")
        return out

    def plays(self, settings):
        """True when the game in play has these settings' game, stakes,
        rules, seats and chips."""
        return not self.pending(settings)

    def save(self):
        self.settle()
        return self._save()

    def _save(self):
        self._unsaved = False
        if self.store is None:
            return True
        rec = {"v": SAVE_VERSION, "seq": self.seq, "stats": self.stats.to_obj(), "game": self._game_obj()}
        return self.store.save_json("game", rec)

    # -- a hand ------------------------------------------------------------------
    def start_hand(self):
        if self.over:
            raise ValueError("the game is over")
        if self.hand is not None:
            raise ValueError("a hand is running")
        self.settle()
        self.last_hand = None
        start = self._next_start()
        self._start = start
        a = self._ahead
        if a is not None and a[1] == start and a[3] == self.dealer:
            self._ahead = None
            hand, state = a[0], a[2]
        else:
            self._drop_ahead()
            state = journal.rng_state(self.rng)  # before the shuffle: deals it again
            hand = self.hand_factory(self.variant, self.rules, list(start), self.dealer, self.rng)
        self.hand = hand
        # the journal of the hand just dealt: its header, at once (or at
        # flush_journal with defer_journal)
        self._jchain = None
        self._jpending = None
        self._jhead = None
        if self.store is not None:
            self._jremove = True  # a journal left by a cut after its hand was booked
            if state is not None:  # else a random source whose state cannot be kept
                # made when first needed (its first record, or flush_journal):
                # with defer_journal, after the frame that shows the deal
                self._jhead = (self.seq, state, journal.deck_of(self.hand), self._start, self.dealer)
            if not self.defer_journal:
                self.flush_journal()
        if self.hand.finished:
            self._finish_hand()
        return self.hand if self.hand is not None else self.last_hand

    def _next_start(self):
        """The stacks the next hand is dealt (0: a seat that is out)."""
        return [0 if self.out[i] else self.stacks[i] for i in range(self.seats)]

    def deal_ahead(self):
        """Deals the next hand now, between hands once the last one is
        booked, so that ``start_hand`` finds it dealt (the UI calls it while
        the showdown waits for a key: the key that starts the hand waits on
        no shuffle). It changes nothing else: ``start_hand`` takes it as it
        would have dealt it, and whatever else would draw on the random
        source first puts the source back as it was (new_game,
        remake_players), so the deals are the same as without it."""
        if self._ahead is not None or self.hand is not None or self.over or self.unbooked is not None:
            return
        state = journal.rng_state(self.rng)
        if state is None:  # a random source that cannot be put back
            return
        start = self._next_start()
        hand = self.hand_factory(self.variant, self.rules, list(start), self.dealer, self.rng)
        self._ahead = (hand, start, state, self.dealer)

    def _new_key(self, s):
        """What a new game's players and first hand depend on: the settings
        and the random source as new_game finds it (a hand dealt ahead put
        back)."""
        a = self._ahead
        state = a[2] if a is not None else journal.rng_state(self.rng)
        return (s.game, s.stakes, s.profile, s.players, s.chips, s.difficulty, state)

    def new_game_ahead(self):
        """Makes, while the menu waits, what new_game would make first with
        the current settings: the virtual players and the first hand, from
        the random source as new_game would find it. The source is put
        back: the game in play goes on untouched. new_game takes them if
        nothing changed since (the key that starts the game waits on
        neither); the same call remakes them after a setting changed."""
        s = self.settings
        key = self._new_key(s)
        made = self._new_ahead
        if key[-1] is None or (made is not None and made[0] == key):
            return
        self._new_ahead = None
        rng = self.rng
        now = rng.s0, rng.s1
        rng.s0, rng.s1 = key[-1]
        try:
            n = s.players
            bots = {}
            for seat in range(1, n):
                bots[seat] = self.players(seat, s, rng)
            state = rng.s0, rng.s1
            rules = s.house()
            start = [s.chips] * n
            dealer = rules.first_dealer % n
            hand = self.hand_factory(VARIANTS[s.game], rules, list(start), dealer, rng)
            self._new_ahead = (key, bots, (hand, start, state, dealer), (rng.s0, rng.s1))
        finally:
            rng.s0, rng.s1 = now

    def drop_new_game_ahead(self):
        self._new_ahead = None

    def drop_deal_ahead(self):
        self._drop_ahead()

    def _drop_ahead(self):
        """The hand dealt ahead goes, and the random source is put back."""
        a = self._ahead
        if a is not None:
            self._ahead = None
            self.rng.s0, self.rng.s1 = a[2]

    def to_act(self):
        h = self.hand
        return None if h is None or h.finished else h.actor

    def human_to_act(self):
        return self.to_act() == 0

    def view(self, seat=0):
        h = self.hand or self.last_hand
        return h.view(seat) if h is not None else None

    def act(self, kind, amount=None):
        h = self.hand
        if h is None or not self.human_to_act():
            raise ValueError("not the human's turn")
        self._apply(h, kind, amount)

    def _turn(self):
        """(hand, seat, actions so far, player) of the virtual player to
        act, or None."""
        seat = self.to_act()
        h = self.hand
        if seat is None or seat == 0 or h is None:
            return None
        return h, seat, self._moves, self.bots.get(seat)

    def think(self):
        """One slice of the decision of the virtual player to act (its
        ``think``, when it has one): True once it is made, ``step`` then
        applies it at once, or when there is none to make; False while it
        is not. A decision begun for another hand, seat, turn or player (a
        new game, a game loaded, the players remade) is never applied: it
        starts over."""
        t = self._thought
        if t is not None and t[1] is not None:
            turn = t[0]  # still the turn?
            seat = turn[1]
            if (self.hand is turn[0] and self._moves == turn[2] and self.to_act() == seat
                    and self.bots.get(seat) is turn[3]):
                return self._slice(t)  # (no turn tuple a slice: its garbage)
        turn = self._turn()
        if turn is None:
            self._thought = None
            return True
        if t is not None and t[0] != turn:
            t = None  # stale
        if t is None:
            bot = turn[3]
            if bot is None or not hasattr(bot, "think"):
                return True  # step decides at once
            t = self._thought = [turn, None, None]
            try:
                t[1] = bot.think(turn[0].view(turn[1]))
            except Exception:  # a broken virtual player must not stop the console
                t[2] = _safe_action(turn[0].legal_actions())
                return True
            return False  # (the view was a slice's work)
        if t[1] is None:
            return True
        return self._slice(t)

    def _slice(self, t):
        """One slice of the decision under way ``t`` (see think)."""
        try:
            next(t[1])
            return False
        except StopIteration as e:
            t[2] = e.value
        except Exception:
            t[2] = _safe_action(t[0][0].legal_actions())
        t[1] = None
        return True

    def step(self):
        turn = self._turn()
        if turn is None:
            return None
        h, seat = turn[0], turn[1]
        t = self._thought
        if t is not None and t[0] == turn:
            while t[1] is not None:  # begun in slices (see think): its end now
                self.think()
        else:
            t = None
        self._thought = None
        legal = h.legal_actions()
        try:
            kind, amount = t[2] if t is not None else self.bots[seat].decide(h.view(seat))
        except Exception:  # a broken virtual player must not stop the console
            kind, amount = _safe_action(legal)
        if (kind, amount) not in legal:
            # accept the amount-less form if the kind is unique
            found = None
            for k, a in legal:
                if k == kind:
                    found = (k, a) if found is None else False
            kind, amount = found if found else _safe_action(legal)
        self._apply(h, kind, amount)
        return seat, kind, amount

    def _apply(self, h, kind, amount):
        """One action into the hand and its journal (raises ValueError and
        changes nothing when it is illegal)."""
        i = journal.action_index(h.legal_actions(), kind, amount)
        h.act(kind, amount)
        self._moves += 1
        self._make_head()  # the action into the journal
        if self._jchain is not None:
            rec, self._jchain = journal.record(i, self._jchain)
            if self.defer_journal:
                p = self._jpending
                self._jpending = rec if p is None else p + rec
            else:
                self._journal_write(rec)
        if h.finished:
            self._finish_hand()

    def rebuy(self):
        """After GAME OVER (you under ``min_stack``): you buy the starting
        chips again, up from what you have, and the same table goes on (the
        other seats' stacks, the players and their memory, the hands'
        numbers); counted in the statistics (``rebuys``: the lost game
        stays lost). ValueError when the game is not lost."""
        if not self.over or self.result != "lost" or self.tour is not None:
            raise ValueError("no game over to rebuy")
        self.settle()
        add = self.chips - self.stacks[0]
        self.stacks[0] = self.chips
        self.bought += add
        self.total += add
        self.out[0] = False
        self.over = False
        self.result = None
        d = self.dealer  # the button moves on, as after any hand
        for _ in range(self.seats):
            d = (d + 1) % self.seats
            if not self.out[d]:
                break
        self.dealer = d
        self.stats.record_rebuy(self.code)
        self._save()

    def remake_players(self):
        """Makes the virtual players again (after the difficulty changed)."""
        self._drop_ahead()  # the players may draw on the random source
        self._thought = None  # (a decision begun by the old players: see think)
        self.level = self.settings.difficulty  # the level the players play at
        for seat in range(1, self.seats):
            self.bots[seat] = self.players(seat, self.settings, self.rng)

    def run_bots(self):
        while self.step() is not None:
            pass

    def pop_events(self):
        out = self.events
        self.events = []
        return out

    # -- end of a hand -------------------------------------------------------------
    def _finish_hand(self):
        h = self.hand
        start = self._start
        if h is None or start is None:
            return
        self.hand = None
        self.last_hand = h
        end = list(h.stacks)
        # the stacks a hand ends with are its start's chips, none made or
        # lost, none given to a seat that was not dealt in
        ok = len(end) == len(start) and sum(end) == sum(start)
        if ok:
            for i in range(len(start)):
                if end[i] < 0 or (start[i] == 0 and end[i] != 0):
                    ok = False
        if h.voided or not ok:
            # a misdeal (or an engine fault): every chip goes back, same dealer
            self.events.append(("MISDEAL", None))
            self._close_journal()
            return
        for i in range(self.seats):
            if start[i]:
                self.stacks[i] = end[i]
        self.hand_no += 1
        self.seq += 1
        # After a hand: the seats under ``min_stack`` are out; the game is
        # lost or won, else the button moves to the next live seat.
        n = self.seats
        for seat in range(n):
            if not self.out[seat] and self.stacks[seat] < self.min_stack:
                self.out[seat] = True
                if seat:
                    self.events.append(("FINISH", seat))
        if self.tour is not None and self.tour.after_hand(self):
            return  # (its places, its end, its next level: poker.match.tournament)
        if self.out[0]:
            self.over = True
            self.result = "lost"
            self.events.append(("GAME OVER", 0))
            self.stats.record_game(self.code, False)
        elif all(self.out[1:]):
            self.over = True
            self.result = "won"
            self.events.append(("WIN", 0))
            self.stats.record_game(self.code, True)
        else:
            d = self.dealer
            for _ in range(n):
                d = (d + 1) % n
                if not self.out[d]:
                    break
            self.dealer = d
        self.unbooked = h
        self._books = [0, start, end, None]
        if not self.defer_booking:
            self.settle()

    def book(self):
        """One part of the finished hand's books, in this order: the
        statistics, each virtual player's memory (a seat a part), the hand
        history's text, its write, the review of the hand (poker.match.review: for
        LAST HAND), its write, the game record (then the journal goes).
        True when it did one, False when none was left. The UI calls it
        between frames (``defer_booking``): each part's garbage is then
        collected before the next, apart from a press's, and a press waits
        on one part at most."""
        b = self._books
        h = self.unbooked
        if b is None or h is None:
            return False
        part = b[0]
        b[0] = part + 1
        seats = len(b[1])
        if part == 0:
            # the last action on flash first: a cut in the saves below
            # resumes the finished hand, and its end is booked again
            self.flush_journal()
            self._record_stats(h, b[1], b[2])
        elif part < seats:
            # The final view of the hand to the virtual player at ``seat`` if
            # it was dealt in and has ``observe`` (Hard: folds that ended the hand
            # count too).
            start = b[1]
            seat = part
            bot = self.bots.get(seat)
            if bot is not None and start[seat] and hasattr(bot, "observe"):
                try:
                    bot.observe(h.view(seat))
                except Exception:  # a broken virtual player must not stop the console
                    pass
        elif part == seats:
            # the hand's PHH text, b'' if it fails: a history is never
            # worth a crash. poker.phhout is imported for it and forgotten
            # after: its code (5 KB on the stock route) is needed once a hand
            text = None
            if self.store is not None:
                try:
                    text = h.to_phh().encode()
                except Exception:
                    text = b""
                finally:
                    unload("poker.phhout")
                if len(text) > MAX_SIZE - 16:  # a record's limit
                    text = text[:MAX_SIZE - 16]
            b[3] = text
        elif part == seats + 1:
            text = b[3]
            st = self.store
            if text is not None and st is not None:
                st.write(history_slot(self.seq), (b"%d\n" % self.seq, text), False)
            b[3] = None
        elif part == seats + 2:
            # the hand explained as you saw it (its names, for LAST HAND
            # and the showdown screen): the review's slower part, before
            # its write. Never worth a crash.
            try:
                h.explain(0)
            except Exception:
                pass
        elif part == seats + 3:
            # the hand's review for LAST HAND (poker.match.review_write) on
            # flash: made, written and dropped in one part (no bytes kept
            # between parts). Never worth a crash.
            st = self.store
            if st is not None:
                try:
                    import json

                    from poker.match import review_write
                    from poker.match.record import review_slot

                    st.write(review_slot(self.seq), json.dumps(review_write.record(h, self.seq, self.code)).encode(),
                             False)
                except Exception:
                    pass
                finally:
                    unload("poker.match.review_write")
        else:
            self.unbooked = None
            self._books = None
            self._save()
            self._close_journal()
        return True

    def settle(self):
        """Books the finished hand now, what is left of it (see book)."""
        while self.book():
            pass

    # -- the hand's journal on flash (poker.match.journal) --------------------------------
    def _make_head(self):
        """The pending header's bytes; the records' chain starts from it."""
        j = self._jhead
        if type(j) is tuple:
            seq, state, deck, start, dealer = j
            j, self._jchain = journal.header(seq, state, deck, journal.start_crc(start, dealer, self.code),
                                             self.seats)
            self._jhead = j
        return j

    def flush_journal(self):
        """Writes what ``defer_journal`` held back (the UI calls it once the
        frame is on the screen), in the order booking at once writes it: the
        old journal's removal, a new game's record, the hand's header, its
        actions."""
        st = self.store
        if self._jremove:
            self._jremove = False
            if st is not None:
                st.remove(JOURNAL)
        if self._unsaved:
            self._save()
        head = self._make_head()
        if head is not None:
            self._jhead = None
            if st is None or not st.append(JOURNAL, head):
                self._jchain = None  # a failing flash: this hand goes unjournaled
        p = self._jpending
        if p is not None:
            self._jpending = None
            self._journal_write(p)

    def _journal_write(self, items):
        st = self.store
        if self._jchain is not None and st is not None and not st.append(JOURNAL, items):
            self._jchain = None  # a failing flash: this hand goes unjournaled

    def _close_journal(self, keep=False):
        """No journal for this hand any more; it leaves the flash now, or
        with ``keep`` until the next ``flush_journal``."""
        self._jchain = None
        self._jpending = None
        self._jhead = None
        self._jremove = keep
        if self.store is not None and not keep:
            self.store.remove(JOURNAL)

    def resumed(self, h, start, chain):
        """The hand ``h`` (dealt from ``start``) resumed by poker.match.resume from
        a journal whose records end at ``chain``: it goes on (or, when its
        last action was on flash but not its end, it is booked now)."""
        self._start = start
        self._jchain = chain
        self.hand = h
        self.events.append(("RESUMED", None))
        if h.finished:
            self._finish_hand()

    def _record_stats(self, h, start, end):
        pot = 0
        won = False
        for amount, winners in h.pots:
            pot += amount
            if 0 in winners:
                won = True
        variant = self.variant
        try:
            best, own, board = handname.best_hand(h.view(0), variant)
        except Exception:  # a statistic is never worth a crash
            best, own, board = 0, (), ()
        # the hand's name only for a new best (finding its five allocates)
        net = end[0] - start[0] if self.tour is None else 0  # (a tournament's chips are not money)
        self.stats.record_hand(self.code, net, won, pot, best,
                               lambda: _best_text(best, own, board, variant))  # pyright: ignore[reportArgumentType]  (a str or a function giving one)

    def history(self, n=HISTORY_SIZE):
        """The last ``n`` saved hand histories (PHH text), oldest first.
        Hand number ``k`` (``seq``) lives in slot ``k % HISTORY_SIZE``; a slot
        holding another number (older, or newer than the saved game because
        the power went between the two writes) is skipped."""
        if self.store is None:
            return []
        self.settle()
        out = []
        for k in range(self.seq - min(n, HISTORY_SIZE) + 1, self.seq + 1):
            if k <= 0:
                continue
            entry = self.store.load(history_slot(k), parse_history)
            if entry is not None and entry[0] == k:
                out.append(entry[1])
        return out


def _best_text(value, own, board, variant):
    try:
        return handname.best_hand_text(value, own, board, variant)
    except Exception:  # a statistic is never worth a crash
        return ""
