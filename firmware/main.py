"""The console starts here (MicroPython runs main.py at power-on).

hw.loop.main() builds the devices of the board (hw.hardware_setup), checks
safe mode (hold B, or OK on a two-button board, at power-on: the game does
not start and the REPL is free), builds ui.app.App and runs the loop.
"""
from hw.loop import main

main()
