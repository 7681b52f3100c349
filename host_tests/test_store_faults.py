"""Power cuts and bad save files: loading never crashes, never loses a chip,
and a hand cut by a power loss resumes.

1. A fake file system records every change made while a Game plays many
   hands (fake_table.FakeHand moves the chips; games end and new ones
   start; the settings are saved now and then; every action of every hand
   goes to the hand's journal). Then the flash contents are rebuilt as they
   were at every cut point: before every byte of every file written, before
   every open, append, rename and remove. After each cut a new Store and
   Game.load must give exactly the complete state saved before or after
   the interrupted save with every chip there, or resume the hand being
   played: the same deck, exactly the actions whose records were complete,
   and played to its end it reaches the state the uncut game saved. The
   figures are printed. 1,000 hands (1 to 2 minutes of one core), or
   STUD_HANDS=N; the cuts are four cases, each inside a quarter of the
   saves, which `make test`'s workers share.
2. A second cut during the repairs of that power-on (before each change it
   makes, half-way through each write).
3. Bad save files of every kind load as defaults with a message.
4. The same power cuts on the real LittleFS of the MicroPython unix port
   (host_tests/mp_lfs_powercut.py): a cut before every block write and
   erase, and in the middle of every block write; 60 hands (300 with
   STUD_SLOW=1).
"""
import json
import os
import shutil
import subprocess
import time

import pytest
from fake_table import FakeFs, FakeHand, apply, check_bots, fresh, play_out
from poker.match import journal
from poker.match import store as store_mod
from poker.match.game import Game
from poker.match.settings import Settings
from poker.rng import Rng
from poker.match.store import Store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HANDS = int(os.environ.get("STUD_HANDS", "1000"))


@pytest.fixture(autouse=True)
def _fake_defaults():
    yield
    fresh()  # the recordings below play with big swings


def _load(files):
    fs = FakeFs(files)
    st = Store("/data", fs)
    settings = Settings.load(st)
    g = Game.load(st, Rng(1), settings, players=check_bots, hand_factory=FakeHand)
    return g, st, settings


def _summary(g, settings):
    return (
        tuple(g.stacks), tuple(g.out), g.dealer, g.hand_no, g.seq, g.code,
        json.dumps(g.stats.to_obj(), sort_keys=True), json.dumps(settings.to_obj(), sort_keys=True),
        tuple(g.history(2)),
    )


def _play_and_record(hands):
    """Plays with every change recorded. Returns the ops and the marks: for
    each save group (the initial saves, then each hand, new game or
    settings change) the number of ops so far, the game's own state and,
    for a hand, (its deck, its number of actions)."""
    fresh()
    FakeHand.swing = 1500  # games end every few dozen hands
    fs = FakeFs()
    fs.log = []
    st = Store("/data", fs)
    settings = Settings()
    settings.save(st)
    g = Game(settings, Rng(2024), st, players=check_bots, hand_factory=FakeHand)

    def mark(hand=None):
        return (len(fs.log), tuple(g.stacks), g.dealer, g.seq, g.over, hand)

    marks = [mark()]
    played = 0
    n = 0
    while played < hands:
        n += 1
        if g.over:
            g.new_game()
            marks.append(mark())
        elif n % 97 == 0:
            settings.difficulty = (settings.difficulty + 1) % 3
            settings.save(st)
            marks.append(mark())
        else:
            g.start_hand()
            play_out(g)
            played += 1
            h = g.last_hand
            marks.append(mark((h.deck_order, h.turn)))
    return fs.log, marks


def _cut_points(files, op):
    """The flash contents at each cut point inside one change: before each
    byte of a write, before an open, rename or remove."""
    if op[0] != "write":
        yield files
        return
    for j in range(len(op[2])):
        state = dict(files)
        apply(state, op, j)
        yield state


