"""A rig for the console app: the App on a simulated display with a
simulated clock, key presses, and fixed virtual players, for the goldens,
the benchmarks and the tests. Portable: runs under CPython
(tools/sim/framebuf.py) and the MicroPython unix port (its real framebuf);
tools/sim (this folder) must be on the path."""
from poker.rng import Rng
from simhw import SimClock, SimDisplay, SimSound
from ui import keys
from ui.app import App


class Station:
    """A virtual player that checks or calls (or brings in), never folds
    when it need not and never raises: the game stays predictable."""

    def decide(self, view):
        from poker.view import passive  # (here: the rig leaves the app's loading order alone)

        return passive(view)


class Raiser:
    """Bets and raises whenever it may, else calls: busts players fast."""

    def decide(self, view):
        from poker.view import passive

        for a in view.legal:
            if a[0] in ("raise", "bet", "complete"):
                return a
        return passive(view)


class Folder(Station):
    """Calls before the flop (or on third street), folds to any bet after."""

    def decide(self, view):
        if view.to_call and view.street > 0:
            return "fold", 0
        return Station.decide(self, view)


def stations(seat, settings, rng):
    return Station()


def raisers(seat, settings, rng):
    return Raiser()


class CountingSound:
    """A sound stand-in that only counts (SimSound keeps a log that grows)."""

    def __init__(self):
        self.count = 0

    def play(self, name):
        self.count += 1


class Rig:
    step_ms = 50

    def __init__(self, seed=1, settings=None, store=None, players=stations, pace_ms=None, coach_clock=False,
                 sound=None):
        self.display = SimDisplay()
        self.clock = SimClock()
        self.sound = SimSound() if sound is None else sound
        self.app = App(self.display, store, Rng(seed), self.clock if coach_clock else None, self.sound)
        self.app.players = players
        if settings is not None:
            s = self.app.settings
            for name in settings:
                setattr(s, name, settings[name])
            s.normalize()
            self.app.apply_settings()
        if pace_ms is not None:  # (else the SPEED setting's)
            self.app.pace_ms = pace_ms
        self.now = 0
        self.run(0)

    def run(self, ms):
        """Time passes: tick and draw every step_ms (at least once)."""
        end = self.now + ms
        while True:
            self.clock.now = self.now
            self.app.tick(self.now)
            self.app.draw()
            if self.now >= end:
                break
            self.now = min(end, self.now + self.step_ms)

    def press(self, key, event=keys.PRESS, after=100, react=True):
        """A press, then ``after`` ms. ``react``: first, like a player
        who sees a screen before pressing, time passes until the app
        takes the key (ui.app's gate: keys within GATE_MS of a new hand,
        your turn, the hand's end or the showdown are dropped)."""
        if react:
            while self.app.carried(key, event):
                self.run(self.step_ms)
        self.app.handle(key, event)
        self.app.handle(key, keys.RELEASE)
        self.run(after)

    def screen(self):
        return type(self.app.screen).__name__

    def frame(self):
        return bytes(self.display.buffer)

    def lit(self, x, y):
        return self.display.lit(x, y)

    def shows(self, s, small=True):
        """True if the text s is on screen (SMALL font, or NORMAL), lit on
        dark or dark on a lit box: its exact pixels, found anywhere."""
        return find_text(self.display, s, small) is not None

    def new_game(self):
        """From power-on to the first table with the current settings."""
        self.press(keys.A)  # power-on -> menu
        menu = self.app.screen
        menu.sel = menu.items.index("NEW GAME")
        self.press(keys.A)

    def until(self, cond, limit_ms=600000):
        """Lets time pass until cond() holds; returns True if it did."""
        t = 0
        while not cond():
            if t >= limit_ms:
                return False
            self.run(self.step_ms)
            t += self.step_ms
        return True

    def answer_confirm(self):
        """On the fold confirmation: YES (RIGHT, then A)."""
        if self.screen() == "Confirm":
            self.press(keys.RIGHT)
            self.press(keys.A)

    def past_result(self):
        """On a showdown or banner: waits, then A. False when none is up."""
        if self.screen() not in ("Showdown", "Banner"):
            return False
        self.run(500)
        self.press(keys.A)
        return True

    def call_or_check(self):
        """On your turn: check, call or bring in (A on it), answering the
        confirmation if one comes up."""
        from poker.view import passive

        t = self.app.screen
        t.sel = t.options.index(passive(t.view))
        self.press(keys.A)
        self.answer_confirm()

    def my_turn(self):
        g = self.app.game
        return self.screen() == "Table" and g is not None and g.human_to_act()

    def chips_ok(self):
        """Chips conserved: between hands the stacks add up to the table's
        total; during a hand the live stacks, the pot and the chips of seats
        sitting out do."""
        g = self.app.game
        if g is None:
            return True
        h = g.hand
        if h is None:
            return sum(g.stacks) == g.total
        v = g.view(0)
        rest = 0
        for s in range(g.seats):
            if g.out[s]:
                rest += g.stacks[s]
        return sum(v.stacks) + v.pot + rest == g.total


