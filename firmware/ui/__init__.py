"""The console's user interface: screens drawn on a framebuf, driven by key events.

Knows nothing of pins or drivers: it receives a display and key events.
"""
