# portable
"""hw.buzzer: sounds step through their notes on PWM without blocking."""
from hw.buzzer import SOUNDS, Buzzer


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
    notes = SOUNDS["win"]
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
    bz.play("no such sound")
    bz.enabled = False
    bz.play("win")
    assert not bz.playing and pwm.log == [("d", 0)]