def _half_cuts(files, op):
    """Cut points of one change, fewer: before it, and half-way through a
    write (the nested test below; the test above cuts at every byte)."""
    yield files
    if op[0] == "write" and len(op[2]) > 1:
        half = dict(files)
        apply(half, op, len(op[2]) // 2)
        yield half


class Tally:
    def __init__(self):
        self.cuts = self.old = self.new = self.resumed = self.booked = 0
        self.played_on = self.voids = self.chips_lost = self.problems = 0


def _check_power_on(state, old, new, hand, acts, t):
    """A power-on from the flash ``state`` cut inside the save group between
    the states ``old`` and ``new`` (the group of the hand ``hand``, (deck,
    actions), when it is one; ``acts`` actions of it complete on flash).
    It must load the old or the new state, or resume that very hand with
    those actions, play the rest of it and reach the new state."""
    g, st, settings = _load(state)
    t.cuts += 1
    t.chips_lost += abs(4 * 5000 - sum(g.stacks))
    t.problems += len(st.problems)
    events = g.pop_events()
    assert ("VOID", None) not in events  # a journal torn by a cut is never unusable
    if ("RESUMED", None) not in events:
        s = _summary(g, settings)
        assert s == old or s == new
        if s == old:
            t.old += 1
        else:
            t.new += 1
        return g
    assert hand is not None
    if g.hand is None:  # every action was on flash, the hand's end not: booked now
        assert _reloaded(g) == new
        t.booked += 1
        return g
    t.resumed += 1
    h = g.hand
    assert _summary(g, settings) == old and h.deck_order == hand[0] and h.turn == acts
    out = sum([g.stacks[i] for i in range(g.seats) if g.out[i]])  # seats sitting out keep theirs
    assert sum(h.stacks) + out == sum(g.stacks) == 4 * 5000
    while g.hand is not None:  # the rest of the hand, and the game goes on
        g.act("check", 0) if g.human_to_act() else g.step()
    assert _reloaded(g) == new
    t.played_on += 1
    return g


_RELOADED = {}


def _reloaded(g):
    """The summary of the next power-on from the flash as ``g`` left it
    (remembered per flash contents: many cuts book a hand to the same)."""
    files = g.store.fs.files
    key = tuple(sorted(files.items()))
    s = _RELOADED.get(key)
    if s is None:
        if len(_RELOADED) > 1000:
            _RELOADED.clear()
        g2, st, settings = _load(files)
        assert st.problems == [] and g2.pop_events() == []
        s = _RELOADED[key] = _summary(g2, settings)
    return s


def _journal_acts(op, acts):
    """Actions complete in the journal after the change ``op``."""
    if op[0] == "write" and op[1] == "/data/journal":
        return 0 if len(op[2]) == journal.HEADER else acts + len(op[2]) // journal.RECORD
    return acts


def _expected_states(ops, marks):
    """The complete state at each mark, as a fresh power-on loads it."""
    expected = []
    files = {}
    op_i = 0
    for end, stacks, dealer, seq, over, _hand in marks:
        while op_i < end:
            apply(files, ops[op_i])
            op_i += 1
        g, st, settings = _load(files)
        assert st.problems == [] and g.pop_events() == []
        assert g.seq == seq
        if not over:  # a finished game loads as a new one
            assert tuple(g.stacks) == stacks and g.dealer == dealer
        expected.append(_summary(g, settings))
    return expected


_RECORDINGS = {}


def _recording(hands):
    """(ops, marks, expected states) of ``hands`` hands, once a worker: the
    cases of the sweep below share it."""
    if hands not in _RECORDINGS:
        ops, marks = _play_and_record(hands)
        _RECORDINGS[hands] = ops, marks, _expected_states(ops, marks)
    else:
        fresh()
    FakeHand.swing = 1500  # as recorded: the hands played on after a cut swing as much
    return _RECORDINGS[hands]


SWEEP_CASES = 4  # the save groups, dealt over this many cases (they spread over the workers)


@pytest.mark.slow
@pytest.mark.parametrize("case", range(SWEEP_CASES))
def test_a_power_cut_at_every_byte_of_every_save_loads_the_old_or_the_new_state_or_resumes_the_hand(case):
    # case c cuts inside the save groups b with b % SWEEP_CASES == c (the
    # flash is rebuilt through every group, cut only in its own); each case
    # holds its share of the totals, so together they hold the whole's
    t0 = time.time()
    ops, marks, expected = _recording(HANDS)
    games = len([m for m in marks if m[4]])
    # a cut at every point between two marks, then the power comes back
    t = Tally()
    files = {}
    op_i = 0
    acts = 0
    for b in range(1, len(marks)):
        mine = b % SWEEP_CASES == case
        while op_i < marks[b][0]:
            op = ops[op_i]
            if mine:
                for state in _cut_points(files, op):
                    _check_power_on(state, expected[b - 1], expected[b], marks[b][5], acts, t)
            apply(files, op)
            acts = _journal_acts(op, acts)
            op_i += 1
    print("\npower cuts, case %d of %d: %d hands (%d games ended), %d writes cut; on power-on %d old states, "
          "%d new states, %d hands resumed (%d played on to the same end), %d resumed and booked, "
          "%d voided, %d chips lost, %d damage messages, %.1f s"
          % (case + 1, SWEEP_CASES, HANDS, games, t.cuts, t.old, t.new, t.resumed, t.played_on, t.booked,
             t.voids, t.chips_lost, t.problems, time.time() - t0))
    assert t.chips_lost == 0 and t.problems == 0 and t.cuts > HANDS * 100 // SWEEP_CASES
    assert t.old + t.new + t.resumed + t.booked == t.cuts and t.played_on == t.resumed
    # every action of every hand
    assert t.resumed > HANDS * 4 // SWEEP_CASES and t.booked > HANDS // SWEEP_CASES


@pytest.mark.slow
def test_a_second_power_cut_during_the_repairs_of_a_power_on_loses_nothing():
    # Loading after a cut may itself change the flash (finish an interrupted
    # rename, rewrite the journal, book a resumed hand that had ended). Cut
    # that too, before every change it makes and half-way through each write,
    # after a first cut before every change and half-way through every write.
    hands = 30
    ops, marks = _play_and_record(hands)
    expected = _expected_states(ops, marks)
    files = {}
    op_i = 0
    acts = 0
    t = Tally()
    nested = 0
    for b in range(1, len(marks)):
        while op_i < marks[b][0]:
            op = ops[op_i]
            for state in _half_cuts(files, op):
                fs = FakeFs(state)
                fs.log = []
                st = Store("/data", fs)
                Game.load(st, Rng(1), Settings.load(st), players=check_bots, hand_factory=FakeHand)
                repairs = fs.log
                second = dict(state)
                for r in repairs:  # the power goes before this repair, or half-way through it
                    for cut in _half_cuts(second, r):
                        _check_power_on(cut, expected[b - 1], expected[b], marks[b][5], acts, t)
                        nested += 1
                    second = dict(second)
                    apply(second, r)
            apply(files, op)
            acts = _journal_acts(op, acts)
            op_i += 1
    print("\nsecond power cuts during a power-on's repairs: %d (%d hands resumed, %d booked), "
          "all recovered, %d chips lost" % (nested, t.resumed, t.booked, t.chips_lost))
    assert nested > hands and t.chips_lost == 0 and t.resumed > 0 and t.booked > 0


def _good_game_record():
    fresh()
    fs = FakeFs()
    st = Store("/data", fs)
    g = Game(Settings(), Rng(3), st, players=check_bots, hand_factory=FakeHand)
    for _ in range(3):
        g.start_hand()
        while g.hand is not None:
            g.act("check", 0) if g.human_to_act() else g.step()
    return json.loads(store_mod.unpack(fs.files["/data/game"]).decode())


def _bad_payloads(good):
    """(what, file bytes) for every kind of bad file."""
    r = Rng(77)
    out = [
        ("empty file", b""),
        ("random bytes", bytes([r.below(256) for _ in range(300)])),
        ("header only", store_mod.pack(b"")[:12]),
        ("truncated", store_mod.pack(json.dumps(good).encode())[:-5]),
        ("huge length", b"SD\x01\x00\xff\xff\xff\x7f" + b"\0" * 20),
        ("wrong format version", b"SD\x09" + store_mod.pack(json.dumps(good).encode())[3:]),
        ("not JSON", store_mod.pack(b"{stacks: 5000")),
        ("not UTF-8", store_mod.pack(b"\xff\xfe\x00")),
        ("JSON list", store_mod.pack(b"[1, 2, 3]")),
        ("JSON null", store_mod.pack(b"null")),
    ]

    def variant(what, change):
        obj = json.loads(json.dumps(good))
        change(obj)
        out.append((what, store_mod.pack(json.dumps(obj).encode())))

    variant("wrong version", lambda o: o.__setitem__("v", 99))
    variant("no version", lambda o: o.pop("v"))
    variant("stacks as text", lambda o: o["game"].__setitem__("stacks", "5000"))
    variant("stack as text", lambda o: o["game"]["stacks"].__setitem__(1, "5000"))
    variant("stack as float", lambda o: o["game"]["stacks"].__setitem__(1, 5000.5))
    variant("stack as bool", lambda o: o["game"]["stacks"].__setitem__(1, True))
    variant("negative stack", lambda o: (o["game"]["stacks"].__setitem__(1, -100),
                                         o["game"]["stacks"].__setitem__(2, o["game"]["stacks"][2] + 100)))
    variant("chips created", lambda o: o["game"]["stacks"].__setitem__(1, o["game"]["stacks"][1] + 1))
    variant("chips lost", lambda o: o["game"]["stacks"].__setitem__(1, o["game"]["stacks"][1] - 1))
    variant("too few seats", lambda o: o["game"]["stacks"].pop())
    variant("out flag wrong", lambda o: o["game"]["out"].__setitem__(1, True))
    variant("out flag as int", lambda o: o["game"]["out"].__setitem__(1, 0))
    variant("dealer out of range", lambda o: o["game"].__setitem__("dealer", 4))
    variant("dealer as text", lambda o: o["game"].__setitem__("dealer", "2"))
    variant("unknown game", lambda o: o["game"].__setitem__("game", "XX"))
    variant("stakes out of range", lambda o: o["game"].__setitem__("stakes", 9))
    variant("lexibook with 5 seats", lambda o: o["game"].__setitem__("players", 5))
    variant("bad result", lambda o: o["game"].__setitem__("result", "maybe"))
    variant("hand number negative", lambda o: o["game"].__setitem__("hand_no", -1))
    variant("seq as text", lambda o: o.__setitem__("seq", "3"))
    variant("stats wrong type", lambda o: o.__setitem__("stats", [1, 2]))
    variant("stats negative", lambda o: o["stats"][list(o["stats"])[0]].__setitem__(0, -3))
    variant("game as list", lambda o: o.__setitem__("game", [5000] * 4))
    return out


def test_bad_game_files_of_every_kind_load_as_a_new_game_with_a_message():
    good = _good_game_record()
    assert Game.load(Store("/data", FakeFs({"/data/game": store_mod.pack(json.dumps(good).encode())})),
                     Rng(1), players=check_bots, hand_factory=FakeHand).hand_no == 3
    kinds = 0
    for what, blob in _bad_payloads(good):
        st = Store("/data", FakeFs({"/data/game": blob}))
        g = Game.load(st, Rng(1), players=check_bots, hand_factory=FakeHand)
        assert g.stacks == [5000] * 4 and g.hand_no == 0 and g.dealer == 2, what
        assert g.stats.total()["hands"] == 0, what
        assert len(st.problems) == 1 and "game" in st.problems[0], what
        kinds += 1
    print("\n%d kinds of bad game file: all loaded as defaults with one message" % kinds)


def test_a_bad_game_file_falls_back_to_its_last_good_copy():
    good = _good_game_record()
    for what, blob in _bad_payloads(good):
        files = {"/data/game": blob, "/data/game.bak": store_mod.pack(json.dumps(good).encode())}
        st = Store("/data", FakeFs(files))
        g = Game.load(st, Rng(1), players=check_bots, hand_factory=FakeHand)
        assert g.hand_no == 3 and g.stacks == good["game"]["stacks"], what
        assert len(st.problems) == 1, what


def test_bad_settings_files_load_as_defaults_with_a_message():
    good = Settings().to_obj()
    good["game"] = "FT"
    files = {"/data/settings": store_mod.pack(json.dumps(good).encode())}
    assert Settings.load(Store("/data", FakeFs(files))).game == "FT"
    bad = [b"", b"\x00" * 50, store_mod.pack(b"xx"), store_mod.pack(b"[]")]
    for change in ({"v": 2}, {"game": 7}, {"sound": "on"}, {"stakes": 1.5}, {"players": None}, {"coach": 1}):
        obj = dict(good)
        obj.update(change)
        bad.append(store_mod.pack(json.dumps(obj).encode()))
    defaults = Settings().to_obj()
    for blob in bad:
        st = Store("/data", FakeFs({"/data/settings": blob}))
        assert Settings.load(st).to_obj() == defaults, blob
        assert len(st.problems) == 1 and "settings" in st.problems[0]


@pytest.mark.slow
def test_power_cuts_on_littlefs_under_micropython_leave_a_complete_state():
    exe = shutil.which("micropython")
    assert exe, "the micropython unix port is not installed (make venv)"
    hands = "300" if os.environ.get("STUD_SLOW") else "60"
    # 600 KB: four 16 KB flash images, the firmware compiled from source on a
    # 64-bit heap (poker.match.saved again at every power-on and history
    # read), and a resumed hand played on (a heap proof is not the point)
    proc = subprocess.run([exe, "-X", "heapsize=600k", os.path.join(ROOT, "host_tests", "mp_lfs_powercut.py"), hands],
                          capture_output=True, text=True, timeout=600)
    print(proc.stdout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "chips lost 0, 0 hands voided" in proc.stdout
