"""The console game between hands: seats, dealer, money, elimination, saving.

The API (the UI codes against it) and the files it saves: firmware/poker/
README.md's "The match": ``Game(settings, rng, store=None, ...)``,
``Game.load``, ``start_hand``, ``act``, ``step``, ``think``, ``new_game``...

Elimination: a seat with fewer than ``min_stack`` (the profile's
``min_stack_bets`` small bets) after a hand is out, its chips still its own
(``total``): ('FINISH', seat); you out: ('GAME OVER', 0); all of them: ('WIN', 0).
"""
from micropython import const

from poker import load, unload
from poker.jobs import Jobs
from poker.match import ahead, journal
from poker.match.books import books
from poker.match.record import GAME_KEYS, HISTORY_SIZE
from poker.match.settings import SAVE_VERSION, Settings
from poker.match.stats import Stats
from poker.variants import VARIANTS
from poker.view import passive

# poker.jobs' kinds (its own copies: see there)
_JOURNAL = const(0)
_BOOKS = const(1)
_AHEAD = const(3)
_THINKING = const(4)
# what a decision in slices holds (Game._thought): the turn it is for (a
# turn()), then the action once made
_TURN = const(0)
_ACTION = const(1)


# -- the parts that come from other modules (injectable for tests) -----------

def _default_hand(*args, **kwargs):
    from poker.hand import Hand

    return Hand(*args, **kwargs)


def _default_players(seat, settings, rng):
    from poker import players

    return players.make(settings.difficulty, rng=rng)


