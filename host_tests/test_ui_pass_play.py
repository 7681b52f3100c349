"""Pass and play on the screens (ui.pass_play, ui.name_entry, the table's
hiding, the menu's HUMANS and NAMES, the statistics' pages), driven
through the real App by tools/sim/ui_rig.py; above all a scripted game of
three humans, 100 hands, with every frame between two humans' turns
checked: no human's down card is on the screen.

How a frame is checked: every card the screens draw goes through
ui.glyphs (card, small_card, mini, ghost); the test wraps those and keeps
a model of the screen: which card is where, tagged with the hand it was
drawn in, dropped when a clear covers it. At each frame sent, no card of
the model may be a human's down card of its hand that was not shown down
(between turns: any human's; on a human's turn: the others'). The model
is proved to see the cards: on each turn the acting human's own down
cards must be in it."""
import sys

from poker.rng import Rng
from ui import glyphs, keys
from ui_rig import Rig, stations

_SIZE = {"card": None, "small_card": glyphs.SMALL, "ghost": glyphs.SMALL, "mini": None}


class Screen:
    """The cards on the simulated display, from the glyph calls."""

    def __init__(self, rig):
        self.rig = rig
        self.cards = {}  # (x, y) -> (w, h, card, hand drawn in)
        self.frames = []  # (frame number, the human cards on it)
        self.hidden = None  # the human seats whose cards must not show (None: no check)
        self.shows = []  # checks that found the acting human's cards drawn
        d = rig.display
        fill, fill_rect = d.fill, d.fill_rect

        def f(c):
            self.cards.clear()
            fill(c)

        def fr(x, y, w, h, c):
            for k in [k for k in self.cards if _inside(k, self.cards[k], x, y, w, h)]:
                del self.cards[k]
            fill_rect(x, y, w, h, c)
        d.fill = f
        d.fill_rect = fr
        d.front = self

    def drawn(self, name, x, y, c, size):
        if c is None:
            return
        g = self.rig.app.game
        h = g.hand or g.last_hand if g is not None else None
        w, hh = (glyphs.W[size], glyphs.H[size]) if size is not None else (9, 5)
        self.cards[(x, y)] = (w, hh, c, h)

    def frame(self, fb):
        """At each frame sent: the human down cards on it, against the
        seats whose cards must not show."""
        g = self.rig.app.game
        if g is None or self.hidden is None:
            return
        on = set()
        for w, hh, c, h in self.cards.values():
            if h is None:
                continue
            for s in range(g.humans):
                if h.shown[s] is None and c in h.down[s] and c not in h.up[s]:
                    on.add((s, c))
        bad = [(s, c) for s, c in on if s in self.hidden]
        assert not bad, "frame %d shows the down cards %r of human seats (screen %s)" % (
            fb.frames, bad, self.rig.screen())
        self.frames.append(on)


def _inside(k, v, x, y, w, h):
    """True when the clear (x, y, w, h) covers the card drawn at k."""
    return x <= k[0] and y <= k[1] and k[0] + v[0] <= x + w and k[1] + v[1] <= y + h


def _wrap(screen):
    """Every card-drawing function of ui.glyphs, wherever a screen's
    module holds it, reports to ``screen``; undone by the returned
    function."""
    undo = []
    for name, size in _SIZE.items():
        orig = getattr(glyphs, name)

        def spy(fb, x, y, c, *rest, _orig=orig, _name=name, _size=size):
            _orig(fb, x, y, c, *rest)
            screen.drawn(_name, x, y, c, rest[0] if rest else _size)
        for mod in list(sys.modules.values()):
            if getattr(mod, "__name__", "").startswith("ui") and getattr(mod, name, None) is orig:
                setattr(mod, name, spy)
                undo.append((mod, name, orig))

    def restore():
        for mod, name, orig in undo:
            setattr(mod, name, orig)
    return restore


def _act(rig, rng):
    """The acting human's choice: a random legal action (a fold a tenth
    of the time), answering the questions yes."""
    t = rig.app.screen
    opts = t.options
    kinds = [k for k, _ in opts]
    if "fold" in kinds and rng.getrandbits(4) < 2:
        want = kinds.index("fold")
    else:
        want = rng.getrandbits(8) % len(opts)
        if kinds[want] == "fold":
            want = (want + 1) % len(opts)
    t.sel = want
    rig.press(keys.A)
    if rig.screen() == "Confirm":
        rig.answer_confirm()


def play(hands=100, seed=3, humans=3, game="F7S", hide=True):
    """A scripted pass-and-play game of ``hands`` hands (new games when
    one ends), every frame checked; returns (rig, screen model, turns)."""
    import ui.pass_play  # noqa: F401  (its functions wrapped too)
    import ui.showdown  # noqa: F401
    import ui.table_draw  # noqa: F401

    rig = Rig(seed, settings={"humans": humans, "players": 6, "game": game, "profile": "casino",
                              "chips": 1000, "speed": 2}, players=stations, pace_ms=10)
    screen = Screen(rig)
    restore = _wrap(screen)
    rng = Rng(seed + 1)
    turns = 0
    try:
        rig.new_game()
        screen.hidden = set(range(humans))
        done = 0
        for _ in range(200000):
            g = rig.app.game
            if done + g.hand_no >= hands:
                break
            name = rig.screen()
            if name == "Pass":
                seat = g.to_act()
                screen.hidden = set(range(humans)) - {seat}  # (the frames of this press on)
                rig.press(keys.A, keys.LONG)  # held: the cards show
                assert rig.screen() == "Table" and rig.app.screen.eyes == seat
                turns += 1
                if not any(s == seat for s, _ in screen.frames[-1]) and not g.hand.folded[seat]:
                    raise AssertionError("the acting human's down cards were not seen drawn")
                screen.shows.append(seat)
                screen.hidden = set(range(humans))  # from the action on: nobody's
                _act(rig, rng)
            elif name == "Table" and g.human_to_act() and rig.app.screen.eyes == g.to_act():
                _act(rig, rng)  # (back from a question)
            elif name in ("Showdown", "Banner"):
                if g.over:
                    done += g.hand_no
                    rig.past_result()
                    if rig.screen() != "Table":
                        rig.app.new_game()
                        rig.run(0)
                else:
                    rig.past_result()
            else:
                rig.run(50)
    finally:
        restore()
    return rig, screen, turns


def test_no_frame_between_two_human_turns_shows_a_humans_down_cards_over_100_hands():
    rig, screen, turns = play(100)
    # the game went on: turns of each human, frames checked, cards seen on every turn
    assert turns > 150 and set(screen.shows) == {0, 1, 2}
    assert len(screen.frames) > 1000
    print("\n%d human turns, %d frames checked" % (turns, len(screen.frames)))
