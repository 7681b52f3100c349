# portable
"""poker.match.game: seats, dealer rotation, elimination, game over, winning, saving.

Most tests drive the Game with fake_table.FakeHand (chips move as the test
says) so that each rule of the game layer is checked on its own; the last
ones play real hands with the engine and the virtual players."""
from checks import raises
from fake_table import FakeFs, FakeHand, check_bots, fresh, moving
from poker.match.game import Game
from poker.match.settings import Settings
from poker.rng import Rng
from poker.match.store import Store


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
    return moving(lambda i: pairs)


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
    assert s.players == 4 and s.chips == 5000 and s.game in s.games() and s.game == "F7S"


def test_the_menus_choices_come_from_the_profile_and_the_game():
    s = Settings()
    assert s.games() == ("FT", "FO", "F7S", "F5S")  # the console's GAME SELECT
    assert (s.min_players(), s.max_players(), s.chip_choices()) == (4, 4, (5000,))
    s.profile = "casino"
    s.chips = 777  # not a choice: the profile's own
    s.normalize()
    assert s.chips == 5000 and s.chip_choices() == (1000, 2000, 5000, 10000, 20000)
    assert s.games()[-3:] == ("F7S/8", "FR", "FO/8")
    assert (s.min_players(), s.max_players()) == (2, 8)  # 7 card stud
    s.chips = 20000
    s.game = "FO/8"
    s.stakes = 2
    s.normalize()
    r = s.house()
    assert s.max_players() == 10 and s.chips == 20000
    assert (r.profile, r.small_bet, r.starting_chips, r.first_dealer) == ("casino", 50, 20000, 1)
    g = _game(profile="casino", game="FO/8", stakes=2, chips=20000, players=3)
    assert g.rules.starting_chips == g.chips == 20000 and g.min_stack == 250
    assert g.dealer == 1 and g.stacks == [20000] * 3


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


def _one(g):
    """One action, whoever acts (the human checks)."""
    g.act("check", 0) if g.human_to_act() else g.step()


def _load(fs, seed=9):
    return Game.load(Store("/data", fs), Rng(seed), players=check_bots, hand_factory=FakeHand)


def test_power_loss_mid_hand_resumes_the_same_hand_where_it_stopped():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    _play(g)
    g.start_hand()
    _one(g)
    _one(g)  # two actions, then the power goes
    h = g.hand
    g2 = _load(fs)
    assert g2.pop_events() == [("RESUMED", None)]
    h2 = g2.hand
    assert h2 is not h and h2.deck_order == h.deck_order and h2.start == h.start
    assert h2.turn == 2 and h2.folded == h.folded and g2.to_act() == g.to_act()
    assert g2.stacks == g.stacks and g2.dealer == g.dealer and g2.hand_no == 1
    # the rest of the hand, then the same chips as the uncut hand
    while g.hand is not None:
        _one(g)
    while g2.hand is not None:
        _one(g2)
    assert g2.stacks == g.stacks and g2.hand_no == 2 and sum(g2.stacks) == 20000
    assert _load(fs).pop_events() == []  # booked: nothing left to resume


def test_a_resumed_hand_goes_on_journaling_and_resumes_again():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    g.start_hand()
    _one(g)
    g2 = _load(fs)
    _one(g2)
    g3 = _load(fs, 10)
    assert g3.pop_events() == [("RESUMED", None)] and g3.hand.turn == 2
    assert g3.hand.deck_order == g.hand.deck_order


def test_a_torn_last_record_is_dropped_and_the_records_before_it_kept():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    g.start_hand()
    _one(g)
    _one(g)
    fs.files["/data/journal"] = fs.files["/data/journal"][:-1]  # the cut tore it
    g2 = _load(fs)
    assert g2.pop_events() == [("RESUMED", None)] and g2.hand.turn == 1
    _one(g2)  # appends follow the good records, not the torn bytes
    assert _load(fs).hand.turn == 2


def test_a_damaged_record_keeps_the_records_before_it():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    g.start_hand()
    for _ in range(3):
        _one(g)
    j = bytearray(fs.files["/data/journal"])
    j[72 + 3 + 1] ^= 0x40  # the second record's check
    fs.files["/data/journal"] = bytes(j)
    g2 = _load(fs)
    assert g2.pop_events() == [("RESUMED", None)] and g2.hand.turn == 1


