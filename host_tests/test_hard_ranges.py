# portable
"""poker.players.hard: what a seat's first-round answers say of its cards, when
a steal pays, and how razz's raises and last-round bets are read. (Its
own module: test_players.py already fills MicroPython's 180 KB test
heap.)"""
from deck import shuffled
from poker.odds import equity
from poker import players
from poker.players import base
from poker.hand import Hand
from poker.rng import Rng
from poker.rules import lexibook
from poker.variants import VARIANTS


def test_hard_reads_a_call_of_a_first_round_raise_by_a_seat_that_mostly_folds_to_one_as_strong():
    # seat 1 brings in, seat 0 completes, seat 1 calls: Hard in seat 0
    # rates that call by how seat 1 answered first-round raises before
    h = Hand(VARIANTS['F7S'], lexibook(), [400, 400], 0, deck=shuffled(Rng(1)))
    h.act('bring_in')
    h.act('complete')
    h.act('call')
    v = h.view(0)
    assert v.street == 1
    folder = players.make('hard', 'balanced', seed=5)
    caller = players.make('hard', 'balanced', seed=5)
    # (first-round choices, came in; raises faced, folded to): both come in
    # often; one folded to 17 of 20 raises, the other to 2
    folder.notes.first[1] = bytearray((20, 18, 20, 17))
    caller.notes.first[1] = bytearray((20, 18, 20, 2))
    strong = folder.ranges(v)[0]
    middling = caller.ranges(v)[0]
    assert strong[:2] == (base.P70['F7S'], 950), strong
    assert middling[:2] == (base.P45['F7S'], 600), middling


def test_hard_never_steals_with_the_bring_in():
    # a seat that folds 17 of 20 first-round raises is stolen from, but
    # not by the bring-in: the worst door card completing risks a bet for
    # the antes alone
    h = Hand(VARIANTS['F7S'], lexibook(), [400, 400], 0, deck=shuffled(Rng(1)))
    hard = players.make('hard', 'balanced', seed=5)
    hard.notes.first[0] = bytearray((20, 18, 20, 17))
    hard.notes.first[1] = bytearray((20, 18, 20, 17))
    v = h.view(1)
    assert v.legal[0][0] == 'bring_in' and hard.steal_rate(v) == 0
    h.act('bring_in')
    assert hard.steal_rate(h.view(0)) > 500


def test_hard_steals_with_any_start_from_seats_that_nearly_always_fold_to_a_raise():
    # seat 1 brings in; Hard in seat 0 against a seat that folded to all
    # 20 first-round raises completes whatever it holds; against one that
    # folded to half of them (and came in 18 times of 20) not every start
    half_did = []
    k = 0
    while len(half_did) < 8:
        k += 1
        h = Hand(VARIANTS['FR'], lexibook(), [400, 400], 1, deck=shuffled(Rng(40 + k)))
        if h.actor == 0:
            continue  # seat 0 brings in here: no steal (above)
        h.act('bring_in')
        v = h.view(0)
        folder = players.make('hard', 'balanced', seed=5)
        folder.notes.first[1] = bytearray((20, 18, 20, 20))
        half = players.make('hard', 'balanced', seed=5)
        half.notes.first[1] = bytearray((20, 18, 20, 10))
        assert folder.steal_pct(v) == 0 and folder.steal_rate(v) == 1000
        assert half.steal_pct(v) == half.steal_floor and half.steal_rate(v) == 0
        assert folder.decide(v)[0] == 'complete'
        half_did.append(half.decide(v)[0])
    assert [a for a in half_did if a != 'complete'], half_did


def _to_the_last_round(code, k=1):
    # both seats check or call to the last round: the hand, seat 0 to act
    # or seat 1 checked to it
    h = Hand(VARIANTS[code], lexibook(), [400, 400], 0, deck=shuffled(Rng(k)))
    while h.street < VARIANTS[code].streets - 1:
        kinds = [a[0] for a in h.legal_actions()]
        h.act('bring_in' if 'bring_in' in kinds else 'check' if 'check' in kinds else 'call')
    if h.actor == 1:
        h.act('check')
    return h


