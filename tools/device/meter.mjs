// Where the emulated chip's time goes, for the energy model (docs/power.md):
// the core executing or asleep (WFE/WFI) at each clk_sys frequency, light
// sleep (clk_sys from the crystal, as machine.lightsleep runs it) apart; and
// what the panel showed: its lit pixels and contrast, on or off, each
// integrated over emulated time. Nothing of Node here: the chip that
// vpico.mjs drives and a browser's can both keep one.
//
//   const meter = new Meter(() => board.now());
//   meter.core(ns, executing, clkSysHz, fromCrystal)   // after each step of the core
//   meter.panel(lit, contrast, on)                     // when the panel's state changes
//   meter.report()                                     // totals so far (a plain object)
export class Meter {
  constructor(now) {
    this.now = now;
    this.cpu = new Map(); // key "hz/sleep" -> [hz, executing ns, waiting ns, light sleep]
    this.last = null; // the bucket last used (the clock rarely changes)
    this.lastKey = '';
    // the panel: its state since panelAt
    this.lit = 0; this.contrast = 255; this.on = false;
    this.panelAt = now();
    this.onNs = 0; // display on
    this.litNs = 0; // lit pixels x ns, display on
    this.litContrastNs = 0; // lit pixels x (contrast + 1) / 256 x ns, display on
  }

  core(ns, executing, hz, fromCrystal) {
    const key = hz + (fromCrystal ? '/xosc' : '');
    let b = this.last;
    if (key !== this.lastKey) {
      b = this.cpu.get(key);
      if (!b) { b = [hz, 0, 0, !!fromCrystal]; this.cpu.set(key, b); }
      this.last = b; this.lastKey = key;
    }
    if (executing) b[1] += ns; else b[2] += ns;
  }

  // the panel's state from now on (the time before is counted with the old one)
  panel(lit, contrast, on) {
    const t = this.now();
    const dt = t - this.panelAt;
    if (dt > 0 && this.on) {
      this.onNs += dt;
      this.litNs += this.lit * dt;
      this.litContrastNs += (this.lit * (this.contrast + 1) / 256) * dt;
    }
    this.panelAt = t;
    this.lit = lit; this.contrast = contrast; this.on = on;
  }

  report() {
    this.panel(this.lit, this.contrast, this.on); // (brings the panel's sums up to now)
    return {
      t: this.now(),
      cpu: [...this.cpu.values()].map(([hz, exec, wait, xosc]) => ({ hz, exec, wait, xosc })),
      panel: { on: this.onNs, lit: this.litNs, lit_contrast: this.litContrastNs, pixels: 128 * 64,
        now: { lit: this.lit, contrast: this.contrast, on: this.on } },
    };
  }
}
