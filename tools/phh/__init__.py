"""Hand histories in PHH, out and in (host-side: tools and tests).

The device only writes histories (``poker.phhout``, re-exported here); the
reader (``phh.reader``) and the replay through the engine (``phh.replayer``)
never go on the device. Put tools/ on the path and ``import phh``.

PHH (the Poker Hand History format of PokerKit and the public PHH dataset) is
TOML text: ``key = value`` lines. MicroPython has no TOML module, so these
modules write and read the subset PHH uses by hand: integers, decimals,
booleans, strings ('...', "...", and the triple-quoted forms), arrays (over
several lines, with comments and a trailing comma), inline tables, bare
dates and times (kept as text) and ``[section]`` headers (``loads_all``).

Players
-------
PHH numbers the players p1..pN in dealing order: p1 sits left of the dealer
(the small blind in flop games with three or more players, the big blind
heads-up) and pN is the dealer (the button). Our seats are dealer-relative,
so ``player_seats(stacks, dealer)`` lists the seats in PHH order: seats with
chips only, starting left of the dealer. Stud ties by position (bring-in
suit ties aside, best exposed hand) go to the player closest to the dealer's
left, which is PokerKit's "lowest index", so the orders agree.

Fields we write
---------------
Standard PHH fields: ``variant``, ``antes``, ``blinds_or_straddles`` (flop
games: [small, big, 0...]; PokerKit swaps them heads-up by itself),
``bring_in`` (stud), ``small_bet``, ``big_bet``, ``starting_stacks``,
``actions``, ``seats`` (our seat number + 1 of each player), ``seat_count``,
``finishing_stacks`` and ``winnings`` (finished hands).

Actions: ``d dh pN CARDS`` (hole cards of one street; stud deals up and down
cards in the order the street defines, PokerKit's convention; ``??`` is an
unknown card), ``d db CARDS`` (board), ``pN pb`` (bring-in), ``pN f``,
``pN cc`` (check or call), ``pN cbr TO`` (complete, bet or raise TO a total
for the street, PHH's convention), ``pN sm CARDS`` (shows) and ``pN sm``
(mucks).

User-defined fields (PHH allows any name starting with an underscore):
- ``_variant``: our variant code (``poker.variants``). PHH has no code for
  five card stud (``F5S``) nor for limit Omaha high (``FO``); for those two
  ``variant`` carries our code too, so PokerKit can read the text
  (``HandHistory.loads``) but cannot replay it.
- ``_profile``: the rule profile name (``'lexibook'``, ``'casino'``...).
- ``_raise_cap``, ``_heads_up_uncapped``, ``_open_pair_big_bet``,
  ``_odd_chip`` (``'card'`` or ``'seat'``), ``_short_all_in_reopens``,
  ``_impossible_call_guard``, ``_raise_over_all_in``, ``_odd_chips_together``,
  ``_merge_pots``, ``_low_half_if_any_low``: the contested rules of
  ``poker.rules.RuleSet`` the hand was played under (``_raise_cap = 'none'``:
  uncapped). Reading a file without them (PokerKit's, the PHH dataset's): bet
  + 3 raises, heads-up too, no open-pair option, odd chip by card, the
  half-bet short all-in rule, pots split by the house rules.
- ``_voided``: the reason, when the deal was voided (seed 002).
- ``_dealer``: our dealer seat (also the seat of pN).
- ``_deck``: the 52 cards in dealing order (burns included) as one card
  string, when known, so a replay deals exactly the same cards.
- ``_community``: the stud community card (deck exhaustion), if one was dealt.
- ``_reshuffle``: deck exhaustion, the stub and the burns after they were
  shuffled together (``Hand.reshuffled``), the cards seventh street was
  dealt from. It follows from ``_deck`` and the actions (the shuffle is
  seeded by the cards dealt before it), so a replay deals the same cards;
  the field records it for any reader and a replay checks it.

Showdown: the ``sm`` lines come when the betting is over. When it ended
with a player all in and the cards are dealt out after it, every live hand
is shown there with the cards it holds; in stud, where hole cards follow,
every live hand is shown again in full after the last card, as PokerKit
writes such hands (its ``HandHistory`` leaves the pot unawarded without
that second showdown).
"""

import io

from phh.reader import loads, loads_all, parse_action, parse_cards  # noqa: F401
from phh.replayer import (  # noqa: F401
    ReplayError, deck_for, f_action_text, replay, rules_from_fields, table_from_fields, variant_of,
)
from poker import phhout
from poker.phhout import (  # noqa: F401  (the writer: one API)
    FIELD_ORDER, RULE_FIELDS, cards_text, dumps, dumps_fields, hand_fields, player_seats,
)


def dump_value(v):
    """One value as TOML text (host-side only: the device writes whole hands)."""
    out = io.StringIO()
    phhout._write_value(out, v)
    return out.getvalue()
