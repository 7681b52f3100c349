"""PokerKit as an independent oracle for the rules engine (CPython only).

PokerKit 0.7.7 games in Mode.CASH_GAME, a random-legal-action driver, and
the translation of PokerKit's legal actions into ours: ``(kind, amount)``
with kind one of fold, check, call, bring_in, complete, bet, raise, and
amount the chips the action moves from the actor's stack now.

PHH player order is PokerKit's: p1 is left of the dealer, pN the dealer.

Known departures of PokerKit from the house rules (docs/rules.md), which the
driver flags so the differential tests leave those hands out (the first,
short all-ins, and the settling ones, odd chips and a hi/lo half without a
low, are rule fields that the ``pokerkit`` profile of tools/phh/selfplay.py sets
PokerKit's way, so under it they are no departure):
- ``short_all_in``: a bet, raise or completion all in for less than a full
  bet (PokerKit: reopens only after a full amount; house: the half-bet rule);
- ``partial_forced_bet``: an ante, blind or bring-in larger than the stack;
- ``deck_exhausted``: more cards needed than the stub holds (PokerKit
  reshuffles the muck; house: burns, then a community card);
- ``no_eligible_low``: a hi/lo side pot whose players hold no qualifying low
  while a player outside it does (PokerKit burns that half);
- odd chips: PokerKit gives them by seat (first left of the dealer). That is
  the house rule in flop games; in stud the house gives the odd chip to the
  highest card by suit, so stud comparisons either use a rule set with
  ``odd_chip='seat'`` or leave out hands with ``odd_chip`` set.
- PokerKit caps every round at a bet and 3 raises, heads-up too, and has no
  open-pair option: compare with a rule set that matches (heads-up capped,
  no open-pair big bet).
- ``blind_cap``: pre-flop PokerKit allows 4 raises over the big blind (it
  does not count the blind as the bet): ``legal`` leaves that raise out, so
  the driver never takes it and the legal lists compare.
- fold when a check is free: a house rule (docs/rules.md: a player may fold on
  any round; our engine lists ``('fold', 0)`` beside ``('check', 0)``).
  PokerKit's games refuse that fold in their default tournament mode and
  only warn ("no reason for this player to fold") in cash-game mode, the
  mode of these drivers and of its ``HandHistory``. ``legal`` leaves it
  out, ``ours_as_pokerkit`` removes it from our lists before they are
  compared, and no random driver that writes PHH for PokerKit
  (``play_random`` here, ``tools/phh/selfplay.py``) takes it.
"""
import random
import warnings

from pokerkit import (Automation, FixedLimitRazz, FixedLimitSevenCardStud,
                      FixedLimitSevenCardStudHighLowSplitEightOrBetter,
                      FixedLimitTexasHoldem, Mode, OmahaEightOrBetterLowHand,
                      OmahaHoldemHand)
from pokerkit.games import FixedLimitPokerMixin, Holdem, OmahaHoldemMixin
from pokerkit.notation import HandHistory, parse_action
from pokerkit.state import (BringInPosting, CheckingOrCalling,
                            CompletionBettingOrRaisingTo, Folding)
from pokerkit.utilities import Card
from pokerkit.hands import Hand as _PKHand
from pokerkit.hands import EightOrBetterLowHand, RegularLowHand, StandardHighHand

# Speed: PokerKit recomputes a hand's lookup entry on every comparison
# (most of its showdown time). The entry is a pure function of the hand's
# cards, so it is cached on the hand object: same results, 2-3 times faster.
_entry = _PKHand.entry.fget


def _cached_entry(self):
    e = self.__dict__.get("_oracle_entry")
    if e is None:
        e = self.__dict__["_oracle_entry"] = _entry(self)
    return e


_PKHand.entry = property(_cached_entry)

# Likewise a player's best hand is a pure function of his cards and the
# board, and PokerKit's showdown asks for it many times: memoized per hand
# played (the cache is emptied at the start of each hand).
_HAND_CACHE = {}


def _memoize_from_game(cls):
    plain = cls.from_game.__func__

    def from_game(klass, hole_cards, board_cards=()):
        hole = tuple(Card.clean(hole_cards))  # may be iterators: read once
        board = tuple(Card.clean(board_cards))
        key = (klass, hole, board)
        got = _HAND_CACHE.get(key)
        if got is None:
            try:
                got = (True, plain(klass, hole, board))
            except ValueError as e:
                got = (False, e)
            _HAND_CACHE[key] = got
        if got[0]:
            return got[1]
        raise got[1]

    cls.from_game = classmethod(from_game)


for _cls in (StandardHighHand, EightOrBetterLowHand, RegularLowHand, OmahaHoldemHand,
             OmahaEightOrBetterLowHand):
    _memoize_from_game(_cls)


class FixedLimitOmahaHoldemHighLowSplitEightOrBetterFixed(FixedLimitPokerMixin, OmahaHoldemMixin, Holdem):
    """PokerKit 0.7.7's FixedLimitOmahaHoldemHighLowSplitEightOrBetter is
    built on its pot-limit mixin; this is the fixed-limit game."""
    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


