# portable
"""poker.match.tournament: a sit and go played by poker.match.game: levels
every N hands, eliminations and places, the end, saved and resumed (a power
cut during a level change included), the statistics kept apart."""
import gc

from checks import raises
from fake_table import FakeFs, FakeHand, apply, check_bots, fresh, moving, play_out
from poker.match import tournament
from poker.match.tournament import LEVELS
from poker.match.game import Game
from poker.match.settings import Settings
from poker.match.stats import Stats
from poker.match.store import Store
from poker.players.base import _Base
from poker.rng import Rng


def _settings(**fields):
    s = Settings()
    s.tour = 10
    for k in fields:
        setattr(s, k, fields[k])
    return s.normalize()


def _fake(*args, **kwargs):
    """A FakeHand that remembers the small bet it was dealt at."""
    h = FakeHand(*args, **kwargs)
    h.small_bet = args[1].small_bet
    return h


def _game(store=None, seed=5, **fields):
    fresh()
    return Game(_settings(**fields), Rng(seed), store, players=check_bots, hand_factory=_fake)


def _play(g):
    g.start_hand()
    play_out(g)


def _one(g):
    """One action, whoever acts (you check)."""
    g.act("check", 0) if g.human_to_act() else g.step()


def _moves(*per_hand):
    """A plan: on hand i (0-based), the pairs (a, b, x) of per_hand[i] move
    up to x chips from seat a to seat b; no chips move on later hands."""
    return moving(lambda i: per_hand[i] if i < len(per_hand) else ())


