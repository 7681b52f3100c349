"""Replays a PHH hand history through our engine and prints the result.

    python tools/phh/replay_cli.py FILE.phh [--profile pokerkit|casino|lexibook]

Prints ONE JSON object: ``variant``, ``players`` (p1..pN), ``seats`` (our
seat of each player), ``dealer``, ``starting_stacks``, ``finishing_stacks``
and ``winnings`` (in the file's player order), ``pots`` (in settlement
order: ``amount``, ``half`` ('all', 'high' or 'low'), ``winners`` and
``eligible`` as player labels) and, when the file has ``finishing_stacks``,
``matches_file`` (true when ours are the same).

Exit status: 0 when the hand replays (and matches the file's finishing
stacks, if it has them); 1 when the finishing stacks differ from the file's;
2 when the text is not PHH we can read or an action is illegal in our engine
(the message on stderr names the action).

The contested rules come from the file's user fields (``_raise_cap``,
``_odd_chip``..., see ``tools/phh``); a file without them is played with
bet + 3 raises (heads-up too), no open-pair option, the house odd-chip and
short all-in rules. ``--profile`` takes those rules from a profile instead
(stakes always come from the file).
"""
import argparse
import json
import sys

import phh  # tools/phh: the reader and the replay


def result(fields, h, seats):
    label = {}
    for i in range(len(seats)):
        label[seats[i]] = "p%d" % (i + 1)
    pots = []
    for (amount, winners), (half, eligible) in zip(h.pots, h.pot_info):
        pots.append({"amount": amount, "half": half,
                     "winners": [label[s] for s in winners],
                     "eligible": [label[s] for s in eligible if s in label]})
    out = {
        "variant": fields.get("_variant", fields.get("variant")),
        "players": ["p%d" % (i + 1) for i in range(len(seats))],
        "seats": seats,
        "dealer": h.dealer,
        "starting_stacks": [h.initial_stacks[s] for s in seats],
        "finishing_stacks": [h.stacks[s] for s in seats],
        "winnings": [h.winnings[s] for s in seats],
        "pots": pots,
    }
    if h.board and h.variant.stud:
        out["community"] = phh.cards_text(h.board)
    if "finishing_stacks" in fields:
        out["matches_file"] = fields["finishing_stacks"] == out["finishing_stacks"]
    return out


def replay_text(text, profile=None):
    """``(fields, hand, seats)`` of PHH text; raises ValueError (a
    ``phh.ReplayError`` names the action at fault)."""
    fields = phh.loads(text)
    phh.variant_of(fields)
    base = None
    if profile is not None:
        from phh.selfplay import make_rules
        base = make_rules(profile)
    rules = phh.rules_from_fields(fields, base)
    if profile is not None:  # the profile wins over the file's user fields
        for k in phh.RULE_FIELDS:
            setattr(rules, k, getattr(base, k))
    h, seats = phh.replay(fields, rules=rules)
    return fields, h, seats


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file")
    ap.add_argument("--profile", choices=("pokerkit", "casino", "lexibook"))
    a = ap.parse_args(argv)
    try:
        with open(a.file) as f:
            text = f.read()
        fields, h, seats = replay_text(text, a.profile)
    except (OSError, ValueError, KeyError, IndexError, TypeError) as e:
        what = e.__class__.__name__ if not isinstance(e, ValueError) else "error"
        print("replay_cli.py: %s: %s: %s" % (a.file, what, e), file=sys.stderr)
        return 2
    out = result(fields, h, seats)
    print(json.dumps(out))
    if out.get("matches_file") is False:
        print("replay_cli.py: %s: finishing stacks %r differ from the file's %r" % (
            a.file, out["finishing_stacks"], fields["finishing_stacks"]), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
