"""tools/bench/stud_logs.py: what it reads of a stud hand log, on hands
whose answer is known: the start's class, what it faces on third street
and whether it came in, its later calls by what its cards make, and what
each won against a fold there."""
import io

import stud_logs
from poker.cards import parse


def _hand(actions, net, down, up, shown=(False, False)):
    return {'players': ['hard', 'textbook:1'], 'game': 'F7S', 'dealer': 0,
            'down': [parse(d) for d in down], 'up': [parse(u) for u in up],
            'board': [], 'actions': actions, 'shown': list(shown), 'net': net}


def test_start_classes_and_made_hands():
    assert stud_logs.start_class('F7S', parse('Kc Kd 4h')) == 'pair high'
    assert stud_logs.start_class('F7S', parse('4c 4d Kh')) == 'pair low'
    assert stud_logs.start_class('F7S', parse('4c 7c Kc')) == '3 flush'
    assert stud_logs.start_class('F7S', parse('2c 9d Kh')) == 'junk'
    assert stud_logs.start_class('FR', parse('Ac 3d 7h')) == '3 low, 7 high'
    assert stud_logs.start_class('FR', parse('Ac 3d Th')) == 'top T'
    assert stud_logs.made_now('F7S', parse('Kc Kd 4h 9s 2c')) == 'pair'
    assert stud_logs.made_now('FR', parse('Ac 3d Th 4s Qc')) == '2 bad cards'


def test_report_counts_a_completion_folded_and_a_fifth_street_call():
    folded = _hand([[0, 1, 'bring_in', 5], [0, 0, 'complete', 10], [0, 1, 'fold', 0]],
                   [6, -6], ['2c 9d', 'Ks 3h'], ['Kh', '2s'])
    called = _hand([[0, 0, 'bring_in', 5], [0, 1, 'complete', 10], [0, 0, 'call', 5],
                    [1, 1, 'check', 0], [1, 0, 'check', 0],
                    [2, 1, 'bet', 20], [2, 0, 'call', 20],
                    [3, 1, 'bet', 20], [3, 0, 'fold', 0]],
                   [-31, 31], ['Kc Kd', 'As Ah'], ['2h 7s 9c', '8c 5d 6h'])  # (ante 1)
    out = io.StringIO()
    stud_logs.report([(folded, 0), (called, 0)], out)
    text = out.getvalue()
    # the first hand: the bring-in to pay, it came in (its completion won)
    assert 'bring-in / pair' not in text
    lines = dict((l.split('  ')[1].strip(), l) for l in text.splitlines() if l.startswith('  '))
    # (bb/100 of the two hands: +6 chips is +15.0; against a fold, which
    # would have lost the ante, +7 chips: +17.5)
    assert lines['bring-in'].split()[1:5] == ['1', '100.0%', '+15.0', '+17.5'], lines['bring-in']
    # the second: a completion faced after its bring-in, called
    key = 'a completion (ours the bring-in)'
    assert lines[key].split()[-4:-2] == ['1', '100.0%'], lines[key]
    # its fifth-street call with kings: a pair, lost; a fold there would
    # have lost its 11 chips in (ante, bring-in, call), the call lost 31
    five = [l for l in text.splitlines() if l.startswith('  street 5, pair')]
    assert len(five) == 1 and five[0].split()[-4:] == ['1', '0.0%', '-77.5', '-50.0'], five
    assert 'folded on 6' in text