def test_hard_raises_a_last_round_raise_only_with_hands_that_beat_most_such_raises():
    # Hard bets the last round and seat 1 raises: his value raises are
    # the better half of his value bets (the better eighth of what he
    # holds: a seat not seen bets half his last rounds, of which the
    # better half are value), and a re-raise of ours is called by those:
    # 920 per 1000 against his hands calls, 980 raises again (hold'em:
    # the stud games read all his bets as value, below)
    h = _to_the_last_round('FT')
    h.act('bet')
    h.act('raise')
    v = h.view(0)
    assert v.raises == 2 and v.bettor == 1
    hard = players.make('hard', 'balanced', seed=5)
    assert hard._choose(v, 1, 920)[0] == 'call'
    assert hard._choose(v, 1, 980)[0] == 'raise'


def test_a_last_round_bet_is_read_by_the_last_round_read_not_by_the_ranges():
    # seat 1 checks or calls to the last round and bets there: his range
    # is what the earlier rounds said of him (nothing here), the bet itself
    # is weighed apart (Hard._answer_last_bet): no made-hand redraw
    for code in ('FR', 'F7S', 'FT'):
        h = _to_the_last_round(code)
        h.act('bet')
        hard = players.make('hard', 'balanced', seed=5)
        rg = hard.ranges(h.view(0))
        assert rg is None or rg[0] is None or len(rg[0]) == 2, (code, rg)


def _facing_a_completion(code, good, door=None):
    # a first-round view of the seat that faces a completion (the other
    # seat completes, or brings in and is completed on), its start among
    # the best 30 % (good: True), outside the best 55 % (False) or between
    # (None); ``door``: its door card above the completer's (True: heads-up
    # the bring-in, the lowest door card, completes) or below (False)
    k = 0
    while True:
        k += 1
        h = Hand(VARIANTS[code], lexibook(), [400, 400], 0, deck=shuffled(Rng(k)))
        if not door:
            h.act('bring_in')
        h.act('complete')
        v = h.view(h.actor)
        me = v.seat
        s = equity.start_score(code, [v.down[me][0], v.down[me][1], v.up[me][0]])
        if good is None:
            fits = base.P45[code] <= s < base.P70[code]
        else:
            fits = (s >= base.P70[code]) if good else (s < base.P45[code])
        if fits and (door is None or (v.up[me][0] > v.up[1 - me][0]) == door):
            return v


def test_hard_folds_a_weak_stud_start_to_a_first_round_raise_whatever_its_sample_says():
    # razz and seven card stud: a start outside the best 55 % folds to a
    # completion even when its sample of 40-odd deals says 700 per 1000
    # (the noise of so few deals called A-8-K in razz); a start of the
    # best 30 % at that equity plays on; and a weak start plays on against
    # a seat that never folds to bets (a maniac's completion is any hand)
    hard = players.make('hard', 'balanced', seed=5)
    for code in ('FR', 'F7S'):
        weak = _facing_a_completion(code, False)
        assert weak.their_raises == 1 and weak.to_call > 0
        assert hard._choose(weak, 1, 700)[0] == 'fold', code
        good = _facing_a_completion(code, True)
        assert hard._choose(good, 1, 700)[0] != 'fold', code
        against_maniac = players.make('hard', 'balanced', seed=5)
        # (facing a bet: folds, calls, raises; bets, checks; ...)
        against_maniac.notes.acts[1 - weak.seat] = [0, 60, 90, 40, 0, 0, 10, 0, 0, 0, 0]
        assert against_maniac._choose(weak, 1, 700)[0] != 'fold', code


def test_hard_folds_a_middling_seven_card_stud_start_to_a_raiser_it_would_act_before():
    # no pair, no three to a flush or a straight, yet not junk (a king or
    # an ace high): its door card above the completer's, Hard acts first on
    # the later rounds and folds; below it, it acts after him and plays on
    hard = players.make('hard', 'balanced', seed=5)
    assert hard._choose(_facing_a_completion('F7S', None, True), 1, 700)[0] == 'fold'
    assert hard._choose(_facing_a_completion('F7S', None, False), 1, 700)[0] != 'fold'
    # a start of the best 30 % plays on from either side
    assert hard._choose(_facing_a_completion('F7S', True, True), 1, 700)[0] != 'fold'
    # razz reads its starts by the line alone
    assert hard._choose(_facing_a_completion('FR', None), 1, 700)[0] != 'fold'


