# portable
"""poker.game: seats, dealer rotation, elimination, game over, winning, saving.

Most tests drive the Game with fake_table.FakeHand (chips move as the test
says) so that each rule of the game layer is checked on its own; the last
ones play real hands with the engine and the virtual players."""
from checks import raises
from fake_table import FakeFs, FakeHand, check_bots, fresh
from poker.game import Game, Settings
from poker.rng import Rng
from poker.store import Store


def _game(store=None, **fields):
    fresh()
    s = Settings()
    for k in fields:
        setattr(s, k, fields[k])
    return Game(s, Rng(5), store, players=check_bots, hand_factory=FakeHand)


def _play(g):
    g.start_hand()
    while g.hand is not None:
        if g.human_to_act():
            g.act("check", 0)
        else:
            g.step()


def _moves(*pairs):
    """A plan: chips move from seat a to seat b (amount x) on each hand."""

    def plan(start, dealer):
        out = list(start)
        for a, b, x in pairs:
            x = min(x, out[a])
            out[a] -= x
            out[b] += x
        return out

    return plan


def test_new_lexibook_game_seats_you_and_three_virtual_players_with_5000_each():
    g = _game(profile="lexibook", players=7, chips=20000)
    assert g.seats == 4 and g.stacks == [5000] * 4 and g.total == 20000
    assert g.out == [False] * 4 and not g.over and g.result is None


def test_player_3_deals_the_first_lexibook_hand():
    g = _game()
    _play(g)
    assert FakeHand.made[0].dealer == 2  # seat index 2 = player 3


def test_casino_first_dealer_is_the_seat_left_of_the_human():
    g = _game(profile="casino", players=6, chips=2000)
    assert g.seats == 6 and g.stacks == [2000] * 6
    _play(g)
    assert FakeHand.made[0].dealer == 1


def test_dealer_moves_one_seat_clockwise_every_hand():
    g = _game()
    FakeHand.plan = _moves()
    for _ in range(9):
        _play(g)
    assert [h.dealer for h in FakeHand.made] == [(2 + i) % 4 for i in range(9)]


def test_dealer_button_skips_eliminated_seats():
    g = _game()
    # seat 3 loses everything to seat 1 in the first hand (dealer 2)
    FakeHand.plan = _moves((3, 1, 5000))
    _play(g)
    assert g.out == [False, False, False, True]
    FakeHand.plan = _moves()
    for _ in range(5):
        _play(g)
    assert [h.dealer for h in FakeHand.made] == [2, 0, 1, 2, 0, 1]


def test_elimination_is_under_five_small_bets_the_consoles_under_50_at_10_20():
    for stakes, small in ((0, 10), (1, 20), (2, 50), (3, 100)):
        g = _game(stakes=stakes)
        assert g.min_stack == 5 * small
        # seat 1 keeps exactly 5 small bets: still in
        FakeHand.plan = _moves((1, 2, 5000 - 5 * small))
        _play(g)
        assert not g.out[1] and g.stacks[1] == 5 * small
        # one chip less: out
        FakeHand.plan = _moves((1, 2, 1))
        _play(g)
        assert g.out[1]
    g = _game()
    FakeHand.plan = _moves((1, 2, 4951))
    _play(g)
    assert g.stacks[1] == 49 and g.out[1]  # "under $50"


def test_a_virtual_player_who_is_out_gets_finish_and_sits_out_with_his_chips_kept():
    g = _game()
    FakeHand.plan = _moves((3, 1, 4990))
    _play(g)
    assert ("FINISH", 3) in g.pop_events()
    assert g.pop_events() == []  # shown once
    assert g.stacks[3] == 10 and sum(g.stacks) == g.total
    FakeHand.plan = _moves()
    _play(g)
    assert FakeHand.made[-1].start[3] == 0  # he is dealt out
    assert g.stacks[3] == 10  # his chips are neither lost nor played


def test_you_under_the_minimum_is_game_over():
    g = _game()
    FakeHand.plan = _moves((0, 2, 4960))
    _play(g)
    assert g.over and g.result == "lost"
    assert ("GAME OVER", 0) in g.events
    raises(ValueError, g.start_hand)
    assert g.stats.get(g.code)["games_lost"] == 1


def test_you_win_when_every_virtual_player_is_out():
    g = _game()
    FakeHand.plan = _moves((1, 0, 5000))
    _play(g)
    assert not g.over and ("FINISH", 1) in g.events
    FakeHand.plan = _moves((2, 0, 5000), (3, 0, 4999))
    _play(g)
    ev = g.pop_events()
    assert ("FINISH", 2) in ev and ("FINISH", 3) in ev and ("WIN", 0) in ev
    assert g.over and g.result == "won" and sum(g.stacks) == g.total
    assert g.stats.get(g.code)["games_won"] == 1


def test_new_game_starts_over_and_keeps_the_statistics():
    g = _game()
    FakeHand.plan = _moves((0, 2, 4960))
    _play(g)
    assert g.over
    hands = g.stats.total()["hands"]
    g.new_game()
    assert not g.over and g.stacks == [5000] * 4 and g.hand_no == 0
    assert g.stats.total()["hands"] == hands == 1
    _play(g)
    assert FakeHand.made[-1].dealer == 2


