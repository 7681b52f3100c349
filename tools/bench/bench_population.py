"""How strong a virtual player is against a population it was never
tuned on (tools only, CPython):

    python tools/bench/bench_population.py                     # tuning set, 500 deals
    python tools/bench/bench_population.py --set both --deals 2000 --jobs 2
    python tools/bench/bench_population.py --games F7S --members textbook:3 --deals 1000
    python tools/bench/bench_population.py --describe          # what each member drew

The population (``population.py``): textbook players whose thresholds are
drawn per member, rocks, maniacs, the calling station and RLCard's rule
agent (hold'em), none of them using the firmware's evaluator or equity.
It comes in two sets with their own members and their own deals: the
``tuning`` set, to look at while changing a player, and the ``held-out``
set, never looked at while doing so (run it to check, not to tune).

Each cell is a duplicate match under the casino rules at 10/20: heads-up,
each deal played twice with the seats swapped; at a table (``--tables``,
three members and the player), each deal played once with the player in
each seat. The figure is the player's big bets won per 100 hands with a
95 % interval over deals; the summary line is the player's worst cell over
the set, and whether every cell meets the goal (at least +5, the interval
above zero). ``--log PREFIX`` writes every hand played, one JSON line a
hand, to ``PREFIX-SET-GAME-MEMBER.jsonl``.

``--docs`` writes each set's table into docs/players.md (tables
``population-tuning`` and ``population-held-out``), with the command that
made it: only from a run of every game, member and table of the set.
"""
import os
import sys
import time

import bench_players  # (play, summary, the players by name)
import population
from deck import shuffled
from poker.rng import Rng
from poker.rules import casino
from poker.variants import VARIANTS

GAMES = ('FT', 'F7S', 'FR', 'FO')
GOAL = 5.0  # bb/100, with the interval above zero

# The two sets: members, tables of three, and the seed of their deals
SETS = {
    'tuning': {
        'seed': 2026,
        'members': ('textbook:1', 'textbook:2', 'textbook:3', 'textbook:4', 'textbook:5',
                    'textbook:6', 'rock:1', 'maniac:1', 'station', 'rlcard'),
        'tables': (('textbook:1', 'textbook:2', 'textbook:3'),
                   ('textbook:4', 'rock:1', 'maniac:1')),
    },
    'held-out': {
        'seed': 4057,
        'members': ('textbook:101', 'textbook:102', 'textbook:103', 'textbook:104',
                    'textbook:105', 'textbook:106', 'rock:101', 'maniac:101', 'station',
                    'rlcard'),
        'tables': (('textbook:101', 'textbook:102', 'textbook:103'),
                   ('textbook:104', 'rock:101', 'maniac:101')),
    },
}


DOCS_PAGE = "docs/players.md"
DOCS_TABLES = {"tuning": "population-tuning", "held-out": "population-held-out"}
HERE = os.path.dirname(os.path.abspath(__file__))
# What the figures are of: the bench, its population and match loop, and
# Hard's play (the players' decisions deal for deal, tools/sim/decisions.py)
DOCS_SOURCES = (os.path.join(HERE, "population.py"), os.path.join(HERE, "bench_players.py"),
                os.path.join(HERE, "..", "..", "host_tests", "fixtures", "decisions.txt"))


def _player(name, seed):
    if ':' in name or name in ('station', 'rlcard'):
        return population.make(name, seed)
    return bench_players.make_player(name, seed)


