"""poker.eval.evaluator: examples, validation, lows, Omaha, the compact mode,
and the MicroPython side (plain and viper paths identical, same results as
CPython; the compact mode chosen by itself in a 180 KB heap).

Not marked portable: the MicroPython checks need particular heap sizes (a
320 KB heap for the full tables in RAM, 180 KB for the compact fallback),
so they run here in subprocesses.
"""
import ast
import importlib.util
import itertools
import os
import random
import sys
import shutil
import subprocess

from checks import raises
from poker.eval import evaluator as ev
from poker.eval import lookup
from poker.cards import parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def h(text):
    return ev.high(parse(text))


def test_categories_from_straight_flush_down_to_high_card():
    assert ev.category(h("As Ks Qs Js Ts")) == 'straight flush'
    assert ev.category(h("9c 9d 9h 9s 2c")) == 'four of a kind'
    assert ev.category(h("9c 9d 9h 2s 2c")) == 'full house'
    assert ev.category(h("Ac Jc 9c 5c 2c")) == 'flush'
    assert ev.category(h("5c 4d 3h 2s Ac")) == 'straight'
    assert ev.category(h("7c 7d 7h Ks 2c")) == 'three of a kind'
    assert ev.category(h("7c 7d Kh Ks 2c")) == 'two pair'
    assert ev.category(h("7c 7d Kh Qs 2c")) == 'pair'
    assert ev.category(h("7c 5d Kh Qs 2c")) == 'high card'
    assert h("As Ks Qs Js Ts") == ev.HIGH_MAX and h("7c 5d 4h 3s 2c") == 1


def test_wheel_is_the_lowest_straight_and_steel_wheel_the_lowest_straight_flush():
    assert h("5c 4d 3h 2s Ac") < h("6c 5d 4h 3s 2c")
    assert h("5h 4h 3h 2h Ah") < h("6h 5h 4h 3h 2h")
    assert h("5h 4h 3h 2h Ah") > h("Kc Kd Kh Ks Ac")


def test_one_scale_for_five_six_and_seven_cards_uses_the_best_five():
    assert h("As Ad Ah Ks Kd") == h("As Ad Ah Ks Kd 2c") == h("As Ad Ah Ks Kd 2c 3h")
    assert h("Ah Kh Qh Jh 9h 2h Th") == h("Ah Kh Qh Jh Th")
    assert h("2c 3c 4c 5c 7c 8c 9c") == h("3c 4c 5c 7c 8c 9c")  # best five of the flush
    assert h("Ac Ad Ah Kc Kd Kh 2s") == h("Ac Ad Ah Kc Kd")   # two trips make a full house
    assert h("Qc Qd 3h 3s 2c 2d Ah") == h("Qc Qd 3h 3s Ah")   # three pairs: best two + kicker


def test_kickers_break_ties_and_equal_hands_tie():
    assert h("Ac Ad Kh 7s 2c") > h("Ah As Qh Js Tc")
    assert h("Ac Ad Kh 7s 2c") == h("Ah As Kc 7d 2h")
    assert h("Kc Kd Qh Qs 3c") > h("Kh Ks Qc Qd 2c")


def test_unchecked_entry_points_agree_with_high():
    rng = random.Random(1)
    for _ in range(2000):
        c = rng.sample(range(52), 7)
        assert ev.high7_unchecked(*c) == ev.high(c)
        assert ev.high6_unchecked(*c[:6]) == ev.high(c[:6])
        assert ev.high5_unchecked(*c[:5]) == ev.high(c[:5])
        assert ev.low8_unchecked(c) == ev.low8(c)
        assert ev.low_a5_unchecked(c) == ev.low_a5(c)
    for _ in range(300):
        c = rng.sample(range(52), 9)
        assert ev.omaha_high_unchecked(c[:4], c[4:]) == ev.omaha_high(c[:4], c[4:])
        assert ev.omaha_low8_unchecked(c[:4], c[4:]) == ev.omaha_low8(c[:4], c[4:])
    assert ev.FAST_PATH == "plain"  # CPython uses the plain path


def test_best_five_makes_the_hand_in_display_order():
    cards = parse("2c Kd Ks 7h Kh 2d 9s")
    five = ev.best_five(cards)
    assert ev.high(five) == ev.high(cards)
    assert five == parse("Ks Kh Kd 2d 2c")
    assert ev.best_five(parse("Ah 2d 3c 4s 5h Kd Qc")) == parse("5h 4s 3c 2d Ah")
    rng = random.Random(2)
    for _ in range(500):
        c = rng.sample(range(52), 7)
        five = ev.best_five(c)
        assert len(set(five)) == 5 and set(five) <= set(c)
        assert ev.high(five) == ev.high(c)


