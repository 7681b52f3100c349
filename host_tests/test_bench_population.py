"""tools/bench/population.py and bench_population.py: the population
Hard is measured against from outside. Its members play legal actions
from the view alone; their hand values (phevaluator, their own
ace-to-five low) order hands as the firmware's evaluator does, so that
they read hands right without sharing our code; a member's thresholds
are drawn from its seed alone; RLCard's rules are followed as written;
the report names the worst cell."""
import io
import random

import pytest

import bench_population
import doctable
import population
from deck import shuffled
from poker.eval import evaluator
from poker.cards import parse
from poker.hand import Hand
from poker.rng import Rng
from poker.rules import casino
from poker.variants import VARIANTS
from playing import play_hand

MEMBERS = ("textbook:1", "textbook:2", "rock:1", "maniac:1", "station")


def test_every_member_plays_legal_actions_from_the_view_in_every_game():
    rng = Rng(5)
    for code in bench_population.GAMES:
        for i in range(3):
            names = [MEMBERS[(i + s) % len(MEMBERS)] for s in range(4)]
            if code == "FT" and i == 0:
                names[3] = "rlcard"
            bots = [population.make(n, seed_play=i * 10 + s) for s, n in enumerate(names)]
            assert play_hand(code, casino(), bots, i % 4, shuffled(rng)).finished


def _sign(x):
    return (x > 0) - (x < 0)


def test_the_outside_hand_values_order_hands_as_the_firmware_evaluator_does():
    # lower is better outside, higher is better inside: the orders agree
    rng = random.Random(3)
    for _ in range(1500):
        cards = rng.sample(range(52), 14)
        a, b = cards[:7], cards[7:]
        assert _sign(population.high_value(b) - population.high_value(a)) == \
            _sign(evaluator.high(a) - evaluator.high(b))
        assert _sign(population.low_value(b) - population.low_value(a)) == \
            _sign(evaluator.low_a5(a) - evaluator.low_a5(b)), (a, b)
        board = cards[:5]
        h1, h2 = cards[5:9], cards[9:13]
        assert _sign(population.omaha_value(h2, board) - population.omaha_value(h1, board)) == \
            _sign(evaluator.omaha_high(h1, board) - evaluator.omaha_high(h2, board))


def test_razz_low_values_rank_paired_hands_below_unpaired_ones_and_the_wheel_best():
    wheel = population.low_value(parse("Ah 2d 3c 4s 5d Kh Kd"))
    six = population.low_value(parse("Ah 2d 3c 4s 6d 6h 6s"))
    pair = population.low_value(parse("Ah Ad 2c 3s 4d Kh Kc"))
    two_pair = population.low_value(parse("Ah Ad 2c 2s Qd Qh Kc"))
    assert wheel < six < pair < two_pair


def test_strength_is_a_share_of_the_pot_against_random_hands():
    # aces against one random hold'em hand hold about 85 %, 7-2 about 35 %
    h = Hand(VARIANTS["FT"], casino(), [400, 400], 0, deck=shuffled(Rng(2)))
    v = h.view(h.actor)
    me = v.seat
    rng = random.Random(1)
    v.down[me] = parse("As Ah")
    aces = population.strength(v, 2000, rng)
    v.down[me] = parse("7c 2d")
    junk = population.strength(v, 2000, rng)
    assert 820 <= aces <= 880 and 300 <= junk <= 380, (aces, junk)


def test_a_members_thresholds_come_from_its_seed_alone_and_stay_in_their_ranges():
    a = population.make("textbook:7", seed_play=1).p
    b = population.make("textbook:7", seed_play=99).p
    assert a == b and a != population.make("textbook:8").p
    for name, ranges in (("textbook", population.TEXTBOOK_RANGES), ("rock", population.ROCK_RANGES)):
        for seed in range(30):
            p = population.make("%s:%d" % (name, seed)).p
            assert set(p) == set(ranges)
            for k, (lo, hi) in ranges.items():
                assert lo <= p[k] <= hi


def test_the_rule_agent_follows_rlcards_limit_holdem_rules():
    want = population.RuleAgent._wanted

    def cards(text):
        return [("23456789TJQKA"[c >> 2], c & 3) for c in parse(text)]

    # before the flop: pairs, ace-broadway, suited aces, two broadway cards
    assert want(cards("7c 7d"), []) == "raise"
    assert want(cards("Ah Tc"), []) == "raise"
    assert want(cards("Ah 4h"), []) == "raise"
    assert want(cards("Qs Jd"), []) == "raise"
    assert want(cards("Ah 4c"), []) == "fold"
    assert want(cards("9s 8s"), []) == "fold"
    # a pair raises a set, else folds
    assert want(cards("7c 7d"), cards("7h Kc 2d")) == "raise"
    assert want(cards("7c 7d"), cards("8h Kc 2d")) == "fold"
    # broadway cards: check the flop, fold the turn, when no board card tops a five
    assert want(cards("Qs Jd"), cards("2h 3c 5d")) == "check"
    assert want(cards("Qs Jd"), cards("2h 3c 5d 4s")) == "fold"
    assert want(cards("Qs Jd"), cards("2h 3c 9d")) == "call"


