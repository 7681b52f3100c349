"""poker.players: a virtual player never folds when a check is free.

The engine lists ``('fold', 0)`` beside ``('check', 0)`` (docs/rules.md: a player
may fold on any round; the console asks the human to confirm such a fold).
A virtual player of any level and style must never take it: it would throw
away a hand it could keep for nothing. Many hands of every game are played
by tables mixing the three levels and the five styles, with stacks short
enough for all-ins; every decision with a free check is checked, and there
must be plenty of them at every level (the test is not vacuous).

STUD_PLAYERS_HANDS (default 60) sets the hands per game and profile.
"""
import os

import pytest

from deck import shuffled
from poker import players
from poker.players import base
from poker.hand import Hand
from poker.rng import Rng
from poker.rules import casino, lexibook
from poker.variants import VARIANTS

pytestmark = pytest.mark.slow  # every level in every game, many deals (docs/testing.md)

ALL = ('F7S', 'F5S', 'FT', 'FO', 'F7S/8', 'FR', 'FO/8')
HANDS = int(os.environ.get("STUD_PLAYERS_HANDS", "60"))



def _table(n, rng, seed):
    """n virtual players: the three levels in turn (shifted each hand), each
    with a style of its own."""
    styles = sorted(base.STYLES)
    out = []
    for s in range(n):
        level = players.LEVELS[(seed + s) % len(players.LEVELS)]
        out.append(players.make(level, styles[rng.below(len(styles))], seed=seed * 16 + s))
    return out


def _stacks(n, rng, rules):
    # about half deep, the rest short (all-ins, side pots)
    deep = 40 * rules.big_bet
    return [deep if rng.below(2) else 3 * rules.small_bet + rng.below(6 * rules.big_bet)
            for _ in range(n)]


def test_no_level_folds_when_a_check_is_free_in_any_game():
    rng = Rng(2026)
    free = {}      # level -> decisions taken with a free check
    bad = []
    for code in ALL:
        v = VARIANTS[code]
        for rules in (lexibook(), casino()):
            for k in range(HANDS):
                n = 4 if rules.profile == 'lexibook' else 2 + rng.below(min(v.max_seats, 8) - 1)
                bots = _table(n, rng, k)
                h = Hand(v, rules, _stacks(n, rng, rules), k % n, deck=shuffled(rng))
                while not h.finished:
                    s = h.actor
                    view = h.view(s)
                    kind, amount = bots[s].decide(view)
                    assert (kind, amount) in view.legal, (code, bots[s].level, kind, amount, view.legal)
                    if ('check', 0) in view.legal:
                        lv = bots[s].level
                        free[lv] = free.get(lv, 0) + 1
                        if kind == 'fold':
                            bad.append((code, rules.profile, lv, bots[s].style, h.street_name, view.legal))
                    h.act(kind, amount)
    print("free-check decisions per level: %r" % (free,))
    assert not bad, "%d folds with a free check, first: %r" % (len(bad), bad[:3])
    for lv in players.LEVELS:
        assert free.get(lv, 0) >= HANDS, (lv, free)