def test_bad_input_raises_value_error_with_a_clear_message():
    e = raises(ValueError, ev.high, parse("As Kd 7c 2h"))
    assert "5 to 7" in str(e) and "got 4" in str(e)
    raises(ValueError, ev.high, list(range(8)))
    e = raises(ValueError, ev.high, [0, 1, 2, 3, 52])
    assert "52" in str(e)
    raises(ValueError, ev.high, [0, 1, 2, 3, -1])
    raises(ValueError, ev.high, [0, 1, 2, 3, "As"])
    e = raises(ValueError, ev.high, parse("As Kd 7c 2h") + parse("As"))
    assert "duplicate" in str(e) and "As" in str(e)
    for fn in (ev.low8, ev.low_a5, ev.best_five):
        raises(ValueError, fn, [0, 1, 2, 3])
        raises(ValueError, fn, [0, 1, 2, 3, 3])
    raises(ValueError, ev.omaha_high, parse("As Kd 7c 2h"), parse("3c 4c"))
    raises(ValueError, ev.omaha_high, parse("As"), parse("3c 4c 5c"))
    raises(ValueError, ev.omaha_low8, parse("As Kd 7c 2h"), parse("As 4c 5c"))
    raises(ValueError, ev.category, 0)
    raises(ValueError, ev.category, ev.HIGH_MAX + 1)


def test_eight_or_better_low_needs_five_distinct_ranks_eight_or_lower():
    assert ev.low8(parse("Ah 2d 3c 4s 9d Kc Kd")) is None
    assert ev.low8(parse("Ah Ad 2c 3s 4d 4c 9h")) is None  # only four distinct
    wheel = ev.low8(parse("Ah 2h 3h 4h 5h"))  # straights and flushes do not count
    assert wheel == ev.low8(parse("5c 4d 3h 2s Ac Kd Kh"))
    assert wheel > ev.low8(parse("6c 4d 3h 2s Ac")) > ev.low8(parse("6c 5d 3h 2s Ac"))
    assert ev.low8(parse("8c 5d 4h 3s 2c")) > ev.low8(parse("8c 6d 3h 2s Ac"))
    assert ev.low8(parse("8c 7d 6h 5s 4c Kd Kh")) is not None


def test_razz_low_counts_pairs_but_not_straights_or_flushes():
    assert ev.low_a5(parse("5h 4h 3h 2h Ah")) > ev.low_a5(parse("6c 4d 3h 2s Ac"))
    assert ev.low_a5(parse("Kc Qd Jh 9s 8c")) > ev.low_a5(parse("Ac Ad 2h 3s 4c"))
    assert ev.low_a5(parse("Ac Ad 2h 3s 4c")) > ev.low_a5(parse("2c 2d Ah 3s 4c"))
    assert ev.low_a5(parse("Ac Ad 2h 2s 3c")) < ev.low_a5(parse("Kc Kd Ah 2s 3c"))
    seven = parse("Ac Ad 2h 2s 3c 3d 3h")  # best five: aces and twos, three kicker
    assert ev.low_a5(seven) == ev.low_a5(parse("Ac Ad 2h 2s 3c"))


def test_omaha_needs_two_hole_cards_and_three_board_cards():
    # four spades on the board and one in the hand: no flush in Omaha
    hole, board = parse("As Kd 7c 2h"), parse("Qs Js Ts 3s 8d")
    assert ev.category(ev.omaha_high(hole, board)) == 'straight'  # A K with Q J T
    # a hand of four aces plays only two of them
    assert ev.category(ev.omaha_high(parse("Ac Ad Ah As"), parse("Kc 7d 2h 9s 4c"))) == 'pair'
    assert ev.omaha_low8(parse("Ac 2d Kh Ks"), parse("3c 4d 5h Qs Jc")) == ev.low8(parse("Ac 2d 3c 4d 5h"))
    assert ev.omaha_low8(parse("Ac Kd Kh Ks"), parse("3c 4d 5h 6s 7c")) is None
    assert ev.omaha_low8(parse("Ac 2d Kh Ks"), parse("3c 4d 9h Ts Jc")) is None


