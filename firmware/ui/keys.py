"""Key and event codes shared by the buttons, the simulator and the screens."""
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
