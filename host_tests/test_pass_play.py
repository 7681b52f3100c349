"""Pass and play in the engine (poker.match.game, poker.match.friends):
the seats played from the buttons are never asked of a virtual player; a
game with several humans saves, resumes after a power cut with the same
humans and keeps old saves loading; each human's statistics under their
name; its hands' PHH replays in our replayer and in PokerKit."""
import phh
import pk_oracle as pk
from fake_table import FakeFs
from poker import players
from poker.match.game import Game
from poker.match.settings import Settings
from poker.match.stats import Stats
from poker.match.store import Store
from poker.rng import Rng


def _settings(**fields):
    s = Settings()
    s.profile, s.game, s.players, s.chips = "casino", "F7S", 6, 1000
    for k in fields:
        setattr(s, k, fields[k])
    return s.normalize()


class Asked:
    """The virtual players' factory, remembering the seats it made players
    for and the seats those players were asked to decide for."""

    def __init__(self):
        self.made = []
        self.asked = []

    def __call__(self, seat, settings, rng):
        self.made.append(seat)
        bot = players.make(0, rng=rng)
        asked = self.asked

        class Spy:
            def decide(self, view):
                asked.append(view.seat)
                return bot.decide(view)
        return Spy()


def _humans_play(g, me, hands):
    """``hands`` hands, the humans' turns played by the Easy player ``me``
    through ``g.act``; returns the seats that acted through it."""
    acted = []
    for _ in range(hands):
        if g.over:
            break
        g.start_hand()
        while g.hand is not None:
            if g.human_to_act():
                seat = g.to_act()
                acted.append(seat)
                g.act(*me.decide(g.view(seat)))
            else:
                assert g.turn()[1] >= g.humans
                g.step()
    return acted


def test_a_game_with_human_seats_never_asks_a_virtual_player_for_them():
    asked = Asked()
    g = Game(_settings(humans=3), Rng(3), players=asked)
    assert g.humans == 3 and sorted(g.bots) == [3, 4, 5] and sorted(asked.made) == [3, 4, 5]
    acted = _humans_play(g, players.make(0, rng=Rng(8)), 40)
    assert set(acted) == {0, 1, 2} and asked.asked and min(asked.asked) == 3
    # the turn of a human is never a virtual player's: step() does nothing then
    g.new_game()
    g.start_hand()
    while not g.human_to_act():
        g.step()
    seat = g.to_act()
    assert seat < 3 and g.turn() is None and g.step() is None and g.to_act() == seat


def test_one_human_is_todays_game_and_its_saved_record_is_unchanged():
    fs = FakeFs()
    g = Game(_settings(), Rng(3), Store("/data", fs), players=Asked())
    assert g.humans == 1 and sorted(g.bots) == [1, 2, 3, 4, 5]
    _humans_play(g, players.make(0, rng=Rng(8)), 3)
    import json
    rec = json.loads(Store("/data", fs).load("game", lambda b: bytes(b)).decode())
    assert "humans" not in rec["game"] and "names" not in rec["stats"]


def test_a_power_cut_mid_hand_with_three_humans_resumes_with_the_same_humans():
    fs = FakeFs()
    s = _settings(humans=3)
    g = Game(s, Rng(5), Store("/data", fs))
    me = players.make(0, rng=Rng(9))
    _humans_play(g, me, 4)
    g.start_hand()
    while not (g.human_to_act() and g.to_act() == 2):  # the third human's turn
        if g.human_to_act():
            g.act(*me.decide(g.view(g.to_act())))
        else:
            g.step()
        if g.hand is None:
            g.start_hand()
    turn = list(g.hand.actions)
    # the power goes: the settings on flash say one human now (a menu
    # change for the next game); the saved game keeps its three
    s1 = _settings(humans=1)
    g2 = Game.load(Store("/data", FakeFs(fs.files)), Rng(77), s1)
    assert g2.pop_events() == [("RESUMED", None)]
    assert g2.humans == 3 and sorted(g2.bots) == [3, 4, 5]
    assert list(g2.hand.actions) == turn and g2.human_to_act() and g2.to_act() == 2
    assert g2.pending(s1) == ["humans"]


def test_an_old_save_without_humans_loads_as_one_human():
    fs = FakeFs()
    g = Game(_settings(humans=2), Rng(5), Store("/data", fs))
    _humans_play(g, players.make(0, rng=Rng(9)), 2)
    st = Store("/data", fs)
    import json
    rec = json.loads(st.load("game", lambda b: bytes(b)).decode())
    assert rec["game"]["humans"] == 2
    del rec["game"]["humans"]
    rec["stats"].pop("names")
    st.save_json("game", rec)
    g2 = Game.load(Store("/data", fs), Rng(1), _settings())
    assert g2.humans == 1 and sorted(g2.bots) == [1, 2, 3, 4, 5]


