"""A scripted game of 200 hands through the buttons, with presses at random
moments (tools/sim/thumb.py: the device loop's way, hw.buttons and the
app's ``held``): the app never acts for you on a key that went down before
the screen of that turn was shown, and never folds a hand that could check
(ui.app's gate; the virtual Pico plays such a game too:
test_vpico_thumb.py)."""
import pytest
import thumb
from ui.app import GATE_MS

pytestmark = pytest.mark.slow  # (about 30 s)


def test_two_hundred_hands_of_stud_hi_lo_with_random_presses_never_act_on_an_old_key():
    rep = thumb.play(200, 1, {"profile": "casino", "game": "F7S/8", "players": 6})
    print(rep)
    assert rep.hands >= 200 and rep.actions > 500 and rep.strays > 3000
    assert rep.failures == []
    assert rep.min_delay >= GATE_MS  # the gate: the finger lifted and pressed again


def test_two_hundred_hands_of_holdem_with_random_presses_never_act_on_an_old_key():
    rep = thumb.play(200, 2, {"game": "FT"})
    print(rep)
    assert rep.hands >= 200 and rep.failures == [] and rep.min_delay >= GATE_MS
