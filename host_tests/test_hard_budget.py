# portable
"""Hard's Monte Carlo budget (poker.players.hard: CHIP_US, BATCH_US, Hard.budget):
deals counted in the RP2040's time, the batch sampler where equity takes it,
the same count for the same view and tables."""
import equity_spy
from poker.hand import Hand
from poker.odds import equity
from poker.players import hard as _hard
from poker import players
from poker.rng import Rng
from poker.rules import casino, lexibook
from poker.variants import VARIANTS

ALL = ('F7S', 'F5S', 'FT', 'FO', 'F7S/8', 'FR', 'FO/8')


def _views(code, hands=2, seed=3):
    """Every view a Hard seat decides on, over a few 4-seat hands."""
    rules = lexibook() if code in ('F7S', 'FT', 'F5S', 'FO') else casino()
    rng = Rng(seed)
    bots = [players.make('hard', 'balanced', seed=seed + s) for s in range(4)]
    for i in range(hands):
        h = Hand(VARIANTS[code], rules, [100 * rules.big_bet] * 4, i % 4, rng)
        while not h.finished:
            s = h.actor
            v = h.view(s)
            yield bots[s], v
            h.act(*bots[s].decide(v))
        h = None  # (the last hand goes before the next is dealt: the unix port's 180 KB heap)


def test_the_deals_fit_the_chip_time_at_the_route_s_tables():
    p = players.make('hard', 'balanced', seed=1)
    for code in ALL:
        for compact in (0, 1):
            for nopp in range(1, 8):
                for ranges in (False, True):
                    saved = _hard._ev.MODE
                    _hard._ev.MODE = 'compact' if compact else 'full'
                    try:
                        n = p.budget(_V(code), nopp, ranges)
                    finally:
                        _hard._ev.MODE = saved
                    batch = not ranges and code in _hard.BATCH_US
                    if batch:
                        cost = _hard.BATCH_US[code][compact]
                    else:
                        cost = _hard.CHIP_US[code][2 * compact + (1 if ranges else 0)]
                    cost *= nopp + 1
                    cap = p.batch_samples if batch else p.samples
                    assert p.min_samples <= n <= cap, (code, nopp, ranges, n)
                    # the most deals that fit work_us, unless a bound holds it
                    assert n == p.min_samples or n == cap or n * cost <= p.work_us < (n + 1) * cost, (
                        code, compact, nopp, ranges, n)


class _V:
    """All Hard.budget reads of a view: its variant."""

    def __init__(self, code):
        self.variant = VARIANTS[code]


def test_hard_draws_in_batches_exactly_where_equity_takes_the_batch_path():
    how, undo = equity_spy.spy(exact_walk=False)  # (these calls ask for no exact walk)
    try:
        _batches_where_equity_takes_them(how)
    finally:
        undo()


def _batches_where_equity_takes_them(how):
    seen = set()
    for code in ALL:
        for bot, v in _views(code):
            if not v.live_opponents or len(v.legal) < 2:
                continue
            rg = bot.ranges(v)
            n = bot.budget(v, v.live_opponents, rg is not None)
            equity.view_equity(v, n, Rng(1), rg, 0, None, 0, omaha_quick=True)
            said = rg is None and code in _hard.BATCH_US
            assert (how["way"] == "batch") == said, (code, rg)
            assert how["deals"] == n
            seen.add((code, said))
    # both kinds seen in the batch games, one deal at a time in the others
    assert ('F7S', True) in seen and ('F7S', False) in seen and ('FT', True) in seen
    assert ('FR', False) in seen and ('F5S', False) in seen


def test_the_same_view_gets_the_same_decision():
    # a deterministic budget: no clock, the same deals for a seed
    for code in ('F7S', 'FR'):
        for bot, v in _views(code, hands=1, seed=9):
            a = players.make('hard', 'balanced', seed=4)
            b = players.make('hard', 'balanced', seed=4)
            assert a.decide(v) == b.decide(v)


class _Clock:
    """A clock that moves 10 ms at every look."""

    def __init__(self):
        self.now = -10

    def __call__(self):
        self.now += 10
        return self.now


def test_the_safety_net_looks_at_the_clock_every_4_weighted_deals_16_others():
    from poker.odds import montecarlo
    from poker.cards import parse
    for ranges, stop in (([(14, 850)], 16), (None, 64)):
        t = equity.Deal('F7S', parse('As Ad Kc'), (), [parse('7h')], ())
        # looks at 0, then 10, 20, 30, 40 ms: the fourth look past the start stops it
        total, done = montecarlo.run(t, 200, Rng(2), ranges, _Clock(), 35)
        assert done == stop, (ranges, done)


def test_hard_has_a_clock_on_the_rp2040_alone():
    import sys
    p = players.make('hard', 'balanced', seed=1)
    assert (p.clock is not None) == (sys.platform == 'rp2')
    assert players.make('normal', 'balanced', seed=1).clock is None
