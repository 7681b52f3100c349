"""The simulator's optional pygame window (CPython, needs pygame in the venv:
`.venv/bin/pip install pygame`).

The keyboard gives real presses and releases here, so keys go through the
button logic of hw.buttons: long presses and accelerating auto-repeat behave
as on the device. Keys: arrows/WASD, Enter/Z = A, Backspace/X = B (hold for
a long press), P = save a PNG, Q or Esc = quit.
"""
import os


def load_pygame():
    try:
        import pygame
    except ImportError:
        import sys

        # into the Python running this (make play's: the project's .venv)
        raise SystemExit("the pygame window needs pygame, in the Python that runs it: %s -m pip install pygame "
                         "(or play in the terminal: make play)" % sys.executable)
    return pygame


def no_display(pg):
    """Stops with a message when SDL found no display and fell back to a
    driver that shows nothing (it says nothing itself), unless that driver
    was asked for (SDL_VIDEODRIVER, as the tests do)."""
    pg.display.init()
    driver = pg.display.get_driver()
    if driver in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
        raise SystemExit("the pygame window found no display (SDL fell back to its %r driver, "
                         "which shows nothing): run it on a desktop, or play in the terminal: "
                         "make play" % driver)


class Window:
    def __init__(self, scale=6, title="Stud"):
        self.pg = load_pygame()
        self.scale = scale
        self.title = title
        self.surface = None
        self.status = ""

    def open(self, width, height):
        pg = self.pg
        pg.init()
        no_display(pg)
        self.font = pg.font.Font(None, 18)
        self.surface = pg.display.set_mode((width * self.scale, height * self.scale + 40))
        pg.display.set_caption(self.title)

    def frame(self, display):
        pg = self.pg
        if self.surface is None:
            self.open(display.width, display.height)
        s = self.scale
        self.surface.fill((0, 0, 0))
        if getattr(display, "on", True):
            level = getattr(display, "contrast_level", 255)
            lit = (80 + level * 175 // 255, 200 + level * 55 // 255, 255)
            buf = display.buffer
            w = display.width
            for y in range(display.height):
                page = (y >> 3) * w
                bit = y & 7
                for x in range(w):
                    if (buf[page + x] >> bit) & 1:
                        self.surface.fill(lit, (x * s, y * s, s, s))
        legend = "arrows/WASD  Enter/Z=A  Bksp/X=B (hold = long)  P=png  Q=quit (game kept)  " + self.status
        self.surface.blit(self.font.render(legend, True, (160, 160, 160)), (4, display.height * s + 12))
        pg.display.flip()


def run(sim, front, png_dir, step_ms=10):
    pg = front.pg
    keys = {
        pg.K_LEFT: "LEFT", pg.K_a: "LEFT", pg.K_RIGHT: "RIGHT", pg.K_d: "RIGHT",
        pg.K_UP: "UP", pg.K_w: "UP", pg.K_DOWN: "DOWN", pg.K_s: "DOWN",
        pg.K_RETURN: "A", pg.K_z: "A", pg.K_BACKSPACE: "B", pg.K_x: "B",
    }
    if sim.two_button:
        keys = {pg.K_RETURN: "OK", pg.K_z: "OK", pg.K_SPACE: "NEXT", pg.K_x: "NEXT"}
    index = {k: sim.button_names.index(name) for k, name in keys.items() if name in sim.button_names}
    front.frame(sim.display)
    sim.start()
    clock = pg.time.Clock()
    down = 0
    shots = 0
    t0 = pg.time.get_ticks()
    quit = False
    while not quit:
        for ev in pg.event.get():
            if ev.type == pg.QUIT:
                quit = True
            if ev.type == pg.KEYDOWN:
                if ev.key in (pg.K_q, pg.K_ESCAPE):
                    quit = True  # after this poll, so keys let go just before still count
                if ev.key == pg.K_p:
                    shots = _free_number(png_dir, shots)
                    path = os.path.join(png_dir, "stud-%03d.png" % shots)
                    sim.save_png(path, 4)
                    front.status = "saved " + path
                elif ev.key in index:
                    down |= 1 << index[ev.key]
            elif ev.type == pg.KEYUP and ev.key in index:
                down &= ~(1 << index[ev.key])
        now = pg.time.get_ticks() - t0
        if now > sim.clock.ticks_ms():
            sim.clock.advance(now - sim.clock.ticks_ms())
        sim.buttons.poll(down, sim.clock.ticks_ms(), sim._emit)
        sim.app.held = sim.buttons.state != 0  # (as the device's loop tells it)
        sim.app.tick(sim.clock.ticks_ms())
        sim.app.draw()
        clock.tick(1000 // step_ms)


def _free_number(png_dir, n):
    """The next shot number whose stud-NNN.png does not exist yet."""
    n += 1
    while os.path.exists(os.path.join(png_dir, "stud-%03d.png" % n)):
        n += 1
    return n
