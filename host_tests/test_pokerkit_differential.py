"""The rules engine against PokerKit (Mode.CASH_GAME), hand by hand.

For every variant PokerKit has (seven card stud, stud hi/lo, razz, limit
hold'em; Omaha hi/lo through a fixed-limit subclass, PokerKit 0.7.7's own
FO/8 class being pot-limit; and limit Omaha high, FO, through another, on
a quarter of the hands), random hands are played in both directions:

- PokerKit plays random legal actions with our deck; its own PHH text
  (``HandHistory.from_game_state(...).dumps()``) is read by ``phh`` (tools/phh) and
  replayed through ``poker.hand.Hand``;
- our engine plays random legal actions; ``phh.dumps`` writes the hand
  and PokerKit loads the text (``HandHistory.loads``) and replays it.

At every decision the two engines must offer the same legal actions (kind
and chips moved), and the final stacks must be equal.

The rule set is the casino profile with PokerKit's conventions where the
house rules are a choice (``tools/phh/selfplay.py --profile pokerkit``: bet + 3
raises heads-up too, no open-pair big bet, short all-ins by
``raise_over_all_in``, pots split by PokerKit's settling rules), so hands
with short all-ins, odd chips and hi/lo pots without a low are compared
like any other. Hands that reach a situation where PokerKit departs from
that rule set are left out (host_tests/pk_oracle.py lists them: partial
forced bets, deck exhaustion); the fixtures of test_replay_cli.py cover
those situations against our engine.
Stacks are drawn so that about half the players can go all in.

House-rule departure compared around: docs/rules.md lets a player fold on any
round, so our engine offers ``('fold', 0)`` beside a free check; PokerKit
does not (its games refuse the fold in tournament mode, their default, and
only warn in cash-game mode). Our
legal lists are compared with that one extension removed
(``pk_oracle.ours_as_pokerkit``), and neither random driver folds when a
check is free (so PokerKit can load what we write). The fixture
fold_when_check_is_free.phh of test_replay_cli.py covers the fold itself.

STUD_DIFF_HANDS (default 2000) sets the number of hands per variant and
direction.
"""
import os
import random
import warnings

import pk_oracle as pk
import pytest
from phh import selfplay

import phh
from poker.rng import Rng
from poker.variants import VARIANTS

pytestmark = pytest.mark.slow  # thousands of hands through both engines (docs/testing.md)

HANDS = int(os.environ.get("STUD_DIFF_HANDS", "2000"))
CODES = ("F7S", "F7S/8", "FR", "FT", "FO/8", "FO")
RULES = selfplay.make_rules("pokerkit")
SEED = {"F7S": 11, "F7S/8": 12, "FR": 13, "FT": 14, "FO/8": 15, "FO": 16}


# The pokerkit profile plays short all-ins by PokerKit's rule
# (raise_over_all_in): such hands are no departure and are compared too.
SAME_RULE = {"short_all_in"} if RULES.raise_over_all_in else set()


def _hands(code):
    # limit Omaha high has no PokerKit class (a fixed-limit subclass here)
    # and no PHH code: checked too, on a quarter of the hands
    return HANDS // 4 if code == "FO" else HANDS


def _stakes(code):
    r = RULES
    if VARIANTS[code].stud:
        return {"ante": r.ante, "bring_in": r.bring_in, "small_bet": r.small_bet, "big_bet": r.big_bet}
    return {"small_blind": r.small_blind, "big_blind": r.big_blind,
            "small_bet": r.small_bet, "big_bet": r.big_bet}


def _players(code, rnd):
    # 7 seats can run the stud deck out (filtered); 8 always would.
    return rnd.randint(2, 7 if VARIANTS[code].stud else 10)


