"""The firmware on a 32-bit MicroPython: the WebAssembly port (tools/wasmport,
from npm), whose small ints are 31-bit and whose objects take the RP2040's
room, where the unix port of this 64-bit host has 63-bit small ints and
objects twice the size. It has no native emitter, so it also shows the
bytecode-only build: the viper modules left out, the plain paths running.

Within one call from JavaScript that port never collects garbage, so
``gc.mem_alloc()`` before and after a piece of code counts every byte it
allocated: the hot paths are held to zero here (a product past 2**30, which
allocates a big int on the device but not on a 64-bit host, shows up too).
"""
import json
import os
import random

import pytest

from hostenv import FIRMWARE, portable_modules, portable_tree, shared_once

import build
from poker.odds import montecarlo
from poker.eval import evaluator as ev
from poker.cards import parse

pytestmark = pytest.mark.port  # the 32-bit WebAssembly port (docs/testing.md)

VIPER_MODULES = ["poker/eval/viper_compact.py", "poker/eval/viper_full.py", "poker/odds/sampler_viper.py",
                 "ui/font_viper.py"]


@pytest.fixture(scope="module")
def bytecode(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("wasm32"))
    info = build.build_bytecode(out)
    return out, info


def _run(out, script, heap=4 * 1024 * 1024):
    tree = os.path.join(out, "scripts")
    os.makedirs(tree, exist_ok=True)
    with open(os.path.join(tree, "check.py"), "w") as f:
        f.write(script)
    image = os.path.join(out, "build", build.IMAGE_NAME)
    return build.run_wasm(heap, tree, code="import sys, os\nos.chdir('/')\n"
                          "sys.path[:] = ['/rom', '']\nimport check", image=image)


def test_a_bytecode_only_build_leaves_out_exactly_the_modules_with_native_code(bytecode):
    out, info = bytecode
    native = sorted(rel for rel, kind in build.firmware_files(FIRMWARE)
                    if kind == "code" and build.uses_native_code(os.path.join(FIRMWARE, rel)))
    assert native == VIPER_MODULES
    assert sorted(info["left_out"]) == VIPER_MODULES and info["native"] == []
    shipped = {e["path"] for e in info["files"]}
    assert "poker/eval/evaluator.mpy" in shipped and "ui/font.mpy" in shipped
    assert not shipped & {m[:-3] + ".mpy" for m in VIPER_MODULES}


HANDS = [random.Random(5).sample(range(52), 7) for _ in range(400)]

EVAL_SCRIPT = """
import sys
from poker.eval import evaluator as ev
from ui import font
print('PORT', sys.implementation._mpy & 0xff, sys.maxsize)
print('PATHS', ev.MODE, ev.FAST_PATH, font._fast)
hands = %s
rows = []
for h in hands:
    rows.append([ev.high(h), ev.high(h[:5]), ev.high(h[:6]), ev.low8(h), ev.low_a5(h),
                 ev.omaha_high(h[:4], h[4:]), ev.omaha_low8(h[:4], h[4:])])
import json
print('ROWS', json.dumps(rows))
"""


def test_the_evaluator_takes_its_plain_path_on_32_bits_and_agrees_with_cpython(bytecode):
    out, _info = bytecode
    res = _run(out, EVAL_SCRIPT % json.dumps(HANDS))
    assert res["PORT"].split() == ["6", str(2 ** 31 - 1)]      # 32-bit: sys.maxsize
    assert res["PATHS"] == "full plain None"
    rows = json.loads(res["ROWS"])
    for h, row in zip(HANDS, rows):
        assert row == [ev.high(h), ev.high(h[:5]), ev.high(h[:6]), ev.low8(h), ev.low_a5(h),
                       ev.omaha_high(h[:4], h[4:]), ev.omaha_low8(h[:4], h[4:])], h


ALLOC_SCRIPT = """
import gc
from poker.eval import evaluator as ev
from poker.odds import equity as eq
from poker.cards import parse
from poker.rng import Rng
hands = %s
omaha = [(h[:4], h[4:7]) for h in hands]

def hot():
    for h in hands:
        a, b, c, d, e, f, g = h
        ev.high7_unchecked(a, b, c, d, e, f, g)
        ev.high6_unchecked(a, b, c, d, e, f)
        ev.high5_unchecked(a, b, c, d, e)
        ev.low8_unchecked(h)
        ev.low_a5_unchecked(h)
        ev.high(h)          # the checked entry points too
        ev.low8(h)
        ev.low_a5(h)
    for hole, board in omaha:
        ev.omaha_high_unchecked(hole, board)
        ev.omaha_low8_unchecked(hole, board)

a = 0                      # (a new global could grow the module's dict)
hot()                      # first calls: the Omaha subsets are made once
a = gc.mem_alloc()
hot()
print('HOT', gc.mem_alloc() - a)
from poker.view import cannot_beat
own, up = parse('2c 3d 7h 9s Jc Qd 4h'), parse('Ac Ad Kh Ks')
cannot_beat(own, up, own + up)
a = gc.mem_alloc()
for _ in range(20):
    cannot_beat(own, up, own + up)
print('CANNOT_BEAT', gc.mem_alloc() - a)
cases = %s
for code, mine, board, quick in cases:
    got = []
    for n in (100, 1000):
        a = gc.mem_alloc()
        eq.equity(code, parse(mine), parse(board), 3, samples=n, rng=Rng(3), omaha_quick=quick)
        got.append(gc.mem_alloc() - a)
    print('EQ_%%s%%s' %% (code, '_quick' if quick else ''), got[0], got[1])
"""