def call_down(rig, until):
    """Plays you as a calling station (check, call, bring in) until
    until(rig) holds at your turn; presses on through showdowns."""
    for _ in range(5000):
        if rig.my_turn():
            if until(rig):
                return True
            rig.call_or_check()
        elif not rig.past_result():
            rig.run(rig.app.pace_ms)
    return False


def showdown_where(cond, seed=1, settings=None, players=stations, stacks=None, hands=80):
    """Plays you as a calling station, hand after hand, until a showdown
    screen whose view satisfies cond(view) is up (returns the rig), or
    ``hands`` hands went by (None). ``stacks``: the stacks of the first hand
    (they must add up to the table's chips)."""
    rig = Rig(seed=seed, settings=settings, players=players)
    rig.press(keys.A)
    if stacks is not None:
        from poker.match.game import Game

        rig.app.game = Game(rig.app.settings, rig.app.rng, None, players)
        rig.app.game.stacks = list(stacks)
        rig.app.table()
    else:
        menu = rig.app.screen
        menu.sel = menu.items.index("NEW GAME")
        rig.press(keys.A)
    for _ in range(100 * hands):
        scr = rig.screen()
        if rig.my_turn():
            rig.call_or_check()
        elif scr == "Showdown" and cond(rig.app.screen.view):
            return rig
        elif rig.app.game.hand_no > hands or rig.app.game.over:
            return None
        elif not rig.past_result():
            rig.run(rig.app.pace_ms)
    return None


