# portable
"""poker.players.hard's opponent model: what it learns from a seat's public actions
and from the hands shown down. (Its own module: with these tests
test_players.py filled MicroPython's 180 KB test heap.)"""
import gc
import sys

from poker.hand import Hand  # the largest module first: less fragmentation
gc.collect()
from poker.odds import equity  # noqa: E402
from poker import players
from poker.players import base
from poker.players.notes import LAST, LAST_CALLS
gc.collect()
from deck import shuffled  # noqa: E402
from poker.rng import Rng  # noqa: E402
from poker.rules import lexibook  # noqa: E402
from poker.variants import VARIANTS  # noqa: E402
from playing import play_hand  # noqa: E402

MICRO = sys.implementation.name == 'micropython'


class _Folder:
    """Folds whenever it faces a bet, else checks (or brings in)."""
    level = 'folder'

    def decide(self, view):
        for k in ('check', 'bring_in', 'fold', 'call'):
            for a in view.legal:
                if a[0] == k:
                    return a
        return view.legal[0]


class _Limper:
    """Comes in for the bring-in (``calls``: calls a completion too), then
    folds to every bet."""
    level = 'limper'

    def __init__(self, calls):
        self.calls = calls

    def decide(self, view):
        come = view.street == 0 and (self.calls or view.raises == 0)
        for k in ('check', 'bring_in', 'call' if come else 'fold'):
            for a in view.legal:
                if a[0] == k:
                    return a
        return view.legal[0]


def _heads_up_match(hard, other, hands, code='F7S'):
    rng = Rng(77)
    rules = lexibook()
    for i in range(hands):
        bots = [hard, other] if i % 2 == 0 else [other, hard]
        h = play_hand(code, rules, bots, i % 2, shuffled(rng))
        me = bots.index(hard)
        hard.observe(h.view(me))  # the final view: folds that ended the hand


def test_hard_learns_from_public_actions_who_folds_and_who_calls():
    against_station = players.make('hard', 'balanced', seed=5)
    _heads_up_match(against_station, base.Station(), 25)
    against_folder = players.make('hard', 'balanced', seed=5)
    _heads_up_match(against_folder, _Limper(True), 25)
    against_first = players.make('hard', 'balanced', seed=5)
    _heads_up_match(against_first, _Limper(False), 60)
    # (seat 0 brings in: no steal with the bring-in, test_hard_ranges.py)
    h = Hand(VARIANTS['F7S'], lexibook(), [400, 400], 0, deck=shuffled(Rng(2)))
    v = h.view(1)
    fold_s, _ = against_station.notes.table(v)
    fold_f, _ = against_folder.notes.table(v)
    # (the folder's first-round calls count among its answers to bets;
    # the prior, no answers seen, is 300)
    assert fold_s < 200 and fold_f > 400, (fold_s, fold_f)
    # folds to first-round raises are the steals' own count: a player who
    # comes in for the bring-in and folds to every completion is stolen
    # from, the station never, nor one who folds only later
    assert against_first.steal_rate(v) > 500, against_first.notes.first
    assert against_station.steal_rate(v) == 0
    assert against_folder.steal_rate(v) == 0
    # no bluffs into a calling station; bluffs against a player who folds
    assert against_station.bluff_rate(v) == 0
    assert against_folder.bluff_rate(v) > 200
    # and thinner value bets into the station
    assert against_station.value_pct(v) < against_folder.value_pct(v)


def test_hard_counts_each_public_action_once_with_the_final_view_observed_twice():
    # its memory against an independent count from the hands' records: the
    # final view (pot already paid out) observed twice adds nothing twice
    hard = players.make('hard', 'balanced', seed=3)
    other = players.make('normal', 'balanced', seed=4)
    rng = Rng(21)
    rules = lexibook()
    want = [0, 0, 0, 0, 0]
    want_f0 = [0, 0]  # first-round raises answered, folded to
    kinds = ('fold', 'call', 'raise', 'bet', 'check')
    for i in range(12):
        bots = [hard, other] if i % 2 == 0 else [other, hard]
        h = play_hand('FT', rules, bots, i % 2, shuffled(rng))
        me = bots.index(hard)
        hard.observe(h.view(me))
        hard.observe(h.view(me))
        raiser = -1  # the first-round raiser so far
        answered = False
        for a in h.view(me).actions:
            if a[1] != me:
                k = 'raise' if a[2] == 'complete' else a[2]
                if a[0] == 0 and raiser >= 0 and raiser != a[1] and not answered:
                    answered = True  # his first answer to a first-round raise
                    want_f0[0] += 1
                    want_f0[1] += k == 'fold'
                # first-round folds: only in the first-round counts
                if k in kinds and not (a[0] == 0 and k == 'fold'):
                    want[kinds.index(k)] += 1
            if a[0] == 0 and a[2] in ('raise', 'bet', 'complete'):
                raiser = a[1]
    assert sum(want) > 12 and want_f0[0] > 2
    got = [0, 0, 0, 0, 0]
    for s in hard.notes.acts:
        for j in range(5):
            got[j] += hard.notes.acts[s][j]
    assert got == want, (got, want)
    first = hard.notes.first
    got_f0 = [sum([first[s][2] for s in first]), sum([first[s][3] for s in first])]
    assert got_f0 == want_f0, (first, want_f0)

