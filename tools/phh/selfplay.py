"""Random self-play through our engine, each hand written as a PHH file.

    python tools/phh/selfplay.py --variant F7S --players 6 --hands 100 --seed 1 --out DIR
        [--profile casino|lexibook|pokerkit] [--small-bet 10] [--stacks mixed|deep|N]

Every hand is independent: the dealer is the last seat, the stacks are drawn
from the seed (``mixed``: about half deep, the rest short enough for all-ins
and side pots; ``deep``: 100 big bets; or one number for everyone), and each
actor picks one of its legal actions at random (folding less often than the
rest, so that hands reach the showdown, and never folding when a check is
free: a house rule PokerKit refuses, see ``no_free_fold``). Files are DIR/hand_00001.phh ...;
PokerKit can load each one (``pokerkit.HandHistory.loads``) and, for the
variants it has, replay it. The last line printed is a JSON summary.

The ``pokerkit`` profile is the casino profile with PokerKit's conventions:
bet + 3 raises heads-up too, no open-pair big bet, short all-ins by PokerKit's
rule (``raise_over_all_in``: the next raise is a full bet over the all-in,
which counts for the cap) and pots split as PokerKit splits them: the odd
chip by seat, all odd chips of a split together (``odd_chips_together``),
hands that cannot win out before the pots are formed (``merge_pots``), hi/lo
pots halved when any contender has a low (``low_half_if_any_low``); see
poker/rules.py.
"""
import argparse
import json
import os
import random
import sys

from poker import phhout
from poker.hand import Hand
from poker.rng import Rng
from poker.rules import PROFILE_NAMES, PROFILES, house
from poker.variants import VARIANTS


def make_rules(profile, small_bet=10):
    """A profile of poker.rules by name, or ``pokerkit``: the casino
    profile with PokerKit's conventions."""
    if profile != "pokerkit":
        if profile not in PROFILES:
            raise ValueError("unknown profile %r" % profile)
        return house(profile, small_bet)
    return house("casino", small_bet).copy(
        profile="pokerkit", heads_up_uncapped=False, open_pair_big_bet=False, odd_chip="seat",
        raise_over_all_in=True, odd_chips_together=True, merge_pots=True, low_half_if_any_low=True)


def settles_like_pokerkit(rules):
    """Do these rules split pots exactly as PokerKit does (odd chips,
    merged pots, hi/lo halves)?"""
    return (rules.odd_chip == "seat" and rules.odd_chips_together and rules.merge_pots
            and rules.low_half_if_any_low)


def draw_stacks(n, rnd, rules, kind="mixed"):
    """Stacks for n seats; never below the forced bets (no partial ante,
    blind or bring-in)."""
    sb = rules.small_bet
    deep = 100 * rules.big_bet
    if kind == "deep":
        return [deep] * n
    if kind != "mixed":
        return [int(kind)] * n
    low = rules.ante + max(rules.bring_in, rules.big_blind) + 1
    high = rules.ante + 8 * sb + 12 * rules.big_bet + sb  # about a capped hand
    return [deep if rnd.random() < 0.5 else rnd.randint(low, high) for _ in range(n)]


def no_free_fold(legal):
    """The legal actions without a fold when a check is free. Our engine
    offers that fold (docs/rules.md: a player may fold on any round) but PokerKit
    does not (its games refuse it in their default tournament mode and warn
    in cash-game mode), so the files we write never hold one."""
    if ("check", 0) in legal:
        return [a for a in legal if a != ("fold", 0)]
    return legal


def pick_action(legal, rnd):
    """A random legal action, never a fold when a check is free; a fold
    weighs 1, anything else 3."""
    legal = no_free_fold(legal)
    weights = [1 if k == "fold" else 3 for k, _ in legal]
    x = rnd.randrange(sum(weights))
    for i in range(len(legal)):
        x -= weights[i]
        if x < 0:
            return legal[i]
    return legal[-1]


def full_to(h, kind):
    """The street total of a full completion, bet or raise now (before any
    short all-in, the last full level is the highest bet)."""
    v = h.view(h.actor)
    if kind == "complete":
        return v.bet_size
    return max(v.bets) + v.bet_size


def play(code, rules, stacks, dealer, rng, rnd, pick=pick_action, on_decision=None):
    """Plays one hand of random legal actions. Returns ``(hand, legal_lists,
    flags)``: the legal actions at each decision (sorted) and the set of
    situations where PokerKit departs from the house rules (see
    host_tests/pk_oracle.py): short_all_in (unless the rules play it by
    PokerKit's rule, ``raise_over_all_in``), partial_forced_bet,
    deck_exhausted, odd_chip (unless the rules split pots as PokerKit
    does, ``settles_like_pokerkit``)."""
    h = Hand(VARIANTS[code], rules, list(stacks), dealer, rng)
    legals = []
    flags = set()
    for e in h.history:
        if e[0] == "post":
            want = rules.ante if e[2] == "ante" else getattr(rules, e[2])
            if e[3] < want:
                flags.add("partial_forced_bet")
    while not h.finished:
        legal = sorted(h.legal_actions())
        legals.append(legal)
        if on_decision is not None:
            on_decision(h)
        kind, amount = pick(legal, rnd)
        s = h.actor
        if kind == "bring_in" and amount < rules.bring_in:
            flags.add("partial_forced_bet")
        if (kind in ("complete", "bet", "raise") and amount == h.stacks[s]
                and not rules.raise_over_all_in):  # else PokerKit's own rule
            if h.bets[s] + amount < full_to(h, kind):
                flags.add("short_all_in")
        h.act(kind, amount)
    if h.voided:
        raise AssertionError("deal voided: %r" % (h.history[-1],))
    for line in h.log if isinstance(h.log, list) else []:
        if "exhausted" in line or "deck short" in line:
            flags.add("deck_exhausted")
    for amount, winners in h.pots:
        if len(winners) > 1 and amount % len(winners) and not settles_like_pokerkit(rules):
            flags.add("odd_chip")
    return h, legals, flags


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", required=True, choices=sorted(VARIANTS))
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--hands", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--profile", default="casino", choices=PROFILE_NAMES + ("pokerkit",))
    ap.add_argument("--small-bet", type=int, default=10)
    ap.add_argument("--stacks", default="mixed")
    a = ap.parse_args(argv)
    rules = make_rules(a.profile, a.small_bet)
    v = VARIANTS[a.variant]
    limit = rules.seats_for(v)
    if not 2 <= a.players <= limit:
        ap.error("%s takes 2 to %d players under the %s profile" % (a.variant, limit, a.profile))
    os.makedirs(a.out, exist_ok=True)
    rnd = random.Random(a.seed)
    flags = {}
    showdowns = 0
    for k in range(a.hands):
        stacks = draw_stacks(a.players, rnd, rules, a.stacks)
        h, _, fl = play(a.variant, rules, stacks, a.players - 1, Rng(rnd.getrandbits(30)), rnd)
        for f in fl:
            flags[f] = flags.get(f, 0) + 1
        for e in h.history:
            if e[0] == "show":
                showdowns += 1
                break
        with open(os.path.join(a.out, "hand_%05d.phh" % (k + 1)), "w") as f:
            f.write(phhout.dumps(h))
    print(json.dumps({"variant": a.variant, "players": a.players, "hands": a.hands,
                      "seed": a.seed, "profile": a.profile, "out": a.out,
                      "showdowns": showdowns, "pokerkit_departures": flags}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