def test_a_journal_that_cannot_be_used_voids_the_hand_and_returns_every_chip():
    for damage in ("header", "deck", "stacks"):
        fs = FakeFs()
        g = _game(Store("/data", fs))
        _play(g)
        stacks, dealer = list(g.stacks), g.dealer
        g.start_hand()
        _one(g)
        j = bytearray(fs.files["/data/journal"])
        if damage == "header":
            j[20] ^= 1
        elif damage == "deck":  # another deal (say, other firmware): never resumed
            from poker.match import journal
            head = journal.header(g.seq, (1, 2), bytes(range(52)), journal.start_crc(g._start, g.dealer, g.code), 4)[0]
            j[:72] = head
            j = j[:72]
        else:  # the saved game is not the one the hand started from
            from poker.match import journal
            head = journal.header(g.seq, (g.hand.rng.s0, 1), g.hand.deck_order,
                                  journal.start_crc([1, 2, 3, 4], g.dealer, g.code), 4)[0]
            j = head
        fs.files["/data/journal"] = bytes(j)
        g2 = _load(fs)
        assert g2.pop_events() == [("VOID", None)], damage
        assert g2.hand is None and g2.stacks == stacks and g2.dealer == dealer and g2.hand_no == 1
        assert _load(fs).pop_events() == []  # reported once


def test_a_hand_cut_while_it_was_dealt_is_dealt_again_without_a_message():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    _play(g)
    stacks = list(g.stacks)
    g.start_hand()
    fs.files["/data/journal"] = fs.files["/data/journal"][:40]  # a torn header
    g2 = _load(fs)
    assert g2.pop_events() == [] and g2.hand is None and g2.stacks == stacks
    assert "/data/journal" not in fs.files


def test_a_journal_of_a_hand_already_booked_is_ignored():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    g.start_hand()
    _one(g)
    old = fs.files["/data/journal"]
    while g.hand is not None:
        _one(g)
    fs.files["/data/journal"] = old  # the cut came before its removal
    g2 = _load(fs)
    assert g2.pop_events() == [] and g2.hand is None and g2.hand_no == 1


def test_a_hand_whose_last_action_was_journaled_but_not_booked_is_booked_on_power_on():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    g.start_hand()
    while g.hand is not None:
        before = dict(fs.files)
        _one(g)
    final = list(g.stacks)
    last = g.last_hand
    # the power goes after the last record, before the hand's end is saved:
    # the flash before the last action plus its record
    from poker.match import journal, resume
    j = resume.read(before["/data/journal"])
    rec, _ = journal.record(0, j.chain)  # the last action: a check (index 0)
    before["/data/journal"] = before["/data/journal"] + bytes(rec)
    g2 = _load(FakeFs(before))
    assert g2.pop_events()[0] == ("RESUMED", None)
    assert g2.hand is None and g2.last_hand.deck_order == last.deck_order
    assert g2.stacks == final and g2.hand_no == 1 and g2.seq == 1


def test_the_journal_is_three_bytes_an_action_after_a_72_byte_header():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    g.start_hand()
    assert len(fs.files["/data/journal"]) == 72
    _one(g)
    _one(g)
    assert len(fs.files["/data/journal"]) == 78
    g.defer_journal = True
    _one(g)
    assert len(fs.files["/data/journal"]) == 78  # held back until the frame is shown
    g.flush_journal()
    assert len(fs.files["/data/journal"]) == 81


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



# -- the hand's books after its end (defer_booking: the UI) --------------------

def _state(g):
    return (list(g.stacks), list(g.out), g.dealer, g.hand_no, g.seq, g.stats.to_obj())


def _last_action_then(g, fs):
    """Plays the hand to its end; the changes of its last action."""
    while True:
        fs.log = []
        _one(g)
        if g.hand is None:
            return fs.log


