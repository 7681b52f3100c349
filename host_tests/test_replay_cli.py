"""tools/phh/replay_cli.py: a PHH file through our engine, one JSON object out.

The hand-written fixtures in host_tests/fixtures/ cover the situations where
PokerKit departs from the house rules (docs/rules.md), so the differential tests
leave them out: each states the rule, the hand and the finishing stacks
worked out by hand in its comments; the replay must reach exactly those
stacks (``matches_file``). The ``*_not_offered``/``*_capped``/``*_no_raise*``
twins make the rule's action illegal and must fail naming it.
"""
import json
import os
import random
import re
import subprocess
import sys

import pk_oracle as pk
import pytest
from spots import exhausted_hand
from hostenv import ROOT

TOOL = os.path.join(ROOT, "tools", "phh", "replay_cli.py")
FIXTURES = os.path.join(ROOT, "host_tests", "fixtures")

# fixture -> the action our engine must refuse (None: it replays)
CASES = {
    "short_all_in_does_not_reopen.phh": None,
    "short_all_in_no_raise_after_acting.phh": "p2 cbr 24",
    "short_all_in_half_bet_reopens.phh": None,
    "partial_bring_in.phh": None,
    "hilo_side_pot_without_low.phh": None,
    "odd_chip_to_highest_card_by_suit.phh": None,
    "odd_chip_by_seat.phh": None,
    "deck_exhaustion_community_card.phh": None,
    "open_pair_big_bet.phh": None,
    "open_pair_big_bet_not_offered.phh": "p1 cbr 20",
    "heads_up_uncapped.phh": None,
    "heads_up_capped.phh": "p1 cbr 50",
    "fold_when_check_is_free.phh": None,
    "bring_in_fold_not_offered.phh": "p1 f",
}


def _run(*args):
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True,
                          timeout=120)


def test_every_fixture_is_listed():
    assert sorted(f for f in os.listdir(FIXTURES) if f.endswith(".phh")) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_fixture_replays_to_the_stacks_worked_out_by_hand_or_fails_naming_the_action(name):
    proc = _run(os.path.join(FIXTURES, name))
    bad = CASES[name]
    if bad is None:
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        assert out["matches_file"] is True
        assert sum(out["finishing_stacks"]) == sum(out["starting_stacks"])
    else:
        assert proc.returncode == 2, proc.stdout + proc.stderr
        assert repr(bad) in proc.stderr and proc.stdout == ""


def test_hilo_side_pot_without_low_goes_whole_to_the_high_hand():
    out = json.loads(_run(os.path.join(FIXTURES, "hilo_side_pot_without_low.phh")).stdout)
    pots = [(p["amount"], p["half"], p["winners"], p["eligible"]) for p in out["pots"]]
    # settled last-formed first: the side pot, then the main pot's halves
    assert pots == [(20, "all", ["p2"], ["p2", "p3"]),
                    (17, "high", ["p2"], ["p1", "p2", "p3"]),
                    (16, "low", ["p1"], ["p1", "p2", "p3"])]


def test_a_wrong_finishing_stack_in_the_file_exits_1(tmp_path):
    with open(os.path.join(FIXTURES, "partial_bring_in.phh")) as f:
        text = f.read().replace("finishing_stacks = [12, 1003, 989]", "finishing_stacks = [12, 1004, 988]")
    p = tmp_path / "wrong.phh"
    p.write_text(text)
    proc = _run(str(p))
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["finishing_stacks"] == [12, 1003, 989]
    assert "differ" in proc.stderr


def test_unreadable_text_and_unknown_variants_exit_2(tmp_path):
    p = tmp_path / "bad.phh"
    p.write_text("variant = 'F7S\nantes = [1]\n")
    proc = _run(str(p))
    assert proc.returncode == 2 and "line" in proc.stderr
    p.write_text("variant = 'NT'\nantes = [0, 0]\nstarting_stacks = [1, 1]\nactions = []\n")
    proc = _run(str(p))
    assert proc.returncode == 2 and "NT" in proc.stderr
    assert _run(str(tmp_path / "missing.phh")).returncode == 2


