"""How strong and how fast the virtual players are.

    python tools/bench/bench_players.py                 # default: a few minutes
    python tools/bench/bench_players.py --deals 2000 --games F7S,FT,FO,F5S,F7S/8,FR,FO/8
    python tools/bench/bench_players.py --only-time     # decision times only
    micropython -X heapsize=256k tools/bench/bench_players.py   # the timing part (the
                                                          # script is compiled from source)

Strength: duplicate matches, under the casino rules at 10/20
(``--profile lexibook`` for the console's). Each deal (a preset deck order) is played twice
at a table of ``--seats`` seats (default 4, the console's table): once with
the two players alternating A, B, A, B round the table and once with B, A,
B, A, so every card goes to each player once and the luck of the deal
cancels. Every hand starts from fresh stacks of 100 big bets. The figure is
A's result in big bets per 100 hands (one hand = one seat-hand of A) with a
95% confidence interval over deals (1.96 standard errors of the per-deal
mean). Pairs: Hard-Normal, Hard-Easy, Normal-Easy, then each level against
the calling station and against the random player.

Speed: every level's decide() timed on the MicroPython unix port (run as a
subprocess) over many positions from self-play, with the device projection
of docs/device.md (bytecode: unix-port time * 90; budget 250 ms for Hard). Each
decision is timed five times (the player, then fresh players of the same
level on the same view) and the least time kept, so that other processes
on a shared machine count as little as possible.
"""

import gc
import sys

from poker.hand import Hand  # (largest first: less fragmentation)
gc.collect()
from poker.odds import equity  # noqa: E402,F401
gc.collect()
from deck import shuffled  # noqa: E402  (tools/sim/deck.py: the reference shuffle)
from poker import players  # noqa: E402
from poker.players import base  # noqa: E402
gc.collect()
from poker.rng import Rng  # noqa: E402
from poker.rules import casino, lexibook  # noqa: E402
from poker.variants import VARIANTS  # noqa: E402

_MP = sys.implementation.name == 'micropython'

DEVICE_FACTOR = 90  # docs/device.md: bytecode on the RP2040 vs the unix port
REPEATS = 5         # timing: each decision this many times, the least kept
BUDGET_MS = 250



def make_player(kind, seed):
    if kind == 'station':
        return base.Station()
    if kind == 'random':
        return base.RandomPlayer(seed)
    if kind in ('textbook', 'tag', 'rock', 'maniac'):
        import opponents  # CPython only: the strength part
        return opponents.make(kind, seed)
    level, _, style = kind.partition(':')
    return players.make(level, style or 'balanced', seed=seed)


def play(variant, rules, bots, dealer, deck, stack, timer=None, log=None):
    """One hand; returns each seat's net chips. ``log``: a list to which
    the hand is appended as a dict (the players' levels, every seat's
    cards, the actions, the net chips), for reading hand logs."""
    n = len(bots)
    h = Hand(variant, rules, [stack] * n, dealer, deck=deck)
    while not h.finished:
        s = h.actor
        v = h.view(s)
        if timer is not None:
            kind, amount = timer(bots[s], v)
        else:
            kind, amount = bots[s].decide(v)
        h.act(kind, amount)
    if h.voided:
        raise RuntimeError('voided hand: %r' % (h.log[-3:],))
    for s in range(n):  # the end of the hand, for players that learn
        if hasattr(bots[s], 'observe'):
            bots[s].observe(h.view(s))
    net = [h.stacks[i] - stack for i in range(n)]
    if log is not None:
        log.append({'players': [b.level for b in bots], 'dealer': dealer,
                    'down': [list(c) for c in h.down], 'up': [list(c) for c in h.up],
                    'board': list(h.board), 'actions': [list(a) for a in h.actions],
                    'shown': [c is not None for c in h.shown], 'net': net})
    return net


def _rules(profile):
    # the matches' stakes: 10/20 (casino: ante 1, bring-in 5,
    # heads-up uncapped; lexibook: ante and bring-in 2, three raises)
    return lexibook() if profile == 'lexibook' else casino()


def new_deal(players, seeds, deal):
    """Starts each player's random draws afresh for deal number ``deal``,
    from its seed: a change to one player then moves only the hands it
    plays differently, not every hand after them (the other way, two runs
    of one player differ by about their interval). What the players learn
    of each other stays."""
    for p, s in zip(players, seeds):
        r = getattr(p, 'rng', None)
        if r is not None:
            r.seed(s * 1000003 + deal)