def _facing_a_completion_among_four(code, good, door_below=True):
    # a first-round view of the seat after the completer at four seats:
    # the bring-in and the seat after ours still in; its start among the
    # best 30 % (good: True) or between 30 and 55 % (False); its door card
    # below the completer's (as _facing_a_completion's door=False)
    k = 0
    while True:
        k += 1
        h = Hand(VARIANTS[code], lexibook(), [400] * 4, 0, deck=shuffled(Rng(k)))
        h.act('bring_in')
        h.act('complete')
        v = h.view(h.actor)
        me = v.seat
        b = v.bettor
        s = equity.start_score(code, [v.down[me][0], v.down[me][1], v.up[me][0]])
        fits = s >= base.P70[code] if good else base.P45[code] <= s < base.P70[code]
        if fits and v.live_opponents == 3 and (v.up[me][0] < v.up[b][0]) == door_below:
            return v


def test_hard_folds_a_middling_razz_start_to_a_raise_into_several_seats():
    # razz: a start between the best 30 and 55 % (a nine- or ten-high)
    # folds to a completion while two or more other seats are still in,
    # whatever its sample says; heads-up it plays on (the test above), as
    # does a start of the best 30 %, and seven card stud's middling start
    # acting after the completer
    hard = players.make('hard', 'balanced', seed=5)
    middling = _facing_a_completion_among_four('FR', False)
    assert middling.their_raises == 1 and middling.to_call > 0
    assert hard._choose(middling, 3, 700)[0] == 'fold'
    assert hard._choose(_facing_a_completion_among_four('FR', True), 3, 700)[0] != 'fold'
    assert hard._choose(_facing_a_completion_among_four('F7S', False), 3, 700)[0] != 'fold'
    # a seat that never folds to bets: a maniac's completion is any hand
    against_maniac = players.make('hard', 'balanced', seed=5)
    for s in range(4):
        if s != middling.seat:
            against_maniac.notes.acts[s] = [0, 60, 90, 40, 0, 0, 10, 0, 0, 0, 0]
    assert against_maniac._choose(middling, 3, 700)[0] != 'fold'


def test_hard_does_not_discount_a_razz_first_round_raise_on_top_of_its_range():
    # the completion's range already weighs the deals (a strong start):
    # no discount per raise on top on razz's first round (it folded 5-3-2
    # to a `tag`'s completion); on later rounds and in other games it stays
    hard = players.make('hard', 'balanced', seed=5)
    good = _facing_a_completion('FR', True)
    assert hard.discount_pct(good) == 100
    # razz's entry against raisers: about 118 % of a fair share here
    assert hard._choose(good, 1, 650)[0] != 'fold'
    assert hard.discount_pct(_facing_a_completion('F7S', True)) < 100


def _first_in(code, seats):
    # the first seat to act after the bring-in, nobody in yet
    h = Hand(VARIANTS[code], lexibook(), [400] * seats, 0, deck=shuffled(Rng(3)))
    h.act('bring_in')
    v = h.view(h.actor)
    assert v.street == 0 and v.raises == 0 and v.live_opponents == seats - 1
    return v


def _remembering(vp):
    # a Hard whose memory of every seat holds these first-round counts:
    # (choices, came in; first-round raises faced, folded to)
    hard = players.make('hard', 'balanced', seed=5)
    for s in range(4):
        hard.notes.first[s] = bytearray(vp)
    return hard


def test_hard_completes_by_how_the_seats_answer_first_round_raises():
    # the same memory of later rounds (none); the seats folded to 18 of
    # 20 first-round raises, to 10 or to 2: into three seats a completion
    # is called only by the starts that do not fold, so the more they fold
    # the thicker the value line; heads-up only against a seat that folds
    # to most of them (else, and in hold'em, the answers to later bets
    # set it: the same line whatever the first-round folds)
    for code in ('FR', 'F7S'):
        v = _first_in(code, 4)
        folders = _remembering((20, 10, 20, 18))
        half = _remembering((20, 10, 20, 10))
        callers = _remembering((20, 10, 20, 2))
        assert folders.value_pct(v) > half.value_pct(v) > callers.value_pct(v), code
        v = _first_in(code, 2)
        assert folders.value_pct(v) > half.value_pct(v) == callers.value_pct(v), code
    h = Hand(VARIANTS['FT'], lexibook(), [400] * 4, 0, deck=shuffled(Rng(3)))
    v = h.view(h.actor)
    assert v.street == 0 and v.live_opponents == 3
    assert _remembering((20, 10, 20, 18)).value_pct(v) == _remembering((20, 10, 20, 2)).value_pct(v)


