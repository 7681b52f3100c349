"""The virtual players' decisions, deal for deal, on fixed seeds: every game
at every level (tools/sim/decisions.py) against the digests recorded in
host_tests/fixtures/decisions.txt. A change of the engine's structure must
leave them alone; a deliberate change of play rewrites the file:

    python tools/sim/decisions.py > host_tests/fixtures/decisions.txt
"""
import os

import decisions

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "decisions.txt")


def _recorded():
    out = {}
    with open(FIXTURE) as f:
        for line in f:
            parts = line.split()
            out[parts[0] + " " + parts[1]] = (int(parts[2]), int(parts[4], 16))
    return out


def test_every_decision_as_recorded():
    recorded = _recorded()
    now = decisions.digests()
    assert sorted(now) == sorted(recorded)
    changed = [name for name in now if now[name] != recorded[name]]
    assert not changed, "decisions changed: %s (python tools/sim/decisions.py --list CODE LEVEL)" % changed


def test_a_changed_decision_changes_the_digest():
    lines = decisions.table("FT", "normal", 3)
    assert len(lines) > 10
    kind = lines[-1].split()[2]
    other = lines[:-1] + [lines[-1].replace(kind, "fold" if kind != "fold" else "call")]
    assert decisions.digest(other) != decisions.digest(lines)