def match(code, hero, others, deals, seed, log=None):
    """The hero's big bets per deal-hand, one float a duplicate deal.
    Heads-up (one other): each deal twice, the seats swapped; at a table,
    once with the hero in each seat, the others in their order round it.
    The players sit through the whole match, their draws afresh each
    deal (``bench_players.new_deal``). ``log``: a list that gets
    every hand (``bench_players.play``'s record, with the deal, the
    rotation and the hero's seat)."""
    variant = VARIANTS[code]
    rules = casino()
    bb = rules.big_bet
    seats = 1 + len(others)
    rots = 2 if seats == 2 else seats
    tables = []
    seeds = [[seed * 7919 + rot * 31 + s for s in range(seats)] for rot in range(rots)]
    for rot in range(rots):
        names = list(others)
        names.insert(rot, hero)
        tables.append([_player(names[s], seeds[rot][s]) for s in range(seats)])
    rng = Rng(seed)
    out = []
    for d in range(deals):
        deck = shuffled(rng)
        dealer = d % seats
        total = 0
        for rot in range(rots):
            bench_players.new_deal(tables[rot], seeds[rot], d)
            net = bench_players.play(variant, rules, tables[rot], dealer, deck, 100 * bb, log=log)
            if log is not None:
                log[-1].update(game=code, deal=d, rotation=rot, a_seats=[rot])
            total += net[rot]
        out.append(total / bb / rots)
    return out


def cells(sets, games, members=None, tables=True, heads_up=True):
    """The matches to play: (set, game, others) for each member that plays
    the game (``heads_up``), and each table of three (``tables``); with
    ``members``, only those members and the tables they sit at."""
    out = []
    for name in sets:
        spec = SETS[name]
        for code in games:
            for m in spec['members'] if heads_up else ():
                if (members is None or m in members) and population.plays(m, code):
                    out.append((name, code, (m,)))
            if tables:
                for t in spec['tables']:
                    if members is None or any(m in members for m in t):
                        out.append((name, code, tuple(t)))
    return out


def _job(args):
    name, code, others, hero, deals, log = args
    seed = SETS[name]['seed']
    t0 = time.time()
    if not log:
        return args, match(code, hero, others, deals, seed), time.time() - t0
    import json
    hands = []
    xs = match(code, hero, others, deals, seed, hands)
    path = '%s-%s-%s-%s.jsonl' % (log, name, code.replace('/', ''),
                                  '+'.join(o.replace(':', '') for o in others))
    with open(path, 'w') as f:
        for h in hands:
            f.write(json.dumps(h) + '\n')
    return args, xs, time.time() - t0


def label(others):
    return others[0] if len(others) == 1 else 'table: ' + ', '.join(others)


def worst(results):
    """The cell with the lowest figure: (mean, half interval, set, game,
    others), or None."""
    best = None
    for (name, code, others), (m, h) in results.items():
        if best is None or m < best[0]:
            best = (m, h, name, code, others)
    return best


def meets_goal(m, h):
    return m >= GOAL and m - h > 0


def markdown(results, name, games):
    """The set's figures as a markdown table: a row per member or table,
    a column per game."""
    spec = SETS.get(name, {'members': (), 'tables': ()})
    order = [(m,) for m in spec['members']] + [tuple(t) for t in spec['tables']]
    rows = []
    for (n, code, others) in results:
        if n == name and others not in rows:
            rows.append(others)
    rows.sort(key=lambda o: order.index(o) if o in order else len(order))
    lines = ['| %s | %s |' % (name, ' | '.join(VARIANTS[g].name for g in games)),
             '| --- |' + ' --- |' * len(games)]
    for others in rows:
        cols = []
        for g in games:
            r = results.get((name, g, others))
            cols.append('-' if r is None else '%+.1f [%+.1f, %+.1f]%s' % (
                r[0], r[0] - r[1], r[0] + r[1], '' if meets_goal(*r) else ' *'))
        lines.append('| %s | %s |' % (label(others), ' | '.join(cols)))
    return '\n'.join(lines)


def verdict(results, name):
    """The set's summary line: its worst cell and whether every cell meets the goal."""
    part = dict((k, v) for k, v in results.items() if k[0] == name)
    m, h, _n, code, others = worst(part)
    good = all(meets_goal(*v) for v in part.values())
    return good, '%s: worst cell %+.1f [%+.1f, %+.1f] (%s, %s); every cell at least %+.0f ' \
        'with its interval above zero: %s' % (name, m, m - h, m + h, VARIANTS[code].name,
                                              label(others), GOAL, 'yes' if good else 'no')