def test_hard_steals_into_several_seats_only_when_all_of_them_fold_to_a_raise_often():
    # seats that come in 2 times of 20 and fold to 12 of 20 first-round
    # raises: heads-up a steal pays (one seat, who seldom comes in); into
    # three such seats a completion takes the pot about one time in five,
    # and none is tried; into three that folded to all 20 it is
    v = _first_in('FR', 4)
    assert _remembering((20, 2, 20, 12)).steal_rate(v) == 0
    assert _remembering((20, 2, 20, 20)).steal_rate(v) > 300
    assert _remembering((20, 2, 20, 12)).steal_rate(_first_in('FR', 2)) == 900


def _facing_a_last_round_bet(k):
    # razz, both seats check or call to the last round, seat 1 bets: the
    # view of seat 0
    h = Hand(VARIANTS['FR'], lexibook(), [400, 400], 0, deck=shuffled(Rng(k)))
    while h.street < 4 or h.actor != 1:
        kinds = [a[0] for a in h.legal_actions()]
        h.act('bring_in' if 'bring_in' in kinds else 'check' if 'check' in kinds else 'call')
    h.act('bet')
    return h


def _bet_into_on_every_round(code, k=1):
    # seat 1 bets every round after the first and seat 0 calls, then seat
    # 1 bets the last round: the view of seat 0 (a pot of several bets)
    h = Hand(VARIANTS[code], lexibook(), [400, 400], 0, deck=shuffled(Rng(k)))
    while h.street == 0:
        kinds = [a[0] for a in h.legal_actions()]
        h.act('bring_in' if 'bring_in' in kinds else 'check' if 'check' in kinds else 'call')
    while True:
        if h.actor == 0 and h.to_call(0) == 0:
            h.act('check')
        h.act('bet')
        if h.street == VARIANTS[code].streets - 1:
            return h.view(0)
        h.act('call')


def test_hard_folds_a_last_round_hand_that_beats_only_bluffs_to_a_seat_not_seen_bluffing_there():
    # 450 per 1000 against the hands the bettor held before his bet: the
    # hands he bets for value (the better half) beat it, so it wins only
    # against his bluffs. A seat never seen at a showdown is a typical
    # player, who seldom bluffs there: a fold, though the pot's odds ask
    # for less than 450; a seat whose last-round bets shown down were half
    # bluffs is called (hold'em: at the stud games, below)
    v = _bet_into_on_every_round('FT')
    assert v.bettor == 1 and v.to_call * 1000 // (v.pot + v.to_call) < 200
    unseen = players.make('hard', 'balanced', seed=5)
    assert unseen._choose(v, 1, 450)[0] == 'fold'
    bluffer = players.make('hard', 'balanced', seed=5)
    bluffer.notes.shows[1] = bytearray((0, 0, 20, 10, 0, 0))
    assert bluffer._choose(v, 1, 450)[0] == 'call'
    # a hand that beats most of his value bets plays on: 850 calls, 950
    # raises (his value bets: about his better quarter)
    assert unseen._choose(v, 1, 850)[0] == 'call'
    assert unseen._choose(v, 1, 950)[0] == 'raise'


