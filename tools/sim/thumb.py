"""A scripted thumb: a game played through the buttons with presses at
random moments, and the two promises of the table checked on every action.

    python tools/sim/thumb.py [--hands 200] [--seed 1]

``play(hands, seed, settings)`` runs the console app (ui.app) in the
simulator the way the device's loop runs it: every 10 ms the buttons are
sampled (hw.buttons: presses, long presses, releases), ``app.held`` is set,
then tick and draw. The thumb plays you as a calling station (check, call
or bring in: it moves LEFT/RIGHT to that choice, then A, a human reaction
time after your turn was shown; the moves and A made at once, 100 ms
apart, without looking between them) and presses A or B at random moments
besides, held a random while: while the others act (B and a held A hurry
them), on the final table, on the showdown, on questions and banners, and
just as the screens change (a stray A or B on your turn selects FOLD or
acts on the choice shown: the thumb then plays on from there). Every action
the app takes for you is checked:

- the key that made it went down after the screen of that turn was shown
  (its first frame): a press made for the screen before never acts;
- it is never a fold when a check was free (a question comes first, and
  its default is CHECK).

It returns a ``Report``: hands played, your actions, the stray presses, the
least time from a turn's frame to the press that acted on it, and the
failures (empty when both promises held).
"""
import sys

from hw.buttons import Buttons
from poker.rng import Rng
from poker.view import passive
from simhw import SimClock, SimDisplay, SimSound
from ui import keys
from ui.app import GATE_MS, App

POLL_MS = 10
DEBUG = False
NAMES = keys.NAMES  # one button per key, the six-button board


class Report:
    def __init__(self):
        self.hands = 0
        self.actions = 0
        self.strays = 0
        self.min_delay = None  # ms from a turn's first frame to the down of the key that acted
        self.failures = []

    def __repr__(self):
        return ("%d hands, %d actions of yours, %d stray presses; least delay from a turn's frame to the key "
                "that acted: %s ms; %d failures" % (self.hands, self.actions, self.strays, self.min_delay,
                                                    len(self.failures)))


class Thumb:
    """The presses: a queue of (button index, down at, up at)."""
    held = 0

    def __init__(self, rng):
        self.rng = rng
        self.plan = []
        self.down = {}  # button -> the time it went down (kept after it is let go)

    def press(self, key, at, hold):
        self.plan.append((key, at, at + hold))

    def mask(self, now):
        m = 0
        keep = []
        for key, t0, t1 in self.plan:
            if t0 <= now < t1:
                m |= 1 << key
            if now < t1:
                keep.append((key, t0, t1))
        for key in range(len(NAMES)):
            if m >> key & 1 and not self.held >> key & 1:
                self.down[key] = now  # (overlapping presses of a key: one hold)
        self.held = m
        self.plan = keep
        return m

    def look(self, until):
        """A new screen: the arrows planned from ``until`` on are not made
        (a press that late would answer the screen, which this thumb never
        looked at; an A or a B may still come)."""
        self.plan = [p for p in self.plan if p[0] > keys.DOWN or p[1] < until]

    def busy(self, now):
        return any(t0 <= now + 400 for _, t0, _ in self.plan)


