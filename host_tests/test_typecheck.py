"""The firmware type-checks against the device API (pyright with the RP2040
MicroPython stubs, tools/pyrightconfig.json); the configuration really uses
those stubs and MicroPython's builtins, not CPython's.

Skipped only when the pyright wrapper cannot start at all (it needs node);
a type error always fails. About 20 s.
"""
import json
import os
import subprocess

import pytest
from hostenv import ROOT, tool

CONFIG = os.path.join("tools", "pyrightconfig.json")
# no "new pyright version" check over the network
ENV = dict(os.environ, PYRIGHT_PYTHON_IGNORE_WARNINGS="1")


def _pyright():
    """The pyright command, or a skip when it cannot start on this machine."""
    cmd = tool("pyright")  # pinned in tools/requirements.txt: missing is a failure
    try:
        proc = subprocess.run([cmd, "--version"], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=300)
    except OSError as e:
        pytest.skip("pyright cannot start: %s" % e)
    if proc.returncode != 0 or "pyright" not in proc.stdout:
        pytest.skip("pyright cannot start (no node?): %s" % (proc.stdout + proc.stderr).strip()[-500:])
    return cmd


def _run(files=()):
    """Runs pyright with the project's configuration; returns its JSON report."""
    proc = subprocess.run([_pyright(), "-p", CONFIG, "--outputjson"] + list(files),
                          cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=600)
    try:
        return json.loads(proc.stdout)
    except ValueError:
        raise AssertionError("pyright gave no report (exit %d): %s" % (proc.returncode, proc.stdout + proc.stderr))


def _errors(report):
    return [d for d in report["generalDiagnostics"] if d["severity"] == "error"]


def _show(diags):
    return "\n".join("%s:%d: %s (%s)" % (os.path.relpath(d["file"], ROOT), d["range"]["start"]["line"] + 1,
                                         d["message"].replace("\n", " "), d.get("rule", ""))
                     for d in diags)


def _config():
    """tools/pyrightconfig.json without its // comment lines."""
    with open(os.path.join(ROOT, CONFIG)) as f:
        return json.loads("".join(line for line in f if not line.lstrip().startswith("//")))


@pytest.mark.slow  # pyright: about 20 s
def test_the_firmware_has_no_type_errors_against_the_device_api():
    report = _run()
    errors = _errors(report)
    assert not errors, "%d pyright errors:\n%s" % (len(errors), _show(errors))
    # the configuration found the firmware (a bad include would check nothing)
    firmware_files = sum(len(files) for _, _, files in os.walk(os.path.join(ROOT, "firmware")))
    assert report["summary"]["filesAnalyzed"] >= firmware_files // 2


def test_the_hardware_layer_is_checked_at_basic_strictness_or_more():
    cfg = _config()
    assert cfg.get("typeCheckingMode") in ("basic", "standard", "strict")
    assert "../firmware" in cfg.get("include", [])
    assert not [p for p in cfg.get("exclude", []) if "hw" in p.split("/")]
    assert cfg.get("enableTypeIgnoreComments") is False  # only rule-scoped pyright ignores


# Device-API uses the checker must accept (the lines without a marker) and
# mistakes it must report (each line marked "# error"): the stubs are the
# RP2040 port's and the builtins MicroPython's.
CANARY = '''\
import framebuf
import machine
import micropython
import time

buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
fb.text("ok", 0, 0, 1)
view = memoryview(buf)[0:128]
pin = machine.Pin(25, machine.Pin.OUT)
t0 = time.ticks_ms()
elapsed = time.ticks_diff(time.ticks_ms(), t0)
time.sleep_ms(5)


@micropython.viper
def double(x: int) -> int:
    return x + x


double(3)
led = machine.Pin(25, machine.Pin.OUTPUT)  # error: the constant is Pin.OUT
wait = time.ticks_ms() - t0  # error: ticks wrap; use ticks_diff
now = time.monotonic()  # error: CPython only
fb.txt("no", 0, 0)  # error: no such method
machine.PWM(pin).duty_u16()  # fine: a read
machine.PWM(pin).duty_u16("half")  # error: an int
'''


def test_the_checker_sees_the_rp2040_stubs_and_micropython_builtins(tmp_path):
    path = tmp_path / "canary.py"
    path.write_text(CANARY)
    errors = _errors(_run([str(path)]))
    lines = CANARY.splitlines()
    want = sorted(i + 1 for i, line in enumerate(lines) if "# error" in line)
    got = sorted(set(d["range"]["start"]["line"] + 1 for d in errors))
    assert got == want, _show(errors)
