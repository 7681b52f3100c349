"""A seeded fuzz of random button presses across every screen of the app:
no exception, chips conserved at every step, and a partial redraw always
gives the same pixels as a full one.

100,000 presses (about 2 minutes);
STUD_FUZZ_PRESSES=N picks any count."""
import os

import pytest

from poker.players.base import RandomPlayer
from poker.rng import Rng
from ui import keys
from ui_rig import Rig

pytestmark = pytest.mark.slow  # 100,000 presses (docs/testing.md)

PRESSES = int(os.environ.get("STUD_FUZZ_PRESSES", "100000"))
EVENTS = (keys.PRESS, keys.PRESS, keys.PRESS, keys.PRESS, keys.LONG, keys.REPEAT, keys.RELEASE)


def fuzz(presses, seed):
    rng = Rng(seed)
    bots = Rng(seed + 1)
    rig = Rig(seed=seed, players=lambda seat, settings, r: RandomPlayer(bots.getrandbits(30)), pace_ms=200)
    seen = set()
    games = 0
    for i in range(presses):
        k = rng.below(6)
        ev = EVENTS[rng.below(len(EVENTS))]
        rig.app.handle(k, ev)
        rig.run(rng.below(8) * 50)
        seen.add(rig.screen())
        assert rig.chips_ok(), "chips not conserved after press %d" % i
        g = rig.app.game
        if g is not None and g.over:
            games += 1
        if i % 97 == 0:  # a partial redraw equals a full one
            partial = rig.frame()
            rig.app.changed()
            rig.app.draw()
            assert rig.frame() == partial, "partial redraw differs after press %d on %s" % (i, rig.screen())
    return rig, seen, games


def test_random_presses_never_raise_and_conserve_chips():
    rig, seen, games = fuzz(PRESSES, 1234)
    for name in ("Menu", "Table"):
        assert name in seen or PRESSES < 100
    print("%d presses, screens seen: %s" % (PRESSES, sorted(seen)))


def test_fuzz_reaches_showdowns_banners_and_dialogs():
    # (2,500 presses: pass and play's screens, NAMES and PASS, take their share)
    rig, seen, games = fuzz(min(PRESSES, 2500), 99)
    for name in ("Showdown", "Confirm", "Menu", "Table"):
        assert name in seen, (name, sorted(seen))
