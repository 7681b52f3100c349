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
``QUIET_MS`` more. It returns the press-to-frame times of every press. On a
two-button board (``buttons_for``) A and B are OK held short and long,
RIGHT and DOWN are NEXT held short and long.

A board with no ``"seed"`` deals from the chip's random bits; the console
prints the seed at power-on, and ``printed_seed(vp)`` reads it, so that the
simulator can plan the same game (a release UF2 carries its board file
without a seed).
"""
import os
import re
import tempfile

from hw.buttons import Buttons
from hw.power import Battery
from poker.rng import Rng
from poker.match.store import Store
from script import Sim
from simhw import SimClock, SimDisplay, SimSound
from ui import keys
from ui.app import App
from vpico import BATTERY_VOLTS, NS_PER_MS, VpicoError, adc_u16, board_dict

QUIET_MS = 600           # > a banner's 400 ms key guard; the press comes this long after the last frame
HOLD_MS = 60             # how long a short press holds the button down
LONG_HOLD_MS = 700       # a long press on a two-button board: past long_press_ms (600), before a repeat (1000)
SETTLE_LIMIT_MS = 60000  # a screen that never settles within this is a failure
ACT_ON_PRESS = ("LEFT", "RIGHT", "UP", "DOWN")  # arrows act when pressed, A and B when released
LONG_PRESS_MS = Buttons.long_press_ms
WAITING = ("Table", "Menu", "Showdown", "Banner", "Confirm", "StatsScreen", "Pass")
HOLD_A = "HOLD A"  # a step's key: A held past long_press_ms (pass and play's PASS screen shows the cards)


class Step:
    __slots__ = ("key", "frame", "screen", "note")

    def __init__(self, key, frame, screen, note=""):
        self.key = key
        self.frame = frame     # the settled frame after the press (1024 bytes)
        self.screen = screen   # its screen class name
        self.note = note

    def __repr__(self):
        return "Step(%s -> %s %s)" % (self.key, self.screen, self.note)


class _Adc:
    def __init__(self, u16):
        self.u16 = u16

    def read_u16(self):
        return self.u16


def sim_battery(board="pico_ssd1306_i2c", volts=BATTERY_VOLTS):
    """The battery sense of ``board`` reading what the virtual Pico's reads
    at ``volts`` (VirtualPico.set_battery; vpico.BATTERY_VOLTS unless
    told), so the menu's title bar is the device's, pixel for pixel; None
    for a board without one."""
    bat = board_dict(board).get("battery")
    if not bat:
        return None
    divider = bat.get("divider", 3)
    return Battery(_Adc(adc_u16(volts / divider)), divider, bat["empty_mv"], bat["full_mv"])


class SimConsole:
    """The simulator with presses and settling as the device sees them."""

    def __init__(self, seed, data_dir, battery=True, notices=()):
        """``battery``: True, the reference board's (sim_battery()); False,
        none; or a battery (hw.power.Battery)."""
        self.display = SimDisplay()
        self.clock = SimClock()
        if battery is True:
            battery = sim_battery()
        app = App(self.display, Store(root=data_dir), Rng(seed), self.clock, SimSound(), battery or None)
        for n in notices:  # as console.main gives them: on the screen after power-on
            app.notify(n)
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
        code = keys.A if name == HOLD_A else keys.NAMES.index(name)
        shows = self.display.frames
        self.sim._emit(code, keys.LONG if name == HOLD_A else keys.PRESS)
        self.sim._emit(code, keys.RELEASE)
        self.app.draw()
        if self.display.frames != shows:  # the press's own frame: the quiet counts from it
            self.last_show = self.clock.ticks_ms()
        return self.settle()

    def wait(self, ms):
        """Runs ``ms`` with no key, as a player who looks at the screen."""
        end = self.clock.ticks_ms() + ms
        shows = self.display.frames
        while self.clock.ticks_ms() < end:
            self.sim.step()
            if self.display.frames != shows:
                shows = self.display.frames
                self.last_show = self.clock.ticks_ms()

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


def _setting_key(app, todo):
    """The next menu key that changes a setting to its wanted value:
    ``todo`` is [(menu item, Settings field, value), ...] still to set, in
    order (two items may set one field: MODE, then LEVELS); each leaves it
    once it has its value. None when none is left."""
    m = app.screen
    while todo and getattr(app.settings, todo[0][1]) == todo[0][2]:
        todo.pop(0)
    if not todo or todo[0][0] not in m.items:
        return None  # (an item the menu does not offer yet)
    return "RIGHT" if m.items[m.sel] == todo[0][0] else "DOWN"


def plan(seed, games=(("F7S", 3), ("FT", 2)), max_steps=3000, battery=True, notices=(), pause_ms=None,
         settings=()):
    """Steps of a game: for each (game code, hands), that many hands played
    to the end from a new game. Also returns counts: hands and showdowns
    (another seat showed cards) per game. ``battery``: the menu shows the
    battery, as a board with a battery sense does (sim_battery).
    ``pause_ms``: a player who waits ``pause_ms(screen)`` ms on each settled
    screen (its class name) before the next key, as replay's ``on_step``
    then waits on the device: the app's timers (the key guard after a
    screen that came by itself, the pace) then see the same times in both.
    ``settings``: ((menu item, Settings field, value), ...) the menu sets
    first (a tournament: MODE, then LEVELS)."""
    with tempfile.TemporaryDirectory() as data:
        c = SimConsole(seed, data, battery, notices)
        first = bytes(c.display.buffer)
        todo = list(settings)  # (the menu settings still to set: _setting_key)
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
                key = _setting_key(app, todo) or _menu_key(app, game, fresh)
                if key == "A" and fresh:
                    fresh = False
                    note = "new game %s" % game
            elif name == "Table" and fresh:
                # to the menu: B selects FOLD, B again opens the menu (no FOLD
                # on a bring-in: act, and try at the next turn)
                key = "B" if "fold" in [k for k, _ in app.screen.options] else "A"
            elif name == "Table":
                key = "A"     # check / call / bring in (the default choice), or on to the showdown
            elif name == "Pass":
                key = HOLD_A  # pass and play: the human to act holds A to see their cards
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
            if pause_ms is not None:
                c.wait(pause_ms(c.screen()))
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


def buttons_for(board):
    """{key: (button, hold ms)} for a two-button board (OK, NEXT), else None
    (the keys are the buttons' names)."""
    names = [b["key"] for b in board["buttons"]]
    if names != ["OK", "NEXT"]:
        return None
    return {"A": ("OK", HOLD_MS), "B": ("OK", LONG_HOLD_MS),
            "RIGHT": ("NEXT", HOLD_MS), "DOWN": ("NEXT", LONG_HOLD_MS)}


def printed_seed(vp, timeout_ms=5000):
    """The seed the console printed at power-on (``stud: seed N``), running
    the device until it has (the USB serial keeps it until a host listens)."""
    end = vp.now + timeout_ms * NS_PER_MS
    while True:
        m = re.search(rb"stud: seed (\d+)\r\n", bytes(vp.serial))
        if m:
            return int(m.group(1))
        if vp.now >= end or vp.dead:
            raise VpicoError("no seed on the serial within %d ms: %r" % (timeout_ms, bytes(vp.serial[-200:])))
        vp.run(50)


def replay(vp, first, steps, limit_ms=SETTLE_LIMIT_MS, on_step=None, buttons=None):
    """Presses steps' keys on the device, each once its screen equals the
    simulator's; returns [Latency] of every press. ``buttons``: how each key
    is pressed ({key: (button, hold ms)}, buttons_for), if not by its name."""
    wait_for(vp, first, limit_ms, "power-on", quiet=False)  # NEW GAME flashes: press at once
    out = []
    for i, s in enumerate(steps):
        before = len(vp.frames)
        t = vp.now
        button, hold = buttons[s.key] if buttons else ("A", LONG_HOLD_MS) if s.key == HOLD_A else (s.key, HOLD_MS)
        release = vp.press(button, hold)
        if hold > HOLD_MS:
            edge = t + LONG_PRESS_MS * NS_PER_MS  # a long press acts while held
        elif buttons is None and s.key in ACT_ON_PRESS:
            edge = t
        else:  # A and B; on a two-button board every short press (its button has a long meaning too)
            edge = release
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


def is_boxed(frame):
    """True for a screen in an outline (LOADING, a banner, a question): its
    top row is lit across the display; no table view's is."""
    return all(frame[x] & 1 for x in range(128))


def is_your_turn(frame):
    """True for the table at your turn: the chosen action's lit box in the
    action bar (rows 57-63, lit top to bottom in its edge columns); the
    bar's status text never has a column of seven lit pixels."""
    base = 7 * 128
    return not is_list(frame) and not is_boxed(frame) and any(
        frame[base + x] & 0xFE == 0xFE for x in range(128))


def bar_shows(frame, text):
    """True when the action bar (rows 57-63) shows ``text`` in the small font."""
    from ui_rig import find_text

    import framebuf
    fb = framebuf.FrameBuffer(bytearray(frame), 128, 64, framebuf.MONO_VLSB)
    at = find_text(fb, text)
    return at is not None and at[1] >= 57


def _quiet(vp, ms):
    """Runs until no frame came for ``ms`` (past the players' pace: your turn)."""
    while True:
        last = vp.frames[-1].t1 if vp.frames else 0
        if vp.now - last >= ms * NS_PER_MS:
            return
        vp.run(100)


def presses_while_players_act(vp, first, steps, window_ms=THINK_WINDOW_MS, same=True, log=None, hurry=False):
    """From power-on, the plan of ``plan_turns``: after each A that hands
    the turn to the virtual players, UP and DOWN every THINK_EVERY_MS for
    ``window_ms`` (list view, table, ...), then the table again and your
    turn as the simulator showed it (``same`` False: the players' decisions
    may differ from the simulator's, as Hard's deals on the stock route's
    compact tables do: your turn is then the screen quiet for 2 s).
    ``hurry``: the presses go UP, DOWN, A, A (A alone never acts while the
    others do: the bar shows how to hurry them), and the window ends with B
    (it hurries them: the bar's mark; the players then act without their
    pace up to your turn).
    Returns (thinking, acting, frames, decisions, hurries): each press's ms
    to its frame complete, made while the players think or wait for their
    pace, or as an action reached the display; how many other frames (the
    players' actions) came meanwhile; the ms from each A of yours (NEW GAME,
    your calls) to its frame, and from each B to its hurried bar. ``log``:
    a list that gets (press ns, ms, acting, key) of each press."""
    thinking = []
    acting = []
    decisions = []
    hurries = []
    acted = 0
    wait_for(vp, first, 10000, "power-on", quiet=False)
    vp.press("A", HOLD_MS)
    wait_for(vp, steps[0].frame, 5000, "menu")
    cycle = ("UP", "DOWN", "A", "A") if hurry else ("UP", "DOWN")
    for i, s in enumerate(steps[1:]):
        release = vp.press("A", HOLD_MS)
        n = len(vp.frames)
        while not [f for f in vp.frames[n:] if f.t0 >= release]:  # its frame first
            vp.run(5)
        mine = [f for f in vp.frames[n:] if f.t0 >= release][0]
        if not is_boxed(mine.data):  # (LOADING: the code still on its way to the heap)
            decisions.append((mine.t1 - release) / NS_PER_MS)
        while is_boxed(vp.frames[-1].data):
            vp.run(20)
        vp.run(THINK_SETTLE_MS if i == 0 else 5)
        listing = False
        t = vp.now
        end = t + window_ms * NS_PER_MS
        k = 0
        while t < end:
            key = cycle[k % len(cycle)]
            if key == "A" and (listing or is_your_turn(vp.frames[-1].data)):
                k += 1
                continue  # (A on your turn would act: the plan's turns stay the simulator's)
            k += 1
            before = len(vp.frames)
            vp.press(key, HOLD_MS, at_ns=t)
            edge = t + HOLD_MS * NS_PER_MS if key == "A" else t
            if key != "A":
                listing = not listing
            nxt = edge + THINK_EVERY_MS * NS_PER_MS  # (A acts at its release: its frame after it)
            vp.run_until(nxt)
            if key == "A" and [f for f in vp.frames[before - 1:] if f.t0 < nxt and is_your_turn(f.data)]:
                # your turn came as it was held (its frame may follow the
                # release): dropped, as a key meant for the screen before
                t = nxt
                continue
            if key == "A":
                ok = lambda d: not is_list(d) and bar_shows(d, "HURRY")  # noqa: E731
            else:
                ok = lambda d, want=listing: is_list(d) == want  # noqa: E731
            mine = [f for f in vp.frames[before:] if f.t0 >= edge and ok(f.data)]
            ms = (mine[0].t1 - edge) / NS_PER_MS if mine else float("inf")
            acted += len(vp.frames) - before - (1 if mine else 0)
            others = [f for f in vp.frames[before - 1:] if not mine or f.t0 < mine[0].t0]
            busy = [f for f in others if f.t1 > edge - ACTING_BEFORE_MS * NS_PER_MS
                    and f.t0 < edge + ACTING_AFTER_MS * NS_PER_MS]
            (acting if busy else thinking).append(ms)
            if log is not None:
                log.append((t, ms, bool(busy), key))
            t = nxt
        if listing:  # back to the table, as the simulator shows it
            vp.press("DOWN", HOLD_MS)
            vp.run(THINK_EVERY_MS)
        if hurry and not is_your_turn(vp.frames[-1].data):
            before = len(vp.frames)
            edge = vp.press("B", HOLD_MS)
            vp.run_until(edge + THINK_EVERY_MS * NS_PER_MS)
            mine = [f for f in vp.frames[before:] if f.t0 >= edge and bar_shows(f.data, ">>")]
            turn = [f for f in vp.frames[before - 1:] if is_your_turn(f.data)]
            if mine:
                hurries.append((mine[0].t1 - edge) / NS_PER_MS)
            elif not turn:  # (a B as your turn came is dropped: meant for the screen before)
                hurries.append(float("inf"))
        if same:
            wait_for(vp, s.frame, 20000, "your turn %d" % i)
        else:
            _quiet(vp, 2000)
    if hurry:
        return thinking, acting, acted, decisions, hurries
    return thinking, acting, acted


# -------------------------------------------------- the thumb on the device

def _fb(frame):
    import framebuf
    return framebuf.FrameBuffer(bytearray(frame), 128, 64, framebuf.MONO_VLSB)


def at_hand_end(frame):
    """True for the showdown screen (its first word at the top left)."""
    from ui_rig import text_at

    fb = _fb(frame)
    return text_at(fb, "SHOWDOWN", 0, 0) or text_at(fb, "HAND OVER", 0, 0)


class ThumbReport:
    def __init__(self):
        self.hands = 0
        self.actions = 0
        self.strays = 0
        self.min_delay = None  # ms from a turn's first frame to the down of the A that acted on it
        self.failures = []

    def __repr__(self):
        return ("%d hands, %d actions of yours, %d stray presses; least delay from a turn's frame to the A "
                "that acted: %s ms; %d failures" % (self.hands, self.actions, self.strays, self.min_delay,
                                                    len(self.failures)))


def thumb_game(vp, hands, seed, slice_ms=50, stray_every_ms=700, limit_s=None):
    """Plays ``hands`` hands on the device (booted on a table's settings)
    through its buttons, as tools/sim/thumb.py plays them in the simulator:
    you check or call (LEFT to the bar's first choice, RIGHT to the second:
    check, call or bring in's neighbour, then A, a reaction time after your
    turn's first frame), and A or B pressed at random moments besides, held
    a random while (now and then long). Everything is read from the frames
    the OLED gets: your turn (the bar's lit box), an action of yours (the
    bar's box gone on the table), a fold (the bar's FOLDED), the hands (the
    showdown screens). Every action must come from an A that went down after
    its turn's first frame, and none may fold a turn whose bar offered
    CHECK. Returns a ThumbReport."""
    from poker.rng import Rng

    rng = Rng(seed + 11)
    rep = ThumbReport()
    presses = []      # (key, down ns, up ns)
    turn_start = None  # t0 of the turn's first frame
    turn_check = False
    in_turn = False
    plan = []         # the thumb's own presses at its turn: (key, at ns)
    seen = 0
    was_end = False
    was_boxed = False
    next_stray = vp.now + rng.below(stray_every_ms) * NS_PER_MS
    end_ns = vp.now + (limit_s or hands * 60) * 1000 * NS_PER_MS

    def press(key, at, hold_ms):
        up = vp.press(key, hold_ms, at_ns=at)
        presses.append((key, at, up))

    while rep.hands < hands:
        if vp.now > end_ns:
            rep.failures.append("only %d hands in the time allowed" % rep.hands)
            break
        vp.run(slice_ms)
        if vp.dead or vp.problems():
            rep.failures.append("the device stopped: %s" % (vp.problems()[:2],))
            break
        for f in vp.frames[seen:]:
            d = f.data
            boxed = is_boxed(d)
            end = not boxed and at_hand_end(d)
            listing = is_list(d) and not end  # (the showdown's top line has the list's rule under it)
            turn = is_your_turn(d)
            if end and not was_end:
                rep.hands += 1
            was_end = end
            if turn and (not in_turn or was_boxed):
                if not in_turn:
                    in_turn = True
                    turn_start = f.t0
                    turn_check = bar_shows(d, "CHECK")
                react = f.t1 + (150 + rng.below(600)) * NS_PER_MS
                plan = [("LEFT", react), ("LEFT", react + 100 * NS_PER_MS), ("LEFT", react + 200 * NS_PER_MS),
                        ("RIGHT", react + 300 * NS_PER_MS), ("A", react + 450 * NS_PER_MS)]
            elif boxed and in_turn and not was_boxed:
                plan = [("A", f.t1 + (300 + rng.below(300)) * NS_PER_MS)]  # a question: its default answer
            elif in_turn and not turn and not boxed and not listing:
                # the bar's box is gone: you acted (by the last A down before this frame)
                in_turn = False
                plan = []
                rep.actions += 1
                downs = [p for p in presses if p[0] == "A" and p[1] < f.t0]
                if not downs:
                    rep.failures.append("%.0f ms: an action with no A before it" % (f.t0 / NS_PER_MS))
                else:
                    a = downs[-1]
                    if a[1] < turn_start:
                        rep.failures.append("%.0f ms: an action by an A down at %.0f ms, before its turn's "
                                            "frame at %.0f ms" % (f.t0 / NS_PER_MS, a[1] / NS_PER_MS,
                                                                  turn_start / NS_PER_MS))
                    else:
                        ms = (a[1] - turn_start) / NS_PER_MS
                        rep.min_delay = ms if rep.min_delay is None else min(rep.min_delay, ms)
                if turn_check and bar_shows(d, "FOLDED"):
                    rep.failures.append("%.0f ms: folded a hand that could check" % (f.t0 / NS_PER_MS))
            elif boxed and not in_turn and not was_boxed:
                plan = [("A", f.t1 + (300 + rng.below(300)) * NS_PER_MS)]  # a banner, the menu
            elif end and not plan:
                plan = [("A", f.t1 + (400 + rng.below(600)) * NS_PER_MS)]
            was_boxed = boxed
        seen = len(vp.frames)
        now = vp.now
        while plan and plan[0][1] <= now + slice_ms * NS_PER_MS:
            key, at = plan.pop(0)
            press(key, max(at, now), 60 + rng.below(60))
        if now >= next_stray:
            k = "A" if rng.below(2) else "B"
            hold = 40 + rng.below(120) if rng.below(5) else 650 + rng.below(300)
            press(k, now, hold)
            rep.strays += 1
            next_stray = now + (100 + rng.below(stray_every_ms)) * NS_PER_MS
    return rep