def our_departures(h):
    """Situations of a finished hand of ours where PokerKit's rules differ."""
    v = h.variant
    flags = set()
    for line in h.log if isinstance(h.log, list) else []:
        if "exhausted" in line or "deck short" in line:
            flags.add("deck_exhausted")  # PokerKit reshuffles the muck
    if selfplay.settles_like_pokerkit(h.rules):
        return flags  # the pokerkit profile: pots split by PokerKit's rules
    halves = [info[0] for info in h.pot_info]
    if v.low == "8" and "low" in halves and "all" in halves and len(h.pots) > 1:
        flags.add("no_eligible_low")  # a side pot with no low, another with one
    # Pots as settled: (total, [(amount, winners, half)...]), a hi/lo pot's
    # halves together.
    pots = []
    for (amount, winners), info in zip(h.pots, h.pot_info):
        if info[0] == "low" and pots and pots[-1][1][-1][2] == "high":
            pots[-1][0] += amount
            pots[-1][1].append((amount, winners, "low"))
        else:
            pots.append([amount, [(amount, winners, info[0])]])
    for total, parts in pots:
        odd = len(parts) == 2 and total % 2
        for amount, winners, half in parts:
            if len(winners) > 1 and amount % len(winners):
                odd = True
                if amount % len(winners) > 1:
                    # PokerKit gives all the odd chips to the first winner;
                    # the house one each, from the dealer's left
                    flags.add("odd_chip")
                if v.stud and v.high and half != "low" and h.rules.odd_chip == "card":
                    flags.add("odd_chip")  # house: highest card by suit
        if odd and len(pots) > 1:
            # PokerKit merges pots whose live players are the same once the
            # hands that cannot win are killed, and splits the merged pot:
            # the odd chips can fall differently from pot-by-pot settling.
            flags.add("odd_chip")
    return flags


# Departures in settling only (who gets the odd chips, a hi/lo half with no
# eligible low): the play is the same, so such hands are compared action by
# action and left out only when PokerKit's settling gives other stacks.
SETTLING = {"odd_chip", "no_eligible_low"}


def _report(kind, code, text, i, mine, theirs):
    return "%s %s: legal actions differ at decision %d:\n ours     %r\n PokerKit %r\n%s" % (
        kind, code, i, mine, theirs, text)


def _first_diff(a, b):
    for i in range(min(len(a), len(b))):
        if a[i] != b[i]:
            return i
    return min(len(a), len(b))


@pytest.mark.parametrize("code", CODES)
def test_pokerkit_hands_replayed_by_our_engine_give_the_same_legal_actions_and_stacks(code):
    rnd = random.Random(SEED[code])
    compared = 0
    skipped = {}
    for _ in range(_hands(code)):
        n = _players(code, rnd)
        stacks = selfplay.draw_stacks(n, rnd, RULES)
        r = pk.play_random(code, stacks, _stakes(code), rnd, pick=selfplay.pick_action)
        if r["flags"] - SAME_RULE:
            for f in r["flags"] - SAME_RULE:
                skipped[f] = skipped.get(f, 0) + 1
            continue
        text = r["phh"]
        mine = []
        h, seats = phh.replay(phh.loads(text), rules=RULES,
                              on_decision=lambda hand, seat, mine=mine: mine.append(
                                  sorted(pk.ours_as_pokerkit(hand.legal_actions()))))
        flags = our_departures(h)
        if flags - SETTLING:
            for f in flags - SETTLING:  # counted by the departure in the play
                skipped[f] = skipped.get(f, 0) + 1
            continue
        if mine != r["legal"]:
            i = _first_diff(mine, r["legal"])
            raise AssertionError(_report("PokerKit->ours", code, text, i,
                                         mine[i] if i < len(mine) else None,
                                         r["legal"][i] if i < len(r["legal"]) else None))
        if flags and [h.stacks[s] for s in seats] != r["final"]:
            for f in flags:  # the same play, settled by PokerKit's rule
                skipped[f] = skipped.get(f, 0) + 1
            continue
        assert [h.stacks[s] for s in seats] == r["final"], text
        compared += 1
    print("%s PokerKit->ours: %d of %d compared, left out: %s" % (
        code, compared, _hands(code), _shares(skipped, _hands(code))))
    assert compared >= _hands(code) * 6 // 10, skipped  # not a vacuous run