def play(hands=200, seed=1, settings=None, stray_every_ms=700):
    """Plays ``hands`` hands; returns a Report."""
    rng = Rng(seed + 7)
    display = SimDisplay()
    clock = SimClock()
    app = App(display, None, Rng(seed), clock, SimSound())
    if settings:
        s = app.settings
        for k in settings:
            setattr(s, k, settings[k])
        s.normalize()
        app.apply_settings()
    buttons = Buttons(keys, NAMES)
    thumb = Thumb(rng)
    rep = Report()
    state = {"turn": None, "shown": None, "key": None, "want_at": None}

    def emit(key, event):
        state["key"] = (key, thumb.down.get(key, clock.ticks_ms()))  # (A, B: at their release)
        app.handle(key, event)
        state["key"] = None

    game = [None]

    def spy(g):
        act = g.act

        def checked(kind, amount=None):
            now = clock.ticks_ms()
            k = state["key"]
            legal = [x[0] for x in g.view(0).legal]
            if k is None:
                rep.failures.append("%d ms: an action with no key" % now)
            elif state["shown"] is None or k[1] < state["shown"]:
                rep.failures.append("%d ms: %s by %s, down at %d, before its turn was shown (%s)"
                                    % (now, kind, NAMES[k[0]], k[1], state["shown"]))
            else:
                d = k[1] - state["shown"]
                rep.min_delay = d if rep.min_delay is None else min(rep.min_delay, d)
            if kind == "fold" and "check" in legal:
                rep.failures.append("%d ms: folded a hand that could check" % now)
            rep.actions += 1
            return act(kind, amount)
        g.act = checked

    now = 0
    was = None
    next_stray = rng.below(stray_every_ms)
    start_hands = None
    for _ in range(hands * 20000):
        now += POLL_MS
        clock.now = now
        buttons.poll(thumb.mask(now), now, emit)
        app.held = buttons.state != 0
        app.tick(now)
        shown = app.draw()
        g = app.game
        if g is not None and g is not game[0]:
            game[0] = g
            spy(g)
        scr = type(app.screen).__name__
        if scr == "Confirm" and was != "Confirm":
            # a question (a stray A opened FOLD? meanwhile): the arrows still
            # on their way land within the gate at most, as a real thumb's
            thumb.look(now + GATE_MS)
        was = scr
        if g is not None and start_hands is None and g.hand is not None:
            start_hands = g.hand_no
        if g is not None and start_hands is not None:
            rep.hands = g.hand_no - start_hands
            if rep.hands >= hands:
                break
        to_act = g is not None and g.hand is not None and g.human_to_act()
        mine = scr == "Table" and to_act
        # a turn is the hand and its actions so far; a question it asks
        # (FOLD?, NO CHANCE) is part of it, the menu too
        turn = (id(g.hand), len(g.hand.actions)) if to_act else None
        if turn != state["turn"]:
            state["turn"] = turn
            state["shown"] = None
            state["want_at"] = None
        if DEBUG:
            print(now, scr, turn, state["shown"], bin(buttons.state), shown)
        if mine and state["shown"] is None and shown:
            state["shown"] = now  # its first frame
            state["want_at"] = now + 150 + rng.below(600)  # a human's reaction
        # the thumb's own play
        if not thumb.busy(now):
            if scr == "PowerOn" or scr == "Menu":
                thumb.press(keys.A, now + 200, 60)
            elif mine and state["want_at"] is not None and now >= state["want_at"]:
                last = _toward_call(app.screen, thumb, now)
                state["want_at"] = last + 400 + rng.below(400)  # still your turn then: again
            elif scr in ("Banner", "Confirm", "Showdown") and rng.below(100) < 3:
                thumb.press(keys.A, now + 50, 60 + rng.below(100))
        if now >= next_stray:
            k = keys.A if rng.below(2) else keys.B
            hold = 40 + rng.below(120) if rng.below(5) else 650 + rng.below(300)
            thumb.press(k, now, hold)
            rep.strays += 1
            next_stray = now + 100 + rng.below(stray_every_ms)
        if g is not None and g.over:
            if scr == "Banner":  # GAME OVER: REBUY
                thumb.press(keys.A, now + 500, 60)
    return rep


def _toward_call(table, thumb, now):
    """The presses to check, call or bring in, made at once without looking
    between them, as the device's thumb makes them
    (tools/device/gamescript.py's thumb_game): LEFT to the bar's first
    choice, RIGHT to the wanted one, then A, 100 ms apart. A screen that
    comes meanwhile (a question that a stray A opened) gets the rest, as a
    real thumb's would. Returns the time of the last."""
    opts = table.options
    want = opts.index(passive(table.view))
    t = now
    for k in [keys.LEFT] * len(opts) + [keys.RIGHT] * want:
        thumb.press(k, t, 60)
        t += 100
    thumb.press(keys.A, t, 60 + thumb.rng.below(80))
    return t


def main(argv):
    hands = 200
    seed = 1
    if "--hands" in argv:
        hands = int(argv[argv.index("--hands") + 1])
    if "--seed" in argv:
        seed = int(argv[argv.index("--seed") + 1])
    rep = play(hands, seed, {"profile": "casino", "game": "F7S/8", "players": 6})
    print(rep)
    for f in rep.failures[:20]:
        print("FAIL", f)
    return 1 if rep.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
