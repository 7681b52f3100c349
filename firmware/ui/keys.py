"""Key and event codes shared by the buttons, the simulator and the screens.

The button driver (hw.buttons) knows no codes of its own: the console gives
it this module as its key map, so the names of a board file's buttons
(``BOARD_KEYS``), which keys repeat (``REPEAT_KEYS``) and the event codes
live here only.
"""
from micropython import const

LEFT = const(0)
RIGHT = const(1)
UP = const(2)
DOWN = const(3)
A = const(4)  # confirm / act
B = const(5)  # back / fold
NAMES = ("LEFT", "RIGHT", "UP", "DOWN", "A", "B")

PRESS = const(0)    # short press, sent on release (or at once with repeat keys)
LONG = const(1)     # held past long_press_ms
REPEAT = const(2)   # auto-repeat while held
RELEASE = const(3)

# A board file's button name -> (key of a short press, key of a long press
# or None for LONG of the same key). OK and NEXT are the two-button board's:
# OK short = A, long = B; NEXT short = RIGHT, long = DOWN (repeating).
BOARD_KEYS = {"LEFT": (LEFT, None), "RIGHT": (RIGHT, None), "UP": (UP, None), "DOWN": (DOWN, None),
              "A": (A, None), "B": (B, None), "OK": (A, B), "NEXT": (RIGHT, DOWN)}
REPEAT_KEYS = (LEFT, RIGHT, UP, DOWN)  # auto-repeat while held
