"""`make play`: the console on the desktop (the simulator of tools/sim/run.py).

    python tools/play.py [--pygame] [--script FILE] [--two-button] [--seed N] ...

See tools/sim/run.py --help for every option.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "sim"))

import run  # noqa: E402  (tools/sim/run.py)

if __name__ == "__main__":
    run.main()
