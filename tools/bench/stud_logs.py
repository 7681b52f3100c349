"""Where a player wins and loses at the stud games, read from the hand logs
of ``bench_population.py --log`` (tools only, CPython):

    python tools/bench/bench_population.py --games F7S,FR --no-tables --log /tmp/h
    python tools/bench/stud_logs.py /tmp/h-tuning-F7S-*.jsonl

For the measured player's seat (``--hero``, Hard by default), heads-up or
at a table, big bets won per 100 hands (bb/100 of all its hands):

- third street: how often it comes in (calls, completes or raises), by
  what it faces (the bring-in to pay or a completion), by its start's
  class and by its door card against the highest door card of the others
  (stud) or by its door card's rank (razz), and what those hands won;
- later streets: its calls of a bet, by street and by what its cards make
  at that point (stud: a pair or better of its own, or nothing; razz: how
  many of its cards are neither paired nor above an eight), and what those
  hands won in the end;
- the last round: its calls of a bet, how often they won the pot.

For a call (or coming in on third street), "against a fold" is what the hand won from that call on: its
net less what a fold there would have lost (the ante and its chips in
before the call). A hand's net counts the chips it put in earlier too, so
a call that loses less than those was still worth making.
"""
import json
import sys
from collections import defaultdict

from poker.cards import LOW_RANK
from poker.odds.ranges import start_score
from poker.players.base import P45, P70

BB = 20  # casino 10/20


def _rank(c):
    return '23456789TJQKA'[c >> 2]


def start_class(code, cards):
    """A three-card stud start in words."""
    r = sorted((c >> 2 for c in cards), reverse=True)
    if code == 'FR':
        low = sorted(LOW_RANK[c] + 1 for c in cards)
        if len(set(low)) < 3:
            return 'paired'
        top = low[-1]
        return '3 low, %s high' % ('A23456789TJQK'[top - 1]) if top <= 8 else 'top %s' % (
            'A23456789TJQK'[top - 1])
    if r[0] == r[2]:
        return 'trips'
    if r[0] == r[1] or r[1] == r[2]:
        p = r[1]
        big = 'high' if p >= 8 else 'low'
        return 'pair %s' % big
    if cards[0] & 3 == cards[1] & 3 == cards[2] & 3:
        return '3 flush'
    if r[0] - r[2] <= 4:
        return '3 straight'
    if r[1] >= 9:
        return '2 over J'
    return 'junk'


def score_band(code, cards):
    s = start_score(code, cards)
    return 'best 30%' if s >= P70[code] else ('30-55%' if s >= P45[code] else 'worst 45%')


def door_band(code, mine, theirs):
    """Stud: our door card against the highest of theirs; razz: our door's rank."""
    if code == 'FR':
        r = LOW_RANK[mine] + 1
        return 'door A-5' if r <= 5 else ('door 6-8' if r <= 8 else 'door 9-K')
    hi = max(c >> 2 for c in theirs) if theirs else -1
    m = mine >> 2
    return 'door highest' if m > hi else ('door paired' if m == hi else 'door lower')


def made_now(code, cards):
    """What the cards make as they stand, in words."""
    if code == 'FR':
        low = set(LOW_RANK[c] for c in cards if LOW_RANK[c] <= 7)
        bad = len(cards) - len(low)
        return '%d bad card%s' % (bad, '' if bad == 1 else 's')
    counts = defaultdict(int)
    for c in cards:
        counts[c >> 2] += 1
    best = max(counts.values())
    if best >= 3:
        return 'trips+'
    pairs = sum(1 for v in counts.values() if v == 2)
    if pairs >= 2:
        return 'two pair'
    if pairs == 1:
        return 'pair'
    suits = defaultdict(int)
    for c in cards:
        suits[c & 3] += 1
    if max(suits.values()) >= 4:
        return 'flush draw'
    return 'nothing'


def cards_at(h, seat, street):
    """The seat's cards dealt by a street (stud: 3, 4, 5, 6, 7)."""
    n = 3 + street
    down = h['down'][seat]
    up = h['up'][seat]
    # dealt: 2 down, 4 up, 1 down
    order = down[:2] + up[:4] + down[2:3]
    return order[:n]


class Tally:
    def __init__(self):
        self.n = 0
        self.won = 0
        self.net = 0.0
        self.more = 0.0  # (calls) the net against a fold there

    def add(self, net, sunk=0.0):
        self.n += 1
        self.won += net > 0
        self.net += net
        self.more += net + sunk


def ante(h):
    """The hand's ante: what a seat lost beyond its own chips in, where it
    folded (0 if none folded)."""
    for s in range(len(h['players'])):
        if any(a[1] == s and a[2] == 'fold' for a in h['actions']):
            return -h['net'][s] - sum(a[3] for a in h['actions'] if a[1] == s)
    return 0


