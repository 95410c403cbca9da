// glissade web client: The camera: the logical view, its scale to the canvas, and the camera
// centre in the world.

import { DEFAULT_VIEW, PORTRAIT_TOP, clamp } from './common.js';

export class Camera {
  constructor(canvas) {
    this.canvas = canvas;
    this.viewW = DEFAULT_VIEW[0];
    this.viewH = DEFAULT_VIEW[1];
    this.cx = this.viewW / 2; // camera centre, world units
    this.cy = this.viewH / 2;
    this.cssW = 1;
    this.cssH = 1;
    this.dpr = 1;
    this.s = 1; // CSS pixels per world unit
    this.ox = 0; // left edge of the letterboxed view, CSS pixels
    this.oy = 0; // top edge
    this.sync();
  }

  setView(w, h) {
    if (Number.isFinite(w) && Number.isFinite(h) && w > 0 && h > 0) {
      this.viewW = w;
      this.viewH = h;
      this.sync(true);
    }
  }

  /**
   * Reads the canvas CSS size and the device pixel ratio, resizes the backing store when they
   * changed and recomputes the scale. Cheap when nothing changed, so it runs every frame and
   * on every API call (a test may read the scale right after resizing the window).
   */
  sync(force = false) {
    const cssW = Math.max(1, this.canvas.clientWidth || window.innerWidth || 1);
    const cssH = Math.max(1, this.canvas.clientHeight || window.innerHeight || 1);
    const dpr = window.devicePixelRatio || 1;
    if (!force && cssW === this.cssW && cssH === this.cssH && dpr === this.dpr) return false;
    this.cssW = cssW;
    this.cssH = cssH;
    this.dpr = dpr;
    const pw = Math.max(1, Math.round(cssW * dpr));
    const ph = Math.max(1, Math.round(cssH * dpr));
    if (this.canvas.width !== pw) this.canvas.width = pw;
    if (this.canvas.height !== ph) this.canvas.height = ph;
    // scale = min of the two ratios keeps the aspect ratio; the rest is letterbox, so every
    // player sees the same region of the world whatever the window size.
    this.s = Math.min(cssW / this.viewW, cssH / this.viewH);
    this.ox = (cssW - this.viewW * this.s) / 2;
    this.oy = (cssH - this.viewH * this.s) / 2;
    // A tall screen (a phone held upright): the view goes to the top, under the top bar,
    // and the room below it is the touch controls'.
    if (cssH > cssW * 1.2) this.oy = Math.min(this.oy, PORTRAIT_TOP);
    return true;
  }

  /** Centres the camera on (x, y), clamped so the view stays inside `bounds` where it fits. */
  follow(x, y, bounds) {
    this.cx = x;
    this.cy = y;
    if (!bounds) return;
    this.cx = clampAxis(x, bounds.min[0], bounds.max[0], this.viewW);
    this.cy = clampAxis(y, bounds.min[1], bounds.max[1], this.viewH);
  }

  get left() { return this.cx - this.viewW / 2; }
  get top() { return this.cy + this.viewH / 2; }

  worldToScreen(x, y) {
    return [this.ox + (x - this.left) * this.s, this.oy + (this.top - y) * this.s];
  }

  screenToWorld(px, py) {
    return [this.left + (px - this.ox) / this.s, this.top - (py - this.oy) / this.s];
  }

  /** Whether a CSS-pixel point is inside the letterboxed view (not on a bar). */
  inView(px, py) {
    return px >= this.ox && py >= this.oy
      && px <= this.ox + this.viewW * this.s && py <= this.oy + this.viewH * this.s;
  }

  /** Canvas transform for drawing in world units (y up), device pixels included. */
  applyWorld(ctx) {
    const k = this.dpr * this.s;
    ctx.setTransform(k, 0, 0, -k, this.dpr * (this.ox - this.left * this.s), this.dpr * (this.oy + this.top * this.s));
  }

  /** Canvas transform for drawing in CSS pixels. */
  applyScreen(ctx) {
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
  }

  /** The world region shown, and the logical view size. */
  region() {
    return {
      w: this.viewW,
      h: this.viewH,
      minX: this.left,
      minY: this.cy - this.viewH / 2,
      maxX: this.cx + this.viewW / 2,
      maxY: this.top,
      cx: this.cx,
      cy: this.cy,
    };
  }
}

/** Clamps a camera coordinate so the view [c - view/2, c + view/2] stays in [lo, hi]. */
export function clampAxis(c, lo, hi, view) {
  if (hi - lo <= view) return (lo + hi) / 2; // the level is smaller than the view: centre it
  return clamp(c, lo + view / 2, hi - view / 2);
}
