"""LAST HAND (ui.review, poker.match.review): the last hand again, street by
street (the cards each seat showed, every action in the limit words), then
its showdown as the showdown screen explained it, and the showdowns of the
hands before; from the menu and from the showdown screen."""
from fake_table import FakeFs
from poker.match import review
from poker.match.store import Store
from ui import keys
from ui.showdown import lines_of
from ui.words import action_text, seat_name
from ui_rig import Raiser, Rig, Station, to_showdown


def _players(seat, settings, rng):
    return Raiser() if seat == 2 else Station()


def _rig(game="F7S"):
    rig = Rig(seed=17, store=Store("/data", FakeFs()), settings={"game": game}, players=_players)
    rig.new_game()
    return rig


def test_the_showdown_leads_to_the_hand_again_street_by_street_and_back():
    rig = _rig()
    to_showdown(rig, 3)
    g = rig.app.game
    sd = rig.app.screen
    shown = rig.frame()
    v = g.view(0)
    rig.press(keys.RIGHT)
    assert rig.screen() == "LastHand"
    lh = rig.app.screen
    rec = lh.rec
    showdowns = [q for q, k in lh.pages if k < 0]
    assert rec["seq"] == g.seq and showdowns == [g.seq, g.seq - 1, g.seq - 2]
    streets = sorted(set(a[0] for a in v.actions))
    assert len(rec["streets"]) >= len(streets)
    # the first page: third street, your three cards, everyone's door card
    assert rig.shows("HAND %d 3RD" % g.seq, False)
    for s in range(4):
        assert rig.shows(seat_name(s))
    first = [a for a in v.actions if a[0] == 0]
    words = [seat_name(a[1]) + " " + action_text(a[2], a[3], _total(v, a)) for a in first]
    lines = [ln[1] for ln in lh.lines if ln[0] == "text"]
    assert "  ".join(lines) == "  ".join(words)
    # every street in turn, then the showdown as the showdown screen drew it
    for k in range(1, len(rec["streets"])):
        rig.press(keys.RIGHT)
        assert rig.shows("HAND %d %s" % (g.seq, rec["streets"][k][0].upper()), False)
    rig.press(keys.RIGHT)
    assert lh.head is not None and lh.lines == lines_of(v)
    assert rig.shows("HAND %d" % g.seq)
    rig.press(keys.RIGHT)  # the hand before's showdown: its record read now, the last one's let go
    assert lh.head[0] == "HAND %d" % (g.seq - 1) and lh.rec["seq"] == g.seq - 1
    rig.press(keys.A)
    assert rig.app.screen is sd and rig.frame() == shown  # back on the showdown, as it was


def _total(v, act):
    """The street total after action ``act`` of view v (fresh from the actions)."""
    t = 0
    for a in v.actions:
        if a[0] == act[0] and a[1] == act[1]:
            t += a[3]
        if a is act:
            return t
    return t


def test_the_menu_has_last_hand_once_a_hand_is_kept():
    rig = _rig("FT")
    rig.press(keys.B, keys.LONG)
    assert "LAST HAND" not in rig.app.screen.items
    rig.press(keys.A)  # RESUME
    to_showdown(rig, 1)
    rig.press(keys.B)  # the menu
    menu = rig.app.screen
    assert "LAST HAND" in menu.items
    menu.sel = menu.items.index("LAST HAND")
    rig.press(keys.A)
    assert rig.screen() == "LastHand" and rig.shows("PREFLOP", False)
    rig.press(keys.B)
    assert rig.screen() == "Menu" and rig.app.screen.items[rig.app.screen.sel] == "LAST HAND"


def test_a_review_record_is_kept_for_each_of_the_last_hands_and_reads_back():
    rig = _rig("F7S")
    to_showdown(rig, 6)
    g = rig.app.game
    st = rig.app.store
    got = [review.load(st, g.seq - k) for k in range(review.KEPT + 1)]
    assert all(r is not None for r in got[:review.KEPT]) and got[review.KEPT] is None
    r = got[0]
    assert r["own"] == list(g.last_hand.hole[0]) and r["end"]["pot"] == g.view(0).pot
    # other seats' down cards are never in the streets (only what you saw)
    for name, board, ups, acts in r["streets"]:
        for s, up in ups:
            assert all(c in g.last_hand.up[s] for c in up)