class Game:
    def __init__(self, settings, rng, store=None, players=None, hand_factory=None, _new=True, jobs=None):
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
        self._thought = None  # a decision in slices (see think)
        self._moves = 0  # actions applied (a turn of turn())
        self._new_ahead = None  # a new game's players and first hand (see new_game_ahead)
        self.journal = journal.Writer(store)  # the hand's journal (poker.match.journal)
        self.unbooked = None  # the finished hand not yet booked (see settle)
        self.jobs = Jobs()
        if jobs is not None:  # the work that waits for the frame goes there
            self.jobs = self.journal.jobs = jobs
        rec = None
        if store is not None:  # (the record's checks: read once, unloaded after)
            from poker.match.saved import check
            rec = store.load_json("game", check)
            unload("poker.match.saved")
        self.record = rec
        if rec is not None:
            self.stats = rec["stats"]
            self.seq = rec["seq"]
        if _new:
            self.record = None
            self.new_game()

    def flush_journal(self):
        """Writes what the journal holds back, now (its JOURNAL job's work)."""
        self.journal.flush()

    # -- a game ----------------------------------------------------------------
    def _setup(self, s, bots=None):
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
        self.humans = s.humans  # seats 0..humans-1 play from the buttons (pass and play)
        self.tour = None  # a poker.match.tournament.Tournament when one is played
        self.bots = {}
        if bots is None:
            self.remake_players()
        else:  # (made ahead: poker.match.ahead)
            self.level = s.difficulty
            self.bots = bots
        if s.tour:
            load("poker.match.tournament").join(self, s)

    def new_game(self):
        """Starts over with the current settings; the statistics stay (a
        game in play left unfinished counts as left: ``record_left``)."""
        self.settle()  # the last hand's books first (its game's statistics)
        if getattr(self, "over", True) is False and (self.hand_no > 0 or self.hand is not None):
            if self.tour is not None:
                self.tour.left(self)
            elif self.humans > 1:  # (pass and play: each human's, by name)
                load("poker.match.friends").left(self)
            else:
                self.stats.record_left(self.code)
        self.drop_deal_ahead()
        s = self.settings.normalize()
        self._setup(s, ahead.made(self, s))
        self.bought = 0
        self.stacks = [self.chips] * self.seats
        self.out = [False] * self.seats
        self.dealer = self.rules.first_dealer % self.seats
        self.hand_no = 0
        self.over = False
        self.result = None
        self.hand = None
        self.last_hand = None
        w = self.journal
        if w.jobs is not None:  # (saved by the journal's flush, before the header)
            w.save = self._save  # pyright: ignore[reportAttributeAccessIssue]
        w.close(w.jobs is not None)
        if w.jobs is None:
            self._save()

    @staticmethod
    def load(store, rng, settings=None, players=None, hand_factory=None, jobs=None):
        """The saved game in progress, or a new game when there is none; a
        hand cut by power loss resumes (poker.match.resume), at
        once; then the work goes to ``jobs`` if given."""
        if settings is None:
            settings = Settings.load(store)
        g = Game(settings, rng, store, players, hand_factory, _new=False)
        rec = g.record
        g.record = None  # keep no second copy of the record in RAM
        saved = rec.get("game") if rec is not None else None
        if saved is None or saved.get("result") is not None:
            if jobs is not None:
                g.jobs = g.journal.jobs = jobs
            g.new_game()
            if jobs is not None:
                # its record waits for its first hand (journal.open flushes
                # it before the header): a flash write at power-on is a press
                # kept waiting, for a game with nothing in it yet
                jobs[_JOURNAL] = None
            if store is not None:
                store.remove("hand")  # older firmware's mid-hand marker
        else:  # the saved game, and its hand if one was cut
            s = settings.copy()
            for name in GAME_KEYS:
                setattr(s, name, saved[name])
            tour = saved.get("tour")  # a tournament's (poker.match.tournament.to_obj: its hands a level first)
            s.tour = tour[0] if tour else 0
            s.humans = saved.get("humans", 1)
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
                blob = store.read_raw(journal.JOURNAL)
                if blob is not None:  # a hand was cut (the code for it loads only then)
                    from poker.match import resume

                    resume.resume(g, store, blob)
        if jobs is not None:  # the work that waits for the frame goes there
            g.jobs = g.journal.jobs = jobs
        return g

    def _game_obj(self):
        g = {"game": self.code, "stakes": self.stakes, "profile": self.profile, "players": self.seats,
             "chips": self.chips, "stacks": self.stacks, "out": self.out, "dealer": self.dealer,
             "hand_no": self.hand_no, "result": self.result, "bought": self.bought}
        if self.tour is not None:
            g["tour"] = self.tour.to_obj()
        if self.humans > 1:  # (absent: one, as saved before pass and play)
            g["humans"] = self.humans
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
        if self.humans != settings.humans:
            out.append("humans")
        return out

    def plays(self, settings):
        """True when the game in play has these settings' game, stakes,
        rules, seats and chips."""
        return not self.pending(settings)

    def save(self):
        self.settle()
        return self._save()

    def _save(self):
        self.journal.save = None
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
        self.jobs[_AHEAD] = None  # (a deal ahead not made yet: made now)
        self.last_hand = None
        start = self._next_start()
        self._start = start
        got = ahead.take(self, start)
        if got is not None:
            hand, state = got
        else:
            state = journal.rng_state(self.rng)  # before the shuffle: deals it again
            hand = self.hand_factory(self.variant, self.rules, list(start), self.dealer, self.rng)
        self.hand = hand
        self.journal.open(self.seq, state, hand, start, self.dealer, self.code, self.seats)
        if hand.finished:
            self._finish_hand()
        return self.hand if self.hand is not None else self.last_hand

    def _next_start(self):
        """The stacks the next hand is dealt (0: a seat that is out)."""
        return [0 if self.out[i] else self.stacks[i] for i in range(self.seats)]

    def ahead(self):
        """True when ``deal_ahead`` has a hand to deal."""
        return self._ahead is None and self.hand is None and not self.over and self.unbooked is None

    def deal_ahead(self):
        """Deals the next hand now (poker.match.ahead.deal)."""
        ahead.deal(self)

    def new_game_ahead(self):
        """A new game's players and first hand made now (poker.match.ahead.new_game)."""
        ahead.new_game(self)

    def drop_new_game_ahead(self):
        self._new_ahead = None

    def drop_deal_ahead(self):
        self.jobs[_AHEAD] = None
        ahead.clear(self)

    def to_act(self):
        h = self.hand
        return None if h is None or h.finished else h.actor

    def human_to_act(self):
        """True when a seat played from the buttons is to act (``humans``)."""
        seat = self.to_act()
        return seat is not None and seat < self.humans

    def view(self, seat=0):
        h = self.hand or self.last_hand
        return h.view(seat) if h is not None else None

    def act(self, kind, amount=None):
        h = self.hand
        if h is None or not self.human_to_act():
            raise ValueError("not the human's turn")
        self._apply(h, kind, amount)

    def turn(self):
        """(hand, seat, actions so far, player) of the virtual player to
        act, or None."""
        seat = self.to_act()
        h = self.hand
        if seat is None or seat < self.humans or h is None:
            return None
        return h, seat, self._moves, self.bots.get(seat)

    def think(self):
        """One slice of the decision of the virtual player to act (its
        ``think``, when it has one, as the THINKING job): True once it is
        made, ``step`` then applies it at once, or when there is none to
        make; False while it is not. A decision begun for another hand,
        seat, turn or player is never applied: it starts over."""
        t = self._thought
        jobs = self.jobs
        if t is not None and jobs[_THINKING] is not None:
            turn = t[_TURN]  # still the turn?
            if (self.hand is turn[0] and self._moves == turn[2] and self.to_act() == turn[1]
                    and self.bots.get(turn[1]) is turn[3]):
                jobs.step(_THINKING)  # (no turn tuple a slice: its garbage)
                return jobs[_THINKING] is None
        turn = self.turn()
        if turn is None:
            self._thought = None
            jobs[_THINKING] = None
            return True
        if t is not None and t[_TURN] != turn:
            t = None  # stale
        if t is None:
            bot = turn[3]
            jobs[_THINKING] = None
            if bot is None or not hasattr(bot, "think"):
                return True  # step decides at once
            t = self._thought = [turn, None]
            jobs[_THINKING] = self._slice(t)
        elif jobs[_THINKING] is None:
            return True
        jobs.step(_THINKING)
        return jobs[_THINKING] is None

    def _slice(self, t):
        """The THINKING job: the decision for turn ``t[_TURN]`` into
        ``t[_ACTION]``; its first part makes the player's view."""
        h, seat, _, bot = t[_TURN]
        try:
            slices = bot.think(h.view(seat))
            yield
            t[_ACTION] = yield from slices
        except Exception:  # a broken virtual player must not stop the console
            t[_ACTION] = passive(h.view(seat))

    def step(self):
        turn = self.turn()
        if turn is None:
            return None
        h, seat = turn[0], turn[1]
        t = self._thought
        if t is not None and t[_TURN] == turn:
            self.jobs.run(_THINKING)  # begun in slices (see think): its end now
        else:
            t = None
            self.jobs[_THINKING] = None
        self._thought = None
        legal = h.legal_actions()
        try:
            kind, amount = t[_ACTION] if t is not None else self.bots[seat].decide(h.view(seat))
        except Exception:  # a broken virtual player must not stop the console
            kind, amount = passive(h.view(seat))
        if (kind, amount) not in legal:
            # accept the amount-less form if the kind is unique
            found = None
            for k, a in legal:
                if k == kind:
                    found = (k, a) if found is None else False
            kind, amount = found if found else passive(h.view(seat))
        self._apply(h, kind, amount)
        return seat, kind, amount

    def _apply(self, h, kind, amount):
        """One action into the hand and its journal (raises ValueError and
        changes nothing when it is illegal)."""
        i = journal.action_index(h.legal_actions(), kind, amount)
        h.act(kind, amount)
        self._moves += 1
        self.journal.add(i)
        if h.finished:
            self._finish_hand()

    def rebuy(self):
        """After GAME OVER: your stack back to the starting chips, the same
        table goes on, counted in the statistics (poker.match.saved's work,
        in the heap only then). ValueError when the game is not lost."""
        from poker.match import saved

        saved.rebuy(self)
        unload("poker.match.saved")

    def remake_players(self):
        """Makes the virtual players again (after the difficulty changed)."""
        self.drop_deal_ahead()  # the players may draw on the random source
        self._thought = None  # (a decision begun by the old players: see think)
        self.jobs[_THINKING] = None
        self.level = self.settings.difficulty  # the level the players play at
        for seat in range(self.humans, self.seats):
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
        for i in range(len(start) if ok else 0):
            if end[i] < 0 or (start[i] == 0 and end[i] != 0):
                ok = False
        if h.voided or not ok:
            # a misdeal (or an engine fault): every chip goes back, same dealer
            self.events.append(("MISDEAL", None))
            self.journal.close()
            return
        n = self.seats
        for i in range(n):
            if start[i]:
                self.stacks[i] = end[i]
        self.hand_no += 1
        self.seq += 1
        # the seats under ``min_stack`` are out; the game is lost or won,
        # else the button moves to the next live seat
        for seat in range(n):
            if not self.out[seat] and self.stacks[seat] < self.min_stack:
                self.out[seat] = True
                if seat or self.humans > 1:
                    self.events.append(("FINISH", seat))
        if self.tour is not None and self.tour.after_hand(self):
            pass  # (its places, its end: poker.match.tournament; the books below)
        elif all(self.out[:self.humans]):  # every human out
            self.over = True
            self.result = "lost"
            self.events.append(("GAME OVER", 0))
        elif self.out.count(False) == 1:  # one seat left: a human's
            self.over = True
            self.result = "won"
            self.events.append(("WIN", self.out.index(False)))
        else:
            d = self.dealer
            for _ in range(n):
                d = (d + 1) % n
                if not self.out[d]:
                    break
            self.dealer = d
        if self.over and self.humans == 1 and self.tour is None:  # (pass and play: each human's own, in the books)
            self.stats.record_game(self.code, self.result == "won")
        self.unbooked = h
        job = books(self, h, start, end)
        if self.journal.jobs is not None:
            self.jobs[_BOOKS] = job
        else:
            for _ in job:
                pass

    def settle(self):
        """Books the finished hand now, what is left of it (see poker.match.books)."""
        if self.unbooked is not None:
            jobs = self.jobs
            while jobs.step(_BOOKS):  # (jobs.run's loop here: a frame less on a deep path, a key's to start_hand)
                pass

    def resumed(self, h, start, chain):
        """The hand ``h`` (dealt from ``start``) resumed by
        poker.match.resume from a journal whose records end at ``chain``:
        it goes on (or, when its last action was on flash but not its end,
        it is booked now)."""
        self._start = start
        self.journal.chain = chain
        self.hand = h
        self.events.append(("RESUMED", None))
        if h.finished:
            self._finish_hand()

    def history(self, n=HISTORY_SIZE):
        """The last ``n`` saved hand histories (PHH text), oldest first
        (poker.match.saved's work, in the heap only then)."""
        from poker.match import saved

        try:
            return saved.history(self, n)
        finally:
            unload("poker.match.saved")
