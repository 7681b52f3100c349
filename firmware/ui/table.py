"""The table: every seat, the pot, the board, your cards, and your actions.

Layout on 128x64 (y ranges), stud:

- 0..31  the other seats. Up to four: one row each (seat number, dealer
  "D", stack, up cards, this street's action). Five to nine: two columns,
  seats going up the left column and down the right one (clockwise, you sit
  at the bottom), each cell with the seat number (boxed: the dealer),
  stack and up cards (stud) or action (flop games). The stack of the seat
  to act is drawn inverted. Cards of a folded seat (dead cards) are drawn
  without their box: rank and suit lit on the dark table, readable, and
  plainly out of play.
- 32..39 the pot, stud's community card, the street and the last action.
- 39..56 your cards, large, in dealing order; a line under each of your
  down cards (the ones nobody else sees); right of them your stack (and
  "IN 20": the chips you put in on this street), the name of your hand
  and, with coach hints on, your equity.
- 57..63 the action bar: on your turn your choices, the chosen one inverted;
  else whose turn it is.

Flop games (hold'em, Omaha) up to nine seats: the other seats in 0..24,
the board large in 25..40 at the right with the pot, the street and the
last action left of it, your hole cards large in 41..56 with your stack on
the first line beside them and your hand's name and equity on the second.
Ten seats keep the stud layout (the board in the middle line).

Keys: LEFT/RIGHT choose an action (wrapping), A does it, B jumps to FOLD
(A then folds; a confirmation comes first when a check is free; B again
opens the menu), UP/DOWN show the table as a list (every seat's stack, bet,
last action and up cards), A when it is not your turn hurries the virtual
players, B when it is not your turn (or a long B) opens the menu.
Two-button board: NEXT = next action, OK = do it, OK held = B.
"""
from micropython import const

from ui import coach, glyphs, keys
from ui.glyphs import ghost, mini
from ui.font import draw_boxed, draw_text
from ui.screen import SMALL, Screen, W, money, right, width

_MID_Y = const(32)
_YOU_Y = const(40)
_FLOP_SEATS_H = const(25)  # flop games: the other seats' band
_BOARD_Y = const(25)       # flop games: the board, large
_FLOP_YOU_Y = const(41)
_BAR_Y = const(57)
# a poll's thinking on the device: slices of the player's decision (about 2
# ms each, poker.players.base.SLICE_US) for up to this many ms, the buttons
# looked at between two (the loop polls every 10 ms)
_THINK_MS = const(8)
_CW = const(9)     # a SMALL card: 9x7
_PITCH = const(10)
_BIG_PITCH = const(13)  # a LARGE card: 12x16
_MED_PITCH = const(12)  # a MEDIUM card: 11x7

_SOUND = {"fold": "fold", "bet": "chip", "raise": "chip", "complete": "chip",
          "call": "chip", "bring_in": "chip"}

KIND_TEXT = {
    "fold": "FOLD", "check": "CHECK", "call": "CALL", "bet": "BET",
    "raise": "RAISE", "bring_in": "BRING", "complete": "COMPL",
}


def action_text(kind, amount):
    t = KIND_TEXT.get(kind, kind.upper())
    if amount and kind != "fold":
        t = t + " " + money(amount)
    return t


def street_action(view, s):
    """Seat s's last action of this street, the hand's record of it
    (street, seat, kind, amount), or None when it has not acted on this
    street (older streets' actions are history)."""
    acts = view.actions
    st = view.street
    for i in range(len(acts) - 1, -1, -1):
        a = acts[i]
        if a[0] != st:
            return None
        if a[1] == s:
            return a
    return None


def seat_label(view, s):
    """What a seat did: FOLD, ALL IN, or its action on this street; '' for
    a seat that has not acted on this street yet."""
    if view.folded[s]:
        return "FOLD"
    if view.all_in[s]:
        return "ALL IN"
    la = street_action(view, s)
    return action_text(la[2], la[3]) if la is not None else ""


