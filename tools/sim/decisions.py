"""Every decision of the virtual players, deal for deal, on fixed seeds:
the record that shows a change of the engine's structure left their play
alone.

    python tools/sim/decisions.py                # the digest of each table
    python tools/sim/decisions.py --hands 6 --list FT normal
                                                 # one table's decisions

A table is a game and a level: four seats of that level (seat 0 too, through
``Game.act`` as the console's human), casino rules, seed 2031, ``--hands``
hands (or fewer when the game ends first). Each line is ``hand seat kind
amount``; a table's digest is the CRC-32 of its lines.
host_tests/fixtures/decisions.txt holds the digests (about 11,500
decisions); the players' tables in docs/players.md are stamped with that
file, so they stay current as long as the players play as they did.
"""
import sys
import zlib

from poker.players import make
from poker.match.game import Game
from poker.match.settings import Settings
from poker.rng import Rng

GAMES = ("FT", "FO", "FO/8", "F7S", "F7S/8", "FR", "F5S")
LEVELS = ("easy", "normal", "hard")
SEED = 2031
HANDS = 40


def table(code, level, hands=HANDS, seed=SEED):
    """The decisions of ``hands`` hands of ``code`` at ``level``: a list of
    ``hand seat kind amount`` lines."""
    s = Settings()
    s.profile = "casino"
    s.game = code
    s.players = 4
    s.difficulty = LEVELS.index(level)
    s.normalize()
    g = Game(s, Rng(seed))
    me = make(level, rng=Rng(seed + 1))
    out = []
    for n in range(hands):
        if g.over:
            break
        g.start_hand()
        while g.hand is not None:
            if g.human_to_act():
                kind, amount = me.decide(g.view(0))
                g.act(kind, amount)
                out.append("%d 0 %s %d" % (n, kind, amount))
            else:
                seat, kind, amount = g.step()
                out.append("%d %d %s %d" % (n, seat, kind, amount))
    return out


def digest(lines):
    return zlib.crc32("\n".join(lines).encode()) & 0xFFFFFFFF


def digests(hands=HANDS):
    """{(code, level): (decisions, digest)} of every table."""
    out = {}
    for code in GAMES:
        for level in LEVELS:
            lines = table(code, level, hands)
            out[code + " " + level] = (len(lines), digest(lines))
    return out


def main(argv):
    hands = HANDS
    if "--hands" in argv:
        hands = int(argv[argv.index("--hands") + 1])
    if "--list" in argv:
        i = argv.index("--list")
        for line in table(argv[i + 1], argv[i + 2], hands):
            print(line)
        return
    for name, (n, d) in digests(hands).items():
        print("%-12s %4d decisions  %08x" % (name, n, d))


if __name__ == "__main__":
    main(sys.argv[1:])
