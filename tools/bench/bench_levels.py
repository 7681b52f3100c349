"""How far apart the three levels are (tools only, CPython):

    python tools/bench/bench_levels.py                    # 2,000 deals a cell
    python tools/bench/bench_levels.py --deals 500 --jobs 2
    python tools/bench/bench_levels.py --docs             # and the table of docs/players.md

Each level against the one below it, and Hard against Easy, heads-up in
the four games: duplicate matches under the casino rules at 10/20 (each
deal played twice, the seats swapped; ``bench_players.match``), the
``balanced`` style, seed 2026. The figure is the stronger level's big
bets won per 100 hands with its 95 % interval; a cell below zero, or
whose interval reaches zero, breaks the order Hard > Normal > Easy.
``--docs`` writes the table ``levels`` of docs/players.md with the
command that made it (every pair and game; the deals it played).
"""
import os
import sys
import time

import bench_players
from poker.variants import VARIANTS

GAMES = ('FT', 'F7S', 'FR', 'FO')
PAIRS = (('hard', 'normal'), ('normal', 'easy'), ('hard', 'easy'))
SEED = 2026
DEALS = 2000

DOCS_PAGE = "docs/players.md"
HERE = os.path.dirname(os.path.abspath(__file__))
# What the figures are of: the match loop, and the levels' play (their
# decisions deal for deal, tools/sim/decisions.py: a change of play rewrites
# the file, a change of the players' code that leaves their play alone does not)
DOCS_SOURCES = (os.path.join(HERE, "bench_players.py"),
                os.path.join(HERE, "..", "..", "host_tests", "fixtures", "decisions.txt"))


def _job(args):
    code, a, b, deals = args
    t0 = time.time()
    xs = bench_players.match(code, a, b, deals, 2, SEED)
    return args, bench_players.summary(xs), time.time() - t0


def cell(m, h):
    return '%+.1f [%+.1f, %+.1f]' % (m, m - h, m + h)


def table(results, deals):
    """The docs table: a row per pair, a column per game, and the command."""
    import doctable
    rows = []
    for a, b in PAIRS:
        rows.append(['%s - %s' % (a.capitalize(), b.capitalize())] +
                    [cell(*results[(code, a, b)]) for code in GAMES])
    command = 'python tools/bench/bench_levels.py --deals %d --jobs 2 --docs' % deals
    return '`%s`: the first-named level\'s big bets per 100 hands (bb/100), heads-up, ' \
        '95 %% intervals, %s duplicate deals a cell.\n\n%s\n' % (
            command, format(deals, ','),
            doctable.markdown(['levels'] + [VARIANTS[c].name for c in GAMES],
                              rows, 'l' + 'r' * len(GAMES)))


def run(deals, jobs=1, out=sys.stdout):
    """Plays every pair in every game; returns {(game, a, b): (mean, half)}."""
    tasks = [(code, a, b, deals) for a, b in PAIRS for code in GAMES]
    out.write('the levels heads-up, casino 10/20, %d duplicate deals a cell, seed %d, '
              'bb/100 of the first (95%% CI)\n' % (deals, SEED))
    out.flush()
    pool = None
    if jobs > 1:
        from multiprocessing import Pool
        pool = Pool(jobs)
        stream = pool.imap_unordered(_job, tasks)
    else:
        stream = (_job(t) for t in tasks)
    results = {}
    for (code, a, b, _d), (m, h), secs in stream:
        results[(code, a, b)] = (m, h)
        out.write('%-4s %-6s - %-6s %s %s (%.0f s)\n' % (
            code, a, b, cell(m, h), 'ok' if m - h > 0 else 'MISS', secs))
        out.flush()
    if pool is not None:
        pool.close()
    return results


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--deals', type=int, default=DEALS, help='duplicate deals a cell')
    ap.add_argument('--jobs', type=int, default=1)
    ap.add_argument('--docs', action='store_true', help='write the table into %s' % DOCS_PAGE)
    o = ap.parse_args(argv)
    results = run(o.deals, o.jobs)
    text = table(results, o.deals)
    print('\n' + text)
    if o.docs:
        import doctable
        doctable.write(DOCS_PAGE, "levels", text, (__file__,) + DOCS_SOURCES)
        print('written: %s' % DOCS_PAGE)
    return 0 if all(m - h > 0 for m, h in results.values()) else 1


if __name__ == '__main__':
    sys.exit(main())