class FixedLimitOmahaHoldem(FixedLimitPokerMixin, OmahaHoldemMixin, Holdem):
    """Limit Omaha high (no PokerKit class, no PHH code)."""
    hand_types = (OmahaHoldemHand,)


class _HandHistory(HandHistory):
    """PokerKit's HandHistory with fixed-limit Omaha: FO/8 (its own class
    is pot-limit) and FO (our code for limit Omaha high; no PHH code)."""
    game_types = dict(HandHistory.game_types)
    game_types["FO/8"] = FixedLimitOmahaHoldemHighLowSplitEightOrBetterFixed
    game_types["FO"] = FixedLimitOmahaHoldem
    variants = dict(HandHistory.variants)
    variants[FixedLimitOmahaHoldemHighLowSplitEightOrBetterFixed] = "FO/8"
    variants[FixedLimitOmahaHoldem] = "FO"
    required_field_names = dict(HandHistory.required_field_names)
    required_field_names["FO"] = HandHistory.required_field_names["FO/8"]


GAMES = {
    "FT": FixedLimitTexasHoldem,
    "F7S": FixedLimitSevenCardStud,
    "F7S/8": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "FR": FixedLimitRazz,
    "FO/8": FixedLimitOmahaHoldemHighLowSplitEightOrBetterFixed,
    "FO": FixedLimitOmahaHoldem,
}
STUD = ("F7S", "F7S/8", "FR")
CARD_TEXT = "23456789TJQKA"
SUIT_TEXT = "cdhs"

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def card_str(c):
    return CARD_TEXT[c >> 2] + SUIT_TEXT[c & 3]


def card_int(card):
    return CARD_TEXT.index(card.rank.value) * 4 + SUIT_TEXT.index(card.suit.value)


def make_game(code, ante, bring_in, small_bet, big_bet, small_blind=0, big_blind=0,
              automations=AUTOMATIONS):
    cls = GAMES[code]
    if code in STUD:
        return cls(automations, True, ante, bring_in, small_bet, big_bet, mode=Mode.CASH_GAME)
    return cls(automations, True, ante, (small_blind, big_blind), small_bet, big_bet,
               mode=Mode.CASH_GAME)


# The random driver burns our deck's cards itself, as our engine does, so
# that a deck that runs short is seen (PokerKit would reshuffle the muck).
DRIVER_AUTOMATIONS = tuple(a for a in AUTOMATIONS if a != Automation.CARD_BURNING)