def test_the_rule_agent_folds_junk_even_when_a_check_is_free():
    # heads-up the small blind completes; the big blind's free check with
    # a hand outside RLCard's list is a fold, as RLCard's agent plays it
    agent = population.RuleAgent()
    rng = Rng(4)
    for _ in range(50):
        h = Hand(VARIANTS["FT"], casino(), [400, 400], 0, deck=shuffled(rng))
        h.act("call", h.to_call(h.actor))
        v = h.view(h.actor)
        hole = [("23456789TJQKA"[c >> 2], c & 3) for c in v.down[v.seat]]
        if population.RuleAgent._wanted(hole, []) == "fold":
            assert ("check", 0) in v.legal
            assert agent.decide(v) == ("fold", 0)
            return
    raise AssertionError("no junk hand in 50 deals")


def test_each_deal_is_played_from_draws_of_its_own(monkeypatch):
    # every player's random draws start afresh each deal, from its seed and
    # the deal's number: players whose draws were moved before the match
    # (as a changed decision of the hero's moves them) play the same hands
    # (a textbook member and Normal, both of whom draw: the member for its
    # Monte Carlo and its bluffs, Normal for its deals)
    made = bench_population._player

    def moved(name, seed):
        p = made(name, seed)
        for _ in range(7):
            p.rng.random() if isinstance(p.rng, random.Random) else p.rng.next16()
        return p

    for code in ("FR", "FT"):
        logs = []
        for make in (made, moved):
            monkeypatch.setattr(bench_population, "_player", make)
            log = []
            bench_population.match(code, "normal", ("textbook:1",), 4, 11, log=log)
            logs.append([(h["deal"], h["rotation"], h["actions"], h["net"]) for h in log])
        assert logs[0] == logs[1], code
        assert len(logs[0]) == 8 and len(set(str(h[2]) for h in logs[0])) > 2


def test_the_summary_names_the_worst_cell_and_whether_the_goal_holds():
    results = {("tuning", "FT", ("textbook:1",)): (12.0, 4.0),
               ("tuning", "F7S", ("textbook:1",)): (6.0, 7.0),
               ("tuning", "FT", ("rock:1",)): (30.0, 2.0)}
    assert bench_population.worst(results)[:4] == (6.0, 7.0, "tuning", "F7S")
    assert not bench_population.meets_goal(6.0, 7.0)
    assert bench_population.meets_goal(12.0, 4.0)
    table = bench_population.markdown(results, "tuning", ("FT", "F7S"))
    assert "+6.0 [-1.0, +13.0] *" in table and "| rock:1 | +30.0 [+28.0, +32.0] | - |" in table


def test_a_small_population_run_prints_every_cell_and_the_worst(tmp_path):
    out = io.StringIO()
    ok = bench_population.run(("tuning",), ("FT",), 2, hero="normal",
                              members={"station", "rlcard"}, tables=False, out=out)
    text = out.getvalue()
    assert "station" in text and "rlcard" in text and "worst cell" in text
    # Normal does not beat a station by +5 with its interval above zero in two deals
    assert not ok


_PAGE = ("# Players\n\n<!-- table population-tuning -->\n<!-- end table population-tuning -->\n\n"
         "<!-- table population-held-out -->\n<!-- end table population-held-out -->\n")


def test_the_docs_table_says_the_command_the_deals_and_the_worst_cell(tmp_path, monkeypatch):
    results = {("tuning", "FT", ("rock:1",)): (30.0, 2.0),
               ("tuning", "FT", ("textbook:1",)): (12.0, 4.0),
               ("tuning", "F7S", ("textbook:1",)): (3.0, 4.0),
               ("tuning", "FT", ("textbook:1", "textbook:2", "textbook:3")): (8.0, 5.0)}
    page = tmp_path / "players.md"
    page.write_text(_PAGE)
    monkeypatch.setattr(bench_population, "DOCS_PAGE", str(page))
    bench_population.write_docs(results, ("tuning",), 2000)
    doc = page.read_text()
    assert "`python tools/bench/bench_population.py --set tuning --deals 2000 --jobs 2 --docs`" in doc
    assert "2,000 duplicate deals a cell" in doc
    # the rows in the set's order (members, then tables), whatever order the cells ended in
    assert doc.index("| textbook:1 |") < doc.index("| rock:1 |") < doc.index("| table: textbook:1,")
    assert "+3.0 [-1.0, +7.0] *" in doc
    assert "worst cell +3.0 [-1.0, +7.0] (7 Card Stud, textbook:1)" in doc
    tables = doctable.tables(str(page))
    assert [t[0] for t in tables] == ["population-tuning", "population-held-out"]
    # stamped with the bench, its population and Hard's play (the players'
    # decisions deal for deal, not their source): today's versions
    assert tables[0][5] is None and "host_tests/fixtures/decisions.txt" in tables[0][1]
    assert not [t for t in tables[0][1] if t.startswith("firmware/")]
    assert tables[1][5] == "never written by its tool"


def test_docs_are_written_from_whole_sets_only(capsys):
    for partial in (["--members", "station"], ["--games", "FT"], ["--no-tables"],
                    ["--tables-only"], ["--hero", "normal"]):
        with pytest.raises(SystemExit):
            bench_population.main(["--docs"] + partial)
        assert "--docs writes whole sets only" in capsys.readouterr().err
