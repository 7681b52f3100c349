"""Sounds on a piezo buzzer driven by PWM, played without blocking.

``Buzzer(pwm)`` takes a ``machine.PWM``-like object (``freq(hz)``,
``duty_u16(d)``). ``play(name)`` starts a sound of ``SOUNDS``; the device
loop calls ``update(now_ms)`` every poll to step through its notes, so a
sound never holds up the game. An unknown name is silent. ``enabled = False``
mutes it (the menu's sound setting).
"""
from micropython import const

_DUTY_OFF = const(0)

# name -> notes as (frequency Hz, duration ms); frequency 0 is a rest.
SOUNDS = {
    "click": ((1800, 12),),
    "deal": ((1200, 8),),
    "chip": ((2400, 10), (0, 20), (2800, 10)),
    "turn": ((880, 40), (0, 30), (1175, 60)),
    "fold": ((330, 60), (247, 90)),
    "error": ((180, 180),),
    "win": ((523, 80), (659, 80), (784, 80), (1047, 200)),
    "lose": ((392, 120), (330, 120), (262, 260)),
    "finish": ((659, 100), (523, 100), (392, 250)),
    "gameover": ((392, 150), (370, 150), (349, 150), (330, 400)),
    "victory": ((523, 100), (659, 100), (784, 100), (1047, 100), (784, 100), (1047, 300)),
}


class Buzzer:
    volume_u16 = 32768  # duty at full volume (a square wave: loudest at half)

    def __init__(self, pwm):
        self.pwm = pwm
        self.enabled = True
        self.now = 0
        self._notes = None
        self._i = 0
        self._until = 0
        pwm.duty_u16(_DUTY_OFF)

    @property
    def playing(self):
        return self._notes is not None

    def play(self, name):
        notes = SOUNDS.get(name)
        if notes is None or not self.enabled:
            return
        self._notes = notes
        self._i = 0
        self._start_note(notes)

    def _start_note(self, notes):
        f, ms = notes[self._i]
        if f:
            self.pwm.freq(f)
            self.pwm.duty_u16(self.volume_u16)
        else:
            self.pwm.duty_u16(_DUTY_OFF)
        self._until = self.now + ms

    def update(self, now_ms):
        self.now = now_ms
        notes = self._notes
        if notes is None or now_ms < self._until:
            return
        self._i += 1
        if self._i >= len(notes):
            self.stop()
        else:
            self._start_note(notes)

    def stop(self):
        self._notes = None
        self.pwm.duty_u16(_DUTY_OFF)
