"""Sounds on a piezo buzzer driven by PWM, played without blocking.

``Buzzer(pwm)`` takes a ``machine.PWM``-like object (``freq(hz)``,
``duty_u16(d)``). ``play(name)`` starts a sound of ``SOUNDS``; the device
loop calls ``update(now_ms)`` every poll to step through its notes, so a
sound never holds up the game. An unknown name is silent. ``enabled = False``
mutes it (the menu's sound setting).
"""
from micropython import const

_DUTY_OFF = const(0)

# name -> notes, 4 bytes each: frequency Hz (0: a rest) and duration ms, both
# big-endian u16 (a bytes constant stays in flash with the code; tuples
# of tuples would take 0.8 KB of RAM). The comments spell them "Hz ms".
SOUNDS = {
    "click": b"\x07\x08\x00\x0c",  # 1800 12
    "deal": b"\x04\xb0\x00\x08",  # 1200 8
    "chip": b"\x09\x60\x00\x0a\x00\x00\x00\x14\x0a\xf0\x00\x0a",  # 2400 10, 0 20, 2800 10
    "turn": b"\x03\x70\x00\x28\x00\x00\x00\x1e\x04\x97\x00\x3c",  # 880 40, 0 30, 1175 60
    "fold": b"\x01\x4a\x00\x3c\x00\xf7\x00\x5a",  # 330 60, 247 90
    "error": b"\x00\xb4\x00\xb4",  # 180 180
    "win": b"\x02\x0b\x00\x50\x02\x93\x00\x50\x03\x10\x00\x50\x04\x17\x00\xc8",  # 523 80, 659 80, 784 80, 1047 200
    "lose": b"\x01\x88\x00\x78\x01\x4a\x00\x78\x01\x06\x01\x04",  # 392 120, 330 120, 262 260
    "finish": b"\x02\x93\x00\x64\x02\x0b\x00\x64\x01\x88\x00\xfa",  # 659 100, 523 100, 392 250
    "gameover": b"\x01\x88\x00\x96\x01\x72\x00\x96\x01\x5d\x00\x96\x01\x4a\x01\x90",  # 392 150, 370 150, 349 150, 330 400
    # 523 100, 659 100, 784 100, 1047 100, 784 100, 1047 300
    "victory": b"\x02\x0b\x00\x64\x02\x93\x00\x64\x03\x10\x00\x64\x04\x17\x00\x64\x03\x10\x00\x64\x04\x17\x01\x2c",
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
        i = self._i << 2
        f = notes[i] << 8 | notes[i + 1]
        ms = notes[i + 2] << 8 | notes[i + 3]
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
        if self._i << 2 >= len(notes):
            self.stop()
        else:
            self._start_note(notes)

    def stop(self):
        self._notes = None
        self.pwm.duty_u16(_DUTY_OFF)