def docs_text(results, name, deals):
    """Set ``name``'s table for docs/players.md: the command that made it,
    the table and the worst cell."""
    command = 'python tools/bench/bench_population.py --set %s --deals %d --jobs 2 --docs' % (
        name, deals)
    return '`%s`: Hard, big bets per 100 hands (bb/100) with 95 %% intervals, %s duplicate ' \
        'deals a cell; * short of the goal.\n\n%s\n\n%s.\n' % (
            command, format(deals, ','), markdown(results, name, GAMES), verdict(results, name)[1])


def write_docs(results, sets, deals):
    import doctable
    for name in sets:
        doctable.write(DOCS_PAGE, DOCS_TABLES[name], docs_text(results, name, deals),
                       (__file__,) + DOCS_SOURCES)


def run(sets, games, deals, hero='hard', members=None, tables=True, heads_up=True, jobs=1,
        log=None, out=sys.stdout, docs=False):
    tasks = [(name, code, others, hero, deals, log)
             for name, code, others in cells(sets, games, members, tables, heads_up)]
    tasks.sort(key=lambda t: -len(t[2]))  # the tables first: the longest
    out.write('%s against the population (%s), casino 10/20, %d duplicate deals a cell, '
              'bb/100 of %s (95%% CI)\n' % (hero, ', '.join(sets), deals, hero))
    out.flush()
    if jobs > 1:
        from multiprocessing import Pool
        pool = Pool(jobs)
        stream = pool.imap_unordered(_job, tasks)
    else:
        pool = None
        stream = (_job(t) for t in tasks)
    results = {}
    t0 = time.time()
    for (name, code, others, _h, _d, _l), xs, secs in stream:
        m, h = bench_players.summary(xs)
        results[(name, code, others)] = (m, h)
        out.write('%-8s %-4s %-40s %+7.1f [%+6.1f, %+6.1f] %s (%.0f s)\n' % (
            name, code, label(others), m, m - h, m + h,
            'ok' if meets_goal(m, h) else 'MISS', secs))
        out.flush()
    if pool is not None:
        pool.close()
    ok = True
    for name in sets:
        if not any(k[0] == name for k in results):
            continue
        out.write('\n' + markdown(results, name, games) + '\n')
        good, line = verdict(results, name)
        ok = ok and good
        out.write(line + '\n')
    out.write('population run: %.0f s\n' % (time.time() - t0))
    if docs:
        write_docs(results, sets, deals)
        out.write('written: %s\n' % DOCS_PAGE)
    return ok


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--set', default='tuning', choices=('tuning', 'held-out', 'both'))
    ap.add_argument('--games', default=','.join(GAMES))
    ap.add_argument('--deals', type=int, default=500, help='duplicate deals a cell')
    ap.add_argument('--hero', default='hard', help='the player measured (a level or a '
                    'bench_players name)')
    ap.add_argument('--members', default='', help='only these members (and the tables '
                    'they sit at), comma-separated')
    ap.add_argument('--no-tables', action='store_true', help='heads-up cells only')
    ap.add_argument('--tables-only', action='store_true')
    ap.add_argument('--jobs', type=int, default=1)
    ap.add_argument('--log', metavar='PREFIX', help='hand logs, one JSON line a hand')
    ap.add_argument('--describe', action='store_true', help='print what each member drew')
    ap.add_argument('--docs', action='store_true', help="write each set's table into %s" % DOCS_PAGE)
    o = ap.parse_args(argv)
    sets = ('tuning', 'held-out') if o.set == 'both' else (o.set,)
    if o.docs and (o.games != ','.join(GAMES) or o.hero != 'hard' or o.members or o.no_tables
                   or o.tables_only):
        ap.error('--docs writes whole sets only: every game, member and table, Hard measured')
    if o.describe:
        for name in sets:
            for m in SETS[name]['members']:
                print('%s  %s' % (name, population.describe(m)))
        return 0
    members = set(o.members.split(',')) if o.members else None
    ok = run(sets, o.games.split(','), o.deals, o.hero, members, not o.no_tables,
             not o.tables_only, o.jobs, o.log, docs=o.docs)
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