def test_deferred_booking_moves_the_chips_at_once_and_books_a_part_a_call():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    g.defer_booking = True
    FakeHand.plan = _moves((1, 0, 300))
    g.start_hand()
    h = g.hand
    ops = _last_action_then(g, fs)
    # at once: the chips, the count, the dealer; on flash only the journal
    assert g.stacks == [5300, 4700, 5000, 5000] and g.hand_no == 1 and g.dealer == 3
    assert g.unbooked is h and g.last_hand is h
    assert [op[0] for op in ops] == ["append", "write"] and ops[0][1] == "/data/journal"
    assert g.stats.total()["hands"] == 0
    fs.log = []
    assert g.book() and g.stats.total()["hands"] == 1  # the statistics
    for _seat in (1, 2, 3):
        assert g.book()  # the players' memory, a seat a call
    assert g.book()  # the hand history's text
    assert fs.log == []
    assert g.book() and fs.log and all(op[1].startswith("/data/hist1") for op in fs.log)
    assert "/data/journal" in fs.files and g.unbooked is h
    fs.log = []
    assert g.book() and g.book() and g.unbooked is h  # the review and its write (none of a fake hand)
    assert g.book() and g.unbooked is None  # the game record, then the journal goes
    assert [op[1] for op in fs.log if op[0] == "rename"][-1] == "/data/game.tmp"
    assert fs.log[-1] == ("remove", "/data/journal") and "/data/journal" not in fs.files
    assert not g.book()
    g2 = _load(fs)
    assert g2.pop_events() == [] and _state(g2) == _state(g)


def test_deferred_booking_writes_the_same_flash_in_the_same_order_as_booking_at_once():
    # the power-cut proof (test_store_faults) books at once: the same
    # changes in the same order make it the proof of the UI's way too
    from poker.match.store import crc32

    class Digest:  # FakeFs's log: a CRC of every change in order (a small heap)
        def __init__(self):
            self.crc = 0
            self.n = 0

        def append(self, op):
            self.n += 1
            self.crc = crc32(("%s %s" % (op[0], op[1])).encode(), self.crc)
            for x in op[2:]:
                self.crc = crc32(x if op[0] == "write" else x.encode(), self.crc)

    logs = []
    for defer in (False, True):
        fs = FakeFs()
        g = _game(Store("/data", fs))
        g.defer_booking = defer
        FakeHand.plan = _moves((1, 0, 700), (2, 3, 450))
        fs.log = Digest()
        for i in range(6):
            _play(g)  # start_hand books the hand before
            if defer and i % 3 == 0:
                g.book()  # and a part now and then, as the UI does
        g.settle()
        files = sorted([(p, crc32(fs.files[p])) for p in fs.files])
        logs.append((fs.log.n, fs.log.crc, files, _state(g)))
        g = fs = None
    assert logs[0] == logs[1]


def test_a_power_cut_before_or_between_the_books_loses_nothing():
    fs = FakeFs()
    g = _game(Store("/data", fs))
    g.defer_booking = True
    FakeHand.plan = _moves((2, 0, 400))
    _play(g)
    g.start_hand()
    _last_action_then(g, fs)
    cuts = [dict(fs.files)]
    while g.book():
        cuts.append(dict(fs.files))
    for files in cuts[:-1]:  # the hand's end not yet saved: it is booked at power-on
        g2 = _load(FakeFs(files))
        assert g2.pop_events() == [("RESUMED", None)] and g2.hand is None
        assert _state(g2) == _state(g)
    g2 = _load(FakeFs(cuts[-1]))
    assert g2.pop_events() == [] and _state(g2) == _state(g)


def test_what_reads_or_writes_the_books_settles_them_first():
    for call in ("start_hand", "new_game", "history", "save"):
        fs = FakeFs()
        g = _game(Store("/data", fs))
        g.defer_booking = True
        FakeHand.plan = _moves((3, 0, 250))
        g.start_hand()
        _last_action_then(g, fs)
        got = getattr(g, call)()
        assert g.unbooked is None and g.stats.total()["hands"] == 1, call
        assert "/data/hist1" in fs.files, call
        assert ("/data/journal" in fs.files) == (call == "start_hand"), call  # the new hand's
        if call == "history":
            assert len(got) == 1 and "finishing_stacks" in got[0]
        assert _load(fs).stats.total()["hands"] == 1, call
