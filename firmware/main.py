"""The console starts here (MicroPython runs main.py at power-on).

console.main() builds the devices of the board (hw.hardware_setup), checks
safe mode (hold B, or OK on a two-button board, at power-on: the game does
not start and the REPL is free), builds ui.app.App and runs the loop.
"""
from console import main

main()