class _ValueBettor:
    """Bets and raises only hands well above a random one, calls the rest
    down: its bets shown down are value, never bluffs."""
    level = 'value'

    def __init__(self):
        self.rng = Rng(3)

    def decide(self, view):
        e = equity.view_equity(view, 40, self.rng)
        want = ('raise', 'bet', 'complete') if e >= 650 else ()
        for k in want + ('check', 'call', 'bring_in'):
            for a in view.legal:
                if a[0] == k:
                    return a
        return view.legal[0]


class _Maniac:
    """Raises whenever it can, whatever it holds."""
    level = 'maniac'

    def decide(self, view):
        for k in ('raise', 'bet', 'complete', 'call', 'check', 'bring_in'):
            for a in view.legal:
                if a[0] == k:
                    return a
        return view.legal[0]


def test_hard_learns_from_showdowns_who_bets_for_value_and_who_bluffs():
    hands = 40
    vs_value = players.make('hard', 'balanced', seed=5)
    _heads_up_match(vs_value, _ValueBettor(), hands)
    gc.collect()
    vs_maniac = players.make('hard', 'balanced', seed=5)
    _heads_up_match(vs_maniac, _Maniac(), hands)
    v = Hand(VARIANTS['F7S'], lexibook(), [400, 400], 0, deck=shuffled(Rng(1))).view(1)
    # it has seen hands turned over (river bets among them) and rated them
    assert sum(vs_value.notes.shows[0]) > 4 and sum(vs_maniac.notes.shows[0]) > 4
    # the value bettor's bets were value: believed, river calls tightened
    assert vs_value.notes.bluffs(v) < 150 and not vs_value.notes.maniac(v)
    assert vs_value.notes.bluffs(v, LAST, 0) < 250
    assert vs_value.raise_step(v) > vs_maniac.raise_step(v)
    # the maniac's raises shown down were mostly junk: a maniac
    assert vs_maniac.notes.bluffs(v) >= 300 and vs_maniac.notes.maniac(v)
    assert vs_maniac.discount_pct(v) > vs_value.discount_pct(v)


def test_hard_counts_a_last_round_call_mucked_at_the_showdown_as_a_loose_one():
    # a losing caller mucks: were only the calls turned over counted, every
    # seat's last-round calls would look like good hands (the ones that won)
    hard = players.make('hard', 'balanced', seed=5)
    station = base.Station()
    rng = Rng(31)
    rules = lexibook()
    calls = mucked = 0  # the station's last-round calls at showdowns, mucked
    for i in range(40):
        bots = [hard, station] if i % 2 == 0 else [station, hard]
        h = play_hand('F7S', rules, bots, i % 2, shuffled(rng))
        me = bots.index(hard)
        hard.observe(h.view(me))
        s = 1 - me
        if h.folded[s] or h.folded[me]:
            continue
        for a in h.actions:
            if a[1] == s and a[0] == 4 and a[2] == 'call':
                calls += 1
                mucked += h.mucked[s]
                break
    assert mucked > 2 and calls > mucked, (calls, mucked)
    # (the station sat in both seats: Hard remembers seats)
    sd = [hard.notes.shows[0][k] + hard.notes.shows[1][k] for k in range(6)]
    # all its calls counted (no halving below 250), every mucked one loose
    assert sd[4] == calls and sd[5] >= mucked, (sd, calls, mucked)
    # so its calls are not taken for good hands on the last round
    h = Hand(VARIANTS['F7S'], lexibook(), [400, 400], 0, deck=shuffled(Rng(1)))
    assert hard.notes.bluffs(h.view(1), LAST_CALLS) >= 150 and hard.notes.bluffs(h.view(0), LAST_CALLS) >= 150