def match(code, a, b, deals, seats, seed, profile='casino', lone=False, log=None):
    """A's big bets per deal-hand for each duplicate deal (list of floats).
    ``lone``: one A against seats - 1 B's, the deal played once with A in
    each seat (else A, B alternating, twice). ``log``: a list that gets
    every hand played (``play``), with its deal, rotation and A's seats."""
    variant = VARIANTS[code]
    rules = _rules(profile)
    bb = rules.big_bet
    rng = Rng(seed)
    out = []
    # the players of each rotation sit through the whole match, as at the
    # console (Hard remembers how each seat plays), each one's draws afresh
    # each deal (new_deal)
    tables = []
    rots = seats if lone else 2
    seeds = [[seed * 7919 + rot * 31 + s for s in range(seats)] for rot in range(rots)]
    for rot in range(rots):
        bots = []
        amine = []
        for s in range(seats):
            is_a = s == rot if lone else (s + rot) % 2 == 0
            amine.append(is_a)
            bots.append(make_player(a if is_a else b, seeds[rot][s]))
        tables.append((bots, amine))
    for d in range(deals):
        deck = shuffled(rng)
        dealer = d % seats
        total = 0
        for rot in range(rots):
            bots, amine = tables[rot]
            new_deal(bots, seeds[rot], d)
            net = play(variant, rules, bots, dealer, deck, 100 * bb, log=log)
            if log is not None:
                log[-1].update(game=code, deal=d, rotation=rot,
                               a_seats=[s for s in range(seats) if amine[s]])
            for s in range(seats):
                if amine[s]:
                    total += net[s]
        # A held `seats` seat-hands over the rotations (lone: one per rotation)
        out.append(total / bb / (rots if lone else seats))
    return out


def summary(xs):
    n = len(xs)
    m = sum(xs) / n
    var = sum([(x - m) ** 2 for x in xs]) / (n - 1) if n > 1 else 0.0
    half = 1.96 * (var / n) ** 0.5
    return 100 * m, 100 * half


PAIRS = (('hard', 'normal'), ('hard', 'easy'), ('normal', 'easy'),
         ('hard', 'station'), ('normal', 'station'), ('easy', 'station'),
         ('hard', 'random'), ('normal', 'random'), ('easy', 'random'))


def _job(args):
    code, a, b, deals, seats, seed, lone, log, profile = args
    if not log:
        return code, a, b, match(code, a, b, deals, seats, seed, profile, lone)
    # hand logs: one JSON line a hand, a file per game and pair
    import json
    hands = []
    xs = match(code, a, b, deals, seats, seed, profile, lone, hands)
    path = '%s-%s-%s-%s-%d.jsonl' % (log, code.replace('/', ''), a, b, seed)
    with open(path, 'w') as f:
        for h in hands:
            f.write(json.dumps(h) + '\n')
    return code, a, b, xs


def strength(games, deals, seats, seed, jobs, pairs, lone=False, log=None, profile='casino'):
    import time
    tasks = []
    for code in games:
        for a, b in pairs:
            tasks.append((code, a, b, deals, seats, seed, lone, log, profile))
    t0 = time.time()
    if lone:
        print('Duplicate matches: %d deals x %d rotations, one A against %d B, '
              'bb/100 of A (95%% CI)' % (deals, seats, seats - 1))
    else:
        print('Duplicate matches: %d deals x 2 rotations x %d seats per pair, '
              'bb/100 of A (95%% CI)' % (deals, seats))
    print('rules: %r, style balanced' % _rules(profile))
    print('%-6s %-8s %-8s %9s %16s %s' % ('game', 'A', 'B', 'bb/100', '95% CI', ''))
    sys.stdout.flush()
    if jobs > 1:
        from multiprocessing import Pool
        pool = Pool(jobs)
        results = pool.imap(_job, tasks)
    else:
        pool = None
        results = (_job(t) for t in tasks)
    ok = True
    for code, a, b, xs in results:
        m, h = summary(xs)
        good = m - h > 0
        extra = ''
        if code == 'F7S' and a == 'hard' and b == 'station':
            good = good and m >= 10
            extra = ' (target >= 10)'
        ok = ok and good
        print('%-6s %-8s %-8s %+9.1f  [%+6.1f, %+6.1f] %s%s' % (
            code, a, b, m, m - h, m + h, 'ok' if good else 'MISS', extra))
        sys.stdout.flush()
    if pool is not None:
        pool.close()
    print('strength run: %.0f s' % (time.time() - t0))
    return ok


# ------------------------------------------------------------------ timing

def _clock():
    if _MP:
        import time
        return time.ticks_us, time.ticks_diff
    import time

    def us():
        return int(time.perf_counter() * 1000000)
    return us, lambda a, b: a - b


