"""A scripted game, played by the CPython simulator and replayed on the
virtual Pico, frame against frame.

``plan(seed, games)`` plays the console in the simulator (tools/sim's Sim,
the same ui.app.App and seed as the device) with a simple player: you check
or call, go on through showdowns, and after the wanted number of hands of
one game switch the menu to the next game and start a new game. Each press
is a ``Step``: the key, and the screen the simulator settled on after it.
A warning before a call that cannot win is answered as in
tools/sim/fullgame.py: RIGHT, then A.

Settled means the app waits for you (your turn, a menu, a showdown, a
banner, a question) and nothing was drawn for ``QUIET_MS``. The device
presses its key ``QUIET_MS`` after its own last frame too, so every timer of
the app (a banner's key guard, the pause before a showdown) stands where it
stood in the simulator, whatever the device's own speed: the comparison
cannot be flaky, and a difference is a real one.

``replay(vp, steps)`` presses the same keys on a VirtualPico: before each
press it runs until the device's last frame equals the simulator's settled
frame (or fails, saying which step and how the frames differ), then
``QUIET_MS`` more. It returns the press-to-frame times of every press.
"""
import os
import tempfile

from poker.rng import Rng
from poker.match.store import Store
from script import Sim
from simhw import SimClock, SimDisplay, SimSound
from ui import keys
from ui.app import App
from vpico import NS_PER_MS, VpicoError

QUIET_MS = 600           # > a banner's 400 ms key guard; the press comes this long after the last frame
HOLD_MS = 60             # how long a short press holds the button down
SETTLE_LIMIT_MS = 60000  # a screen that never settles within this is a failure
ACT_ON_PRESS = ("LEFT", "RIGHT", "UP", "DOWN")  # arrows act when pressed, A and B when released
WAITING = ("Table", "Menu", "Showdown", "Banner", "Confirm", "StatsScreen")


class Step:
    __slots__ = ("key", "frame", "screen", "note")

    def __init__(self, key, frame, screen, note=""):
        self.key = key
        self.frame = frame     # the settled frame after the press (1024 bytes)
        self.screen = screen   # its screen class name
        self.note = note

    def __repr__(self):
        return "Step(%s -> %s %s)" % (self.key, self.screen, self.note)


class SimConsole:
    """The simulator with presses and settling as the device sees them."""

    def __init__(self, seed, data_dir):
        self.display = SimDisplay()
        self.clock = SimClock()
        app = App(self.display, Store(root=data_dir), Rng(seed), self.clock, SimSound())
        self.app = app
        self.sim = Sim(app, self.display, self.clock)
        self.sim.start()
        self.last_show = 0

    def screen(self):
        return type(self.app.screen).__name__

    def waiting(self):
        name = self.screen()
        if name not in WAITING:
            return False
        g = self.app.game
        if name == "Table":
            return g is not None and g.hand is not None and g.human_to_act()
        return True

    def press(self, name):
        code = keys.NAMES.index(name)
        self.sim._emit(code, keys.PRESS)
        self.sim._emit(code, keys.RELEASE)
        self.app.draw()
        return self.settle()

    def settle(self):
        """Runs until the app waits for you and QUIET_MS passed with no frame."""
        start = self.clock.ticks_ms()
        shows = self.display.frames
        while True:
            self.sim.step()
            now = self.clock.ticks_ms()
            if self.display.frames != shows:
                shows = self.display.frames
                self.last_show = now
            if now - self.last_show >= QUIET_MS and self.waiting():
                return bytes(self.display.buffer)
            if now - start > SETTLE_LIMIT_MS:
                raise VpicoError("the simulator did not settle on %s" % self.screen())


def _menu_key(app, want_game, new_game):
    """The next menu key: GAME to want_game, then NEW GAME (or RESUME)."""
    m = app.screen
    item = m.items[m.sel]
    if app.settings.game != want_game:
        return "RIGHT" if item == "GAME" else "DOWN"
    target = "NEW GAME" if new_game else "RESUME"
    return "A" if item == target else "UP"