def test_a_saved_game_with_more_humans_than_seats_is_refused():
    from poker.match.saved import check

    fs = FakeFs()
    g = Game(_settings(humans=2, players=3), Rng(5), Store("/data", fs))
    rec = {"v": 1, "seq": 0, "stats": {}, "game": g._game_obj()}
    assert check(rec)["game"]["humans"] == 2
    for bad in (0, 4, 5, "2", True):
        rec = {"v": 1, "seq": 0, "stats": {}, "game": dict(g._game_obj(), humans=bad)}
        try:
            check(rec)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_settings_keep_humans_within_the_seats_and_names_three_letters_each():
    s = _settings(humans=4)
    assert s.humans == 4 and (s.name(0), s.name(3)) == ("P1 ", "P4 ")
    s.players = 3
    assert s.normalize().humans == 3
    s.humans = 9
    s.players = 6
    assert s.normalize().humans == 4
    s.names = "ANNBOBCY DAN"
    assert s.normalize().name(2) == "CY " and Settings.from_obj(s.to_obj()).name(3) == "DAN"
    s.names = "annbobcy dan"  # a hand-edited file's lower case
    assert Settings.from_obj(s.to_obj()).names == "ANNBOBCY DAN"
    for bad in ("ANN", "ann!bobcy dan", "ann!bobcy da", 12 * "*", 12 * "\u00e9"):  # a file's: its letters checked
        s.names = bad
        assert Settings.from_obj(s.to_obj()).names == "P1 P2 P3 P4 ", bad
    for bad in ("ANN", 123456789012, None):  # set in code: normalize keeps their shape
        s.names = bad
        assert s.normalize().names == "P1 P2 P3 P4 "
    old = Settings().to_obj()  # settings saved before pass and play
    del old["humans"], old["names"]
    assert (Settings.from_obj(old).humans, Settings.from_obj(old).name(1)) == (1, "P2 ")


def test_each_human_has_statistics_of_their_own_which_survive_saving():
    fs = FakeFs()
    s = _settings(humans=2, names="ANNBOB      ")
    g = Game(s, Rng(5), Store("/data", fs))
    _humans_play(g, players.make(0, rng=Rng(9)), 12)
    g.settle()
    st = g.stats
    assert st.codes() == []  # the console's own statistics: one player's games only
    ann, bob = st.names["ANN"], st.names["BOB"]
    assert ann[0] == bob[0] == 12  # hands dealt in
    g2 = Game.load(Store("/data", fs), Rng(1), s)
    assert g2.stats.names == {"ANN": ann, "BOB": bob}
    from poker.match import friends
    d = friends.record_of(g2.stats, "ANN")
    assert d["hands"] == 12 and d["net"] == ann[2]
    # the single player's statistics file still loads, and a bad row is refused
    assert Stats.from_obj({"F7S": [3, 1, 40, 0, "", 10, 0, 0, 0]}).get("F7S")["hands"] == 3
    for bad in ({"ANN": [1, 2, 0, 0, 0, 0]}, {"ANN": [1, 0, 0, 0]}, {"ANN": [1, 0, 0, -5, 0, 0]}):
        try:
            Stats.from_obj({"names": bad})
        except ValueError:
            continue
        raise AssertionError(bad)


def test_the_game_ends_when_every_human_is_out_or_one_human_is_left():
    from fake_table import FakeHand, check_bots, fresh, moving

    fresh()
    # hand 1: seat 0 (a human) loses all to seat 3; the game goes on for
    # the other human; hand 2: seat 1 loses all: every human out
    FakeHand.plan = moving(lambda i: ((0, 3, 1000),) if i == 0 else ((1, 3, 1000),) if i == 1 else ())
    g = Game(_settings(humans=2, players=4), Rng(1), players=check_bots, hand_factory=FakeHand)
    for want in (False, True):
        g.start_hand()
        while g.hand is not None:
            g.act("check", 0) if g.human_to_act() else g.step()
        assert g.over is want
    assert g.result == "lost" and ("GAME OVER", 0) in g.pop_events()
    fresh()
    FakeHand.plan = moving(lambda i: ((2, 0, 1000), (3, 1, 1000)) if i == 0 else ())
    g = Game(_settings(humans=2, players=4), Rng(1), players=check_bots, hand_factory=FakeHand)
    g.start_hand()
    while g.hand is not None:
        g.act("check", 0) if g.human_to_act() else g.step()
    assert not g.over  # two humans left: they play on
    FakeHand.plan = moving(lambda i: ((1, 0, 5000),))
    g.start_hand()
    while g.hand is not None:
        g.act("check", 0) if g.human_to_act() else g.step()
    assert g.over and g.result == "won" and ("WIN", 0) in g.pop_events()


