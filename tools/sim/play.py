"""`make play`: the console on the desktop (the simulator of tools/sim/run.py).

    python tools/sim/play.py [--pygame] [--script FILE] [--two-button] [--seed N] ...

See tools/sim/run.py --help for every option.
"""
import run  # tools/sim/run.py

if __name__ == "__main__":
    run.main()
