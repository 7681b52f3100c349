import os

os.chdir("/")  # STUD_PICO may start this file in /rom: the filesystem is home, and /rom's modules import as /rom's
from console import main  # noqa: E402

main()
