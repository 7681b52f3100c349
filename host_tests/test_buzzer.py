# portable
"""hw.buzzer: sounds step through their notes on PWM without blocking."""
from hw.buzzer import SOUNDS, Buzzer


def _notes(name):
    """SOUNDS[name] as (Hz, ms) pairs (4 bytes a note, big-endian)."""
    b = SOUNDS[name]
    return [(b[i] << 8 | b[i + 1], b[i + 2] << 8 | b[i + 3]) for i in range(0, len(b), 4)]


class FakePWM:
    def __init__(self):
        self.log = []
        self.duty = None

    def freq(self, f):
        self.log.append(("f", f))

    def duty_u16(self, d):
        self.duty = d
        self.log.append(("d", d))


def test_a_sound_plays_each_note_for_its_time_then_goes_quiet():
    pwm = FakePWM()
    bz = Buzzer(pwm)
    bz.update(1000)
    bz.play("win")
    notes = _notes("win")
    assert notes == [(523, 80), (659, 80), (784, 80), (1047, 200)]
    starts = {}  # note frequency -> first ms it sounded
    t = 1000
    while bz.playing and t < 5000:
        bz.update(t)
        f = [v for k, v in pwm.log if k == "f"][-1]
        starts.setdefault(f, t)
        t += 1
    assert [v for k, v in pwm.log if k == "f"] == [f for f, _ms in notes]
    # each note starts when the ones before it have had their time
    elapsed = 1000
    for f, ms in notes:
        assert starts[f] == elapsed
        elapsed += ms
    assert t - 1 == elapsed and pwm.duty == 0


def test_rests_are_silent_and_unknown_or_muted_sounds_do_nothing():
    pwm = FakePWM()
    bz = Buzzer(pwm)
    bz.play("chip")  # 2400, rest, 2800
    bz.update(10)
    assert pwm.duty == 0  # the rest
    bz.update(30)
    assert pwm.duty == bz.volume_u16
    pwm.log.clear()
    bz.stop()
    assert _notes("chip") == [(2400, 10), (0, 20), (2800, 10)]
    bz.play("no such sound")
    bz.enabled = False
    bz.play("win")
    assert not bz.playing and pwm.log == [("d", 0)]


def test_every_sound_is_whole_notes_in_a_bytes_constant():
    # bytes stay in flash with the code on the device; a tuple is built in RAM
    for name, b in SOUNDS.items():
        assert isinstance(b, bytes) and b and len(b) % 4 == 0, name
        assert all(f == 0 or 100 <= f <= 5000 for f, _ms in _notes(name)), name