def _micropython(script, heap="320k", timeout=600):
    exe = shutil.which("micropython")
    assert exe, "the micropython unix port is not installed (make venv)"
    proc = subprocess.run([exe, "-X", "heapsize=" + heap, script], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


MP_SCRIPT = """
import sys
sys.path.insert(0, 'firmware')
from poker.eval import evaluator as ev
with open(%r, 'rb') as f:
    data = f.read()
extra = sorted(m for m in sys.modules if m[:15] in ('poker.eval.vipe', 'poker.eval.plai', 'poker.eval.chun', 'poker.eval.load'))
print(ev.FAST_PATH, ev.MODE, *extra)
for i in range(len(data) // 7):
    h = list(data[7 * i:7 * i + 7])
    print(ev.plain_high7()(*h), ev.high7_unchecked(*h), ev.high(h[:5]), ev.high(h[:6]),
          ev.high(h), ev.low8(h), ev.low_a5(h))
try:
    ev.high(h[:4])
except ValueError as e:
    print(str(e))
"""


def test_micropython_viper_and_plain_paths_agree_with_cpython(tmp_path):
    rng = random.Random(3)
    hands = [rng.sample(range(52), 7) for _ in range(3000)]
    for k in range(13):  # and every suited seven-card flush shape
        hands.append([((k + i) % 13) * 4 + 2 for i in (0, 1, 2, 3, 5, 7, 9)])
    hands.append(parse("As Ks Qs Js Ts 9s 8s"))
    (tmp_path / "hands.bin").write_bytes(bytes(c for hand in hands for c in hand))
    script = tmp_path / "check.py"
    script.write_text(MP_SCRIPT % str(tmp_path / "hands.bin"))
    lines = _micropython(str(script)).strip().splitlines()
    # the full tables' fast path, and only its native code (not the compact
    # one's; the layout's filler forgotten once bound)
    assert lines[0] == "viper full poker.eval.viper_full"
    assert "5 to 7" in lines[-1]
    rows = lines[1:-1]
    assert len(rows) == len(hands)
    for hand, row in zip(hands, rows):
        plain, fast, h5, h6, h7, l8, a5 = row.split()
        assert fast == plain, hand  # the viper path gives the plain path's result
        assert int(plain) == int(h7) == ev.high(hand), hand
        assert int(h5) == ev.high(hand[:5]) and int(h6) == ev.high(hand[:6]), hand
        assert l8 == str(ev.low8(hand)) and int(a5) == ev.low_a5(hand), hand


def _compact_copy():
    """A second copy of the evaluator, loaded with the compact table forced."""
    lookup.COMPACT = True
    tables = sys.modules.pop("poker.eval.tables")  # (its copy binds the compact table)
    try:
        spec = importlib.util.spec_from_file_location(
            "evaluator_compact", os.path.join(ROOT, "firmware", "poker", "eval", "evaluator.py"))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        lookup.COMPACT = None
        sys.modules["poker.eval.tables"] = tables
        sys.modules["poker.eval"].tables = tables
    return mod


def test_compact_mode_gives_the_same_strengths_as_the_full_tables():
    assert ev.MODE == "full"
    compact = _compact_copy()
    assert compact.MODE == "compact"
    rng = random.Random(4)
    for _ in range(3000):
        c = rng.sample(range(52), 9)
        assert compact.high(c[:7]) == ev.high(c[:7]), c
        assert compact.high(c[:6]) == ev.high(c[:6]), c
        assert compact.high(c[:5]) == ev.high(c[:5]), c
        assert compact.high7_unchecked(*c[:7]) == ev.high7_unchecked(*c[:7]), c
    for k in range(13):  # suited sevens: flushes through the five-card subsets
        c = [((k + i) % 13) * 4 + 1 for i in (0, 1, 2, 3, 5, 7, 9)]
        assert compact.high(c) == ev.high(c) and compact.high(c[:6]) == ev.high(c[:6])
    hole, board = parse("As Kd 7c 2h"), parse("Qs Js Ts 3s 8d")
    assert compact.omaha_high(hole, board) == ev.omaha_high(hole, board)


MP_SMALL_HEAP = """
import sys
sys.path.insert(0, 'firmware')
from poker.eval import evaluator as ev
extra = sorted(m for m in sys.modules if m[:15] in ('poker.eval.vipe', 'poker.eval.plai', 'poker.eval.chun', 'poker.eval.load'))
print(ev.MODE, ev.FAST_PATH, *extra)
with open(%r, 'rb') as f:
    data = f.read()
for i in range(len(data) // 7):
    h = list(data[7 * i:7 * i + 7])
    print(ev.high(h), ev.high(h[:6]), ev.high(h[:5]), ev.plain_high7()(*h), ev.high7_unchecked(*h))
"""


def test_in_a_180_kb_heap_micropython_falls_back_to_the_compact_table(tmp_path):
    rng = random.Random(5)
    hands = [rng.sample(range(52), 7) for _ in range(1500)]
    for k in range(13):  # and suited sevens: flushes in the five-card subsets
        hands.append([((k + i) % 13) * 4 + 3 for i in (0, 1, 2, 3, 5, 7, 9)])
    (tmp_path / "hands.bin").write_bytes(bytes(c for hand in hands for c in hand))
    script = tmp_path / "small.py"
    script.write_text(MP_SMALL_HEAP % str(tmp_path / "hands.bin"))
    lines = _micropython(str(script), heap="180k").strip().splitlines()
    # the compact table's fast path, and only its native code (not the full
    # one's; the layout's filler forgotten once bound)
    assert lines[0] == "compact viper poker.eval.viper_compact"
    assert len(lines) == len(hands) + 1
    for hand, row in zip(hands, lines[1:]):
        want = ev.high(hand)
        # checked entry points, the compact plain path and the compact viper path
        assert [int(x) for x in row.split()] == [want, ev.high(hand[:6]), ev.high(hand[:5]), want, want]


MP_CHUNKED = """
import sys
sys.path.insert(0, 'firmware')
from poker.eval import lookup
_load = lookup.load


def load(name, offset=0, length=None):
    if length is not None and length > 65536:  # no block for the value table in one piece
        raise MemoryError
    return _load(name, offset, length)


lookup.load = load
from poker.eval import evaluator as ev
print(ev.MODE, ev.FAST_PATH, len(ev._T))
with open(%r, 'rb') as f:
    data = f.read()
for i in range(len(data) // 7):
    h = list(data[7 * i:7 * i + 7])
    print(ev.plain_high7()(*h), ev.high7_unchecked(*h), ev.high6_unchecked(*h[:6]),
          ev.high5_unchecked(*h[:5]))
"""


def test_micropython_with_the_value_table_in_chunks_gives_the_same_strengths(tmp_path):
    # a heap with no 116 KB block reads the full value table in 8 KB chunks:
    # the chunked plain paths (the viper path needs it in one piece)
    rng = random.Random(6)
    hands = [rng.sample(range(52), 7) for _ in range(1500)]
    for k in range(13):  # and suited sevens: flushes of 5, 6 and 7 cards
        hands.append([((k + i) % 13) * 4 + 2 for i in (0, 1, 2, 3, 5, 7, 9)])
    (tmp_path / "hands.bin").write_bytes(bytes(c for hand in hands for c in hand))
    script = tmp_path / "chunked.py"
    script.write_text(MP_CHUNKED % str(tmp_path / "hands.bin"))
    lines = _micropython(str(script)).strip().splitlines()
    assert lines[0] == "full plain 15"
    assert len(lines) == len(hands) + 1
    for hand, row in zip(hands, lines[1:]):
        want = ev.high(hand)
        assert [int(x) for x in row.split()] == [want, want, ev.high(hand[:6]), ev.high(hand[:5])], hand


def _every_hash_key_hands():
    """One seven-card hand for every key the hash can be asked for: every
    rank multiset of seven cards (suits spread: no flush), and every set of
    5, 6 and 7 suited ranks (a flush of that size)."""
    hands = []

    def walk(rank, left, ranks):
        if left == 0:
            hands.append([r * 4 + i % 4 for i, r in enumerate(ranks)])
            return
        if rank == 13:
            return
        for c in range(min(4, left), -1, -1):
            walk(rank + 1, left - c, ranks + [rank] * c)

    walk(0, 7, [])
    assert len(hands) == 49205
    for n in (5, 6, 7):
        for ranks in itertools.combinations(range(13), n):
            others = [r for r in range(13) if r not in ranks][:7 - n]
            hands.append([r * 4 for r in ranks] + [r * 4 + 1 + i for i, r in enumerate(others)])
    return hands


MP_EVERY_KEY = """
import sys, array
sys.path.insert(0, 'firmware')
from poker.eval import evaluator as ev
from poker.eval import viper_compact as vv
vv.bind(ev._K, ev._KS, (ev._C5, ev._C6, 0, ev._B, ev._N, 1 if ev._FLAT else 0), ev._FL5, ev._FL6, ev._FL7,
        ev._DBUF, ev._TFBUF, ev._TBUF)  # (its own layout buffer: the full tables' five-card lookups)
print(ev.MODE, ev.FAST_PATH)
with open(%r, 'rb') as f:
    data = f.read()
n = len(data) // 7
out = array.array('H', bytes(2 * n))
ev.high7_batch(data, n, out)
bad = 0
for i in range(n):
    h = data[7 * i:7 * i + 7]
    v = ev.high7_unchecked(*h)
    if v != out[i] or v != vv.high7_compact(*h):
        bad += 1
        print('MISMATCH', list(h), v, out[i], vv.high7_compact(*h))
print('hands', n, 'mismatches', bad)
for i in range(n):
    print(out[i])
"""


def _consts(rel):
    """NAME -> value of the module's ``NAME = const(value)`` lines."""
    with open(os.path.join(ROOT, "firmware", rel)) as f:
        tree = ast.parse(f.read())
    out = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", "") == "const"):
            out[node.targets[0].id] = ast.literal_eval(node.value.args[0])
    return out


def test_the_fast_paths_read_the_layout_that_bind_fills():
    # each viper module repeats the _V_* constants it uses (viper needs them
    # as immediates): the same values as evaluator_viper's, which bind() writes
    layout = _consts("poker/eval/viper.py")
    for rel in ("poker/eval/viper_full.py", "poker/eval/viper_compact.py"):
        mine = {k: v for k, v in _consts(rel).items() if k.startswith("_V_")}
        assert len(mine) >= 4, rel
        assert all(layout[k] == v for k, v in mine.items()), rel


def test_the_plain_path_modules_repeat_the_evaluators_constants():
    # poker/eval/chunked.py, plain7.py and tables.py repeat the constants
    # they use (an immediate in bytecode): the same values as the evaluator's
    mine = _consts("poker/eval/evaluator.py")
    for rel in ("poker/eval/chunked.py", "poker/eval/plain7.py", "poker/eval/tables.py"):
        theirs = _consts(rel)
        assert len(theirs) >= 4, rel
        assert all(mine[k] == v for k, v in theirs.items()), rel


def test_the_plain_seven_card_paths_load_only_when_asked_where_viper_serves(tmp_path):
    # the stock route's case: the compact table read into RAM, a viper path;
    # the chunked and the plain 7-card bytecode stay out of the heap until a
    # test or benchmark asks for the plain path
    script = tmp_path / "plain7.py"
    script.write_text("import sys\nsys.path.insert(0, 'firmware')\nfrom poker.eval import lookup\nlookup.COMPACT = True\n"
                      "from poker.eval import evaluator as ev\n"
                      "print(ev.FAST_PATH, 'poker.eval.chunked' in sys.modules,"
                      " 'poker.eval.plain7' in sys.modules)\n"
                      "f = ev.plain_high7()\n"
                      "print('poker.eval.plain7' in sys.modules, f(0, 4, 8, 12, 17, 30, 51),"
                      " f is sys.modules['poker.eval.plain7']._high7_compact)\n")
    first, second = _micropython(str(script)).strip().splitlines()
    assert first == "viper False False"
    assert second == "True %d True" % ev.high([0, 4, 8, 12, 17, 30, 51])


def test_viper_multiply_and_shift_hash_is_exact_for_every_key_the_tables_can_be_asked():
    # the viper paths replace the hash's two `%` by multiply-and-shift; this
    # asks high7, high7_batch and high7_compact for every reachable key
    hands = _every_hash_key_hands()
    assert len(hands) == 49205 + 1287 + 1716 + 1716
    for hand in hands:
        assert len(set(hand)) == 7 and all(0 <= c < 52 for c in hand), hand
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "every.bin")
        with open(path, "wb") as f:
            f.write(bytes(c for hand in hands for c in hand))
        script = os.path.join(tmp, "every.py")
        with open(script, "w") as f:
            f.write(MP_EVERY_KEY % path)
        lines = _micropython(script, heap="2m").split("\n")
    assert lines[0] == "full viper"  # the fast path, not the plain one
    assert lines[1] == "hands %d mismatches 0" % len(hands), lines[1:4]
    got = [int(x) for x in lines[2:2 + len(hands)]]
    assert got == [ev.high(hand) for hand in hands]  # CPython's plain path