def test_pass_and_play_hands_replay_from_their_phh_in_our_engine_and_in_pokerkit():
    for code, seed in (("F7S", 4), ("FT", 6)):
        g = Game(_settings(humans=3, game=code), Rng(seed))
        me = players.make(1, rng=Rng(seed + 50))
        same = 0
        hands = []
        acted = set()
        for _ in range(12):
            if g.over:
                break
            g.start_hand()
            while g.hand is not None:
                if g.human_to_act():
                    acted.add(g.to_act())
                    g.act(*me.decide(g.view(g.to_act())))
                else:
                    g.step()
            hands.append(g.last_hand)
        assert acted == {0, 1, 2}  # the three humans' own actions are in these hands
        for h in hands:
            text = h.to_phh()
            f = phh.loads(text)
            seats = phh.player_seats(h.initial_stacks, h.dealer)
            again, _ = phh.replay(f)
            assert [again.stacks[i] for i in seats] == [h.stacks[i] for i in seats]
            try:
                theirs = list(pk.replay_phh(text).stacks)
            except ValueError:
                theirs = None
            same += theirs == [h.stacks[i] for i in seats]
        assert same >= 0.8 * len(hands), (code, same, len(hands))


def _fake_game(**fields):
    from fake_table import FakeHand, check_bots

    return Game(_settings(humans=2, players=4, names="ANNBOB      ", **fields), Rng(1), players=check_bots,
                hand_factory=FakeHand)


def _fake_hand(g):
    g.start_hand()
    while g.hand is not None:
        g.act("check", 0) if g.human_to_act() else g.step()
    g.settle()


def test_a_game_left_for_a_new_game_counts_as_left_for_each_human_and_a_human_out_before_the_end_lost():
    from fake_table import FakeHand, fresh, moving
    from poker.match import friends

    fresh()
    g = _fake_game()
    _fake_hand(g)
    g.new_game()  # NEW GAME over it
    for name in ("ANN", "BOB"):
        d = friends.record_of(g.stats, name)
        assert (d["games"], d["games_won"], d["games_left"]) == (1, 0, 1)
    assert g.stats.codes() == []  # (the console's own: one player's)
    back = Stats.from_obj(g.stats.to_obj())
    assert friends.record_of(back, "BOB") == friends.record_of(g.stats, "BOB")
    # a game played to its end: ANN out in hand 1, BOB wins in hand 2: a game each, BOB's won
    fresh()
    FakeHand.plan = moving(lambda i: ((0, 2, 1000),) if i == 0 else ((2, 1, 5000), (3, 1, 5000)))
    g = _fake_game()
    _fake_hand(g)
    _fake_hand(g)
    assert g.over and g.result == "won"
    ann, bob = friends.record_of(g.stats, "ANN"), friends.record_of(g.stats, "BOB")
    assert (ann["hands"], ann["games"], ann["games_won"]) == (1, 1, 0)
    assert (bob["hands"], bob["games"], bob["games_won"]) == (2, 1, 1)


def test_each_human_has_tournament_statistics_of_their_own_apart_from_the_consoles():
    from fake_table import FakeHand, fresh, moving
    from poker.match import friends, tournament

    fresh()
    # ANN out first (4th); then BOB out (3rd): every human out, the end
    FakeHand.plan = moving(lambda i: ((0, 2, 1000),) if i == 0 else ((1, 3, 1000),) if i == 1 else ())
    g = _fake_game(tour=10)
    _fake_hand(g)
    _fake_hand(g)
    assert g.over and g.tour.places[:2] == [4, 3]
    assert tournament.figures(g.stats)["played"] == 0  # the console's own tournaments: one player's
    ann = tournament.figures(friends.tours(g.stats, "ANN"))
    bob = tournament.figures(friends.tours(g.stats, "BOB"), "F7S")
    assert (ann["played"], ann["best"], ann["places"][3]) == (1, 4, 1)
    assert (bob["played"], bob["best"], bob["places"][2]) == (1, 3, 1)
    assert friends.record_of(g.stats, "ANN")["games"] == 0  # (a tournament's end is not a cash game's)
    # saved and read back; a tournament left: left for BOB, ANN's place (out before) counts
    back = Stats.from_obj(g.stats.to_obj())
    assert tournament.figures(friends.tours(back, "BOB")) == bob
    fresh()
    FakeHand.plan = moving(lambda i: ((0, 2, 1000),) if i == 0 else ())
    g.stats = back
    g.new_game()
    _fake_hand(g)
    g.new_game()
    ann = tournament.figures(friends.tours(g.stats, "ANN"))
    bob = tournament.figures(friends.tours(g.stats, "BOB"))
    assert (ann["played"], ann["left"], ann["places"][3]) == (2, 0, 2)
    assert (bob["played"], bob["left"], bob["best"]) == (2, 1, 3)
    # a damaged row of tournaments is refused; a row saved before them reads
    bad = g.stats.to_obj()
    bad["names"]["BOB"][7]["F7S"][1] = 9  # more left than played
    try:
        Stats.from_obj(bad)
    except ValueError:
        pass
    else:
        raise AssertionError("a bad tournament row read")
    assert friends.record_of(Stats.from_obj({"names": {"ANN": [3, 1, 5, 9, 1, 1]}}), "ANN")["games_left"] == 0
