"""Pass and play (``Settings.humans``): the table's public view (``view``:
every human's down cards as backs, no hand names, no equity, no actions),
the PASS screen at a human's turn (``turn``: hold A to see the cards and
act), the showdown's hidden mucks, the banners and each human's page of
the statistics. What stays hidden, and when: docs/playing.md, "Pass and
play". Loaded only in a game of two humans or more (or for its
statistics), named as text (``poker.load``).
"""
from ui import keys
from ui.messages import Banner, big
from ui.screen import NORMAL, SMALL, Screen, W, centered
from ui.words import names

_named = None  # the Settings' names that ui.words' names were made from (none made a refresh)


def _front(g, h):
    """The human seat the table is drawn from: the human to act, else the
    last human who acted in the hand, else the first."""
    humans = g.humans
    if h is not None and not h.finished and h.actor is not None and h.actor < humans:
        return h.actor
    if h is not None:
        acts = h.actions
        for i in range(len(acts) - 1, -1, -1):
            if acts[i][1] < humans:
                return acts[i][1]
    return 0


def view(g, eyes):
    """What the screens show of Game ``g``'s hand: the view of the human
    seat ``eyes`` while they hold up their cards on their turn, else a
    public one (``public``) from the human in front."""
    global _named
    s = g.settings
    if s.names is not _named or len(names) != g.humans:  # (each human's action and turn under their name: ui.words)
        _named = s.names
        names.clear()
        for seat in range(g.humans):
            names.append(s.name(seat).strip())
    h = g.hand or g.last_hand
    if h is None:
        return None
    if eyes is not None and h is g.hand and g.to_act() == eyes:
        return g.view(eyes)
    return public(g.view(_front(g, h)))


def public(v):
    """The seat view ``v`` with nothing in it that the seat alone may see:
    its down cards not shown down are backs (None) in its cards and out of
    the dead cards, a mucked hand's cards and names are gone, and it has
    no actions to choose."""
    s = v.seat
    if v.shown[s] is None:
        down = v.down[s]
        up = v.up[s]
        v.down[s] = [None] * len(down)
        v.own = [c if c in up else None for c in v.own]
        v.dead = [c for c in v.dead if c not in down]
    for i in range(v.n):
        if v.mucked[i] or (v.shown[i] is None and v.plays[i] is not None):
            v.plays[i] = None
            v.names[i] = None
    v.legal = []
    v.impossible_call = False
    return v


def _human_before(g, seat):
    """The human seat who acted last in the hand before ``seat``'s turn
    now (None: none yet)."""
    acts = g.hand.actions
    for i in range(len(acts) - 1, -1, -1):
        if acts[i][1] < g.humans:
            return acts[i][1]
    return None


def turn(table, g):
    """A human's turn while no cards are up: the PASS screen."""
    app = table.app
    seat = g.to_act()
    app.go(Pass(app, table, seat, _human_before(g, seat) not in (None, seat)))


class Pass(Screen):
    """PASS TO <NAME> (or YOUR TURN <NAME> when the last human to act was
    the same one): no card on it. A held (LONG; on two buttons OK held,
    which comes as B held) shows the seat's cards on the table; a short A
    says how; B goes to the menu."""
    long_a = True
    next_key = keys.RIGHT

    def __init__(self, app, table, seat, other):
        Screen.__init__(self, app)
        self.table = table
        self.seat = seat
        self.other = other
        self.hint = False
        self.ready = False  # the table's view of the seat made ahead (tick)

    def enter(self):
        self.app.gate()  # (a press meant for the table before never shows the cards)
        self.app.play("turn")

    def tick(self, now):
        # once this screen is shown: the seat's view, its hand's name and
        # its actions made ahead, in the table (not on the screen), so that
        # A held only draws (the press within its 50 ms on the chip)
        if not self.ready and not self.app.dirty:
            self.ready = True
            t = self.table
            t.eyes = self.seat
            t.refresh()
            self.app.collect_due = True  # (and the heap collected while the screen waits: not in A held's frame)

    def key(self, k, event):
        app = self.app
        t = self.table
        if event == keys.LONG and (k == keys.A or k == keys.B):
            app.screen = t  # (its enter would deal a new hand when none runs: none is needed)
            if not self.ready:
                t.eyes = self.seat
                t.refresh()
            app.changed()
        elif k == keys.A:
            self.hint = True
            app.changed()
        elif k == keys.B:
            t.eyes = None  # (made ahead: hidden again before the menu)
            app.menu()

    def draw(self, fb):
        name = self.app.settings.name(self.seat).strip()
        fb.rect(0, 0, W, 64, 1)
        centered(fb, "PASS TO" if self.other else "YOUR TURN", 3, NORMAL)
        big(fb, name, 13)
        centered(fb, "%s PLAYS P%d: NO ONE ELSE LOOKS" % (name, self.seat + 1), 32, SMALL)
        centered(fb, "KEEP A DOWN TO SEE YOUR CARDS" if self.hint else "HOLD A TO SEE YOUR CARDS", 42, SMALL)
        centered(fb, "B: MENU", 55, SMALL)


def event_banner(app, event):
    """A game's end in pass and play (ui.app asks it first, as the
    tournament's): the human left wins, or every human is out; None for
    another event."""
    kind, seat = event
    g = app.game
    if kind == "WIN":
        app.play("victory")
        name = app.settings.name(seat).strip()
        return Banner(app, "%s WINS" % name, ["%s (P%d) IS THE LAST ONE LEFT" % (name, seat + 1),
                                             "IN %d HANDS" % g.hand_no], app.after_hand)
    if kind == "GAME OVER":
        app.play("gameover")
        return Banner(app, "GAME OVER", ["EVERY HUMAN IS OUT", "HANDS PLAYED %d" % g.hand_no], app.menu)
    return None


def pages(st):
    """The statistics' pages of the Stats ``st`` for pass and play's humans
    (ui.stats_screen): ``(name,)`` for each, by name, then ``(name,
    'TOURNAMENTS')`` once they played one."""
    from poker import load

    friends = load("poker.match.friends")
    humans = list(st.names)
    humans.sort()
    out = []
    for name in humans:
        out.append((name,))
        if friends.tours(st, name).tour:
            out.append((name, "TOURNAMENTS"))
    return out


def lines(st, page):
    """The lines of a human's page of the statistics (``pages``) of the
    Stats ``st`` (poker.match.friends): their cash games, or their
    tournaments as the console's page shows its own (ui.tournament)."""
    from poker import load

    friends = load("poker.match.friends")
    if len(page) > 1:
        return load("ui.tournament").lines(friends.tours(st, page[0]))
    d = friends.record_of(st, page[0])
    hands = d["hands"]
    won = d["won"]
    net = d["net"]
    return ["HANDS %d  WON %d (%d%%)" % (hands, won, (100 * won + hands // 2) // hands if hands else 0),
            "NET %s%d" % ("+" if net > 0 else "", net),
            "BIGGEST POT %d" % d["pot"],
            "GAMES %d  WON %d  LEFT %d" % (d["games"], d["games_won"], d["games_left"])]