def test_pokerkit_written_hands_replay_to_pokerkit_stacks_in_file_order(tmp_path):
    # an independent engine wrote these files (no user fields): our replay
    # must give PokerKit's final stacks, player by player
    rnd = random.Random(77)
    done = 0
    for code, stakes in (("F7S", {"ante": 1, "bring_in": 5, "small_bet": 10, "big_bet": 20}),
                         ("FT", {"small_blind": 5, "big_blind": 10, "small_bet": 10, "big_bet": 20})):
        while True:
            r = pk.play_random(code, [1000, 300, 1000, 700], stakes, rnd)
            if not r["flags"] and len(r["legal"]) > 6:
                break
        path = str(tmp_path / ("%s.phh" % code.replace("/", "_")))
        with open(path, "w") as f:
            f.write(r["phh"])
        proc = _run(path)
        assert proc.returncode == 0, proc.stderr
        out = json.loads(proc.stdout)
        assert out["finishing_stacks"] == r["final"]
        assert out["players"] == ["p1", "p2", "p3", "p4"] and "matches_file" not in out
        done += 1
    assert done == 2


def test_hole_cards_written_unknown_but_shown_at_the_showdown_are_replayed_as_shown(tmp_path):
    # PHH files often hide hole cards (????) that the showdown reveals
    rnd = random.Random(5)
    stakes = {"small_blind": 5, "big_blind": 10, "small_bet": 10, "big_bet": 20}
    while True:
        r = pk.play_random("FT", [1000, 1000, 1000], stakes, rnd)
        if not r["flags"] and "'p1 sm " in r["phh"] and "'p2 sm " in r["phh"]:
            break
    text = re.sub(r"'d dh (p[12]) [2-9TJQKA][cdhs][2-9TJQKA][cdhs]'", r"'d dh \1 ????'", r["phh"])
    assert text.count("????") == 2
    p = tmp_path / "hidden.phh"
    p.write_text(text)
    proc = _run(str(p))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["finishing_stacks"] == r["final"]


def test_every_fixture_is_phh_text_pokerkit_reads():
    import warnings

    from pokerkit import HandHistory
    for name in CASES:
        with open(os.path.join(FIXTURES, name)) as f:
            text = f.read()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            hh = HandHistory.loads(text)
        assert len(hh.starting_stacks) == len(hh.finishing_stacks), name


def test_fold_when_a_check_is_free_replays_in_pokerkit_cash_games_to_the_same_stacks():
    # PokerKit's cash-game mode (its HandHistory's) lets a player fold with
    # a check free, only warning: an independent replay of the fixture
    # reaches the stacks worked out by hand; and PokerKit also refuses a
    # fold by the bring-in
    with open(os.path.join(FIXTURES, "fold_when_check_is_free.phh")) as f:
        text = f.read()
    assert list(pk.replay_phh(text).stacks) == [1042, 989, 969]
    with open(os.path.join(FIXTURES, "bring_in_fold_not_offered.phh")) as f:
        text = f.read()
    with pytest.raises(ValueError):
        pk.replay_phh(text)


def test_a_deck_exhaustion_reshuffle_is_recorded_and_replays_card_for_card_rules_edge_exhaustion(tmp_path):
    # docs/rules.md edge rule (deck exhaustion and histories): what the reshuffle
    # did is part of the record, and a replay deals exactly the same cards
    # (else the replay exits 2, "deal ... differs")
    import phh
    for seed in range(3):
        h = exhausted_hand(seed)
        assert h.reshuffled is not None
        text = phh.dumps(h)
        f = phh.loads(text)
        assert f["_reshuffle"] == phh.cards_text(h.reshuffled)
        h2, _ = phh.replay(f)
        assert (h2.hole, h2.stacks, h2.reshuffled) == (h.hole, h.stacks, h.reshuffled)
        path = tmp_path / ("exhausted%d.phh" % seed)
        path.write_text(text)
        proc = _run(str(path))
        assert proc.returncode == 0 and json.loads(proc.stdout)["matches_file"] is True
        # a record that disagrees with the deal is refused, named
        pool = f["_reshuffle"]
        path.write_text(text.replace(pool, pool[2:] + pool[:2]))
        proc = _run(str(path))
        assert proc.returncode == 2 and "reshuffle" in proc.stderr
