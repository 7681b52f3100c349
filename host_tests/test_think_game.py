"""poker.match.game's decisions in slices: ``Game.think`` works one
slice of the virtual player to act, ``step`` applies the decision made, the
same hands as ``step`` alone plays; a decision begun for one turn is never
applied to another (the players remade, a new game, another hand, a saved
game loaded). (Players and equity in slices: test_think.py.)"""
from poker.match.game import Game
from poker.hand import Hand
from poker.odds.montecarlo import finish
from poker.rng import Rng
from poker.match.settings import Settings
from poker.match.store import Store
from poker.variants import VARIANTS

from fake_table import FakeFs
from spots import other_equity


def _settings(**fields):
    s = Settings()
    s.profile = "casino"
    s.normalize()
    for k in fields:
        setattr(s, k, fields[k])
    s.normalize()
    return s


def _hand_of_game(g, sliced):
    """Plays the game's next hand (you check or call); the virtual players
    by think then step, or by step alone. Its actions, and how many polls
    returned False."""
    g.start_hand()
    polls = 0
    while g.hand is not None:
        if g.human_to_act():
            legal = g.hand.legal_actions()
            kinds = [k for k, _ in legal]
            kind = "check" if "check" in kinds else "call" if "call" in kinds else kinds[0]
            g.act(kind, [a for k, a in legal if k == kind][0])
            continue
        if sliced:
            while not g.think():
                polls += 1
                other_equity()
        g.step()
    return list(g.last_hand.actions), polls


def test_a_game_thought_in_slices_plays_the_hands_step_alone_plays():
    for code, seats, level in (("F7S", 6, 2), ("FT", 4, 1)):
        a = Game(_settings(game=code, players=seats, difficulty=level), Rng(21))
        b = Game(_settings(game=code, players=seats, difficulty=level), Rng(21))
        one, _n = _hand_of_game(a, False)
        got, polls = _hand_of_game(b, True)
        assert got == one
        assert polls > 10


class _Scripted:
    """A virtual player that thinks in ``slices`` slices, records each
    decision begun and finished, and calls."""

    def __init__(self, name, log, slices=3):
        self.name = name
        self.log = log
        self.slices = slices

    def think(self, view):
        self.log.append(("begun", self.name, view.seat, len(view.actions)))
        for _ in range(self.slices):
            yield
        self.log.append(("made", self.name, view.seat, len(view.actions)))
        for k in ("check", "call", "bring_in"):
            for a in view.legal:
                if a[0] == k:
                    return a
        return view.legal[0]

    def decide(self, view):
        return finish(self.think(view))


def _scripted_game(store=None):
    log = []
    made = [0]

    def factory(seat, settings, rng):
        made[0] += 1
        return _Scripted("%d.%d" % (made[0], seat), log)

    g = Game(_settings(game="F7S", players=4, difficulty=2), Rng(8), store, players=factory)
    return g, log


def _to_a_virtual_player(g):
    g.start_hand()
    while g.human_to_act():
        legal = g.hand.legal_actions()
        g.act(*legal[0])
    assert g.to_act() not in (None, 0)


def test_a_decision_begun_is_applied_once_made_and_only_to_its_turn():
    g, log = _scripted_game()
    _to_a_virtual_player(g)
    seat = g.to_act()
    n = len(g.hand.actions)
    polls = 0
    while not g.think():
        polls += 1
    assert polls == 4  # the view, then three slices
    assert g.think()   # made: nothing more to do until step
    name = log[-1][1]
    assert log[-2:] == [("begun", name, seat, n), ("made", name, seat, n)]
    r = g.step()
    assert r[0] == seat and len(g.hand.actions) == n + 1 or g.hand is None
    assert len(log) == 2  # step applied the decision made, it did not decide again


def test_step_finishes_a_decision_begun_rather_than_starting_over():
    g, log = _scripted_game()
    _to_a_virtual_player(g)
    g.think()
    g.think()  # begun, one slice in
    g.step()
    assert [e[0] for e in log] == ["begun", "made"]


def test_the_players_remade_mid_decision_drop_it():
    g, log = _scripted_game()
    _to_a_virtual_player(g)
    seat = g.to_act()
    g.think()
    g.think()
    old = log[-1][1]
    g.settings.difficulty = 0  # the menu's LEVEL, applied at once
    g.remake_players()
    while not g.think():
        pass
    g.step()
    names = [e[1] for e in log if e[0] == "made"]
    assert old not in names  # the old player's decision was never made nor applied
    assert names == [g.bots[seat].name]


def test_a_new_game_mid_decision_drops_it():
    g, log = _scripted_game()
    _to_a_virtual_player(g)
    g.think()
    g.think()
    old = log[-1][1]
    g.new_game()
    assert g.think()  # no hand: nothing to think, the old decision gone
    _to_a_virtual_player(g)
    while not g.think():
        pass
    g.step()
    assert old not in [e[1] for e in log if e[0] == "made"]


def test_a_decision_of_another_turn_is_not_applied():
    g, log = _scripted_game()
    _to_a_virtual_player(g)
    g.think()
    g.think()
    t = g._thought
    # the same player to act in another hand (as after a hand voided and
    # dealt again): the decision begun is stale
    g.hand = Hand(VARIANTS["F7S"], g.rules, [1000] * 4, g.dealer, Rng(77))
    while g.human_to_act():
        g.act(*g.hand.legal_actions()[0])
    g.think()
    assert g._thought is not t
    seat = g.to_act()
    while not g.think():
        pass
    g.step()
    made = [e for e in log if e[0] == "made"]
    assert len(made) == 1 and made[0][2] == seat


def test_a_saved_game_loaded_mid_decision_decides_as_one_loaded_without_it():
    fs = FakeFs()
    g = Game(_settings(game="F7S", players=6, difficulty=2), Rng(31), Store(fs=fs))
    g.start_hand()
    while g.human_to_act():
        g.act(*g.hand.legal_actions()[0])
    g.think()
    g.think()
    g.think()  # a decision begun: the power goes now
    g.flush_journal()
    a = Game.load(Store(fs=fs), Rng(5))
    b = Game.load(Store(fs=fs), Rng(5))
    assert a.to_act() == b.to_act() == g.to_act()
    while not a.think():
        pass
    assert a.step() == b.step()
