# portable
"""poker.match.game's deal_ahead: the next hand dealt while the showdown
waits deals the same hands, journals and books as a shuffle at the hand's
start (on a heap of its own under MicroPython: the engine compiled from
source does not fit beside test_game's)."""
import gc

from fake_table import FakeFs, check_bots
from micropython import const
from poker.jobs import Jobs
from poker.match.game import Game
from poker.rng import Rng
from poker.match.settings import Settings
from poker.match.store import Store, crc32

# poker.jobs' kinds (private there: a test's own copies, held equal by test_jobs)
_JOURNAL = const(0)
_AHEAD = const(3)


def _check(data):
    """A file's bytes in short (records end with their own CRC-32, whose
    CRC over the whole is the same for every record: it is kept apart)."""
    return len(data), crc32(bytes(data[:-4])), bytes(data[-4:])


def _real_hands(ahead, hands=4, code="F7S"):
    """Real hands (the engine, a store; players that check or call, made
    with a draw on the game's random source as poker.players makes them):
    each hand's deck and journal, and what ends on flash; with ``ahead`` the
    next hand is dealt between hands, and once the players are made
    again after it (a draw on the random source: the shuffle must be put
    back first)."""
    def bots(seat, settings, rng):
        rng.getrandbits(30)
        return check_bots(seat, settings, rng)

    fs = FakeFs()
    s = Settings()
    s.game = code
    g = Game(s, Rng(11), Store("/data", fs), players=bots)
    jobs = Jobs()
    if ahead:  # the work handed out, as the app does: the next deal among it
        g.jobs = g.journal.jobs = jobs
    decks = []
    for k in range(hands):
        if g.over:
            break
        g.start_hand()
        jobs.run(_JOURNAL)
        decks.append((bytes(g.hand.deck_order), fs.files["/data/journal"]))  # the deck, its journal
        while g.hand is not None:
            if g.human_to_act():
                # check, call or bring in (the players' module is too much
                # source for this port's heap beside the engine's)
                legal = g.view(0).legal
                g.act(*([a for a in legal if a[0] in ("check", "call", "bring_in")] or legal)[0])
            else:
                g.step()
        g.settle()
        for name in [name for name in fs.files if "/hist" in name]:
            del fs.files[name]  # (not compared, below: their room in the unix port's heap)
        if ahead:  # (the app's AHEAD job while the showdown waits)
            assert g.ahead()
            jobs[_AHEAD] = g.deal_ahead
            jobs.run(_AHEAD)
            assert g._ahead is not None and not g.ahead()
        if k == 1:
            g.remake_players()
    # what is on flash, a check of each file, but the hand histories: their
    # text is made from the hands compared here, and on the 64-bit unix
    # port's 180 KB heap (host_tests/mptest.py) making one may fail for memory
    # (a history is then left empty, by design) in one run and not the other
    return decks, list(g.stacks), sorted((k, _check(v)) for k, v in fs.files.items() if "/hist" not in k)


def _same_with_and_without(code):
    without = _real_hands(False, code=code)
    gc.collect()
    ahead = _real_hands(True, code=code)
    assert len(without[0]) == 4 and len(set(without[0])) == len(without[0])
    assert ahead == without, code


def test_the_hand_dealt_ahead_deals_the_same_stud_hands_and_journals_as_without_it():
    _same_with_and_without("F7S")


def test_the_hand_dealt_ahead_deals_the_same_holdem_hands_and_journals_as_without_it():
    _same_with_and_without("FT")