@pytest.mark.parametrize("code", CODES)
def test_our_hands_replayed_by_pokerkit_give_the_same_legal_actions_and_stacks(code):
    rnd = random.Random(SEED[code] + 100)
    compared = 0
    skipped = {}
    for _ in range(_hands(code)):
        n = _players(code, rnd)
        stacks = selfplay.draw_stacks(n, rnd, RULES)
        h, mine, flags = selfplay.play(code, RULES, stacks, n - 1, Rng(rnd.getrandbits(30)), rnd)
        for legal, act in zip(mine, h.actions):  # the driver never folds a free check
            assert not (act[2] == "fold" and ("check", 0) in legal), (legal, act)
        mine = [pk.ours_as_pokerkit(legal) for legal in mine]
        flags |= our_departures(h)
        if flags - SETTLING:
            for f in flags - SETTLING:  # counted by the departure in the play
                skipped[f] = skipped.get(f, 0) + 1
            continue
        text = phh.dumps(h)
        theirs = []
        state = pk.replay_phh(text, on_decision=lambda st, theirs=theirs: theirs.append(pk.legal(st)))
        if mine != theirs:
            i = _first_diff(mine, theirs)
            raise AssertionError(_report("ours->PokerKit", code, text, i,
                                         mine[i] if i < len(mine) else None,
                                         theirs[i] if i < len(theirs) else None))
        if flags and list(state.stacks) != h.stacks:
            for f in flags:  # the same play, settled by PokerKit's rule
                skipped[f] = skipped.get(f, 0) + 1
            continue
        assert list(state.stacks) == h.stacks, text
        compared += 1
    print("%s ours->PokerKit: %d of %d compared, left out: %s" % (
        code, compared, _hands(code), _shares(skipped, _hands(code))))
    assert compared >= _hands(code) * 6 // 10, skipped  # not a vacuous run


ROUND_TRIP_HANDS = int(os.environ.get("STUD_ROUNDTRIP_HANDS", "200"))
# the pokerkit profile with the house's way of splitting pots
HOUSE_SETTLING = RULES.copy(odd_chips_together=False, merge_pots=False, low_half_if_any_low=False)


def pokerkit_history_stacks(text):
    """Final stacks of PHH text as PokerKit's own HandHistory iteration
    leaves them (no help from us: no showdown finished by hand), or None
    when PokerKit cannot play it or leaves the hand running."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            state = None
            for state in pk._HandHistory.loads(text):
                pass
        except (ValueError, KeyError):
            return None
    if state is None or state.status:
        return None
    return list(state.stacks)


@pytest.mark.parametrize("code", ("F7S", "F7S/8", "FR", "FT"))
def test_pokerkit_history_iteration_replays_every_pokerkit_profile_selfplay_hand_to_our_stacks(code):
    # every hand selfplay writes under the pokerkit profile, read
    # by PokerKit's HandHistory alone, ends with our finishing stacks, no
    # exceptions: all-ins, short all-ins (raise_over_all_in), odd chips and
    # hi/lo pots without a low (PokerKit's settling) included. The counts
    # printed show these situations were met.
    # STUD_ROUNDTRIP_HANDS=2000 is the proof run (README).
    rnd = random.Random(SEED[code] + 200)
    seen = {"all_in": 0, "short_all_in": 0, "settled_otherwise_by_house": 0}
    actor = []
    short = []

    def pick(legal, rnd):
        kind, amount = selfplay.pick_action(legal, rnd)
        h = actor[-1]
        if (kind in ("complete", "bet", "raise") and amount == h.stacks[h.actor]
                and h.bets[h.actor] + amount < selfplay.full_to(h, kind)):
            short.append(1)
        return kind, amount

    for _ in range(ROUND_TRIP_HANDS):
        n = rnd.randint(2, 6 if VARIANTS[code].stud else 10)  # 6 stud seats: no deck exhaustion
        stacks = selfplay.draw_stacks(n, rnd, RULES)
        h, _, _ = selfplay.play(code, RULES, stacks, n - 1, Rng(rnd.getrandbits(30)), rnd,
                                pick=pick, on_decision=actor.append)
        del actor[:]
        seen["short_all_in"] += bool(short)
        del short[:]
        text = phh.dumps(h)
        ours = [h.stacks[s] for s in phh.player_seats(stacks, h.dealer)]
        assert pokerkit_history_stacks(text) == ours, text
        seen["all_in"] += any(h.all_in)
        # hands PokerKit's settling rules decided: the house's split differs
        house, seats = phh.replay(phh.loads(text), rules=HOUSE_SETTLING)
        seen["settled_otherwise_by_house"] += [house.stacks[s] for s in seats] != ours
    print("%s PokerKit HandHistory: %d of %d hands to our stacks (hands with: %s)" % (
        code, ROUND_TRIP_HANDS, ROUND_TRIP_HANDS,
        ", ".join("%s %d" % (k, seen[k]) for k in sorted(seen))))
    assert seen["all_in"] and seen["short_all_in"]  # not a vacuous run


def _shares(skipped, total):
    return ", ".join("%s %d (%.1f%%)" % (k, skipped[k], 100.0 * skipped[k] / total)
                     for k in sorted(skipped)) or "none"