def test_a_voided_deal_returns_every_chip_and_the_same_dealer_deals_again():
    g = _game()
    FakeHand.plan = _moves((1, 2, 300))
    _play(g)
    before = list(g.stacks)
    FakeHand.voided_next = 1
    g.start_hand()
    assert g.hand is None and ("MISDEAL", None) in g.pop_events()
    assert g.stacks == before and g.hand_no == 1
    _play(g)
    assert FakeHand.made[-1].dealer == FakeHand.made[-2].dealer == 3


def test_an_engine_that_loses_a_chip_is_treated_as_a_void_hand():
    g = _game()
    FakeHand.plan = lambda start, dealer: [start[0] - 1] + start[1:]
    _play(g)
    assert g.stacks == [5000] * 4 and ("MISDEAL", None) in g.events


def test_chips_add_up_after_every_hand_of_a_long_game():
    g = _game()
    FakeHand.swing = 900
    n = 0
    while not g.over and n < 2000:
        _play(g)
        n += 1
        assert sum(g.stacks) == g.total
        for i in range(4):
            assert g.out[i] == (g.stacks[i] < g.min_stack)
    FakeHand.swing = 200
    assert g.over


def test_the_human_cannot_act_out_of_turn_and_bots_wait_for_him():
    g = _game()
    g.start_hand()  # dealer 2: seat 3 acts first, then the human
    raises(ValueError, g.act, "check", 0)
    assert g.step() == (3, "check", 0)
    assert g.human_to_act() and g.step() is None
    raises(ValueError, g.start_hand)
    g.act("check", 0)
    g.run_bots()
    assert g.hand is None and g.last_hand is not None


def test_an_illegal_bot_decision_becomes_a_check_or_call():
    class Cheat:
        def decide(self, view):
            return ("raise", 10 ** 6)

    fresh()
    g = Game(Settings(), Rng(1), None, players=lambda seat, s, rng: Cheat(), hand_factory=FakeHand)
    g.start_hand()
    assert g.step() == (3, "check", 0)


def test_lexibook_settings_force_four_seats_casino_clamps_to_the_table_size():
    s = Settings()
    s.profile = "casino"
    s.players = 12
    s.game = "F7S"
    s.normalize()
    assert s.players == 8
    s.game = "FT"
    s.players = 12
    s.normalize()
    assert s.players == 10
    s.players = 1
    s.normalize()
    assert s.players == 2
    s.profile = "lexibook"
    s.game = "FR"  # not on the console
    s.normalize()
    assert s.players == 4 and s.chips == 5000 and s.game in Settings.GAMES


def test_a_saved_game_resumes_where_it_was():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    for _ in range(5):
        _play(g)
    stacks, dealer = list(g.stacks), g.dealer
    g2 = Game.load(Store("/data", fs), Rng(9), players=check_bots, hand_factory=FakeHand)
    assert g2.stacks == stacks and g2.dealer == dealer and g2.hand_no == 5
    assert g2.stats.total()["hands"] == 5 and g2.pop_events() == []
    assert len(g2.history()) == 5 and "finishing_stacks" in g2.history()[-1]


def test_power_loss_mid_hand_voids_it_and_returns_every_chip():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    _play(g)
    stacks, dealer = list(g.stacks), g.dealer
    g.start_hand()
    g.step()  # a chip might have moved in a real hand: then the power goes
    g2 = Game.load(Store("/data", fs), Rng(9), players=check_bots, hand_factory=FakeHand)
    assert ("VOID", None) in g2.pop_events()
    assert g2.stacks == stacks and g2.dealer == dealer and g2.hand_no == 1
    g3 = Game.load(Store("/data", fs), Rng(9), players=check_bots, hand_factory=FakeHand)
    assert g3.pop_events() == []  # reported once


def test_a_finished_game_on_flash_loads_as_a_new_game():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    FakeHand.plan = _moves((0, 2, 4960))
    _play(g)
    assert g.over
    g2 = Game.load(Store("/data", fs), Rng(9), players=check_bots, hand_factory=FakeHand)
    assert not g2.over and g2.stacks == [5000] * 4
    assert g2.stats.total()["games_lost"] == 1


def test_the_hand_history_log_keeps_only_the_last_eight_hands():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    for _ in range(13):
        _play(g)
    hist = g.history()
    assert len(hist) == 8
    assert hist == [FakeHand.made[i].to_phh() for i in range(5, 13)]
    assert len([p for p in fs.files if "hist" in p and not p.endswith(".bak")]) <= 8


def test_every_virtual_player_that_can_observe_sees_the_final_view_of_each_hand():
    class Watcher:
        def __init__(self, seat):
            self.seat = seat
            self.seen = []

        def decide(self, view):
            return view.legal[0]

        def observe(self, view):
            self.seen.append((view.seat, view.finished))

    fresh()
    bots = {}

    def make(seat, settings, rng):
        bots[seat] = Watcher(seat)
        return bots[seat]

    g = Game(Settings(), Rng(3), None, players=make, hand_factory=FakeHand)
    for _ in range(3):
        _play(g)
    for seat in (1, 2, 3):
        assert bots[seat].seen == [(seat, True)] * 3

