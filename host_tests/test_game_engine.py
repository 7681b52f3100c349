"""poker.match.game with the real engine (poker.hand) and virtual players
(poker.players): whole games to their end in every game type. Not portable:
the engine and the players compiled from source do not fit the 180 KB heap
of the MicroPython run beside these tests (tools/bench/bench_soak.py runs them there as
.mpy, see test_soak.py)."""
from fake_table import FakeFs, play_out
from poker import players
from poker.match.game import Game
from poker.match.settings import Settings
from poker.rng import Rng
from poker.match.store import Store


def _settings(game, profile="casino", seats=3, chips=1000, stakes=3):
    s = Settings()
    s.profile = profile
    s.game = game
    s.players = seats
    s.chips = chips
    s.stakes = stakes
    s.difficulty = 0
    return s.normalize()


def _play_game(g, me, limit=400):
    """Plays hands to the end of the game; checks the game's invariants
    after every hand. Returns the number of hands and the FINISH events."""
    finished = []
    for n in range(limit):
        if g.over:
            return n, finished
        start = list(g.stacks)
        dealer = g.dealer
        h = g.start_hand()
        assert h.dealer == dealer
        for seat in range(g.seats):  # eliminated seats are dealt out
            assert h.initial_stacks[seat] == (0 if g.out[seat] else start[seat])
        while g.hand is not None:
            if g.human_to_act():
                g.act(*me.decide(g.view(0)))
            else:
                assert g.step() is not None
        assert sum(g.stacks) == g.total
        for seat in range(g.seats):
            assert g.out[seat] == (g.stacks[seat] < g.min_stack)
            if g.out[seat] and start[seat] >= g.min_stack and seat:
                assert ("FINISH", seat) in g.events
        for kind, seat in g.pop_events():
            if kind == "FINISH":
                finished.append(seat)
        live = [s for s in range(g.seats) if not g.out[s]]
        if not g.over:
            # the next dealer is the first live seat clockwise after the last one
            d = (dealer + 1) % g.seats
            while g.out[d]:
                d = (d + 1) % g.seats
            assert g.dealer == d and g.dealer in live
    raise AssertionError("the game did not end in %d hands" % limit)


def test_real_games_end_in_game_over_or_a_win_with_every_chip_accounted_for():
    rng = Rng(12)
    results = []
    for game in ("F7S", "F5S", "FT", "FO", "F7S/8", "FR", "FO/8"):
        g = Game(_settings(game), rng, Store("/data", FakeFs()))
        me = players.make(0, rng=rng)
        n, finished = _play_game(g, me)
        assert g.over and g.result in ("won", "lost")
        if g.result == "won":
            assert not g.out[0] and all(g.out[1:]) and sorted(finished) == [1, 2]
        else:
            assert g.out[0]
        assert len(finished) == len(set(finished))
        st = g.stats.get(game)
        assert st["hands"] == n and st["games"] == 1
        assert st["games_won"] == (g.result == "won")
        results.append(g.result)
    assert "won" in results or "lost" in results


def test_lexibook_game_player_3_deals_first_and_the_button_goes_round():
    rng = Rng(3)
    g = Game(_settings("F7S", profile="lexibook"), rng, None)
    me = players.make(0, rng=rng)
    dealers = []
    for _ in range(6):
        dealers.append(g.dealer)
        h = g.start_hand()
        assert h.dealer == dealers[-1]
        play_out(g, me.decide)
    assert dealers == [2, 3, 0, 1, 2, 3]


def test_the_statistics_match_the_hands_as_the_engine_settled_them():
    rng = Rng(8)
    g = Game(_settings("FT", profile="lexibook", stakes=0), rng, None)
    me = players.make(0, rng=rng)
    net = won = biggest = 0
    for _ in range(40):
        start = g.stacks[0]
        g.start_hand()
        play_out(g, me.decide)
        h = g.last_hand
        net += g.stacks[0] - start
        if h.winnings[0] > 0:
            won += 1
            biggest = max(biggest, sum([a for a, _ in h.pots]))
    st = g.stats.get("FT")
    assert (st["hands"], st["net"], st["won"], st["pot"]) == (40, net, won, biggest)