def plan(seed, games=(("F7S", 3), ("FT", 2)), max_steps=3000):
    """Steps of a game: for each (game code, hands), that many hands played
    to the end from a new game. Also returns counts: hands and showdowns
    (another seat showed cards) per game."""
    with tempfile.TemporaryDirectory() as data:
        c = SimConsole(seed, data)
        first = bytes(c.display.buffer)
        steps = []
        counts = {}
        gi = 0
        game, hands = games[0]
        fresh = True          # this game was not started from the menu yet
        seen_showdown = None  # the hand whose showdown was counted
        for _ in range(max_steps):
            app = c.app
            g = app.game
            name = c.screen()
            note = ""
            if g is not None and not fresh and g.hand_no >= hands and name in ("Table", "Menu"):
                # enough hands of this game: to the next one, or stop
                gi += 1
                if gi == len(games):
                    break
                game, hands = games[gi]
                fresh = True
            if name == "PowerOn":
                key = "A"
            elif name == "Menu":
                key = _menu_key(app, game, fresh)
                if key == "A" and fresh:
                    fresh = False
                    note = "new game %s" % game
            elif name == "Table" and fresh:
                # to the menu: B selects FOLD, B again opens the menu (no FOLD
                # on a bring-in: act, and try at the next turn)
                key = "B" if "fold" in [k for k, _ in app.screen.options] else "A"
            elif name == "Table":
                key = "A"     # check / call / bring in (the default choice), or on to the showdown
            elif name == "Confirm":
                # a warning (no chance to win the call): RIGHT, then A goes on
                key = "A" if steps and steps[-1].key == "RIGHT" else "RIGHT"
            elif name == "Showdown":
                v = g.view(0)
                if seen_showdown != (game, g.hand_no):
                    seen_showdown = (game, g.hand_no)
                    k = counts.setdefault(game, [0, 0])
                    k[0] += 1
                    if any(v.shown[s] is not None for s in range(len(v.stacks)) if s != v.seat):
                        k[1] += 1
                        note = "showdown"
                key = "A"
            else:
                key = "A"
            frame = c.press(key)
            steps.append(Step(key, frame, c.screen(), note))
        return first, steps, counts


class Latency:
    __slots__ = ("key", "edge", "t0", "t1", "screen")

    def __init__(self, key, edge, t0, t1, screen):
        self.key = key
        self.edge = edge   # the emulated ns the key acted (arrows: pressed; A, B: released)
        self.t0 = t0       # the first frame after it: its first byte started
        self.t1 = t1       # its last byte ended
        self.screen = screen