def read(paths, hero):
    hands = []
    for p in paths:
        with open(p) as f:
            for line in f:
                h = json.loads(line)
                for s, name in enumerate(h['players']):
                    if name == hero:
                        hands.append((h, s))
    return hands


def report(hands, out=sys.stdout):
    if not hands:
        out.write('no hands\n')
        return
    code = hands[0][0]['game']
    total = len(hands)
    entry = defaultdict(lambda: [0, 0, 0.0, 0.0])  # key -> [hands, came in, net of those in, against a fold]
    later = defaultdict(Tally)
    river = Tally()
    river_class = defaultdict(Tally)
    ended = defaultdict(Tally)
    all_net = 0.0
    for h, s in hands:
        net = h['net'][s] / BB
        all_net += net
        acts = [a for a in h['actions']]
        mine3 = cards_at(h, s, 0)
        others = [h['up'][o][0] for o in range(len(h['players'])) if o != s and h['up'][o]]
        first = [a for a in acts if a[0] == 0 and a[1] == s]
        brought = bool(first) and first[0][2] == 'bring_in'
        choice = first[1:] if brought else first
        if not choice:
            faced = 'no choice'  # its bring-in ended the round
        else:
            faced = 'bring-in' if not brought else 'after our bring-in'
            for a in acts[:acts.index(choice[0])]:
                if a[2] in ('complete', 'raise', 'bet') and a[1] != s:
                    faced = 'a completion' + (' (ours the bring-in)' if brought else '')
        came = any(a[2] in ('call', 'complete', 'raise', 'bet') for a in choice)
        # a fold at its first choice loses the ante (and its bring-in)
        before = (ante(h) + (first[0][3] if brought else 0)) / BB
        for key in (('faced', faced), ('class', faced, start_class(code, mine3)),
                    ('band', faced, score_band(code, mine3)),
                    ('door', faced, door_band(code, mine3[2], others))):
            e = entry[key]
            e[0] += 1
            if came:
                e[1] += 1
                e[2] += net
                e[3] += net + before
        # later streets: calls of a bet
        last_street = max((a[0] for a in acts if a[1] == s), default=0)
        final = 4
        folded = any(a[1] == s and a[2] == 'fold' for a in acts)
        end = 'folded on %d' % (last_street + 3) if folded else (
            'showdown' if sum(h['shown']) > 1 else 'they folded')
        ended[end].add(net)
        sunk = ante(h)  # ours in the pot before each action of ours
        for a in acts:
            if a[1] != s:
                continue
            if a[2] == 'call' and 0 < a[0] < final:
                later[(a[0] + 3, made_now(code, cards_at(h, s, a[0])))].add(net, sunk / BB)
            if a[0] == final and a is [x for x in acts if x[1] == s][-1] and a[2] == 'call':
                river.add(net, sunk / BB)
                river_class[made_now(code, cards_at(h, s, final))].add(net, sunk / BB)
            sunk += a[3]
    w = out.write
    w('%s: %d hands of %s, %+.1f bb/100\n' % (code, total, hands[0][0]['players'][hands[0][1]],
                                              all_net * 100 / total))
    w('\nthird street: hands, came in %, bb/100 of all hands from those it came in with, '
      'and against a fold at its first choice\n')
    for key in sorted(entry):
        n, c, net, more = entry[key]
        w('  %-55s %6d %5.1f%% %+7.1f %+7.1f\n' % (' / '.join(key[1:]), n, 100.0 * c / n,
                                                   net * 100 / total, more * 100 / total))
    w('\nlater streets, its calls of a bet: calls, hands won %, bb/100 of all hands, '
      'and against a fold there\n')
    for key in sorted(later):
        t = later[key]
        w('  street %d, %-30s %6d %5.1f%% %+7.1f %+7.1f\n' % (
            key[0], key[1], t.n, 100.0 * t.won / t.n, t.net * 100 / total, t.more * 100 / total))
    w('\nlast round, its calls of a bet: %d, won %.1f%%, %+.1f bb/100, %+.1f against a fold\n' % (
        river.n, 100.0 * river.won / max(river.n, 1), river.net * 100 / total, river.more * 100 / total))
    for k in sorted(river_class):
        t = river_class[k]
        w('  %-30s %6d %5.1f%% %+7.1f %+7.1f\n' % (k, t.n, 100.0 * t.won / t.n, t.net * 100 / total,
                                                  t.more * 100 / total))
    w('\nwhere its hands ended: hands, won %, bb/100 of all hands\n')
    for k in sorted(ended):
        t = ended[k]
        w('  %-30s %6d %5.1f%% %+7.1f\n' % (k, t.n, 100.0 * t.won / t.n, t.net * 100 / total))


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('logs', nargs='+')
    ap.add_argument('--hero', default='hard')
    o = ap.parse_args(argv)
    by_game = defaultdict(list)
    for h, s in read(o.logs, o.hero):
        by_game[h['game']].append((h, s))
    for code in sorted(by_game):
        report(by_game[code])
        sys.stdout.write('\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
