"""The table screen: it drives the hand and answers your keys (the drawing
is ui.table_draw's, the words ui.words'). What each key does, on your turn
and while the others act, and why A and B need the finger lifted after a
new screen (``App.gate``): docs/playing.md, "The table" to "The finger
lifted first".
"""
from micropython import const

from poker import load
from poker.view import passive
from ui import coach, keys
from ui.messages import Confirm
from ui.screen import Screen
from ui.table_draw import (BAR_Y, draw_bar, draw_list, draw_table, draw_you, eq_band, options, you_y)
from ui.words import action_text, names, seat_name

# a poll's thinking on the device: slices of the player's decision (about 2
# ms each, poker.players.base.SLICE_US) for up to this many ms, the buttons
# looked at between two (the loop polls every 10 ms)
_THINK_MS = const(8)

_SOUND = {"fold": "fold", "bet": "chip", "raise": "chip", "complete": "chip",
          "call": "chip", "bring_in": "chip"}


class Table(Screen):
    """The table screen. It drives the hand: the virtual players act from
    tick() at ``app.pace_ms``; your actions go to the game."""
    next_key = keys.RIGHT
    long_a = True  # a held A comes as LONG (it hurries), not as a press

    def __init__(self, app):
        Screen.__init__(self, app)
        self.view = None
        self.entering = False
        self.turn = None
        self.options = []
        self.sel = 0
        self.listing = False
        self.next_step = 0
        self.finish_at = -1
        self.last = None
        self.eq = None
        self.eq_key = None
        self.eq_sum = 0
        self.eq_n = 0
        self.hand = ""
        self.low = ""
        self.cards = None
        # while the others act: 0, or the presses that asked them to hurry
        # (the bar's mark changes with each: every press shows)
        self.hurry = 0
        self.hint = 0  # A pressed while the others act: which hint the bar shows
        self.paced = False  # the next player's action is decided: only its pace is left
        self.level = ""  # a tournament's level on the bar while the others act
        # the human seat whose down cards the table shows: yours (0); pass
        # and play, None but while the human to act holds them up (ui.pass_play)
        g = app.game
        self.eyes = 0 if g is None or g.humans == 1 else None
        names.clear()  # the seats' labels: "P1".. (pass and play's view names its humans)

    def enter(self):
        # the entry runs at the next tick or draw (the same poll), not under
        # the key that opened the table: its deal (the last hand's books on
        # flash) is the C stack's deepest path, and a key's handler is deep
        self.entering = True

    def _enter(self):
        self.entering = False
        g = self.app.game
        if g.hand is None and not g.over and self.finish_at < 0:
            self.view = None  # the last hand's: free before the next is dealt
            self.app.start_hand()
            self.app.play("deal")
            self.app.changed()
            self.app.gate()  # a new hand: no press carried over from the last one
            self.turn = None  # (its turns are new ones, whatever their numbers)
            self.eq_key = None
            self.sel = 0
            self.last = None
            self.hurry = 0
            self.hint = 0
            self.level = ""
            self.eyes = 0 if g.humans == 1 else None
            if g.tour is not None:  # the level and the hands to the next (ui.tournament)
                self.level = load("ui.tournament").hint(g)
        self.next_step = self.app.now + self.app.pace_ms
        self.refresh()
        v = self.view
        if v is not None and v.actor == v.seat and not v.finished and v.legal:
            # back from the menu or a dialog: check/call again, never the
            # FOLD that the B opening the menu chose
            self.sel = self.options.index(passive(v))

    def refresh(self):
        """Reads the view again after the game moved."""
        g = self.app.game
        # (pass and play: the cards of no human but the one holding them up)
        v = g.view(0) if g.humans == 1 else load("ui.pass_play").view(g, self.eyes)
        self.view = v
        if v is None:
            return
        cards = (v.down[v.seat], v.up[v.seat], len(v.board))
        if cards != self.cards:  # the names change only with new cards
            self.cards = cards
            hidden = None in cards[0]  # (pass and play: no name of cards not shown)
            self.hand = "" if hidden else coach.hand_name(v)
            self.low = "" if hidden else coach.low_name(v)
        self.options = options(v)
        self.app.changed()
        if v.actor == v.seat and not v.finished and v.legal:  # (pass and play's public view: no actions)
            turn = (v.street, len(v.actions))
            if turn != self.turn:  # a new decision: start on check/call
                self.turn = turn
                self.sel = self.options.index(passive(v))
                # your turn (after the others, or a new street after your
                # own action): no press carried over into it
                self.app.gate()
            if turn != self.eq_key:  # the coach starts over (see tick)
                self.eq_key = turn
                self.eq = None
                self.eq_sum = 0
                self.eq_n = 0

    def _coach_step(self):
        """One slice of the coach's equity (Monte Carlo, a few deals per
        tick, so no key waits long); the hint sharpens as slices add up."""
        v = self.view
        pm = coach.equity_part(v, self.app.coach_rng(), self.app.clock)
        if pm is None:  # no equity for this game or no memory: no hint
            self.eq_n = coach.EQ_SAMPLES
            return
        self.eq_sum += pm * coach.EQ_CHUNK
        self.eq_n += coach.EQ_CHUNK
        eq = (self.eq_sum // self.eq_n + 5) // 10
        if eq != self.eq:
            self.eq = eq
            y0, y1 = eq_band(v)
            self.app.changed(y0, y1)

    def rest_ms(self, now):
        """How long the table may be left alone (App.rest_ms): None, till a
        key (your turn, the coach's hint done); 0, it moves now (a player
        thinking, the coach's hint, the hand's books); else the ms till it
        moves by itself (the players' pace, the action decided; the pause
        before the showdown)."""
        g = self.app.game
        if g is None:
            return None
        if g.hand is None:
            return max(0, self.finish_at - now) if self.finish_at >= 0 and g.unbooked is None else 0
        if g.human_to_act():
            if self.eyes != g.to_act():
                return 0  # pass and play: the pass screen is due (tick)
            return 0 if self.app.settings.coach and self.eq_n < coach.EQ_SAMPLES and self.view is not None else None
        return max(0, self.next_step - now) if self.paced and not self.hurry else 0

    def tick(self, now):
        if self.entering:
            self._enter()
        g = self.app.game
        if g is None:
            return
        if g.hand is None:
            # the hand is over: show the final table a moment (the hand is
            # booked meanwhile, a part per idle poll: App.draw), then the
            # showdown
            if self.finish_at < 0:
                self.app.gate()
                self.finish_at = now + (self.app.pace_ms if self.hurry else 2 * self.app.pace_ms)
            elif now >= self.finish_at and g.unbooked is None:
                self.finish_at = -1
                self.app.showdown()
            return
        if g.human_to_act():
            if self.eyes != g.to_act():  # pass and play: that human's cards are hidden
                load("ui.pass_play").turn(self, g)
                return
            if self.app.settings.coach and self.eq_n < coach.EQ_SAMPLES and self.view is not None:
                self._coach_step()
            return
        # the next virtual player thinks a few slices a poll (poker.match.game.think:
        # a press waits one slice, not a whole decision), from the last
        # action on; it acts once it has decided and its pace is up. A
        # press's frame goes first (drawn at the end of this poll)
        if self.app.dirty or not self._think(g):
            self.paced = False
            return
        self.paced = now < self.next_step and not self.hurry
        if not self.paced:
            r = g.step()
            self.next_step = now + self.app.pace_ms
            self.hint = 0
            self.refresh()
            if r is not None:
                seat, kind, amount = r
                # (a raise never ends the round: its bet is the street total)
                v = self.view
                self.last = action_text(kind, amount, v.bets[seat] if v else amount, seat_name(seat))
                self.app.play(_SOUND.get(kind, "click"))
            if g.human_to_act():
                self.hurry = 0
                self.app.play("turn")

    def _think(self, g):
        """Slices of the decision to make (``g.think()``): True once it is
        made. On the device (the loop's ``stop_frame``: a button changed)
        for up to _THINK_MS, stopped as soon as a button changed, its key
        answered first; elsewhere one slice a poll."""
        app = self.app
        stop = app.stop_frame
        clock = app.clock
        if stop is None or clock is None:
            return g.think()
        t0 = clock()
        while not g.think():
            if stop() or clock() - t0 >= _THINK_MS:
                return False
        return True

    def key(self, k, event):
        g = self.app.game
        if k == keys.B and event == keys.LONG:
            self._menu()
            return
        if k == keys.UP or k == keys.DOWN:
            self.listing = not self.listing
            self.app.changed()
            return
        if self.view is None or g.hand is None:
            if (k == keys.A or k == keys.B) and g.hand is None:
                self.finish_at = 0  # go on to the showdown at once (once the hand is booked)
                self.hurry += 1  # (the bar says so meanwhile: the press shows)
                if not self.listing:
                    self.app.changed(BAR_Y, 64)
            return
        if not g.human_to_act():
            # a key while the others act: B or a held A hurries them; A alone
            # shows how (it is the key that acts, never a hurry). Either way
            # the bar changes at once: the press shows.
            if k == keys.B or (k == keys.A and event == keys.LONG):
                self.hurry += 1
            elif k == keys.A:
                self.hint = 2 if self.hint == 1 else 1
            else:
                return
            if not self.listing:
                self.app.changed(BAR_Y, 64)
            return
        n = len(self.options)
        if n == 0:
            return
        sel = self.sel
        if k == keys.LEFT:
            sel = max(sel - 1, 0)
        elif k == keys.RIGHT:
            sel = min(sel + 1, n - 1)
        elif k == keys.B:
            o = self.options
            if self.view is not None and 0 <= sel < len(o) and o[sel][0] == "fold":
                self._menu()
                return
            for i in range(n):
                if self.options[i][0] == "fold":
                    sel = i
        elif k == keys.A:
            self.choose(self.options[self.sel])
            return
        else:
            return
        if sel == self.sel and not self.listing:
            return  # at an end already: nothing changes
        self.sel = sel
        if self.listing:
            self.listing = False
            self.app.changed()
        else:
            self.app.changed(BAR_Y, 64)  # only the action bar

    def _menu(self):
        """The menu; pass and play: the cards hide first."""
        if self.app.game.humans > 1:
            self.eyes = None
        self.app.menu()

    def choose(self, action):
        """Your chosen action, after the checks that protect you."""
        kind, amount = action
        v = self.view
        if v is None:
            return
        if kind == "fold":
            for k, _ in v.legal:
                if k == "check":
                    self.ask_free_fold()
                    return
            reason = coach.strong(v, self.eq if self.app.settings.coach else None)
            if reason:
                self.ask_strong_fold(reason)
                return
        elif kind == "call" and v.impossible_call and v.rules.impossible_call_guard:
            self.warn_impossible_call(action)
            return
        self.do(action)

    def ask_free_fold(self):
        """FOLD when a check is free: CHECK chosen."""
        self._ask("FOLD?", ["CHECKING IS FREE"], ("CHECK", "FOLD"), ("check", None), ("fold", None))

    def ask_strong_fold(self, reason):
        """FOLD with a strong hand (``reason``: ui.coach.strong's words): BACK chosen."""
        self._ask("FOLD?", [reason], ("BACK", "FOLD"), None, ("fold", None))

    def warn_impossible_call(self, action):
        """The seed-002 impossible call (any stud game): BACK chosen."""
        v = self.view
        b = v.bettor if v is not None else None
        # whole sentences: longer strings than a name are never interned
        who = "NO PART OF IT AGAINST P%d'S UP CARDS" % (b + 1) if b is not None else "NO PART OF IT AGAINST THE UP CARDS"
        self._ask("NO CHANCE", ["YOUR HAND CANNOT WIN THIS POT:", who],
                  ("BACK", "CALL"), None, action)

    def _ask(self, heading, lines, answers, first, second):
        """A question before an action (ui.messages' Confirm), the first
        answer chosen: ``first`` or ``second`` is done (None: back to the
        table, nothing done); B goes back too. Its answer comes back here
        without ``enter`` (``do`` reads the game again: the same read once
        more would cost about 7 ms on the chip)."""
        app = self.app

        def done(i):
            action = first if i == 0 else second if i == 1 else None
            if action is None:
                app.go(self)
                return
            app.screen = self
            app.changed()
            self.do(action)
        app.go(Confirm(app, heading, lines, answers, done, -1, 0))

    def do(self, action):
        kind, amount = action
        v = self.view
        have = v.bets[v.seat] if v is not None else 0
        try:
            self.app.game.act(kind, amount)
        except ValueError:  # the engine refused: a beep, and the table again
            self.app.play("error")
            self.refresh()
            return
        one = self.app.game.humans == 1  # (pass and play: the seat's name, and the cards hide)
        self.last = action_text(kind, amount, have + (amount or 0), "YOU" if one else seat_name(self.eyes))
        if not one:
            self.eyes = None
        self.sel = 0
        self.listing = False
        self.next_step = self.app.now + self.app.pace_ms
        self.app.play(_SOUND.get(kind, "click"))
        self.refresh()

    def draw(self, fb):
        if self.entering:
            self._enter()
        v = self.view
        if v is None:
            return
        if self.listing:
            draw_list(fb, v)
            return
        sel = self.sel if v.actor == v.seat else -1
        # (pass and play: the equity only to the human holding up the cards)
        eq = self.eq if self.app.settings.coach and not v.folded[v.seat] and self.eyes == v.seat else None
        # what the bar adds while the others act: '>>' while you hurry them
        # (a third '>' at every other press) or a hint after an A
        if self.hurry:
            mark = ">" * 3 if self.hurry & 1 == 0 else ">>"
        elif self.hint:
            mark = "HOLD A: HURRY" if self.hint == 1 else "B: HURRY"
        else:
            mark = self.level
        if not self.app.visible(0, you_y(v)):
            # a choice moved (the bar) or the coach's hint sharpened (your
            # line): only those; the cleared band is redrawn whole
            if self.app.visible(you_y(v), BAR_Y):
                draw_you(fb, v, eq, self.hand, self.low)
            if self.app.visible(BAR_Y, 64):
                draw_bar(fb, v, sel, mark)
            return
        return draw_table(fb, v, sel, eq, self.last, self.hand, self.low, self.app.stale, mark)