def _label(fb, view, s, x, y):
    """seat_label(view, s) drawn at (x, y) in parts (the word, then the
    chips): no string a frame."""
    if view.folded[s]:
        draw_text(fb, "FOLD", x, y, SMALL, 1)
    elif view.all_in[s]:
        draw_text(fb, "ALL IN", x, y, SMALL, 1)
    else:
        la = street_action(view, s)
        if la is not None:
            kind = la[2]
            x = draw_text(fb, KIND_TEXT.get(kind, kind.upper()), x, y, SMALL, 1)
            if la[3] and kind != "fold":
                draw_text(fb, la[3], x + 4, y, SMALL, 1)


def seat_name(seat):
    return "P%d" % (seat + 1)


def status_text(view):
    """The bar's text when it is not your turn."""
    if view.finished:
        return "HAND OVER"
    if view.actor is None:
        return "DEALING"
    if view.folded[view.seat]:
        return "FOLDED - %s TO ACT" % seat_name(view.actor)
    return "%s TO ACT" % seat_name(view.actor)


def draw_table(fb, view, sel=-1, eq=None, last=None, hand=None, low="", stop=None):
    """Draws the whole table for ``view`` (a SeatView). ``sel``: the chosen
    action index on your turn; ``eq``: your equity in percent or None;
    ``last``: the latest action as text for the middle line; ``hand``: the
    name of your hand and ``low`` your eight-or-better low in hi/lo games
    (computed by the caller, which caches them). ``stop``: a callable asked
    after each seat and part (a frame no key asked for, 13 ms on the chip):
    True leaves the drawing half done and returns False."""
    nopp = view.n - 1  # the other seats: i < view.seat is seat i, else i + 1
    stud = view.variant.stud
    large = large_board(view)
    band = _FLOP_SEATS_H if large else 32
    if not (_rows_single if nopp <= 4 else _rows_double)(fb, view, nopp, stud, band, stop):
        return False
    if stop is not None and stop():
        return False
    if large:
        _board(fb, view, last)
    else:
        _middle(fb, view, last, nopp <= 4)
    _you(fb, view, eq, hand, low)
    _bar(fb, view, sel)
    return True


