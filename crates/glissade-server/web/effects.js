// glissade web client: Effects: particles, and short sounds synthesised with WebAudio (no sound
// files).

export class Effects {
  constructor() {
    this.particles = []; // {x, y, vx, vy, life, max, color, size}, world units and seconds
    this.last = null;
  }

  /** `n` sparks from (x, y), flying out in every direction at up to `speed` units/s. */
  burst(x, y, color, n = 14, speed = 5) {
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2 + Math.random() * 0.4;
      const v = speed * (0.4 + Math.random() * 0.6);
      const life = 0.35 + Math.random() * 0.35;
      this.particles.push({ x, y, vx: Math.cos(a) * v, vy: Math.sin(a) * v, life, max: life, color, size: 0.08 + Math.random() * 0.08 });
    }
    if (this.particles.length > 600) this.particles.splice(0, this.particles.length - 600);
  }

  /** Moves the particles on to `now` (ms) and draws them. */
  draw(ctx, px) {
    const now = performance.now();
    const dt = this.last === null ? 0 : Math.min(0.05, (now - this.last) / 1000);
    this.last = now;
    const alive = [];
    for (const q of this.particles) {
      q.life -= dt;
      if (q.life <= 0) continue;
      q.vy -= 12 * dt;
      q.x += q.vx * dt;
      q.y += q.vy * dt;
      alive.push(q);
      ctx.globalAlpha = Math.max(0, q.life / q.max);
      ctx.fillStyle = q.color;
      ctx.fillRect(q.x - q.size / 2, q.y - q.size / 2, Math.max(q.size, 2 * px), Math.max(q.size, 2 * px));
    }
    ctx.globalAlpha = 1;
    this.particles = alive;
  }
}

export const MUTE_KEY = 'glissade.muted';

export class Sound {
  constructor() {
    this.ctx = null;
    let stored = null;
    try { stored = localStorage.getItem(MUTE_KEY); } catch { /* storage off: not remembered */ }
    this.muted = stored === '1';
  }

  /** Browsers start audio only after a gesture: called on the first key or click. */
  wake() {
    if (this.ctx || this.muted) return;
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try { this.ctx = new Ctx(); } catch { this.ctx = null; }
  }

  toggle() {
    this.muted = !this.muted;
    try { localStorage.setItem(MUTE_KEY, this.muted ? '1' : '0'); } catch { /* not remembered */ }
    if (!this.muted) this.wake();
  }

  /** Notes one after another: [frequency Hz, seconds] each, with a wave shape. */
  notes(list, type = 'square', volume = 0.06) {
    if (this.muted || !this.ctx) return;
    let t = this.ctx.currentTime;
    for (const [f, d] of list) {
      const osc = this.ctx.createOscillator();
      const gain = this.ctx.createGain();
      osc.type = type;
      osc.frequency.setValueAtTime(f, t);
      gain.gain.setValueAtTime(volume, t);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + d);
      osc.connect(gain).connect(this.ctx.destination);
      osc.start(t);
      osc.stop(t + d);
      t += d * 0.8;
    }
  }

  coin() { this.notes([[988, 0.07], [1319, 0.16]]); }
  jump() { this.notes([[392, 0.05], [587, 0.08]], 'square', 0.04); }
  land() { this.notes([[110, 0.06]], 'triangle', 0.07); }
  shoot() { this.notes([[880, 0.03], [660, 0.04]], 'sawtooth', 0.025); }
  hit() { this.notes([[220, 0.05], [147, 0.09]], 'square', 0.06); }
  goal() { this.notes([[523, 0.1], [659, 0.1], [784, 0.1], [1047, 0.3]], 'triangle', 0.08); }
}