def time_decisions(games, hands, seed):
    """Per level: (decisions, mean us, p95 us, max us) per game over
    self-play hands (4 seats, the level at every seat)."""
    us, diff = _clock()
    res = []
    gc.collect()
    times = [0] * (hands * 40)  # made once: no growth on a small heap
    for code in games:
        variant = VARIANTS[code]
        rules = lexibook()
        for level in players.LEVELS:
            gc.collect()
            count = [0]

            def timer(bot, view, level=level, times=times, count=count):
                # the machine may be shared: the least of REPEATS runs of
                # the same decision (the same view) is its cost
                t = us()
                a = bot.decide(view)
                best = diff(us(), t)
                for _ in range(REPEATS - 1):
                    twin = players.make(level, 'balanced', seed=99)
                    t = us()
                    twin.decide(view)
                    dt = diff(us(), t)
                    if dt < best:
                        best = dt
                if count[0] < len(times):
                    times[count[0]] = best
                    count[0] += 1
                return a

            rng = Rng(seed)
            bots = [players.make(level, 'balanced', seed=seed + s) for s in range(4)]
            for i in range(hands):
                play(variant, rules, bots, i % 4, shuffled(rng), 100 * rules.big_bet, timer)
            # in place (a copy may not fit a fragmented 180 KB heap): the
            # unused tail is 0, so the n times end up last
            n = count[0]
            for i in range(n, len(times)):
                times[i] = 0
            times.sort()
            first = len(times) - n
            total = 0
            for i in range(first, len(times)):
                total += times[i]
            res.append((code, level, n, total // n, times[first + n * 95 // 100], times[-1]))
    return res


def print_times(res, port):
    print('Decision time on %s (4 seats, self-play), device = x%d:' % (port, DEVICE_FACTOR))
    print('%-6s %-7s %6s %9s %9s %9s %11s %11s' % (
        'game', 'level', 'n', 'mean us', 'p95 us', 'max us', 'dev mean ms', 'dev max ms'))
    for code, level, n, mean, p95, mx in res:
        print('%-6s %-7s %6d %9d %9d %9d %11.1f %11.1f' % (
            code, level, n, mean, p95, mx, mean * DEVICE_FACTOR / 1000, mx * DEVICE_FACTOR / 1000))


def _mp_main():
    games = ('F7S', 'F5S', 'FT', 'FO', 'F7S/8', 'FR', 'FO/8')
    hands = 12
    args = sys.argv[1:]
    if args:
        games = tuple(args[0].split(','))
    if len(args) > 1:
        hands = int(args[1])
    print_times(time_decisions(games, hands, 5), 'the MicroPython unix port')


def main():
    import argparse
    import os
    import subprocess
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--games', default='F7S,FT,FO,F5S')
    ap.add_argument('--deals', type=int, default=500, help='duplicate deals per pair and game')
    ap.add_argument('--seats', type=int, default=2, help='2: heads-up; 4: the console table (A, B, A, B)')
    ap.add_argument('--seed', type=int, default=2026)
    ap.add_argument('--jobs', type=int, default=1)
    ap.add_argument('--pairs', default='', help='e.g. hard-normal,easy-station; '
                    'B may also be textbook, tag, rock, maniac (tools/bench/opponents.py)')
    ap.add_argument('--profile', choices=('casino', 'lexibook'), default='casino',
                    help='the rules of the strength matches, at 10/20 (default casino)')
    ap.add_argument('--lone', action='store_true', help='one A against seats - 1 B')
    ap.add_argument('--log', metavar='PREFIX', help='hand logs: every hand of each game '
                    'and pair as one JSON line (cards, actions, net chips) in '
                    'PREFIX-GAME-A-B-SEED.jsonl')
    ap.add_argument('--only-time', action='store_true')
    ap.add_argument('--no-time', action='store_true')
    ap.add_argument('--time-hands', type=int, default=12)
    ap.add_argument('--time-games', default='F7S,F5S,FT,FO,F7S/8,FR,FO/8')
    o = ap.parse_args()
    ok = True
    if not o.no_time:
        import paths
        mp = os.environ.get('MICROPYTHON') or paths.micropython_exe() or 'micropython'
        try:
            r = subprocess.run([mp, '-X', 'heapsize=256k', os.path.abspath(__file__),
                                o.time_games, str(o.time_hands)], env=paths.micropython_env(),
                               capture_output=True, text=True, timeout=3000, check=False)
            print(r.stdout.rstrip())
            if r.returncode:
                print(r.stderr)
        except (OSError, subprocess.TimeoutExpired) as e:
            print('MicroPython timing skipped: %s' % e)
    if not o.only_time:
        pairs = PAIRS
        if o.pairs:
            pairs = [tuple(p.split('-')) for p in o.pairs.split(',')]
        ok = strength(o.games.split(','), o.deals, o.seats, o.seed, o.jobs, pairs, o.lone, o.log,
                      o.profile)
    return 0 if ok else 1


if __name__ == '__main__':
    if _MP:
        _mp_main()
    else:
        sys.exit(main())