def _diff(a, b):
    rows = set()
    for i in range(1024):
        if a[i] != b[i]:
            rows.add((i // 128) * 8)
    return "differs in the 8-pixel rows at y=%s" % sorted(rows)


def wait_for(vp, frame, limit_ms, what, quiet=True):
    """Runs until the device's last frame is `frame`; then (quiet) until
    QUIET_MS after it."""
    end = vp.now + limit_ms * NS_PER_MS
    while True:
        if vp.frames and vp.frames[-1].data == frame:
            break
        if vp.now >= end or vp.dead or vp.problems():  # a traceback: no use waiting
            last = vp.frames[-1].data if vp.frames else bytes(1024)
            raise VpicoError("%s: the device's screen is not the simulator's after %d ms (%s); problems: %s"
                             % (what, limit_ms, _diff(last, frame), vp.problems()[:2]))
        vp.run(50)
    if not quiet:
        return
    quiet_until = vp.frames[-1].t1 + QUIET_MS * NS_PER_MS
    if vp.now < quiet_until:
        vp.run_until(quiet_until)
    if vp.frames[-1].data != frame:
        raise VpicoError("%s: the screen changed again after matching" % what)


def replay(vp, first, steps, limit_ms=SETTLE_LIMIT_MS, on_step=None):
    """Presses steps' keys on the device, each once its screen equals the
    simulator's; returns [Latency] of every press."""
    wait_for(vp, first, limit_ms, "power-on", quiet=False)  # NEW GAME flashes: press at once
    out = []
    for i, s in enumerate(steps):
        before = len(vp.frames)
        t = vp.now
        release = vp.press(s.key, HOLD_MS)
        edge = t if s.key in ACT_ON_PRESS else release
        wait_for(vp, s.frame, limit_ms, "step %d (%s -> %s)" % (i, s.key, s.screen))
        after = [f for f in vp.frames[before:] if f.t0 >= edge]
        if after:
            out.append(Latency(s.key, edge, after[0].t0, after[0].t1, s.screen))
        if on_step:
            on_step(i, s)
    return out


def stats(values):
    v = sorted(values)
    return v[0], v[len(v) // 2], v[-1]


# -------------------------------------------------- presses while the players act

THINK_EVERY_MS = 90    # between two presses while the players act (not a divisor of their 600 ms pace)
THINK_WINDOW_MS = 2400  # how long the presses go on after each turn handed to the players
THINK_SETTLE_MS = 300  # after NEW GAME's table its records go to flash first (erases: 45 ms each)
# a player's action on its way to the display when a frame other than the
# press's starts within ACTING_AFTER_MS after the press (the step before it)
# or ended within ACTING_BEFORE_MS before it (the heap collection after it)
ACTING_AFTER_MS = 30
ACTING_BEFORE_MS = 35


def hard_table_settings(data, seats=8, game="F7S"):
    """Writes into folder ``data`` the settings record (poker.match.store's file)
    of a casino table of ``seats`` Hard players; returns its bytes."""
    from poker.match.settings import Settings

    s = Settings()
    s.profile = "casino"
    s.normalize()
    s.game = game
    s.players = seats
    s.difficulty = 2
    s.normalize()
    s.save(Store(root=data))
    with open(os.path.join(data, "settings"), "rb") as f:
        return f.read()


def plan_turns(seed, data, turns):
    """The simulator with the settings in ``data``: the settled frames of
    power-on, the menu, then your turns after NEW GAME and after each of
    your calls (``turns`` in all)."""
    c = SimConsole(seed, data)
    first = bytes(c.display.buffer)
    steps = [Step("A", c.press("A"), c.screen())]  # the menu
    for _ in range(turns):
        steps.append(Step("A", c.press("A"), c.screen()))
        if not (c.screen() == "Table" and c.app.game.human_to_act()):
            raise VpicoError("the simulator is not at your turn: %s" % c.screen())
    return first, steps, c.app.game


def is_list(frame):
    """True for the table's list view: the rule under its first line spans
    the display (row 6); no table view has it (every golden checked)."""
    return all(frame[x] & 0x40 for x in range(128))


def _quiet(vp, ms):
    """Runs until no frame came for ``ms`` (past the players' pace: your turn)."""
    while True:
        last = vp.frames[-1].t1 if vp.frames else 0
        if vp.now - last >= ms * NS_PER_MS:
            return
        vp.run(100)


def presses_while_players_act(vp, first, steps, window_ms=THINK_WINDOW_MS, same=True, log=None):
    """From power-on, the plan of ``plan_turns``: after each A that hands
    the turn to the virtual players, UP and DOWN every THINK_EVERY_MS for
    ``window_ms`` (list view, table, ...), then the table again and your
    turn as the simulator showed it (``same`` False: the players' decisions
    may differ from the simulator's, as Hard's deals on the stock route's
    compact tables do: your turn is then the screen quiet for 2 s).
    Returns (thinking, acting, frames): each press's ms to its frame
    complete, made while the players think or wait for their pace, or as an
    action reached the display; and how many other frames (the players'
    actions) came meanwhile. ``log``: a list that gets (press ns, ms,
    acting) of each press."""
    thinking = []
    acting = []
    acted = 0
    wait_for(vp, first, 10000, "power-on", quiet=False)
    vp.press("A", HOLD_MS)
    wait_for(vp, steps[0].frame, 5000, "menu")
    for i, s in enumerate(steps[1:]):
        release = vp.press("A", HOLD_MS)
        n = len(vp.frames)
        while not [f for f in vp.frames[n:] if f.t0 >= release]:  # its frame first
            vp.run(5)
        vp.run(THINK_SETTLE_MS if i == 0 else 5)
        listing = False
        t = vp.now
        end = t + window_ms * NS_PER_MS
        while t < end:
            before = len(vp.frames)
            vp.press("UP" if not listing else "DOWN", HOLD_MS, at_ns=t)
            listing = not listing
            nxt = t + THINK_EVERY_MS * NS_PER_MS
            vp.run_until(nxt)
            mine = [f for f in vp.frames[before:] if f.t0 >= t and is_list(f.data) == listing]
            ms = (mine[0].t1 - t) / NS_PER_MS if mine else float("inf")
            acted += len(vp.frames) - before - (1 if mine else 0)
            others = [f for f in vp.frames[before - 1:] if not mine or f.t0 < mine[0].t0]
            busy = [f for f in others if f.t1 > t - ACTING_BEFORE_MS * NS_PER_MS
                    and f.t0 < t + ACTING_AFTER_MS * NS_PER_MS]
            (acting if busy else thinking).append(ms)
            if log is not None:
                log.append((t, ms, bool(busy)))
            t = nxt
        if listing:  # back to the table, as the simulator shows it
            vp.press("DOWN", HOLD_MS)
        if same:
            wait_for(vp, s.frame, 20000, "your turn %d" % i)
        else:
            _quiet(vp, 2000)
    return thinking, acting, acted