EQUITY_CASES = [("FT", "As Kd", "2c 7h 9s", False), ("F7S", "As Kd Kc", "", False),
                ("F5S", "As Kd", "", False), ("FR", "As 2d 3c", "", False),
                ("F7S/8", "As 2d 3c", "", False), ("FO", "As Kd Qh Jc", "2c 7h 9s", False),
                ("FO", "As Kd Qh Jc", "2c 7h 9s", True), ("FO/8", "As 2d Qh 3c", "4c 7h 9s", False),
                ("FO/8", "As 2d Qh 3c", "4c 7h 9s", True)]


def test_the_hot_paths_allocate_nothing_on_32_bits(bytecode):
    out, _info = bytecode
    res = _run(out, ALLOC_SCRIPT % (json.dumps(HANDS[:200]), repr(EQUITY_CASES)))
    # every evaluator entry point the engine and the players call per hand
    assert res["HOT"] == "0"
    # the impossible-call test (every decision at the last street): a few
    # small lists a call (here ~320 B, the test's own `own + up` included),
    # not a block per unseen card (that would be ~15 KB a call)
    assert int(res["CANNOT_BEAT"]) <= 20 * 512, res["CANNOT_BEAT"]
    for code, _m, _b, quick in EQUITY_CASES:
        n100, n1000 = map(int, res["EQ_%s%s" % (code, "_quick" if quick else "")].split())
        # a deal allocates nothing: 900 more deals, not one more block
        # (what remains is the problem's set-up, the same for both)
        assert n1000 - n100 < 16 * 4, (code, quick, n100, n1000)
        assert n100 < 8 * 1024, (code, quick, n100)


def test_the_deal_lcg_computed_a_byte_at_a_time_is_the_lcg_and_stays_in_small_ints():
    # poker.odds.montecarlo steps x = (x * 25173 + 13849) mod 2**16 as below, so that
    # no intermediate passes 2**30 (31-bit small ints on the device)
    a, c = montecarlo._LCG_A, montecarlo._LCG_C
    for x in range(1 << 16):
        split = ((((x >> 8) * a) & 255) << 8) + (x & 255) * a + c
        assert split < 2 ** 30 and split & 0xFFFF == (x * a + c) & 0xFFFF
    src = open(os.path.join(FIRMWARE, "poker", "odds", "montecarlo.py")).read()
    assert src.count("x = (((((x >> 8) * _LCG_A) & 255) << 8) + (x & 255) * _LCG_A + _LCG_C) & 0xFFFF") == 4
    assert "x * _LCG_A" not in src.replace("(x >> 8) * _LCG_A", "")


def test_low_a5_without_allocation_matches_a_brute_force_ranking():
    # the allocation-free low_a5 against a direct reading of its rules:
    # best five of the cards by (category, ranks high to low), pairs count
    import itertools

    def brute(cards):
        best = None
        for five in itertools.combinations(cards, 5):
            ranks = sorted((((c >> 2) + 1) % 13 for c in five), reverse=True)
            counts = sorted({r: ranks.count(r) for r in ranks}.items(), key=lambda rc: (-rc[1], -rc[0]))
            shape = tuple(sorted((c for _r, c in counts), reverse=True))
            cat = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4,
                   (4, 1): 5}[shape]
            key = (cat, [r for r, _c in counts])
            if best is None or key < best:
                best = key
        return best

    rng = random.Random(11)
    hands = [rng.sample(range(52), rng.choice((5, 6, 7))) for _ in range(3000)]
    hands += [parse("As Ad Ah Ac Ks Kd Kh"), parse("2s 2d 2h 3c 3s 4d 4h"), parse("As 2s 3s 4s 5s")]
    keyed = sorted(hands, key=brute)
    strengths = [ev.low_a5(h) for h in keyed]
    for a, b, ha, hb in zip(strengths, strengths[1:], keyed, keyed[1:]):
        if brute(ha) == brute(hb):
            assert a == b, (ha, hb)
        else:
            assert a > b, (ha, hb)


# ------------------------------------------------------------ portable tests
# The same portable test modules that run under the unix port
# (test_micropython_port.py) run here on 32 bits, from bytecode-only .mpy
# files (the viper modules left out), one test a call from JavaScript.

@pytest.fixture(scope="module")
def portable32(tmp_path_factory):
    return shared_once(tmp_path_factory, "portable32",
                       lambda out: portable_tree(out, None, leave_out=build.uses_native_code))


@pytest.mark.parametrize("module", portable_modules())
def test_portable_module_passes_on_32_bit_micropython(module, portable32):
    res = build.run_wasm(
        8 * 1024 * 1024, portable32,
        begin="import sys, os\nos.chdir('/')\nsys.path[:] = ['/host_tests', '', '/lib']\n"
              "import mptest\n_r = mptest.Runner([%r])" % module,
        step="_r.step()")
    assert " 0 failed" in " " + " ".join(k + " " + v for k, v in res.items() if v.endswith("failed")), res