def test_a_real_hand_cut_by_power_loss_resumes_with_the_same_cards_and_actions():
    rng = Rng(21)
    fs = FakeFs()
    g = Game(_settings("F7S", profile="lexibook", stakes=1), rng, Store("/data", fs))
    me = players.make(0, rng=rng)
    for _ in range(5):
        g.start_hand()
        play_out(g, me.decide)
    before = list(g.stacks)
    g.start_hand()
    while not g.human_to_act() and g.hand is not None:
        g.step()
    assert g.hand is not None and sum(g.hand.stacks) < g.total  # chips are in the pot
    # the power goes here, in the middle of a hand: the same hand resumes
    g2 = Game.load(Store("/data", fs), Rng(22))
    assert g2.pop_events() == [("RESUMED", None)]
    h, h2 = g.hand, g2.hand
    assert g2.stacks == before and g2.dealer == g.dealer and g2.hand_no == 5
    assert h2.deck_order == h.deck_order and h2.history == h.history and h2.actor == h.actor == 0
    assert h2.stacks == h.stacks and h2.legal_actions() == h.legal_actions()
    assert (g2.rng.s0, g2.rng.s1) == (rng.s0, rng.s1)  # the random stream goes on as uncut
    play_out(g2, me.decide)
    assert sum(g2.stacks) == g2.total and g2.hand_no == 6
    assert len(g2.history()) == 6 and "F7S" in g2.history()[-1]


def _oracle_high(cards5plus):
    """The best high hand by phevaluator (rank 1 = royal flush .. 7462),
    turned to the 1..7462 higher-is-better scale."""
    from phevaluator import evaluate_cards

    from poker.cards import name

    return 7463 - evaluate_cards(*[name(c) for c in cards5plus])


def _oracle_omaha(hole, board):
    best = 0
    for i in range(4):
        for j in range(i + 1, 4):
            for a in range(len(board)):
                for b in range(a + 1, len(board)):
                    for c in range(b + 1, len(board)):
                        best = max(best, _oracle_high([hole[i], hole[j], board[a], board[b], board[c]]))
    return best


def test_the_best_hand_statistic_is_the_best_high_hand_you_held_unfolded():
    rng = Rng(31)
    for game in ("F7S", "FT", "FO"):
        g = Game(_settings(game, profile="lexibook", stakes=0), rng, None)
        me = players.make(0, rng=rng)
        best = 0
        for _ in range(60):
            g.start_hand()
            play_out(g, me.decide)
            h = g.last_hand
            if h.folded[0]:
                continue
            own = list(h.hole[0])
            if game == "FO":
                if len(h.board) >= 3:
                    best = max(best, _oracle_omaha(own, h.board))
            elif len(own) + len(h.board) >= 5:
                best = max(best, _oracle_high(own + h.board))
        st = g.stats.get(game)
        assert best > 0 and st["best"] == best, game
        assert st["best_text"].split()[0] in ("high", "pair", "two", "three", "straight", "flush",
                                              "full", "four")


def test_hard_counts_the_human_folds_that_end_a_hand():
    # the human folds whenever he may: his last fold ends many hands, after
    # which no virtual player decides again; Hard's memory must still hold
    # every fold of his (counted independently from the hand records)
    hards = {}

    def bots(seat, settings, rng):
        hards[seat] = players.make("hard", "balanced", seed=seat)
        return hards[seat]

    s = Settings()
    s.game = "FT"
    g = Game(s, Rng(11), None, players=bots)
    folds = [0, 0]  # on the first round, later
    for _ in range(6):
        g.start_hand()
        while g.hand is not None:
            if g.human_to_act():
                legal = [a[0] for a in g.view(0).legal]
                g.act("fold" if "fold" in legal else legal[0])
            else:
                g.step()
        for a in g.last_hand.view(0).actions:
            if a[1] == 0 and a[2] == "fold":
                folds[a[0] > 0] += 1
    assert sum(folds) >= 3
    for seat in (1, 2, 3):
        # first-round folds among his first-round choices, later ones among
        # his answers to bets
        vp = hards[seat].notes.first[0]
        assert (vp[0] - vp[1], hards[seat].notes.acts[0][0]) == tuple(folds), (vp, folds)