def legal(state):
    """PokerKit's legal actions for the actor, as ours: sorted (kind, amount).

    Folding when nothing is to be called is left out (PokerKit allows it in
    cash games with a warning; the house does not offer it). So is the raise
    PokerKit allows pre-flop after a bet and 3 raises (``blind_cap``: it
    counts the big blind as no bet; the house counts it as the bet)."""
    i = state.actor_index
    if i is None:
        return []
    out = []
    blind_cap = (state.street_index == 0 and any(state.blinds_or_straddles)
                 and state.completion_betting_or_raising_count >= 3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if state.can_post_bring_in():
            out.append(("bring_in", state.effective_bring_in_amount))
        amt = state.checking_or_calling_amount
        if amt is not None:
            out.append(("check", 0) if amt == 0 else ("call", amt))
            if amt and state.can_fold():
                out.append(("fold", 0))
        # fixed limit: the minimum is the only amount (min == max)
        to = None if blind_cap else state.min_completion_betting_or_raising_to_amount
        if to is not None:
            if state.completion_status:
                kind = "complete"
            elif max(state.bets) == 0:
                kind = "bet"
            else:
                kind = "raise"
            out.append((kind, to - state.bets[i]))
    out.sort()
    return out


def ours_as_pokerkit(legal):
    """Our engine's legal list as PokerKit's ``legal`` would give it: the
    house fold when a check is free left out (the one extension of ours;
    see the module docstring). Order kept."""
    for a in legal:
        if a == ("check", 0):
            return [b for b in legal if b != ("fold", 0)]
    return list(legal)


def full_raise_to(state):
    """The TO amount of a full completion, bet or raise for the actor."""
    st = state.street
    amount = max(state.completion_betting_or_raising_amount, st.min_completion_betting_or_raising_amount)
    if not state.completion_status:
        amount += max(state.bets)
    return amount


def apply(state, kind, amount):
    """Applies one of our (kind, amount) actions; returns the PHH action text."""
    i = state.actor_index
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if kind == "bring_in":
            state.post_bring_in()
            return "p%d pb" % (i + 1)
        if kind == "fold":
            state.fold()
            return "p%d f" % (i + 1)
        if kind in ("check", "call"):
            state.check_or_call()
            return "p%d cc" % (i + 1)
        to = state.bets[i] + amount
        state.complete_bet_or_raise_to(to)
        return "p%d cbr %d" % (i + 1, to)


def _deal_pending(state, deck, flags):
    """Deals hole and board cards PokerKit waits for, from our deck list."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while True:
            if state.can_burn_card():
                if not deck:
                    flags.add("deck_exhausted")
                    return False
                state.burn_card(card_str(deck.pop()))
            elif state.can_deal_hole():
                j = state.hole_dealee_index
                count = len(state.street.hole_dealing_statuses)
                if len(deck) < count:
                    flags.add("deck_exhausted")
                    return False
                cards = "".join([card_str(deck.pop()) for _ in range(count)])
                state.deal_hole(cards, j)
            elif state.board_dealing_count:
                count = state.board_dealing_count
                if len(deck) < count:
                    flags.add("deck_exhausted")
                    return False
                state.deal_board("".join([card_str(deck.pop()) for _ in range(count)]))
            elif state.can_show_or_muck_hole_cards():
                state.show_or_muck_hole_cards(True)
            else:
                return True


def play_random(code, stacks, stakes, rnd, pick=None):
    """One hand of random legal actions in PokerKit.

    ``stakes``: dict with ante, bring_in, small_bet, big_bet, small_blind,
    big_blind. ``stacks`` in PHH order. ``pick(legal_list, rnd)`` chooses an
    action (default: uniform). Returns a dict: ``phh`` (PokerKit's own PHH
    text), ``legal`` (our-style legal list at each decision, in order),
    ``final`` (final stacks), ``flags`` (set of departures seen).
    """
    _HAND_CACHE.clear()
    game = make_game(code, stakes.get("ante", 0), stakes.get("bring_in", 0), stakes["small_bet"],
                     stakes["big_bet"], stakes.get("small_blind", 0), stakes.get("big_blind", 0),
                     DRIVER_AUTOMATIONS)
    flags = set()
    n = len(stacks)
    forced = max(stakes.get("bring_in", 0), stakes.get("big_blind", 0))
    for s in stacks:
        if s <= stakes.get("ante", 0) + forced:
            flags.add("partial_forced_bet")
    deck = list(range(52))
    rnd.shuffle(deck)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = game(list(stacks), n)
    legals = []
    while state.status:
        if not _deal_pending(state, deck, flags):
            break
        if not state.status:
            break
        if state.actor_index is None:
            raise AssertionError("PokerKit waits for something the driver does not do")
        options = legal(state)
        legals.append(options)
        kind, amount = (pick or _uniform)(options, rnd)
        i = state.actor_index
        if kind in ("complete", "bet", "raise"):
            if state.bets[i] + amount < full_raise_to(state):
                flags.add("short_all_in")
        if kind == "bring_in" and amount < stakes.get("bring_in", 0):
            flags.add("partial_forced_bet")
        apply(state, kind, amount)
    final = list(state.stacks)
    if not flags and sum(final) != sum(stacks):
        flags.add("no_eligible_low")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hh = _HandHistory.from_game_state(game, state)
    text = hh.dumps() if hh is not None else None
    return {"phh": text, "legal": legals, "final": final, "flags": flags, "state": state}


def _uniform(options, rnd):
    return options[rnd.randrange(len(options))]


def replay_phh(text, on_decision=None):
    """Replays PHH text (ours or anyone's) in PokerKit, as PokerKit loads it.

    ``on_decision(state)`` is called before each player action is applied.
    Returns the final state. Raises ValueError on an action PokerKit refuses.
    """
    _HAND_CACHE.clear()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hh = _HandHistory.loads(text)  # PokerKit's loader, fixed-limit Omaha added
        game = hh.create_game()
        game.automations = AUTOMATIONS
        game.mode = Mode.CASH_GAME
        state = game(list(hh.starting_stacks), len(hh.starting_stacks))
        for action in hh.actions:
            words = action.split("#")[0].split()
            if words[0] != "d" and words[1] in ("f", "cc", "pb", "cbr"):
                if on_decision is not None:
                    on_decision(state)
                before = len(state.operations)
                parse_action(state, action)
                op = state.operations[before] if len(state.operations) > before else None
                if not isinstance(op, (Folding, CheckingOrCalling, BringInPosting,
                                       CompletionBettingOrRaisingTo)):
                    raise ValueError("PokerKit did not apply %r" % action)
            else:
                parse_action(state, action)
        # showdown and pushing are automated, except shows the text left out
        while state.status and state.can_show_or_muck_hole_cards():
            state.show_or_muck_hole_cards(True)
    return state


def random_stacks(n, rnd, low, high, deep):
    """Stacks for n players: about half deep, the rest in [low, high]."""
    return [deep if rnd.random() < 0.5 else rnd.randint(low, high) for _ in range(n)]


__all__ = ["GAMES", "STUD", "legal", "ours_as_pokerkit", "apply", "play_random", "replay_phh", "random_stacks",
           "card_str", "card_int", "make_game", "Card", "random"]