def _rows_single(fb, view, rows, stud, band, stop):
    rh = min(band // rows, 10)
    y = (band - rows * rh) // 2
    me = view.seat
    for i in range(rows):
        s = i if i < me else i + 1
        yc = y + (rh - 7) // 2
        if view.dealer == s:
            draw_text(fb, "D", 0, yc + 1, SMALL, 1)
        draw_text(fb, s + 1, 5, yc + 1, SMALL, 1)
        if not view.sitting_out[s]:
            draw_boxed(fb, view.stacks[s], 10, yc, SMALL, view.actor == s and not view.finished)
        else:
            draw_text(fb, "OUT", 11, yc + 1, SMALL, 1)
        x = 34
        up = view.up[s]
        folded = view.folded[s]
        if stud:
            for c in up:
                if folded:
                    ghost(fb, x, yc, c)
                else:
                    glyphs.small_card(fb, x, yc, c)
                x += _PITCH
        elif not folded and not view.sitting_out[s] and rh >= 7:
            for i in range(len(view.down[s])):
                glyphs.small_card(fb, x + _PITCH * i, yc, None)
        x = 76
        _label(fb, view, s, x, yc + 1)
        y += rh
        if stop is not None and stop():
            return False
    return True


def _rows_double(fb, view, n, stud, band, stop):
    rows = (n + 1) // 2
    rh = min(band // rows, 10)
    left = (n + 1) // 2  # seats going up the left column, the rest down the right
    me = view.seat
    for i in range(n):
        s = i if i < me else i + 1
        if i < left:
            cx = 0
            y = (left - 1 - i) * rh
        else:
            cx = 64
            y = (i - left) * rh
        if rh >= 8:
            yc = y + (rh - 7) // 2
        else:
            yc = y
        # the seat number (the ticker's "P5"), boxed for the dealer
        xs = cx + draw_boxed(fb, s + 1, cx, yc, SMALL, view.dealer == s) + 1
        if not view.sitting_out[s]:
            xs += draw_boxed(fb, view.stacks[s], xs, yc, SMALL, view.actor == s and not view.finished)
        else:
            xs += draw_boxed(fb, "OUT", xs, yc, SMALL, False)
        x = cx + 27 if stud else max(cx + 28, xs + 2)
        folded = view.folded[s]
        if stud:
            up = view.up[s]
            k = len(up)
            start = k - 4 if k > 4 else 0  # five card stud shows at most 4 up
            for j in range(start, k):
                c = up[j]
                if folded:
                    ghost(fb, x, yc, c)
                else:
                    glyphs.small_card(fb, x, yc, c)
                x += _CW
        else:
            _label(fb, view, s, x, yc + 1)
        if stop is not None and stop():
            return False
    return True


def _middle(fb, view, last, roomy):
    draw_text(fb, "POT ", 0, _MID_Y + 1, SMALL, 1)
    draw_text(fb, view.pot, 16, _MID_Y + 1, SMALL, 1)
    x = 42
    for c in view.board or ():
        glyphs.card(fb, x, _MID_Y, c, glyphs.MEDIUM)
        x += _MED_PITCH
    street = view.street_name  # (the small font has capitals only)
    if x > 42 or roomy or not last:
        right(fb, street, W, _MID_Y + 1, SMALL)
    else:
        right(fb, last, W, _MID_Y + 1, SMALL)


def large_board(view):
    """Flop games up to nine seats show the board in large cards."""
    return not view.variant.stud and len(view.stacks) <= 9


def _board(fb, view, last):
    """Flop games: the board in large cards at the right; left of it the
    pot and the street, the last action under them."""
    x = W - 5 * _BIG_PITCH + 1
    for c in view.board or ():
        glyphs.card(fb, x, _BOARD_Y, c, glyphs.LARGE)
        x += _BIG_PITCH
    draw_text(fb, "POT ", 0, _BOARD_Y + 2, SMALL, 1)
    draw_text(fb, view.pot, 16, _BOARD_Y + 2, SMALL, 1)
    right(fb, view.street_name, W - 5 * _BIG_PITCH - 2, _BOARD_Y + 2, SMALL)
    if last:
        draw_text(fb, last, 0, _BOARD_Y + 9, SMALL, 1)


def you_y(view):
    """The top of your cards: lower under a large board."""
    return _FLOP_YOU_Y if large_board(view) else _YOU_Y


def eq_band(view):
    """The rows of your equity hint (the coach redraws only them)."""
    y = you_y(view)
    return (y + 7, y + 12) if large_board(view) else (y + 11, y + 16)


def _you(fb, view, eq, hand, low):
    x = 0
    me = view.seat
    stud = view.variant.stud
    large = large_board(view)
    yc = you_y(view)
    up = view.up[me]
    for c in view.own:
        if view.folded[me]:
            glyphs.back(fb, x, yc, glyphs.LARGE)
        else:
            glyphs.card(fb, x, yc, c, glyphs.LARGE)
            if stud and c not in up:  # a down card
                fb.hline(x + 2, yc + 16, 8, 1)
        x += _BIG_PITCH
    x = max(x, _BIG_PITCH * 2) + 2
    # three lines beside the cards in stud, two in flop games; the last
    # ends clear of the action bar's highlight
    y = yc + 1 if large else yc - 1
    if view.dealer == me:
        draw_boxed(fb, "D", x, y - 1, SMALL, True)
        xs = x + 6
    else:
        xs = x
    t = money(view.stacks[me])
    draw_text(fb, t, xs + 1, y, SMALL, 1)
    if view.bets[me] and not view.finished:
        # the chips you put in on this street (not a win): "IN 20", where
        # it fits beside the stack
        b = "IN " + money(view.bets[me])
        if xs + 1 + width(t) + 4 <= W - width(b):
            right(fb, b, W, y, SMALL)
    if view.folded[me]:
        low = ""
    ey = yc + 7 if large else yc + 11  # eq_band's first row
    if hand:
        draw_text(fb, hand, x + 1, y + 6, SMALL, 1)
    if eq is not None:
        # "EQ 62%", or with a low in hi/lo "7LO 62%" (8 characters at most)
        t = (low[0] + "LO %d%%" % eq) if low else "EQ %d%%" % eq
    else:
        t = low
    if t:
        if large:  # beside the name, at the right end
            right(fb, t, W, ey, SMALL)
        else:
            draw_text(fb, t, x + 1, ey, SMALL, 1)


def options(view):
    """Your choices on your turn: the engine's legal actions as they are
    (it lists FOLD first whenever folding is legal, a check free or not: the
    table asks before such a fold)."""
    legal = view.legal
    if not legal or view.actor != view.seat or view.finished:
        return []
    return legal


def passive(opts):
    """Index of the option chosen at first: check, call or bring in."""
    for i in range(len(opts)):
        if opts[i][0] in ("check", "call", "bring_in"):
            return i
    return 0


def _bar(fb, view, sel):
    legal = options(view)
    if legal:
        x = 0
        for i in range(len(legal)):
            kind, amount = legal[i]
            s = action_text(kind, amount)
            w = width(s, SMALL)
            if i == sel:
                fb.fill_rect(x, _BAR_Y, w + 3, 7, 1)
                draw_text(fb, s, x + 2, _BAR_Y + 1, SMALL, 0)
            else:
                draw_text(fb, s, x + 2, _BAR_Y + 1, SMALL, 1)
            x += w + 4
    else:
        draw_text(fb, status_text(view), 1, _BAR_Y + 1, SMALL, 1)


def draw_list(fb, view):
    """The table as a list: one line per seat (seat, dealer, stack, this
    street's bet, last action, up cards), for crowded tables."""
    n = len(view.stacks)
    y = 0
    if n <= 9:
        draw_text(fb, "POT ", 0, 0, SMALL, 1)
        draw_text(fb, view.pot, 16, 0, SMALL, 1)
        x = 40
        for c in view.board or ():
            mini(fb, x, 0, c)
            x += 9
        y = 7
        fb.hline(0, 6, W, 1)
    for s in range(n):
        c = 1
        if s == view.actor and not view.finished:
            fb.fill_rect(0, y, 9, 6, 1)
            c = 0
        if s < 9:  # seat_name, drawn in parts: no string a frame
            draw_text(fb, "P", 0, y, SMALL, c)
            draw_text(fb, s + 1, 4, y, SMALL, c)
        else:
            draw_text(fb, s + 1, 0, y, SMALL, c)
        if view.dealer == s:
            draw_text(fb, "D", 10, y, SMALL, 1)
        draw_text(fb, view.stacks[s], 15, y, SMALL, 1)
        if view.bets[s]:
            draw_text(fb, view.bets[s], 37, y, SMALL, 1)
        la = street_action(view, s)
        if view.folded[s]:
            draw_text(fb, "FOLD", 55, y, SMALL, 1)
        elif view.all_in[s]:
            draw_text(fb, "ALLIN", 55, y, SMALL, 1)
        elif la is not None:
            draw_text(fb, KIND_TEXT.get(la[2], "?"), 55, y, SMALL, 1)
        x = 77
        for c in (view.up[s] if s != view.seat else view.own):
            if x > W - 8:
                break
            mini(fb, x, y, c)
            x += 8
        y += 6


class Table(Screen):
    """The table screen. It drives the hand: the virtual players act from
    tick() at ``app.pace_ms``; your actions go to the game."""
    next_key = keys.RIGHT

    def __init__(self, app):
        Screen.__init__(self, app)
        self.view = None
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
        self.hurry = False
        self.paced = False  # the next player's action is decided: only its pace is left

    def enter(self):
        g = self.app.game
        if g.hand is None and not g.over and self.finish_at < 0:
            self.view = None  # the last hand's: free before the next is dealt
            self.app.start_hand()
            self.app.play("deal")
            self.sel = 0
            self.last = None
            self.hurry = False
        self.next_step = self.app.now + self.app.pace_ms
        self.refresh()
        v = self.view
        if v is not None and v.actor == v.seat and not v.finished:
            # back from the menu or a dialog: check/call again, never the
            # FOLD that the B opening the menu chose
            self.sel = passive(self.options)

    def refresh(self):
        """Reads the view again after the game moved."""
        g = self.app.game
        v = g.view(0)
        self.view = v
        if v is None:
            return
        cards = (v.down[v.seat], v.up[v.seat], len(v.board))
        if cards != self.cards:  # the names change only with new cards
            self.cards = cards
            self.hand = coach.hand_name(v)
            self.low = coach.low_name(v)
        self.options = options(v)
        if v.actor == v.seat and not v.finished:
            turn = (v.street, len(v.actions))
            if turn != self.turn:  # a new decision: start on check/call
                self.turn = turn
                self.sel = passive(self.options)
            if turn != self.eq_key:  # the coach starts over (see tick)
                self.eq_key = turn
                self.eq = None
                self.eq_sum = 0
                self.eq_n = 0
        self.app.changed()

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
            return 0 if self.app.settings.coach and self.eq_n < coach.EQ_SAMPLES and self.view is not None else None
        return max(0, self.next_step - now) if self.paced and not self.hurry else 0

    def tick(self, now):
        g = self.app.game
        if g is None:
            return
        if g.hand is None:
            # the hand is over: show the final table a moment (the hand is
            # booked meanwhile, a part per idle poll: App.draw), then the
            # showdown
            if self.finish_at < 0:
                self.finish_at = now + (self.app.pace_ms if self.hurry else 2 * self.app.pace_ms)
            elif now >= self.finish_at and g.unbooked is None:
                self.finish_at = -1
                self.app.showdown()
            return
        if g.human_to_act():
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
            if r is not None:
                seat, kind, amount = r
                self.last = seat_name(seat) + " " + action_text(kind, amount)
                self.app.play(_SOUND.get(kind, "click"))
            self.next_step = now + self.app.pace_ms
            self.refresh()
            if g.human_to_act():
                self.hurry = False
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

    def key(self, k, ev):
        v = self.view
        g = self.app.game
        if k == keys.B and (ev == keys.LONG or not g.human_to_act() or self._fold_chosen()):
            self.app.menu()
            return
        if k == keys.UP or k == keys.DOWN:
            self.listing = not self.listing
            self.app.changed()
            return
        if v is None or g.hand is None:
            if k == keys.A and g.hand is None:
                self.finish_at = 0  # go on to the showdown at once
            return
        if not g.human_to_act():
            if k == keys.A:
                self.hurry = True
            return
        legal = self.options
        n = len(legal)
        if n == 0:
            return
        if k == keys.LEFT:
            self.sel = (self.sel - 1) % n
        elif k == keys.RIGHT:
            self.sel = (self.sel + 1) % n
        elif k == keys.B:
            for i in range(n):
                if legal[i][0] == "fold":
                    self.sel = i
        elif k == keys.A:
            self.choose(legal[self.sel])
            return
        else:
            return
        if self.listing:
            self.listing = False
            self.app.changed()
        else:
            self.app.changed(_BAR_Y, 64)  # only the action bar

    def _fold_chosen(self):
        v = self.view
        o = self.options
        return v is not None and 0 <= self.sel < len(o) and o[self.sel][0] == "fold"

    def choose(self, action):
        """Your chosen action, after the checks that protect you."""
        kind, amount = action
        v = self.view
        if v is None:
            return
        legal = v.legal
        if kind == "fold":
            for k, _ in legal:
                if k == "check":
                    self.app.confirm_fold(self)
                    return
        elif kind == "call" and v.impossible_call and v.rules.impossible_call_guard:
            self.app.warn_impossible_call(self, action)
            return
        self.do(action)

    def do(self, action):
        kind, amount = action
        try:
            self.app.game.act(kind, amount)
        except ValueError:  # the engine refused: a beep, and the table again
            self.app.play("error")
            self.refresh()
            return
        self.last = "YOU " + action_text(kind, amount)
        self.sel = 0
        self.listing = False
        self.next_step = self.app.now + self.app.pace_ms
        self.app.play(_SOUND.get(kind, "click"))
        self.refresh()

    def draw(self, fb):
        v = self.view
        if v is None:
            return
        if self.listing:
            draw_list(fb, v)
            return
        sel = self.sel if v.actor == v.seat else -1
        eq = self.eq if self.app.settings.coach and not v.folded[v.seat] else None
        if not self.app.visible(0, you_y(v)):
            # a choice moved (the bar) or the coach's hint sharpened (your
            # line): only those; the cleared band is redrawn whole
            if self.app.visible(you_y(v), _BAR_Y):
                _you(fb, v, eq, self.hand, self.low)
            if self.app.visible(_BAR_Y, 64):
                _bar(fb, v, sel)
            return
        return draw_table(fb, v, sel, eq, self.last, self.hand, self.low, self.app.stale)
