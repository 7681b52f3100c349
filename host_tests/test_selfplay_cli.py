"""tools/phh/selfplay.py: K hands of random legal actions, one PHH file each,
that PokerKit can load (and, for the games it has, replay to the same
finishing stacks) and our replay tool plays back."""
import json
import os
import subprocess
import sys
import warnings

import pk_oracle as pk
from hostenv import ROOT
from pokerkit import HandHistory

TOOL = os.path.join(ROOT, "tools", "phh", "selfplay.py")


def _run(*args):
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True,
                          timeout=300)


def _files(d):
    return sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".phh"))


def test_writes_k_files_that_pokerkit_loads_and_replays_to_the_same_stacks(tmp_path):
    # deep stacks: no all-in; the pokerkit profile splits pots as PokerKit
    for code, players in (("F7S", 6), ("F7S/8", 4), ("FR", 3), ("FT", 9), ("FO/8", 5)):
        out = tmp_path / code.replace("/", "_")
        proc = _run("--variant", code, "--players", str(players), "--hands", "12", "--seed", "5",
                    "--out", str(out), "--profile", "pokerkit", "--stacks", "deep")
        assert proc.returncode == 0, proc.stderr
        summary = json.loads(proc.stdout.splitlines()[-1])
        assert summary["hands"] == 12 and summary["variant"] == code
        files = _files(out)
        assert len(files) == 12
        for path in files:
            with open(path) as f:
                text = f.read()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                hh = HandHistory.loads(text)
            assert hh.variant == code and len(hh.starting_stacks) == players
            state = pk.replay_phh(text)
            assert hh.finishing_stacks == list(state.stacks), path
            assert not state.status


def test_our_own_games_are_written_with_user_fields_pokerkit_can_read(tmp_path):
    for code in ("F5S", "FO"):
        out = tmp_path / code
        proc = _run("--variant", code, "--players", "4", "--hands", "3", "--seed", "2", "--out", str(out),
                    "--profile", "lexibook")
        assert proc.returncode == 0, proc.stderr
        for path in _files(out):
            with open(path) as f:
                text = f.read()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                hh = HandHistory.loads(text)
            assert hh.variant == code
            assert hh.user_defined_fields["_variant"] == code
            assert hh.user_defined_fields["_profile"] == "lexibook"


def test_every_file_replays_through_our_replay_tool_to_its_finishing_stacks(tmp_path):
    out = tmp_path / "mix"
    assert _run("--variant", "F7S", "--players", "8", "--hands", "6", "--seed", "9",
                "--out", str(out)).returncode == 0
    for path in _files(out):
        proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "phh", "replay_cli.py"), path],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout)["matches_file"] is True


def test_the_same_seed_writes_the_same_hands_and_another_seed_other_hands(tmp_path):
    texts = []
    for name, seed in (("a", "3"), ("b", "3"), ("c", "4")):
        assert _run("--variant", "FT", "--players", "5", "--hands", "4", "--seed", seed,
                    "--out", str(tmp_path / name)).returncode == 0
        got = []
        for p in _files(tmp_path / name):
            with open(p) as f:
                got.append(f.read())
        texts.append(got)
    assert texts[0] == texts[1]
    assert texts[0] != texts[2]


def test_a_table_too_big_for_the_game_is_refused(tmp_path):
    proc = _run("--variant", "F7S", "--players", "9", "--hands", "1", "--out", str(tmp_path))
    assert proc.returncode == 2 and "2 to 8" in proc.stderr
    proc = _run("--variant", "F7S", "--players", "5", "--hands", "1", "--out", str(tmp_path),
                "--profile", "lexibook")
    assert proc.returncode == 2 and "2 to 4" in proc.stderr


def test_the_random_driver_never_folds_when_a_check_is_free():
    # our engine offers that fold (docs/rules.md), PokerKit does not: the files
    # selfplay writes for PokerKit must never hold one; facing a bet it folds
    import random
    from phh import selfplay

    rnd = random.Random(1)
    free = [("fold", 0), ("check", 0), ("bet", 10)]
    facing = [("fold", 0), ("call", 10), ("raise", 20)]
    assert {selfplay.pick_action(free, rnd) for _ in range(300)} == {("check", 0), ("bet", 10)}
    assert ("fold", 0) in {selfplay.pick_action(facing, rnd) for _ in range(300)}


SELFPLAY_HANDS = int(os.environ.get("STUD_SELFPLAY_HANDS", "40"))


def test_largest_tables_replay_through_the_replay_tool_with_identical_stacks(tmp_path, capsys):
    # deck exhaustion (8 seats of stud) and every other hand of
    # self-play at the largest table replays card for card; the replay
    # tool's own main (exit 0, matches_file) on every file.
    # STUD_SELFPLAY_HANDS=2000 is the proof run (README)
    from phh import replay_cli as replay
    from phh import selfplay
    from poker.variants import VARIANTS

    report = []
    for code in sorted(VARIANTS):
        seats = selfplay.make_rules("casino").seats_for(VARIANTS[code])
        out = tmp_path / code.replace("/", "_")
        assert selfplay.main(["--variant", code, "--players", str(seats), "--hands",
                              str(SELFPLAY_HANDS), "--seed", "13", "--out", str(out)]) == 0
        summary = json.loads(capsys.readouterr().out.splitlines()[-1])
        exhausted = summary["pokerkit_departures"].get("deck_exhausted", 0)
        files = _files(out)
        assert len(files) == SELFPLAY_HANDS
        reshuffled = community = 0
        for path in files:
            status = replay.main([path])
            got = capsys.readouterr()
            assert status == 0, (path, got.err)
            res = json.loads(got.out)
            assert res["matches_file"] is True, path
            with open(path) as f:
                text = f.read()
            reshuffled += "_reshuffle" in text
            community += "community" in res
        report.append("%s x%d: %d hands replayed, identical stacks; deck exhausted %d "
                      "(reshuffled %d, community card %d)" % (
                          code, seats, len(files), exhausted, reshuffled, community))
    with capsys.disabled():
        print("\n" + "\n".join(report))
