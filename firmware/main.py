import os

os.chdir("/")
from console import main

main()