def test_hard_reads_every_last_round_bet_as_value_at_seven_card_stud_and_razz():
    # at seven card stud and razz a seat's last-round bets are all read as
    # value (seven cards make hands that bet there well below his best):
    # a seat not seen bets half his last rounds, so a hand that beats 650
    # per 1000 of what he held before his bet beats 300 per 1000 of his
    # bets, and calls the pot's odds; in hold'em his value bets are the
    # better half of those (his best quarter): it beats none, and folds
    # (one player for all: these answers leave its notes alone; the
    # MicroPython test heap is tight)
    hard = players.make('hard', 'balanced', seed=5)
    for code, answer in (('F7S', 'call'), ('FR', 'call'), ('FT', 'fold')):
        v = _bet_into_on_every_round(code)
        assert v.bettor == 1 and v.to_call * 1000 // (v.pot + v.to_call) < 200, code
        assert hard._choose(v, 1, 650)[0] == answer, code
        if code != 'FT':
            # and a raise needs a hand that beats most of them: 850 raises
            assert hard._choose(v, 1, 850)[0] == 'raise', code


def test_hard_reads_a_seat_that_bets_most_last_rounds_as_betting_more_than_its_best_hands():
    # a seat that bet 40 of the last rounds it could open and checked 5
    # bets nearly all it holds there: its bets beyond a typical player's
    # share are read as bluffs until its showdowns say otherwise. 450 per
    # 1000 against his hands is called (a seat not seen yet: a fold,
    # above); 850 beats most of his value bets and raises (hold'em)
    v = _bet_into_on_every_round('FT')
    hard = players.make('hard', 'balanced', seed=5)
    hard.notes.acts[1] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 40, 5]
    assert hard.notes.last_bets(1) > 850 and hard.notes.last_bluffs(v, 1) > 400
    assert hard._choose(v, 1, 450)[0] == 'call'
    assert hard._choose(v, 1, 850)[0] == 'raise'
    # his showdowns win over the prior: 30 last-round bets shown, none weak
    hard.notes.shows[1] = bytearray((0, 0, 30, 0, 0, 0))
    assert hard.notes.last_bluffs(v, 1) < 100
    assert hard._choose(v, 1, 450)[0] == 'fold'


def test_hard_calls_a_seats_last_round_bets_by_what_its_calls_of_them_won():
    # a seat whose last-round bets shown down were half bluffs: called on
    # the chance believed until our calls of them come out; calls that won
    # what we believed keep it there, calls that won a tenth of it bring it
    # down to about a quarter (the prior: five calls at face value)
    v = _bet_into_on_every_round('FR')
    need = v.to_call * 1000 // (v.pot + v.to_call)
    hard = players.make('hard', 'balanced', seed=5)
    hard.notes.shows[1] = bytearray((0, 0, 20, 10, 0, 0))
    e = 400  # wins against his bluffs alone: about half the time
    assert hard._choose(v, 1, e)[0] == 'call'
    believed = hard.river_e
    assert believed > 2 * need
    hard.notes.acts[1] = [0, 0, 0, 0, 0, 0, 0, 9000, 9000, 0, 0]
    assert hard._choose(v, 1, e)[0] == 'call' and hard.river_e == believed
    hard.notes.acts[1] = [0, 0, 0, 0, 0, 0, 0, 9000, 900, 0, 0]
    hard._choose(v, 1, e)
    assert believed // 5 <= hard.river_e <= believed * 3 // 10
    many = players.make('hard', 'balanced', seed=5)
    many.notes.shows[1] = hard.notes.shows[1]
    many.notes.acts[1] = [0, 0, 0, 0, 0, 0, 0, 90000, 9000, 0, 0]
    many._choose(v, 1, e)
    assert believed // 10 <= many.river_e < hard.river_e


def test_hard_counts_its_last_round_call_when_the_hand_ends():
    # Hard calls a last-round bet: the final view adds the equity it
    # believed and the share of the pot it won to its memory of the bettor
    k = 0
    while True:
        k += 1
        h = _facing_a_last_round_bet(k)
        hard = players.make('hard', 'balanced', seed=5)
        a = hard.decide(h.view(0))
        if a[0] == 'call':
            break
    believed = hard.river_e
    assert 0 < believed <= 1000
    h.act(*a)
    assert h.finished
    v = h.view(0)
    hard.observe(v)
    hard.observe(v)  # (the same final view again counts once)
    assert hard.notes.acts[1][7] == believed
    assert hard.notes.acts[1][8] == v.winnings[0] * 1000 // v.pot