def stud_deck(n, dealer, hands):
    """A preset seven card stud deck (poker.hand's documented dealing order:
    from the dealer's left, two down cards round, the door card round, then
    a burn and one card round on each later street) giving hands[seat] in
    dealing order; the rest of the deck fills the burns and the stub."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    used = []
    for h in hands:
        used += h
    rest = [c for c in range(52) if c not in used]
    deck = []
    for k in range(3):
        for s in order:
            deck.append(hands[s][k])
    for k in range(3, 7):
        deck.append(rest.pop())
        for s in order:
            deck.append(hands[s][k])
    return deck + rest


def stud_rig(hands, players, settings=None):
    """A seven card stud table at ``len(hands)`` seats dealt from a preset
    deck (``hands``: each seat's seven cards as text, yours first), its
    first hand started; ``players(seat, settings, rng)`` makes the others."""
    from poker import cards
    from poker.hand import Hand

    dealt = [cards.parse(h) for h in hands]

    def factory(variant, rules, stacks, dealer, rng, **kw):
        return Hand(variant, rules, stacks, dealer, rng, deck=stud_deck(len(stacks), dealer, dealt))

    rig = Rig(seed=1, players=players, settings=settings)
    rig.app.hand_factory = factory
    rig.new_game()
    return rig


def to_showdown(rig, hands):
    """Plays you as a calling station, pressing through showdowns and
    banners, until the showdown screen of hand number ``hands``."""
    g = rig.app.game
    for _ in range(20000):
        if rig.screen() == "Showdown" and g.hand_no >= hands:
            return rig
        if rig.my_turn():
            rig.call_or_check()
        elif rig.screen() in ("Showdown", "Banner"):
            rig.press(keys.A)
        else:
            rig.run(100)
    raise AssertionError("no showdown of hand %d" % hands)


class Bettor(Station):
    def decide(self, view):
        for kind, amount in view.legal:
            if kind in ("bet", "raise"):
                return kind, amount
        return Station.decide(self, view)


def impossible_rig(mine, settings=None, hands=None):
    """Four-seat seven card stud (lexibook; or ``settings``: a stud game at
    four seats), dealt from a preset deck: you hold ``mine``; seat 1 shows
    Kh Kd Ks 8c and bets every street (``hands``: the other three seats'
    cards, seat 1's first); you call down to your turn on the last street
    (the last to act, facing a bet)."""
    others = hands or ("Qc Qd Kh Kd Ks 8c 6d", "Tc Th 2d 3c 4c 6c Jc", "8d 8h 9d Td Jh Qh 2h")
    rig = stud_rig((mine,) + tuple(others), lambda seat, st, rng: Bettor() if seat == 1 else Station(), settings)
    last = len(mine.split()) - 3  # the last street: 7 cards -> 4, 5 cards -> 3 (stud_deck deals 7)
    if not call_down(rig, lambda r: r.app.game.view(0).street == last):
        raise AssertionError("never reached the last street")
    return rig


def _rows(fb, w, h, y0=0):
    """Rows y0.. y0 + h - 1 of a frame buffer, each as an int, bit x = pixel x lit."""
    out = []
    for y in range(y0, y0 + h):
        r = 0
        for x in range(w):
            if fb.pixel(x, y):
                r |= 1 << x
        out.append(r)
    return out


def find_text(fb, s, small=True):
    """(x, y) where the text s is drawn on fb (128x64), lit or inverted,
    or None. The text is drawn on a scratch buffer and its pixel box (the
    glyphs and the gaps between them) searched for."""
    pat, w = _pattern(s, small)
    mask = (1 << w) - 1
    rows = _rows(fb, 128, 64)
    for y in range(64 - len(pat) + 1):
        for x in range(128 - w + 1):
            if _match(rows, pat, mask, x, y):
                return x, y
    return None


def _match(rows, pat, mask, x, y):
    for lit in (True, False):
        ok = True
        for j in range(len(pat)):
            r = (rows[y + j] >> x) & mask
            if not lit:
                r ^= mask
            if r != pat[j]:
                ok = False
                break
        if ok:
            return True
    return False


def text_at(fb, s, x, y, small=True):
    pat, w = _pattern(s, small)
    if y < 0 or y + len(pat) > 64:
        return False
    return _match(_rows(fb, 128, len(pat), y), pat, (1 << w) - 1, x, 0)  # (only the rows it covers)


_PATTERNS = {}


def _pattern(s, small):
    """The rows of the text's pixel box (glyphs and the gaps between them)
    and its width (remembered: the frame checks ask for the same words)."""
    got = _PATTERNS.get((s, small))
    if got is None:
        got = _PATTERNS[(s, small)] = _draw_pattern(s, small)
    return got


def _draw_pattern(s, small):
    import framebuf

    from ui import font

    f = font.SMALL if small else font.NORMAL
    w = font.width(s, f) - 1
    scratch = framebuf.FrameBuffer(bytearray(w * 8), w, 8, framebuf.MONO_VLSB)
    font.text(scratch, s, 0, 0, 1, f)
    return _rows(scratch, w, font.HEIGHT[f]), w