def test_the_stakes_rise_a_level_every_n_hands_from_the_bet_size_chosen():
    g = _game(profile="casino", players=4, chips=5000, stakes=1, tour=5)  # BET 20/40
    bets = []
    for _ in range(16):
        _play(g)
        bets.append(FakeHand.made[-1].small_bet)
    first = LEVELS.index(20)
    assert bets == [LEVELS[first + k // 5] for k in range(16)] == [20] * 5 + [30] * 5 + [50] * 5 + [100]
    # the ante and the bring-in (stud) rise with the bet, as the profile sets them
    r = g.rules
    assert (r.small_bet, r.big_bet, r.ante, r.bring_in) == (100, 200, 10, 50)


def test_a_level_change_comes_between_hands_with_an_event_never_inside_a_hand():
    g = _game(tour=5)
    for _ in range(4):
        _play(g)
    assert g.pop_events() == [] and g.rules.small_bet == 10
    g.start_hand()
    assert g.hand.small_bet == 10
    g.pop_events()
    while g.hand is not None:
        assert g.rules.small_bet == 10  # the hand's stakes hold until it ends
        _one(g)
    assert g.pop_events() == [("LEVEL", 1)] and g.rules.small_bet == 20
    assert g.tour.to_next(g.hand_no) == 5


def test_out_with_no_chips_not_the_cash_games_five_small_bets():
    g = _game()
    FakeHand.plan = _moves([(1, 0, 4990)], [(1, 0, 10)])
    _play(g)
    assert not g.out[1] and g.stacks[1] == 10  # a short stack plays on (all in for less)
    _play(g)
    assert g.out[1] and g.pop_events() == [("FINISH", 1)] and g.tour.places[1] == 4


def test_seats_out_in_the_same_hand_the_bigger_start_takes_the_better_place():
    g = _game(profile="casino", players=6, chips=1000)
    FakeHand.plan = _moves([(4, 0, 300), (2, 0, 600)],  # stacks 1900 1000 400 1000 700 1000
                           [(4, 3, 700), (2, 5, 400), (1, 0, 1000)])  # 2 (400) and 4 (700) and 1 (1000) out
    _play(g)
    _play(g)
    assert g.out == [False, True, True, False, True, False]
    assert g.tour.places == [0, 4, 6, 0, 5, 0]
    assert sum(g.stacks) == g.total == 6000


def test_you_out_ends_the_tournament_and_those_still_in_are_placed_by_their_chips():
    g = _game(profile="casino", players=5, chips=1000)
    FakeHand.plan = _moves([(3, 1, 1000)], [(0, 2, 1000)])
    _play(g)
    _play(g)
    assert g.over and g.result == "lost"
    # seat 3 went out first (5th); you next (4th); then 1 (2000), 2 (2000), 4 (1000)
    assert g.tour.places == [4, 1, 2, 5, 3] and g.tour.order() == [1, 2, 4, 0, 3]
    assert g.pop_events()[-1] == ("TOUR OVER", 4)
    assert tournament.figures(g.stats, "F7S") == {"played": 1, "left": 0, "best": 4, "places": [0, 0, 0, 1] + [0] * 6}
    assert g.stats.get("F7S")["games"] == 0  # kept apart from the cash games
    raises(ValueError, g.rebuy)  # no rebuy in a tournament


def test_the_last_one_standing_wins_first_place():
    g = _game(players=4)
    FakeHand.plan = _moves([(1, 0, 5000)], [(2, 0, 5000), (3, 0, 5000)])
    _play(g)
    assert g.pop_events() == [("FINISH", 1)] and not g.over
    _play(g)
    assert g.over and g.result == "won" and g.stacks == [20000, 0, 0, 0]
    assert g.tour.places == [1, 4, 3, 2]  # 2 and 3 out together, equal: the higher seat better
    assert g.pop_events() == [("FINISH", 2), ("FINISH", 3), ("TOUR OVER", 1)]
    assert tournament.figures(g.stats)["best"] == 1


def test_statistics_count_played_places_left_and_best_finish_apart_and_survive_saving():
    s = Stats()
    for place in (3, 1, 0, 2, 3):
        tournament.record(s, "FT", place)
    tournament.record(s, "F7S", 4)
    s.record_hand("FT", 120, True, 400)
    t = tournament.figures(s, "FT")
    assert t["played"] == 5 and t["left"] == 1 and t["best"] == 1 and t["places"][:4] == [1, 1, 2, 0]
    assert tournament.figures(s)["played"] == 6 and tournament.figures(s)["best"] == 1 and tournament.figures(s, "F7S")["best"] == 4
    assert s.codes() == ["FT"] and s.get("FT")["games"] == 0
    back = Stats.from_obj(s.to_obj())
    assert tournament.figures(back, "FT") == t and back.get("FT") == s.get("FT")
    bad = s.to_obj()
    bad["tour"]["FT"][1] = 9  # more left than played
    raises(ValueError, Stats.from_obj, bad)


def test_leaving_a_tournament_for_a_new_game_counts_as_left_in_the_tournaments():
    g = _game()
    _play(g)
    g.new_game()
    assert tournament.figures(g.stats)["left"] == 1 and g.stats.get("F7S")["games_left"] == 0


def test_a_cash_game_never_loads_the_tournament_module():
    import sys

    sys.modules.pop("poker.match.tournament", None)
    try:
        fresh()
        s = Settings()
        g = Game(s, Rng(5), Store("/data", FakeFs()), players=check_bots, hand_factory=_fake)
        _play(g)
        assert g.tour is None and "poker.match.tournament" not in sys.modules
    finally:
        sys.modules["poker.match.tournament"] = tournament  # (the module the other tests hold)


def test_a_saved_tournament_resumes_in_its_level_with_its_places():
    fs = FakeFs()
    g = _game(Store("/data", fs), profile="casino", players=5, chips=1000, tour=5)
    FakeHand.plan = _moves([(4, 0, 1000)], [], [(2, 1, 300)])
    for _ in range(6):
        _play(g)
    g2 = Game.load(Store("/data", fs), Rng(9), players=check_bots, hand_factory=_fake)
    assert g2.tour is not None and g2.tour.places == [0, 0, 0, 0, 5] and g2.out == g.out
    assert g2.rules.small_bet == g.rules.small_bet == 20
    assert g2.tour.every == 5 and g2.hand_no == 6 and g2.stacks == g.stacks
    assert g2.plays(g2.settings) is False  # the menu's MODE is a cash game: it waits for a new game
    s = g2.settings.copy()
    s.tour = 5
    s.profile, s.players, s.chips = "casino", 5, 1000
    assert g2.pending(s) == []


def test_a_damaged_tournament_record_is_refused():
    from poker.match.saved import check

    fs = FakeFs()
    g = _game(Store("/data", fs), profile="casino", players=5, chips=1000)
    FakeHand.plan = _moves([(4, 0, 1000)])
    _play(g)
    good = {"v": 1, "seq": g.seq, "stats": g.stats.to_obj(), "game": g._game_obj()}
    import json

    check(json.loads(json.dumps(good)))
    for change in ("place", "order", "every", "rebuy"):
        rec = json.loads(json.dumps(good))
        t = rec["game"]["tour"]
        if change == "place":
            t[3][4] = 0  # out with no place
        elif change == "order":
            t[3][4] = 1  # the first out took first place
        elif change == "every":
            t[0] = 0
        else:
            rec["game"]["bought"] = 100
            rec["game"]["stacks"][0] += 100
        raises(ValueError, check, rec)


# -- a power cut during a level change ------------------------------------------

def _cut_states(files, ops):
    """The flash at every cut point of the changes ``ops`` from ``files``:
    before each change, and half-way through each write."""
    cur = dict(files)
    yield dict(cur)  # (one at a time: the 180 KB heap of the MicroPython run)
    for op in ops:
        if op[0] == "write" and len(op[2]) > 1:
            half = dict(cur)
            apply(half, op, len(op[2]) // 2)
            yield half
        apply(cur, op)
        yield dict(cur)


def test_a_power_cut_during_a_level_change_resumes_in_the_right_level():
    # level_hands 5: hand 5 ends level 0 (10/20), hand 6 is the first at
    # level 1 (20/40). A cut at every point from hand 5's last action to
    # hand 6's first action journaled; each power-on plays on to hand 6's
    # deal: it is at 20/40, the chips are all there, nothing is lost.
    fs = FakeFs()
    g = _game(Store("/data", fs), tour=5)
    for _ in range(4):
        _play(g)
    g.start_hand()
    while True:
        acts = g.hand.turn
        before = dict(fs.files)
        _one(g)
        if g.hand is None:
            break
    # replay hand 5's last action, the booking, hand 6's deal and first action with a log
    fs2 = FakeFs(before)
    fresh()
    g2 = Game.load(Store("/data", fs2), Rng(9), players=check_bots, hand_factory=_fake)
    assert g2.pop_events() == [("RESUMED", None)] and g2.hand.turn == acts
    fs2.log = []
    while g2.hand is not None:
        _one(g2)
    assert g2.pop_events() == [("LEVEL", 1)]
    g2.start_hand()
    _one(g2)
    ops = fs2.log
    del g, g2, fs, fs2
    seen = {"hand 5 resumed": 0, "hand 5 booked at power-on": 0, "hand 6 resumed": 0, "between hands": 0}
    for files in _cut_states(before, ops):
        fresh()
        g3 = Game.load(Store("/data", FakeFs(files)), Rng(11), players=check_bots, hand_factory=_fake)
        events = g3.pop_events()
        assert ("VOID", None) not in events
        if g3.hand is not None and g3.hand_no == 4:
            seen["hand 5 resumed"] += 1
            assert g3.hand.small_bet == 10 and g3.rules.small_bet == 10
            while g3.hand is not None:
                _one(g3)
        elif g3.hand is not None:
            seen["hand 6 resumed"] += 1
        elif ("RESUMED", None) in events:
            seen["hand 5 booked at power-on"] += 1
        else:
            seen["between hands"] += 1
        assert g3.hand_no == 5 and g3.rules.small_bet == 20 and g3.tour.level(g3.hand_no) == 1
        if g3.hand is None:
            g3.start_hand()
        assert g3.hand.small_bet == 20 and sum(g3.stacks) == g3.total
        g3 = files = None  # (not held through the next load: the MicroPython run's heap)
        gc.collect()
    assert min(seen.values()) > 0, seen


def short(g, seat):
    return isinstance(g.bots[seat], tournament.ShortStack)


class _Level(_Base):
    """One of the console's virtual players (a ShortStack when short) that
    checks, as FakeHand offers."""

    def decide(self, view):
        return view.legal[0]


def _levels(seat, settings, rng):
    return _Level()


def test_the_virtual_players_are_told_when_the_next_level_would_leave_them_short():
    # casino, BET 10/20, five hands a level: the next level's big bet is 40
    # (short under 8 of them: 320), then 60 (480) from hand 5 on
    fs = FakeFs()
    fresh()
    g = Game(_settings(profile="casino", players=4, chips=1000, tour=5), Rng(5), Store("/data", fs), players=_levels,
             hand_factory=_fake)
    assert [short(g, s) for s in (1, 2, 3)] == [False] * 3
    FakeHand.plan = _moves([(1, 0, 750), (3, 0, 600)])  # P2 250, P4 400
    _play(g)
    assert [short(g, s) for s in (1, 2, 3)] == [True, False, False]
    for _ in range(4):
        _play(g)  # the level changes: 400 is under 8 big bets of 30/60
    assert g.rules.small_bet == 20 and [short(g, s) for s in (1, 2, 3)] == [True, False, True]
    g2 = Game.load(Store("/data", fs), Rng(9), players=_levels, hand_factory=_fake)
    assert [short(g2, s) for s in (1, 2, 3)] == [True, False, True]  # made anew at power-on, told again


def test_the_short_stacks_next_big_bet_is_the_next_levels_at_every_level():
    # pressure() reckons the next level's big bet without making its RuleSet
    from poker.rules import casino, lexibook

    for house in (lexibook(), casino(), lexibook(20), casino(50, starting_chips=2000)):
        g = Game(_settings(), Rng(1), players=_levels, hand_factory=_fake)
        g.tour.house = house
        for hands in range(0, 10 * (len(LEVELS) + 1), 10):
            stack = 8 * tournament.level_rules(house, g.tour.level(hands) + 1).big_bet
            tournament.pressure(g, [0, stack - 1, stack, stack], hands)
            assert short(g, 1) and not short(g, 2), (house.profile, hands)


def test_the_hand_that_ends_a_tournament_is_booked_as_every_other():
    fs = FakeFs()
    g = _game(Store("/data", fs), players=4)
    FakeHand.plan = _moves([(1, 0, 5000)], [(2, 0, 5000), (3, 0, 5000)])
    _play(g)
    _play(g)
    g.settle()
    assert g.over and g.stats.get("F7S")["hands"] == 2  # the last hand's statistics too
    saved = Store("/data", fs).load_json("game")["game"]
    assert (saved["hand_no"], saved["result"]) == (2, "won")  # and its game record: finished, none to resume
