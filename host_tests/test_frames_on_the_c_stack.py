"""The functions that run at every action of a hand and at every evaluation
keep their frame on the C stack: at most 11 words (VM_MAX_STATE_ON_STACK).
MicroPython puts a bigger frame on the heap at every call, and that
allocation's cost grows with the heap's fragmentation: with a
22-word frame the plain 7-card path costs 74 us on the chip just booted
and 171 us after a game (docs/architecture.md). Frames are read from mpy-cross's
output by tools/build/mpyframes.py."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import mpyframes  # noqa: E402

POKER = os.path.join(ROOT, "firmware", "poker")

# every action: its legal actions, applying it, who acts next, who must
# answer a bet; the end of a betting round; per seat: forced bets, strengths
PER_ACTION = {
    "hand.py": ("legal_actions", "_compute_legal", "_bring_in_legal", "_raise_legal", "_big_legal",
                "_raise_allowed", "_others_can_call", "_pick", "_apply", "_put_in", "_next_actor",
                "_next_needing", "_check_heads_up", "_active", "_raise_to", "_reopen", "_may_answer",
                "_raise_over", "_close_rounds", "_return_uncalled"),
    "deal.py": ("post", "_draw"),
    "settle.py": ("_strengths", "_omaha_strengths"),
}


def test_the_per_action_methods_keep_their_frame_on_the_c_stack():
    assert mpyframes.on_the_heap(POKER, PER_ACTION) == []


# every table frame and every press (on the stock route's fragmented heap a
# frame's block took 0.15-0.5 ms to find, with the press budget's 50 ms at
# its edge): each card drawn, the screen's clearing, the buttons read twice
# a poll. (Not every function: there, a function more is heap too, and the
# stock route's presses grew slower when three more were split to fit)
FIRMWARE = os.path.join(ROOT, "firmware")
PER_FRAME = {
    "ui/glyphs.py": ("card", "small_card", "medium_card", "large_card", "back", "mini", "ghost"),
    "ui/app.py": ("_draw",),
    "ui/table_draw.py": ("_label_of",),
    "hw/buttons.py": ("moving",),
}


def test_the_per_frame_and_per_press_functions_keep_their_frame_on_the_c_stack():
    assert mpyframes.on_the_heap(FIRMWARE, PER_FRAME) == []


def test_the_reader_sees_a_frame_that_goes_to_the_heap():
    # act's try/except (and its "as e") takes two exception entries, four
    # words, and with its locals and stack it does not fit: a frame on the
    # heap once per action, the price of never crashing on an engine error
    found = mpyframes.frames(os.path.join(POKER, "hand.py"))
    n_state, n_exc = found["act"]
    assert n_exc == 2 and not mpyframes.fits(n_state, n_exc)
    assert mpyframes.fits(11, 0) and not mpyframes.fits(12, 0) and not mpyframes.fits(10, 1)


def test_the_reader_counts_locals_and_stack(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("def small(a):\n    return a\n\n\n"
                   "def wide(a, b, c, d, e, f, g, h, i, j, k, m):\n    return a\n")
    found = mpyframes.frames(str(src))
    assert found["small"][0] < 4 and mpyframes.fits(*found["small"])
    assert found["wide"][0] >= 12 and not mpyframes.fits(*found["wide"])


# the plain path of 7, 6 and 5 cards (the value table in one piece and in
# chunks), the five-card lookup by key sum (6 cards, Omaha, the compact
# table) and the flush's lookup
# and the eight-or-better low of a hi/lo showdown or deal
HOT = {
    "eval/evaluator.py": ("_high6", "_high5_flat", "_five_flat"),
    "eval/tables.py": ("_flush_value", "_value"),
    "eval/chunked.py": ("_high5_chunked", "_five_chunked"),
    "eval/plain7.py": ("_high7_flat", "_high7_chunked"),
    "eval/lows.py": ("low8_unchecked",),
}


def test_the_evaluators_hot_functions_keep_their_frame_on_the_c_stack():
    assert mpyframes.on_the_heap(POKER, HOT) == []


def test_the_seven_card_path_is_at_the_limit():
    # seven cards, the key list (then the key sum) and a stack of three:
    # one more local or a deeper expression puts it back on the heap
    n_state, n_exc = mpyframes.frames(os.path.join(POKER, "eval", "plain7.py"))["_high7_flat"]
    assert (n_state, n_exc) == (11, 0)