def _facing_a_first_round_raise(code, seats=2):
    # a first-round view of the seat that faces a raise, its start not
    # one of the premium ones every level plays
    k = 0
    while True:
        k += 1
        h = Hand(VARIANTS[code], lexibook(), [400] * seats, 0, deck=shuffled(Rng(k)))
        h.act('raise')
        v = h.view(h.actor)
        if v.their_raises == 1 and v.to_call > 0 and not base.strong_start(v):
            return v


def test_hard_heads_up_omaha_entry_does_not_rise_with_the_raisers_aggression():
    # against seats that raise often (not maniacs: no showdowns seen), a
    # raised start needs 70 % of a fair share in hold'em and in Omaha
    # into several seats; heads-up in Omaha, whose starts run close, half
    # of one (the hand logs against Normal: Hard folded 122 starts to
    # raises that Normal called and won with)
    for code, seats, line in (('FT', 2, 70), ('FO', 2, 50), ('FO/8', 2, 50), ('FO', 4, 70)):
        v = _facing_a_first_round_raise(code, seats)
        hard = players.make('hard', 'balanced', seed=5)
        for s in range(seats):
            # (facing a bet: folds, calls, raises; bets, checks; ...)
            hard.notes.acts[s] = [0, 10, 10, 10, 0, 0, 0, 0, 0, 0, 0]
        assert hard.entry_pct(v) == line, (code, seats)
        if seats == 2:
            # 375 per 1000 is 300 after the raise's discount: above half
            # a fair share (250), below 70 % of one (350)
            assert hard.discount_pct(v) == 80
            assert (hard._choose(v, 1, 375)[0] != 'fold') == (line == 50), code


def _facing_a_fifth_street_bet(code, k=1):
    # both seats check or call to the fifth street, where the seat not to
    # act first bets into the other: (the view of the seat facing it)
    h = Hand(VARIANTS[code], lexibook(), [400, 400], 0, deck=shuffled(Rng(k)))
    while h.street < 2:
        kinds = [a[0] for a in h.legal_actions()]
        h.act('bring_in' if 'bring_in' in kinds else 'check' if 'check' in kinds else 'call')
    h.act('check')
    h.act('bet')
    v = h.view(h.actor)
    assert v.street == 2 and v.to_call > 0
    return v


def _least_call(hard, v):
    # the least equity (permille, in steps of 5) at which Hard does not fold
    for e in range(0, 1001, 5):
        if hard._choose(v, 1, e)[0] != 'fold':
            return e
    return None


def test_hard_calls_a_razz_draw_at_the_full_pot_odds_unless_the_seat_pays_off():
    # before the last round a call needs the pot's odds less an allowance
    # for the cards to come; in razz (boards show the draws) no allowance
    # against a seat that folds to bets: it will not pay a low it sees
    # coming; a seat that never folds (a station) still does, and in seven
    # card stud the allowance stays against both. (Both seats alike but
    # for their folds: as aggressive, as many bets faced.)
    for code in ('FR', 'F7S'):
        v = _facing_a_fifth_street_bet(code)
        him = 1 - v.seat
        least = {}
        disc = {}
        for who, acts in (('folder', [60, 30, 0, 0, 60, 0, 0, 0, 0, 0, 0]),
                          ('station', [0, 60, 0, 0, 30, 0, 0, 0, 0, 0, 0])):
            hard = players.make('hard', 'balanced', seed=5)
            hard.notes.acts[him] = list(acts)
            least[who] = _least_call(hard, v)
            disc[who] = hard.discount_pct(v)  # (his bet: our equity discounted once)
        assert disc['folder'] == disc['station'] < 100, disc
        need = v.to_call * 1000 // (v.pot + v.to_call)
        d = disc['folder']
        if code == 'FR':
            # the folder's bet: all of the pot's odds (to the step of 5)
            assert least['folder'] * d // 100 >= need > (least['folder'] - 5) * d // 100, (least, need)
            # the station's (it folds 3 bets in 100 with the prior): 91 % of them
            assert least['station'] * d // 100 >= need * 91 // 100 > (least['station'] - 5) * d // 100
        else:
            # seven card stud: 85 % of the odds against both
            assert least['folder'] == least['station'], (code, least)
            assert least['folder'] * d // 100 >= need * 85 // 100 > (least['folder'] - 5) * d // 100
