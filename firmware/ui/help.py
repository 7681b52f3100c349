"""HELP in the menu: the rules of one game, on a page that scrolls.

For the game in play (or, with none, the one GAME selects), or from the
menu's GAME line (A there) for the game shown on it: how the cards
are dealt, what wins (the hand rankings; the low rule in hi/lo and razz),
the betting structure with this table's amounts (from poker.rules), and
the buttons. UP/DOWN (NEXT on two buttons) scroll, wrapping to the top;
A or B goes back to the menu. The text is made from the game's data
(poker.variants, the RuleSet) when the page opens, and dropped with it.
"""
from micropython import const

from ui import keys
from ui.screen import SMALL, Screen, W, text, title, wrap_all

_TOP = const(10)
_LINE = const(7)
_ROWS = const(8)
_PX = const(124)

_RANKING = ("HANDS, BEST FIRST: STRAIGHT FLUSH, FOUR OF A KIND, FULL HOUSE, FLUSH, "
            "STRAIGHT, THREE OF A KIND, TWO PAIR, PAIR, HIGH CARD. "
            "A HAND IS THE BEST FIVE CARDS; SUITS NEVER RANK HANDS.")
_LOW8 = ("LOW: FIVE DIFFERENT RANKS 8 OR LOWER, ACE LOW; STRAIGHTS AND FLUSHES "
         "DO NOT COUNT. COMPARE FROM THE TOP: 7-5-4-3-2 BEATS 7-6-3-2-A; "
         "THE BEST IS 5-4-3-2-A. THE POT IS SPLIT BETWEEN THE BEST HIGH AND "
         "THE BEST LOW; WITH NO LOW, HIGH TAKES IT ALL.")
_RAZZ = ("THE LOWEST HAND WINS: ACE LOW, STRAIGHTS AND FLUSHES DO NOT COUNT, "
         "PAIRS DO (ANY HAND WITHOUT A PAIR BEATS ONE WITH). "
         "THE BEST IS 5-4-3-2-A.")
_KEYS = ("BUTTONS: LEFT/RIGHT CHOOSE, A ACTS, B GOES TO FOLD (AGAIN: THE MENU), "
         "UP/DOWN: THE TABLE AS A LIST. "
         "TWO BUTTONS: NEXT CHOOSES, OK ACTS, HOLD OK = B, HOLD NEXT = DOWN.")


def _deal(v):
    """How the cards come, from the variant's data."""
    if v.omaha:
        return ("FOUR CARDS DOWN EACH, FIVE ON THE BOARD (FLOP 3, TURN, RIVER). "
                "YOUR HAND: EXACTLY TWO OF YOURS AND THREE OF THE BOARD.")
    if not v.stud:
        return ("TWO CARDS DOWN EACH, FIVE ON THE BOARD (FLOP 3, TURN, RIVER). "
                "YOUR HAND: ANY FIVE OF THE SEVEN.")
    words = []
    for d in v.deals:
        down = d.count("d")
        up = d.count("u")
        w = []
        if down:
            w.append("%d DOWN" % down)
        if up:
            w.append("%d UP" % up)
        words.append(" ".join(w))
    return "EACH GETS " + ", THEN ".join(words) + "; A ROUND OF BETS AFTER EACH."


def _betting(v, r):
    small = r.small_bet
    big = r.big_bet
    out = "FIXED LIMIT %d/%d: BETS AND RAISES OF %d ON THE FIRST %d ROUNDS, %d AFTER" % (
        small, big, small, v.big_from, big)
    if v.stud:
        out += ". ANTE %d; THE %s DOOR CARD BRINGS IN %d OR COMPLETES TO %d" % (
            r.ante, "HIGHEST" if v.bring_in == "high" else "LOWEST", r.bring_in, small)
        if v.open_pair_street >= 0 and r.open_pair_big_bet:
            out += "; AN OPEN PAIR ON 4TH STREET MAY BET %d" % big
    else:
        out += ". BLINDS %d AND %d, LEFT OF THE DEALER" % (r.small_blind, r.big_blind)
    out += ". A BET AND %d RAISES A ROUND" % r.raise_cap
    if r.heads_up_uncapped:
        out += ", NO LIMIT HEADS-UP"
    return out + "."


def help_lines(v, r):
    """The page's text for variant v under RuleSet r, as lines that fit."""
    parts = [_deal(v)]
    if v.high:
        parts.append(_RANKING)
    if v.low == "8":
        parts.append(_LOW8 + (" OMAHA: TWO OF YOURS AND THREE OF THE BOARD FOR THE LOW TOO." if v.omaha else ""))
    elif v.low == "a5":
        parts.append(_RAZZ)
    parts.append(_betting(v, r))
    parts.append(_KEYS)
    out = []
    for p in parts:
        if out:
            out.append("")
        out.extend(wrap_all([p], _PX))
    return out


def _game_and_rules(app, code=None):
    """The variant and RuleSet of game ``code`` under the settings' table,
    else of the game in play, else of the settings."""
    from poker.variants import VARIANTS

    g = app.game
    if code is None and app.can_resume():
        return g.variant, g.rules
    s = app.settings
    return VARIANTS[code or s.game], s.house()


class Help(Screen):
    next_key = keys.DOWN

    def __init__(self, app, back, code=None):
        Screen.__init__(self, app)
        v, r = _game_and_rules(app, code)
        self.name = v.name.upper()
        self.lines = help_lines(v, r)
        self.top = 0
        self.back = back

    def key(self, k, event):
        n = max(len(self.lines) - _ROWS + 1, 1)
        if k == keys.DOWN or k == keys.RIGHT:
            self.top = (self.top + 1) % n
        elif k == keys.UP or k == keys.LEFT:
            self.top = (self.top - 1) % n
        elif k == keys.A or k == keys.B:
            self.back()
            return
        else:
            return
        self.app.changed()

    def draw(self, fb):
        title(fb, "HELP " + self.name)
        y = _TOP
        for i in range(self.top, min(len(self.lines), self.top + _ROWS)):
            text(fb, self.lines[i], 2, y, SMALL)
            y += _LINE
        if self.top + _ROWS < len(self.lines):  # more below
            fb.fill_rect(W - 1, 62, 1, 2, 1)
        if self.top > 0:
            fb.fill_rect(W - 1, _TOP, 1, 2, 1)
