// glissade multiplayer demo: the browser client.
//
// Plain ES2020 module, no build step, no dependencies. It connects to `ws(s)://<host>/ws`,
// draws the level the server sends and the players of its snapshots, and sends the input.
//
// Coordinates: world units with y UP (as in glissade). Screen coordinates are CSS pixels
// relative to the canvas, y down. Every world -> screen mapping goes through `Camera`, the
// one place that knows the scaling (a fixed logical view of `view` world units, scaled to the
// window keeping the aspect ratio, letterboxed, so every player sees the same world region).

'use strict';

const PROTOCOL = 2;
const DEFAULT_VIEW = [32, 18];
const DEFAULT_TICK_HZ = 60;
const BULLET_RADIUS = 0.1;
// Other players are drawn this far in the past, between two snapshots: about two snapshot
// intervals plus twice the measured jitter of their arrivals, within these bounds. Your own
// player is drawn from the newest snapshot (see Snapshots.own).
const INTERP_MIN_MS = 20;
const INTERP_MAX_MS = 150;
const SNAPSHOT_KEEP = 64;
const LOOK_AHEAD_S = 0.25; // the camera looks this far ahead along your velocity...
const LOOK_AHEAD = 4; // ...but at most this many units
const CAMERA_LAG_S = 0.12; // time constant of the camera's smoothing
const PORTRAIT_TOP = 76; // CSS px above the view on a tall screen: room for the top bar
const STICK_DEAD = 0.3; // a stick (touch or gamepad) this far from its centre, of its reach, counts
const GAMEPAD_AIM = 8; // world units from your player to where a gamepad's right stick aims
const LAND_SQUASH_MS = 220; // how long a landing squashes a character
const CAMERA_SNAP = 12; // a target this far away is jumped to (a respawn), not slid to
const TRAIL_KEEP = 240; // frames of your own player's drawn positions kept (for tests and tools)
const INPUT_MIN_GAP_MS = 1000 / 30; // continuous changes (aim, drag) and repeats: 30 Hz at most
const INPUT_BURST_GAP_MS = 1000 / 60; // discrete changes (keys, buttons): still at most 60 Hz
const INPUT_KEEPALIVE_MS = 500;
const FIRE_MIN_MS = 50; // a click keeps `fire` true at least this long (3 server ticks)
const PING_EVERY_MS = 2000;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10000];
// The sizes the server's rules use, told in its welcome: a player's box (width, height; its
// (x, y) is the box's centre), an arena player's circle radius around (x, y), and the world's
// broadphase cell, which the debug overlay draws as a grid aligned to the world origin.
const sizes = { player: [0, 0], arenaRadius: 0, gridCell: 0 };

const COLORS = {
  bars: '#07080c',
  sky: 'rgba(20, 25, 38, 0.35)', // over the backdrop: the level's extent, lightly
  outside: '#0d1019', // inside the view but outside the level bounds
  bounds: 'rgba(140, 160, 200, 0.35)',
  solid: '#56607a',
  oneWay: '#c6a15b',
  wall: '#4f6b8a',
  wallEdge: '#86a8cc',
  segment: '#b8d0ea',
  platform: '#3f8f7f',
  platformEdge: '#8fe0cc',
  box: '#8a6a4a',
  boxEdge: '#e0b98a',
  bullet: '#ffe27a',
  self: '#ffffff',
  grid: 'rgba(120, 200, 255, 0.16)',
  gridHot: 'rgba(120, 200, 255, 0.10)',
  velocity: '#ff6fa8',
  text: '#d8dde8',
  coin: '#ffd34d',
  coinEdge: '#a8741a',
  flag: '#ff5d73',
  pole: '#e8ecf5',
};

// ---------------------------------------------------------------------------------------------
// Small helpers

const lerp = (a, b, t) => a + (b - a) * t;
const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
const round3 = (v) => Math.round(v * 1000) / 1000;
const isPoint = (p) => Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);

/** A stable colour per player id (golden-angle hues). */
function playerColor(id) {
  const hue = (Number(id) * 137.508) % 360;
  return `hsl(${hue.toFixed(1)}, 65%, 58%)`;
}

// ---------------------------------------------------------------------------------------------
// Camera: the logical view, its scale to the canvas, and the camera centre in the world.

class Camera {
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
function clampAxis(c, lo, hi, view) {
  if (hi - lo <= view) return (lo + hi) / 2; // the level is smaller than the view: centre it
  return clamp(c, lo + view / 2, hi - view / 2);
}

// ---------------------------------------------------------------------------------------------
// Level geometry: built once per welcome into Path2D objects in world units.

/** A wall shape (`{box}`, `{circle}`, `{capsule}`, `{polygon}`, `{segment}`) added to paths. */
function addShape(shape, fill, stroke, dx = 0, dy = 0) {
  if (!shape || typeof shape !== 'object') return;
  if (shape.box) {
    const { min, max } = shape.box;
    if (isPoint(min) && isPoint(max)) fill.rect(min[0] + dx, min[1] + dy, max[0] - min[0], max[1] - min[1]);
  } else if (shape.circle) {
    const { center, radius } = shape.circle;
    if (isPoint(center) && radius > 0) {
      fill.moveTo(center[0] + dx + radius, center[1] + dy);
      fill.arc(center[0] + dx, center[1] + dy, radius, 0, Math.PI * 2);
      fill.closePath();
    }
  } else if (shape.capsule) {
    addCapsule(fill, shape.capsule, dx, dy);
  } else if (Array.isArray(shape.polygon)) {
    const pts = shape.polygon.filter(isPoint);
    if (pts.length >= 3) {
      fill.moveTo(pts[0][0] + dx, pts[0][1] + dy);
      for (const p of pts.slice(1)) fill.lineTo(p[0] + dx, p[1] + dy);
      fill.closePath();
    }
  } else if (shape.segment) {
    const { a, b } = shape.segment;
    if (isPoint(a) && isPoint(b)) {
      stroke.moveTo(a[0] + dx, a[1] + dy);
      stroke.lineTo(b[0] + dx, b[1] + dy);
    }
  }
}

/** A capsule outline: a half circle around each end, joined by the two straight sides. */
function addCapsule(path, { a, b, radius }, dx, dy) {
  if (!isPoint(a) || !isPoint(b) || !(radius > 0)) return;
  const ax = a[0] + dx, ay = a[1] + dy, bx = b[0] + dx, by = b[1] + dy;
  const ang = Math.atan2(by - ay, bx - ax); // 0 when a == b: then it is a circle
  const half = Math.PI / 2;
  path.moveTo(bx + radius * Math.cos(ang - half), by + radius * Math.sin(ang - half));
  path.arc(bx, by, radius, ang - half, ang + half);
  path.arc(ax, ay, radius, ang + half, ang + 3 * half);
  path.closePath();
}

/**
 * Tile layer -> merged solid rectangles, slope triangles and one-way bars.
 * Solid runs of '#' are merged along a row, then identical runs of consecutive rows are merged
 * downwards, so a block of tiles is one rectangle (fewer edges, no hairline seams).
 */
function addTiles(layer, solid, oneWay) {
  const rows = Array.isArray(layer.rows) ? layer.rows : [];
  const cell = layer.cell > 0 ? layer.cell : 1;
  const [ox, oy] = isPoint(layer.origin) ? layer.origin : [0, 0];
  const n = rows.length;
  const yOf = (r) => oy + (n - 1 - r) * cell; // bottom of row r (row 0 is the top one)
  const xOf = (c) => ox + c * cell;

  const open = new Map(); // "c0:c1" -> rectangle still growing downwards {c0, c1, rTop, rBottom}
  const flush = (rect) => solid.rect(xOf(rect.c0), yOf(rect.rBottom), (rect.c1 - rect.c0) * cell, (rect.rBottom - rect.rTop + 1) * cell);

  rows.forEach((row, r) => {
    const text = String(row);
    const seen = new Set();
    for (const [c0, c1] of runsOf(text, '#')) {
      const key = `${c0}:${c1}`;
      const rect = open.get(key);
      if (rect && rect.rBottom === r - 1) rect.rBottom = r;
      else {
        if (rect) flush(rect);
        open.set(key, { c0, c1, rTop: r, rBottom: r });
      }
      seen.add(key);
    }
    for (const [key, rect] of open) {
      if (!seen.has(key)) { flush(rect); open.delete(key); }
    }
    for (const [c0, c1] of runsOf(text, '=')) {
      const bar = cell * 0.18;
      oneWay.rect(xOf(c0), yOf(r) + cell - bar, (c1 - c0) * cell, bar);
    }
    for (let c = 0; c < text.length; c++) {
      const ch = text[c], x = xOf(c), y = yOf(r);
      if (ch === '/') triangle(solid, x, y, x + cell, y, x + cell, y + cell); // rises to the right
      else if (ch === '\\') triangle(solid, x, y, x + cell, y, x, y + cell); // rises to the left
    }
  });
  for (const rect of open.values()) flush(rect);
}

/** Runs [c0, c1) of the character `ch` in a row. */
function* runsOf(text, ch) {
  let c = 0;
  while (c < text.length) {
    if (text[c] !== ch) { c++; continue; }
    const c0 = c;
    while (c < text.length && text[c] === ch) c++;
    yield [c0, c];
  }
}

function triangle(path, x0, y0, x1, y1, x2, y2) {
  path.moveTo(x0, y0);
  path.lineTo(x1, y1);
  path.lineTo(x2, y2);
  path.closePath();
}

/**
 * Everything static of a level, ready to draw, plus the platforms' own-frame shapes. In sandbox
 * mode the box walls move (snapshots carry them), so they are left out of the static paths.
 */
function buildLevel(level, mode) {
  const lv = level && typeof level === 'object' ? level : {};
  const bounds = lv.bounds && isPoint(lv.bounds.min) && isPoint(lv.bounds.max)
    ? { min: lv.bounds.min, max: lv.bounds.max }
    : { min: [0, 0], max: DEFAULT_VIEW.slice() };
  const solid = new Path2D(), oneWay = new Path2D();
  const walls = new Path2D(), segments = new Path2D();
  for (const layer of Array.isArray(lv.tiles) ? lv.tiles : []) addTiles(layer, solid, oneWay);
  const movable = (mode || lv.mode) === 'sandbox';
  for (const wall of Array.isArray(lv.walls) ? lv.walls : []) {
    if (movable && wall && wall.box) continue;
    addShape(wall, walls, segments);
  }
  const platforms = (Array.isArray(lv.platforms) ? lv.platforms : []).map((p) => {
    const fill = new Path2D(), stroke = new Path2D();
    addShape(p.shape, fill, stroke);
    const start = Array.isArray(p.path) && isPoint(p.path[0]) ? p.path[0] : [0, 0];
    return { fill, stroke, oneWay: !!p.one_way, start };
  });
  return { name: String(lv.name || ''), mode: lv.mode, bounds, solid, oneWay, walls, segments, platforms };
}

// ---------------------------------------------------------------------------------------------
// Snapshots and interpolation

class Snapshots {
  constructor() { this.reset(DEFAULT_TICK_HZ); }

  reset(tickHz) {
    this.tickHz = tickHz > 0 ? tickHz : DEFAULT_TICK_HZ;
    this.list = []; // oldest first: {tick, t (server ms), players, platforms}
    this.offset = null; // local ms - server ms, as low as seen (the least delayed arrival)
    this.arrivals = []; // local arrival times, for the rate
    this.ack = 0; // the sequence number of the last input of ours the server applied
    this.run = null; // our run over the course (platformer): {taken, time, best, last}
    this.round = null; // the arena's rounds: {number, target, last_winner, won_at}
    this.feed = []; // the arena's recent kills: [{tick, killer, victim}]
    this.newestAt = 0; // local arrival time of the newest snapshot
    this.jitter = 0; // mean deviation of arrivals from their ticks' times, ms
    this.delay = INTERP_MAX_MS; // how far in the past others are drawn, ms
  }

  push(msg, now) {
    const tick = Number(msg.tick);
    if (!Number.isFinite(tick)) return;
    const last = this.list[this.list.length - 1];
    if (last && tick <= last.tick) {
      if (tick < last.tick - this.tickHz * 5) this.reset(this.tickHz); // server restarted its clock
      else return; // duplicate or out of order
    }
    const t = (tick * 1000) / this.tickHz;
    // Server time -> local time. Jitter only ever delays arrivals, so follow a lower sample at
    // once and a higher one slowly (which also absorbs slow clock drift or server stalls).
    const sample = now - t;
    if (this.offset === null || sample < this.offset) this.offset = sample;
    else this.offset += (sample - this.offset) * 0.01;
    // Jitter: how late arrivals are, past the least delayed one, on average.
    this.jitter += (sample - this.offset - this.jitter) * 0.1;
    const interval = 1000 / this.tickHz;
    this.delay = clamp(2 * interval + 2 * this.jitter, INTERP_MIN_MS, INTERP_MAX_MS);
    if (Number.isFinite(msg.ack)) this.ack = msg.ack;
    this.run = msg.run && typeof msg.run === 'object' ? msg.run : null;
    this.newestAt = now;
    const players = (Array.isArray(msg.players) ? msg.players : []).filter((p) => p && Number.isFinite(p.x) && Number.isFinite(p.y));
    const platforms = (Array.isArray(msg.platforms) ? msg.platforms : []).map((p) => (p && Number.isFinite(p.x) && Number.isFinite(p.y) ? p : null));
    const finite = (p) => p && Number.isFinite(p.x) && Number.isFinite(p.y);
    const bullets = (Array.isArray(msg.bullets) ? msg.bullets : []).filter(finite);
    const boxes = (Array.isArray(msg.boxes) ? msg.boxes : []).filter(finite);
    const scores = (Array.isArray(msg.scores) ? msg.scores : [])
      .filter((s) => s && s.id !== undefined && Number.isFinite(s.score))
      .map((s) => ({ id: s.id, score: s.score, health: Number(s.health) || 0, invulnerable: !!s.invulnerable, deaths: Number(s.deaths) || 0 }));
    this.list.push({ tick, t, players, platforms, bullets, boxes, scores });
    // The arena's rounds and kill feed, as the newest snapshot has them.
    this.round = msg.round && typeof msg.round === 'object' ? msg.round : null;
    this.feed = (Array.isArray(msg.feed) ? msg.feed : []).filter((k) => k && Number.isFinite(k.tick));
    if (this.list.length > SNAPSHOT_KEEP) this.list.shift();
    this.arrivals.push(now);
    while (this.arrivals.length && this.arrivals[0] < now - 1000) this.arrivals.shift();
  }

  /** Snapshots received in the last second. */
  rate(now) {
    while (this.arrivals.length && this.arrivals[0] < now - 1000) this.arrivals.shift();
    return this.arrivals.length;
  }

  latestTick() {
    return this.list.length ? this.list[this.list.length - 1].tick : null;
  }

  /**
   * Player `id` as the newest snapshot has it: your own player, drawn without the others'
   * delay (not carried on along its velocity: that would show it a frame into a wall or a
   * floor it is about to meet). Null when the newest snapshot lacks it.
   */
  own(id) {
    const newest = this.list[this.list.length - 1];
    const p = newest && newest.players.find((q) => q.id === id);
    if (!p) return null;
    return {
      id: p.id, x: p.x, y: p.y, vx: Number(p.vx) || 0, vy: Number(p.vy) || 0, grounded: !!p.grounded,
      anim: typeof p.anim === 'string' ? p.anim : null, facing: p.facing === -1 ? -1 : p.facing === 1 ? 1 : null,
    };
  }

  /**
   * The world as it was `delay` ms ago: the two snapshots around that moment, blended.
   * Before the first of them or after the last, the nearest one is shown as is.
   */
  sample(now) {
    const list = this.list;
    if (!list.length) return null;
    const t = now - this.offset - this.delay;
    let i = list.length - 1;
    while (i > 0 && list[i - 1].t > t) i--;
    // Now list[i] is the first snapshot at or after t (or the oldest one).
    const b = list[i];
    const a = i > 0 ? list[i - 1] : b;
    const span = b.t - a.t;
    const k = span > 0 ? clamp((t - a.t) / span, 0, 1) : 1;
    return {
      tick: lerp(a.tick, b.tick, k),
      players: blendPlayers(a, b, k),
      platforms: blendPlatforms(a, b, k),
      bullets: blendBullets(a, b, k),
      boxes: blendBoxes(a, b, k),
      scores: b.scores.map((s) => ({ ...s })),
    };
  }
}

function blendPlayers(a, b, k) {
  const before = new Map(a.players.map((p) => [p.id, p]));
  return b.players.map((pb) => {
    const pa = before.get(pb.id) || pb;
    const near = k < 0.5 ? pa : pb;
    return {
      id: pb.id,
      x: lerp(pa.x, pb.x, k),
      y: lerp(pa.y, pb.y, k),
      vx: lerp(Number(pa.vx) || 0, Number(pb.vx) || 0, k),
      vy: lerp(Number(pa.vy) || 0, Number(pb.vy) || 0, k),
      grounded: !!near.grounded,
      anim: typeof near.anim === 'string' ? near.anim : null,
      facing: near.facing === -1 ? -1 : near.facing === 1 ? 1 : null,
    };
  });
}

/** Bullets by id; one new in `b` is drawn back along its velocity (it was fired since `a`). */
function blendBullets(a, b, k) {
  const before = new Map(a.bullets.map((p) => [p.id, p]));
  const back = ((1 - k) * (b.t - a.t)) / 1000;
  return b.bullets.map((pb) => {
    const pa = before.get(pb.id);
    const vx = Number(pb.vx) || 0, vy = Number(pb.vy) || 0;
    const x = pa ? lerp(pa.x, pb.x, k) : pb.x - vx * back;
    const y = pa ? lerp(pa.y, pb.y, k) : pb.y - vy * back;
    return { id: pb.id, x, y, vx, vy, owner: pb.owner };
  });
}

/** Sandbox boxes by id, like players. */
function blendBoxes(a, b, k) {
  const before = new Map(a.boxes.map((p) => [p.id, p]));
  return b.boxes.map((pb) => {
    const pa = before.get(pb.id) || pb;
    return { id: pb.id, x: lerp(pa.x, pb.x, k), y: lerp(pa.y, pb.y, k), hw: Number(pb.hw) || 0, hh: Number(pb.hh) || 0 };
  });
}

function blendPlatforms(a, b, k) {
  return b.platforms.map((pb, i) => {
    const pa = a.platforms[i] || pb;
    return pb ? { x: lerp(pa.x, pb.x, k), y: lerp(pa.y, pb.y, k) } : null;
  });
}

// ---------------------------------------------------------------------------------------------
// Effects: particles and short messages, drawn over the world.

class Effects {
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

// ---------------------------------------------------------------------------------------------
// Sound: short effects synthesised with WebAudio (no sound files), muted with M (remembered).

const MUTE_KEY = 'glissade.muted';

class Sound {
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
  goal() { this.notes([[523, 0.1], [659, 0.1], [784, 0.1], [1047, 0.3]], 'triangle', 0.08); }
}

// ---------------------------------------------------------------------------------------------
// Input: keyboard and pointer state -> input messages.

const KEYS = {
  ArrowLeft: 'left', KeyA: 'left',
  ArrowRight: 'right', KeyD: 'right',
  ArrowUp: 'up', KeyW: 'up',
  ArrowDown: 'down', KeyS: 'down',
  Space: 'jump',
  KeyX: 'dash', KeyK: 'dash',
};

class Input {
  constructor(camera) {
    this.camera = camera;
    this.mode = 'platformer';
    this.held = new Set(); // codes of held keys
    this.pointer = null; // last pointer position over the canvas, CSS px
    this.buttonDown = false;
    this.fireUntil = 0;
    this.seq = 0;
    this.lastSent = null; // the last message sent (JSON text without seq, to compare)
    this.lastSentAt = -Infinity;
    this.lastMessage = null;
    this.pendingUrgent = false;
    // Keys held by the touch controls and by a gamepad (merged with the keyboard's).
    this.touch = {};
    this.pad = {};
    this.padAim = null; // a world point a gamepad aims at, with fire held: {aim, fire}
  }

  clear() {
    this.held.clear();
    this.touch = {};
    this.buttonDown = false;
    this.fireUntil = 0;
  }

  key(code, down) {
    if (!(code in KEYS)) return false;
    if (down) this.held.add(code);
    else this.held.delete(code);
    return true;
  }

  /** The input as the protocol wants it, now. */
  current(now) {
    const on = (name) => !!this.touch[name] || !!this.pad[name] || [...this.held].some((code) => KEYS[code] === name);
    // In the platformer, up (arrow or W) jumps as space does.
    const jump = on('jump') || (this.mode === 'platformer' && on('up'));
    const msg = { left: on('left'), right: on('right'), up: on('up'), down: on('down'), jump, dash: on('dash'), fire: false, aim: null, drag: null };
    const world = this.pointer && this.camera.inView(this.pointer[0], this.pointer[1])
      ? this.camera.screenToWorld(this.pointer[0], this.pointer[1]).map(round3)
      : null;
    if (this.mode === 'arena') {
      msg.fire = this.buttonDown || now < this.fireUntil;
      msg.aim = world;
      if (this.padAim) {
        msg.aim = this.padAim.aim.map(round3);
        msg.fire = msg.fire || this.padAim.fire;
      }
    } else if (this.mode === 'sandbox' && this.buttonDown && this.pointer) {
      // A drag holds on even over a letterbox bar: the point there is still a world point.
      msg.drag = this.camera.screenToWorld(this.pointer[0], this.pointer[1]).map(round3);
    }
    return msg;
  }

  /**
   * The message to send now, or null. `urgent` is a discrete change (key, button): sent at
   * once unless the last send was under INPUT_BURST_GAP_MS ago; other changes (aim, drag,
   * which move with the pointer and the camera) wait INPUT_MIN_GAP_MS; an unchanged input is
   * repeated every INPUT_KEEPALIVE_MS.
   */
  poll(now, urgent) {
    const body = this.current(now);
    const text = JSON.stringify(body);
    const since = now - this.lastSentAt;
    const changed = text !== this.lastSent;
    const discrete = urgent || this.pendingUrgent; // a held-back key change keeps its priority
    const due = (changed && since >= (discrete ? INPUT_BURST_GAP_MS : INPUT_MIN_GAP_MS)) || since >= INPUT_KEEPALIVE_MS;
    if (!due) {
      if (urgent && changed) this.pendingUrgent = true;
      return null;
    }
    this.pendingUrgent = false;
    this.seq += 1;
    this.lastSent = text;
    this.lastSentAt = now;
    this.lastMessage = { v: PROTOCOL, type: 'input', seq: this.seq, ...body };
    return this.lastMessage;
  }

  /** Forget what was sent (a new connection must be told the whole input again). */
  resetSent() {
    this.lastSent = null;
    this.lastSentAt = -Infinity;
  }
}

// ---------------------------------------------------------------------------------------------
// Touch controls: a stick on the left, buttons on the right, shown on touch screens.

class TouchControls {
  /** Builds the controls in `root` (hidden until a touch is seen); `onChange` after each change. */
  constructor(root, input, onChange) {
    this.root = root;
    this.input = input;
    this.onChange = onChange;
    this.stickId = null;
    if (!root) return;
    this.stick = root.querySelector('.stick');
    this.knob = root.querySelector('.knob');
    this.stick.addEventListener('pointerdown', (e) => this.stickMove(e, true));
    this.stick.addEventListener('pointermove', (e) => this.stickMove(e, false));
    for (const ev of ['pointerup', 'pointercancel']) this.stick.addEventListener(ev, (e) => this.stickEnd(e));
    for (const b of root.querySelectorAll('[data-key]')) {
      const key = b.dataset.key;
      const set = (on) => (e) => {
        e.preventDefault();
        this.input.touch[key] = on;
        b.classList.toggle('down', on);
        this.onChange();
      };
      b.addEventListener('pointerdown', (e) => { try { b.setPointerCapture(e.pointerId); } catch { /* fine */ } set(true)(e); });
      b.addEventListener('pointerup', set(false));
      b.addEventListener('pointercancel', set(false));
    }
    window.addEventListener('pointerdown', (e) => { if (e.pointerType === 'touch') this.show(true); }, { capture: true });
    if (window.matchMedia && window.matchMedia('(pointer: coarse)').matches) this.show(true);
  }

  show(on) {
    if (this.root && this.root.hidden === on) this.root.hidden = !on;
  }

  /** The mode's buttons: jump and dash in the platformer, none top-down. */
  setMode(mode) {
    if (!this.root) return;
    for (const b of this.root.querySelectorAll('[data-key]')) b.hidden = mode !== 'platformer';
  }

  stickMove(e, start) {
    if (start) {
      this.stickId = e.pointerId;
      try { this.stick.setPointerCapture(e.pointerId); } catch { /* fine */ }
    }
    if (e.pointerId !== this.stickId) return;
    e.preventDefault();
    const r = this.stick.getBoundingClientRect();
    const reach = r.width / 2;
    let dx = (e.clientX - (r.left + reach)) / reach;
    let dy = (e.clientY - (r.top + reach)) / reach;
    const len = Math.hypot(dx, dy);
    if (len > 1) { dx /= len; dy /= len; }
    this.knob.style.transform = `translate(${dx * reach * 0.6}px, ${dy * reach * 0.6}px)`;
    const t = this.input.touch;
    t.left = dx < -STICK_DEAD;
    t.right = dx > STICK_DEAD;
    t.up = dy < -STICK_DEAD;
    t.down = dy > STICK_DEAD;
    this.onChange();
  }

  stickEnd(e) {
    if (e.pointerId !== this.stickId) return;
    this.stickId = null;
    this.knob.style.transform = '';
    Object.assign(this.input.touch, { left: false, right: false, up: false, down: false });
    this.onChange();
  }
}

/**
 * A gamepad (the standard mapping): the left stick or the d-pad move, A jumps, B or X dashes;
 * in the arena the right stick aims and the right trigger (or right shoulder) fires. Read
 * every frame; returns whether what it holds changed.
 */
function readGamepad(input, me) {
  const pads = navigator.getGamepads ? [...navigator.getGamepads()].filter(Boolean) : [];
  const pad = pads[0];
  const before = JSON.stringify([input.pad, input.padAim]);
  if (!pad) {
    input.pad = {};
    input.padAim = null;
  } else {
    const b = (i) => !!(pad.buttons[i] && pad.buttons[i].pressed);
    const ax = (i) => Number(pad.axes[i]) || 0;
    input.pad = {
      left: ax(0) < -STICK_DEAD || b(14),
      right: ax(0) > STICK_DEAD || b(15),
      up: ax(1) < -STICK_DEAD || b(12),
      down: ax(1) > STICK_DEAD || b(13),
      jump: b(0),
      dash: b(1) || b(2),
    };
    const rx = ax(2), ry = ax(3);
    const fire = b(7) || b(5);
    input.padAim = me && (Math.hypot(rx, ry) > STICK_DEAD || fire)
      ? { aim: [me.x + rx * GAMEPAD_AIM, me.y - ry * GAMEPAD_AIM], fire }
      : null;
  }
  return JSON.stringify([input.pad, input.padAim]) !== before;
}

// ---------------------------------------------------------------------------------------------
// Connection with reconnect and backoff

class Connection {
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers; // {onState(state, detail), onMessage(msg), onOpen()}
    this.ws = null;
    this.attempt = 0;
    this.timer = null;
    this.retryAt = 0;
    this.lastBye = '';
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    this.handlers.onState('connecting');
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (err) {
      this.scheduleRetry(String(err && err.message ? err.message : err));
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.handlers.onState('waiting');
      this.handlers.onOpen();
    };
    ws.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; } // not ours: ignore quietly
      if (!msg || typeof msg !== 'object') return;
      if (msg.type === 'bye') this.lastBye = String(msg.reason || '');
      this.handlers.onMessage(msg);
    };
    // The close event follows an error event; only the close one acts.
    ws.onerror = () => {};
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      const reason = this.lastBye || ev.reason || (ev.code === 1000 ? 'closed' : `closed (${ev.code})`);
      this.lastBye = '';
      this.scheduleRetry(reason);
    };
  }

  /** Called once a welcome arrived: the connection works, so the backoff starts over. */
  healthy() { this.attempt = 0; }

  scheduleRetry(reason) {
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    const delay = base * (0.8 + Math.random() * 0.4); // jitter: clients don't come back in step
    this.attempt += 1;
    this.retryAt = performance.now() + delay;
    this.handlers.onState('retrying', reason);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  send(obj) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(obj));
      return true;
    }
    return false;
  }

  isOpen() { return !!this.ws && this.ws.readyState === WebSocket.OPEN; }
}

function socketUrl() {
  // `?ws=<url>` overrides the endpoint (handy to point a page at another server).
  const override = new URLSearchParams(location.search).get('ws');
  if (override) return override;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws`;
}

// ---------------------------------------------------------------------------------------------
// Drawing

function drawFrame(ctx, game, now) {
  const cam = game.camera;
  const { canvas } = ctx;
  // Letterbox bars: the whole canvas, then the view on top of it.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = COLORS.bars;
  ctx.fillRect(0, 0, canvas.width, canvas.height);

  cam.applyScreen(ctx);
  ctx.save();
  ctx.beginPath();
  ctx.rect(cam.ox, cam.oy, cam.viewW * cam.s, cam.viewH * cam.s);
  ctx.clip();
  ctx.fillStyle = COLORS.outside;
  ctx.fillRect(cam.ox, cam.oy, cam.viewW * cam.s, cam.viewH * cam.s);
  drawBackdrop(ctx, cam, game.mode);

  cam.applyWorld(ctx);
  const px = 1 / cam.s; // one CSS pixel in world units, for line widths
  if (game.level) drawLevel(ctx, game.level, px);
  const world = game.world;
  if (game.level) drawPlatforms(ctx, game.level, world ? world.platforms : [], px);
  if (game.course) drawCourse(ctx, game.course, game.snapshots.run, now, px);
  game.effects.draw(ctx, px);
  if (game.debug && game.level) drawGrid(ctx, game, px);
  if (world) drawBoxes(ctx, world.boxes, px);
  if (world) drawPlayers(ctx, world.players, game, now, px);
  if (world) drawBullets(ctx, world.bullets, px);
  if (game.mode === 'arena') drawReticle(ctx, game, px);
  if (game.debug && world) drawVelocities(ctx, world.players, px);

  cam.applyScreen(ctx);
  if (world) drawLabels(ctx, game, world.players);
  if (!game.level || game.conn.state !== 'playing') drawBanner(ctx, game);
  else if (game.message && now < game.message.until) drawMessage(ctx, game, game.message.text);
  else if (game.mode === 'arena') drawRoundBanner(ctx, game);
  if (game.mode === 'arena') drawFeed(ctx, game);
  ctx.restore();

  cam.applyScreen(ctx);
  if (game.debug) drawDebugText(ctx, game, now);
}

function drawLevel(ctx, level, px) {
  const { min, max } = level.bounds;
  ctx.fillStyle = COLORS.sky;
  ctx.fillRect(min[0], min[1], max[0] - min[0], max[1] - min[1]);
  ctx.lineWidth = px;
  ctx.strokeStyle = COLORS.bounds;
  ctx.strokeRect(min[0], min[1], max[0] - min[0], max[1] - min[1]);

  // Tiles are filled only: a stroke would show the seams between merged pieces.
  ctx.fillStyle = COLORS.solid;
  ctx.fill(level.solid);

  ctx.fillStyle = COLORS.oneWay;
  ctx.fill(level.oneWay);

  ctx.fillStyle = COLORS.wall;
  ctx.fill(level.walls); // nonzero: overlapping convex pieces fill as one
  ctx.strokeStyle = COLORS.wallEdge;
  ctx.stroke(level.walls);

  ctx.lineWidth = 2 * px;
  ctx.lineCap = 'round';
  ctx.strokeStyle = COLORS.segment;
  ctx.stroke(level.segments);
}

/**
 * A backdrop drawn in code, behind the level and moving slower than it as the camera moves
 * (parallax): stars far away, then two ranges of hills (side views), or a faint floor
 * pattern seen from above (top-down modes).
 */
function drawBackdrop(ctx, cam, mode) {
  const x0 = cam.ox, y0 = cam.oy, w = cam.viewW * cam.s, h = cam.viewH * cam.s;
  const sky = ctx.createLinearGradient(0, y0, 0, y0 + h);
  sky.addColorStop(0, '#0b1020');
  sky.addColorStop(1, '#1a2236');
  ctx.fillStyle = sky;
  ctx.fillRect(x0, y0, w, h);
  // Stars: a fixed pseudo-random field, scrolling at a tenth of the camera.
  ctx.fillStyle = 'rgba(220, 230, 255, 0.55)';
  const shiftX = -cam.cx * cam.s * 0.1, shiftY = cam.cy * cam.s * 0.1;
  for (let i = 0; i < 90; i++) {
    const sx = x0 + (((i * 173.7) % w) + (shiftX % w) + w) % w;
    const sy = y0 + ((i * 311.9) % h + shiftY % h + h) % h;
    const size = i % 7 === 0 ? 2 : 1;
    ctx.fillRect(sx, sy, size, size);
  }
  if (mode === 'platformer') {
    hills(ctx, cam, 0.25, 0.55, 'rgba(40, 52, 84, 0.9)', 0.9);
    hills(ctx, cam, 0.5, 0.7, 'rgba(30, 40, 64, 0.95)', 1.7);
  } else {
    // Top-down: a faint grid of tiles scrolling at half the camera's pace.
    ctx.strokeStyle = 'rgba(120, 140, 190, 0.06)';
    ctx.lineWidth = 1;
    const step = 2 * cam.s;
    const offX = ((-cam.cx * cam.s * 0.5) % step + step) % step;
    const offY = ((cam.cy * cam.s * 0.5) % step + step) % step;
    ctx.beginPath();
    for (let x = x0 + offX; x < x0 + w; x += step) { ctx.moveTo(x, y0); ctx.lineTo(x, y0 + h); }
    for (let y = y0 + offY; y < y0 + h; y += step) { ctx.moveTo(x0, y); ctx.lineTo(x0 + w, y); }
    ctx.stroke();
  }
}

/** A range of hills across the view: `factor` of the camera's motion, `level` of the view's
 * height from the top, `freq` how many bumps. */
function hills(ctx, cam, factor, level, color, freq) {
  const x0 = cam.ox, y0 = cam.oy, w = cam.viewW * cam.s, h = cam.viewH * cam.s;
  const shift = cam.cx * factor;
  const base = y0 + h * level + cam.cy * cam.s * factor * 0.2;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(x0, y0 + h);
  for (let px = 0; px <= w; px += 8) {
    const u = (px / cam.s + shift) * 0.18 * freq;
    const y = base - (Math.sin(u) * 0.6 + Math.sin(u * 2.3 + 1.7) * 0.3 + Math.sin(u * 0.37) * 0.8) * cam.s * 1.2;
    ctx.lineTo(x0 + px, y);
  }
  ctx.lineTo(x0 + w, y0 + h);
  ctx.closePath();
  ctx.fill();
}

/** The coins not yet taken in your run (turning), and the goal's flag (waving). */
function drawCourse(ctx, course, run, now, px) {
  const taken = new Set(run && Array.isArray(run.taken) ? run.taken : []);
  const r = course.coinRadius;
  const turn = Math.cos(now / 300);
  course.coins.forEach(([x, y], i) => {
    if (taken.has(i)) return;
    ctx.save();
    ctx.translate(x, y);
    ctx.scale(Math.max(0.15, Math.abs(turn)), 1);
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, Math.PI * 2);
    ctx.fillStyle = COLORS.coin;
    ctx.fill();
    ctx.lineWidth = 2 * px;
    ctx.strokeStyle = COLORS.coinEdge;
    ctx.stroke();
    ctx.fillStyle = 'rgba(255, 255, 255, 0.55)';
    ctx.fillRect(-r * 0.15, -r * 0.55, r * 0.3, r * 1.1);
    ctx.restore();
  });
  if (course.goal) {
    const { min, max } = course.goal;
    const x = (min[0] + max[0]) / 2, y0 = min[1], y1 = max[1];
    ctx.fillStyle = COLORS.pole;
    ctx.fillRect(x - 0.05, y0, 0.1, y1 - y0);
    const wave = Math.sin(now / 180) * 0.12;
    ctx.beginPath();
    ctx.moveTo(x + 0.05, y1);
    ctx.quadraticCurveTo(x + 0.45, y1 - 0.15 + wave, x + 0.9, y1 - 0.25 + wave);
    ctx.lineTo(x + 0.05, y1 - 0.55);
    ctx.closePath();
    ctx.fillStyle = COLORS.flag;
    ctx.fill();
  }
}

function drawPlatforms(ctx, level, positions, px) {
  level.platforms.forEach((p, i) => {
    const at = positions[i] || { x: p.start[0], y: p.start[1] };
    ctx.save();
    ctx.translate(at.x, at.y);
    ctx.globalAlpha = p.oneWay ? 0.6 : 1;
    ctx.fillStyle = COLORS.platform;
    ctx.fill(p.fill);
    ctx.globalAlpha = 1;
    ctx.lineWidth = (p.oneWay ? 1 : 1.5) * px;
    ctx.setLineDash(p.oneWay ? [4 * px, 3 * px] : []);
    ctx.strokeStyle = COLORS.platformEdge;
    ctx.stroke(p.fill);
    ctx.setLineDash([]);
    ctx.lineWidth = 2 * px;
    ctx.stroke(p.stroke);
    ctx.restore();
  });
}

/** Sandbox boxes: centre and half extents. */
function drawBoxes(ctx, boxes, px) {
  if (!boxes || !boxes.length) return;
  ctx.lineWidth = 1.5 * px;
  for (const b of boxes) {
    ctx.fillStyle = COLORS.box;
    ctx.fillRect(b.x - b.hw, b.y - b.hh, 2 * b.hw, 2 * b.hh);
    ctx.strokeStyle = COLORS.boxEdge;
    ctx.strokeRect(b.x - b.hw, b.y - b.hh, 2 * b.hw, 2 * b.hh);
    // A crate: an inner frame and a cross brace.
    const m = Math.min(b.hw, b.hh) * 0.22;
    ctx.strokeStyle = 'rgba(60, 36, 18, 0.7)';
    ctx.strokeRect(b.x - b.hw + m, b.y - b.hh + m, 2 * (b.hw - m), 2 * (b.hh - m));
    ctx.beginPath();
    ctx.moveTo(b.x - b.hw + m, b.y - b.hh + m);
    ctx.lineTo(b.x + b.hw - m, b.y + b.hh - m);
    ctx.moveTo(b.x - b.hw + m, b.y + b.hh - m);
    ctx.lineTo(b.x + b.hw - m, b.y - b.hh + m);
    ctx.stroke();
  }
}

/** Bullets: small circles with a short trail behind them. */
function drawBullets(ctx, bullets, px) {
  if (!bullets || !bullets.length) return;
  ctx.lineCap = 'round';
  for (const b of bullets) {
    const speed = Math.hypot(b.vx, b.vy);
    if (speed > 0) {
      const tail = Math.min(0.6, speed * 0.02);
      ctx.beginPath();
      ctx.moveTo(b.x, b.y);
      ctx.lineTo(b.x - (b.vx / speed) * tail, b.y - (b.vy / speed) * tail);
      ctx.lineWidth = BULLET_RADIUS * 1.2;
      ctx.strokeStyle = 'rgba(255, 226, 122, 0.4)';
      ctx.stroke();
    }
    ctx.beginPath();
    ctx.arc(b.x, b.y, BULLET_RADIUS, 0, Math.PI * 2);
    ctx.fillStyle = b.owner !== undefined ? playerColor(b.owner) : COLORS.bullet;
    ctx.fill();
    ctx.lineWidth = px;
    ctx.strokeStyle = COLORS.bullet;
    ctx.stroke();
  }
}

function drawPlayers(ctx, players, game, now, px) {
  const ownId = game.id;
  const circles = game.mode === 'arena';
  const r = sizes.arenaRadius;
  const [w, h] = circles ? [2 * r, 2 * r] : sizes.player;
  // Others first, the own player on top.
  const sorted = players.slice().sort((a, b) => (a.id === ownId) - (b.id === ownId));
  for (const p of sorted) {
    const own = p.id === ownId;
    if (circles) drawBall(ctx, p, r, own, px, game.world.scores.find((s) => s.id === p.id), now);
    else drawCharacter(ctx, p, w, h, own, game.poses.squash(p, now), now, px);
    if (own) {
      // A small marker above the head.
      triangleFill(ctx, p.x - 0.15, p.y + h / 2 + 0.35, p.x + 0.15, p.y + h / 2 + 0.35, p.x, p.y + h / 2 + 0.15, COLORS.self);
    }
  }
}

/** An arena player: a ball with eyes looking along its motion, its health above it (a pip a
 * hit), blinking while invulnerable. */
function drawBall(ctx, p, r, own, px, score, now) {
  if (score && score.invulnerable && Math.floor(now / 100) % 2 === 0) ctx.globalAlpha = 0.35;
  ctx.beginPath();
  ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  ctx.fillStyle = playerColor(p.id);
  ctx.fill();
  ctx.lineWidth = (own ? 3 : 1) * px;
  ctx.strokeStyle = own ? COLORS.self : 'rgba(0, 0, 0, 0.5)';
  ctx.stroke();
  const speed = Math.hypot(p.vx || 0, p.vy || 0);
  const moving = speed > 0.1;
  // Standing still, it looks at you (eyes side by side, pupils in the middle).
  const [dx, dy] = moving ? [p.vx / speed, p.vy / speed] : [0, -1];
  for (const side of [-1, 1]) {
    const ex = p.x + (moving ? dx * r * 0.35 : 0) - dy * side * r * 0.32;
    const ey = p.y + (moving ? dy * r * 0.35 : r * 0.15) + dx * side * r * 0.32;
    eye(ctx, ex, ey, r * 0.2, moving ? dx : 0, moving ? dy : 0);
  }
  ctx.globalAlpha = 1;
  if (score && score.health > 0) {
    const n = score.health;
    for (let i = 0; i < n; i++) {
      ctx.fillStyle = n === 1 ? '#ff5d73' : '#7dff9b';
      ctx.fillRect(p.x - (n * 0.22) / 2 + i * 0.22 + 0.03, p.y - r - 0.28, 0.16, 0.12);
    }
  }
}

/** An eye at (x, y) of radius `r`, its pupil toward (dx, dy). */
function eye(ctx, x, y, r, dx, dy) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x + dx * r * 0.45, y + dy * r * 0.45, r * 0.5, 0, Math.PI * 2);
  ctx.fillStyle = '#10131c';
  ctx.fill();
}

/**
 * A platformer (or sandbox) player: a round body on two legs, in the box of its collider,
 * facing its way, posed by its animation state (running legs, a stretched jump, a squashed
 * landing, a lean on a wall or in a dash).
 */
function drawCharacter(ctx, p, w, h, own, squash, now, px) {
  const anim = p.anim || (Math.abs(p.vx || 0) > 0.5 ? 'run' : 'idle');
  const facing = p.facing || ((p.vx || 0) < -0.1 ? -1 : 1);
  let [sx, sy] = { jump: [0.86, 1.14], fall: [0.94, 1.06], dash: [1.25, 0.82], crouch: [1.12, 0.7] }[anim] || [1, 1];
  // A landing squashes the body for a moment, then it springs back.
  sx *= 1 + 0.3 * squash;
  sy *= 1 - 0.3 * squash;
  const lean = { run: 0.08, dash: 0.2, wall_slide: -0.12 }[anim] || 0;
  ctx.save();
  ctx.translate(p.x, p.y - h / 2); // the feet
  ctx.scale(sx * facing, sy);
  ctx.transform(1, 0, lean, 1, 0, 0);
  const color = playerColor(p.id);
  // Legs: a stride while running, tucked in the air.
  const legH = h * 0.2;
  const stride = anim === 'run' ? Math.sin(now / 55 + p.id) * w * 0.18 : 0;
  const tuck = anim === 'jump' || anim === 'fall' || anim === 'dash' ? legH * 0.4 : 0;
  for (const fill of [color, 'rgba(0, 0, 0, 0.35)']) {
    ctx.fillStyle = fill;
    ctx.fillRect(-w * 0.28 + stride, tuck, w * 0.2, legH - tuck + 0.02);
    ctx.fillRect(w * 0.08 - stride, tuck, w * 0.2, legH - tuck + 0.02);
  }
  // The body.
  roundRect(ctx, -w / 2, legH * 0.8, w, h - legH * 0.8, w * 0.3);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = (own ? 3 : 1) * px;
  ctx.strokeStyle = own ? COLORS.self : 'rgba(0, 0, 0, 0.45)';
  ctx.stroke();
  // A lighter belly and the eyes, looking ahead (down on a wall slide, up in a jump).
  ctx.fillStyle = 'rgba(255, 255, 255, 0.18)';
  roundRect(ctx, -w * 0.28, legH, w * 0.46, h * 0.32, w * 0.15);
  ctx.fill();
  const look = anim === 'jump' ? 0.6 : anim === 'fall' || anim === 'wall_slide' ? -0.6 : 0;
  eye(ctx, w * 0.05, h * 0.72, w * 0.13, 0.9, look);
  eye(ctx, w * 0.3, h * 0.72, w * 0.11, 0.9, look);
  ctx.restore();
}

/** A rounded rectangle path (x, y its lower-left corner, world units). */
function roundRect(ctx, x, y, w, h, r) {
  const q = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + q, y);
  ctx.lineTo(x + w - q, y);
  ctx.quadraticCurveTo(x + w, y, x + w, y + q);
  ctx.lineTo(x + w, y + h - q);
  ctx.quadraticCurveTo(x + w, y + h, x + w - q, y + h);
  ctx.lineTo(x + q, y + h);
  ctx.quadraticCurveTo(x, y + h, x, y + h - q);
  ctx.lineTo(x, y + q);
  ctx.quadraticCurveTo(x, y, x + q, y);
  ctx.closePath();
}

/** Per player, when it last landed: the squash of its landing, and dust. */
class Poses {
  constructor(effects) {
    this.effects = effects;
    this.landed = new Map(); // id -> performance.now() of the landing
    this.last = new Map(); // id -> the animation last seen
  }

  /** The landing squash of `p` now, from 1 just after landing to 0 after LAND_SQUASH_MS. */
  squash(p, now) {
    const before = this.last.get(p.id);
    this.last.set(p.id, p.anim);
    if (p.anim === 'land' && before !== 'land') {
      this.landed.set(p.id, now);
      this.effects.burst(p.x, p.y - sizes.player[1] / 2, 'rgba(210, 220, 235, 0.9)', 8, 2.5);
    }
    const at = this.landed.get(p.id);
    if (at === undefined) return 0;
    const k = (now - at) / LAND_SQUASH_MS;
    if (k >= 1) {
      this.landed.delete(p.id);
      return 0;
    }
    return Math.sin(Math.PI * k) * (1 - k);
  }
}

function triangleFill(ctx, x0, y0, x1, y1, x2, y2, color) {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

/** Debug: the broadphase grid over the level bounds, cells under a player shaded. */
function drawGrid(ctx, game, px) {
  const cell = sizes.gridCell;
  if (!(cell > 0)) return;
  const { min, max } = game.level.bounds;
  const x0 = Math.floor(min[0] / cell) * cell, x1 = Math.ceil(max[0] / cell) * cell;
  const y0 = Math.floor(min[1] / cell) * cell, y1 = Math.ceil(max[1] / cell) * cell;
  ctx.fillStyle = COLORS.gridHot;
  const [w, h] = sizes.player;
  for (const p of game.world ? game.world.players : []) {
    for (let cx = Math.floor((p.x - w / 2) / cell); cx <= Math.floor((p.x + w / 2) / cell); cx++) {
      for (let cy = Math.floor((p.y - h / 2) / cell); cy <= Math.floor((p.y + h / 2) / cell); cy++) {
        ctx.fillRect(cx * cell, cy * cell, cell, cell);
      }
    }
  }
  ctx.beginPath();
  for (let x = x0; x <= x1; x += cell) { ctx.moveTo(x, y0); ctx.lineTo(x, y1); }
  for (let y = y0; y <= y1; y += cell) { ctx.moveTo(x0, y); ctx.lineTo(x1, y); }
  ctx.lineWidth = px;
  ctx.strokeStyle = COLORS.grid;
  ctx.stroke();
}

/** Debug: velocity arrows, 0.1 s of motion long (so 10 units/s is one unit). */
function drawVelocities(ctx, players, px) {
  ctx.strokeStyle = COLORS.velocity;
  ctx.fillStyle = COLORS.velocity;
  ctx.lineWidth = 2 * px;
  for (const p of players) {
    const dx = p.vx * 0.1, dy = p.vy * 0.1;
    const len = Math.hypot(dx, dy);
    if (len < 1e-3) continue;
    const ex = p.x + dx, ey = p.y + dy;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(ex, ey);
    ctx.stroke();
    const head = Math.min(0.3, len * 0.5), ux = dx / len, uy = dy / len;
    triangleFill(ctx, ex, ey, ex - ux * head - uy * head * 0.5, ey - uy * head + ux * head * 0.5,
      ex - ux * head + uy * head * 0.5, ey - uy * head - ux * head * 0.5, COLORS.velocity);
  }
}

/** Names above the players (screen space: text must not be flipped or scaled). */
function drawLabels(ctx, game, players) {
  const fontPx = clamp(game.camera.s * 0.32, 9, 16);
  ctx.font = `${fontPx}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  // Your own label first, then the others nearest the view's centre first; a label that
  // would cover one already placed moves up a line, or is left out after a few tries (a
  // crowd shows some of its names, not a smudge).
  const placed = [];
  const cx = game.camera.cx, cy = game.camera.cy;
  const order = players.slice().sort((a, b) =>
    (b.id === game.id) - (a.id === game.id) || Math.hypot(a.x - cx, a.y - cy) - Math.hypot(b.x - cx, b.y - cy));
  for (const p of order) {
    const own = p.id === game.id;
    const lift = sizes.player[1] / 2 + (own ? 0.4 : 0.1);
    const [sx, sy0] = game.camera.worldToScreen(p.x, p.y + lift);
    let label = own ? `you (${p.id})` : `#${p.id}`;
    if (game.debug && game.mode === 'platformer') label += p.grounded ? ' · grounded' : ' · air';
    const w = ctx.measureText(label).width + 4;
    let sy = sy0;
    let free = false;
    for (let tries = 0; tries < 3 && !free; tries++) {
      const box = [sx - w / 2, sy - fontPx, sx + w / 2, sy];
      free = !placed.some((q) => box[0] < q[2] && q[0] < box[2] && box[1] < q[3] && q[1] < box[3]);
      if (free) placed.push(box);
      else sy -= fontPx;
    }
    if (!free && !own) continue;
    ctx.fillStyle = own ? COLORS.self : playerColor(p.id);
    ctx.fillText(label, sx, sy);
  }
}

function drawBanner(ctx, game) {
  const cam = game.camera;
  const text = connectionText(game.conn);
  ctx.font = '16px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const x = cam.ox + (cam.viewW * cam.s) / 2, y = cam.oy + (cam.viewH * cam.s) / 2;
  const w = ctx.measureText(text).width + 32;
  ctx.fillStyle = 'rgba(7, 8, 12, 0.75)';
  ctx.fillRect(x - w / 2, y - 20, w, 40);
  ctx.fillStyle = COLORS.text;
  ctx.fillText(text, x, y);
}

/** The aim: a ring and a cross where the pointer is, a faint line to it from your player. */
function drawReticle(ctx, game, px) {
  const p = game.input.pointer;
  if (!p || !game.camera.inView(p[0], p[1])) return;
  const [x, y] = game.camera.screenToWorld(p[0], p[1]);
  const me = game.me();
  ctx.lineWidth = 2 * px;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
  if (me) {
    ctx.save();
    ctx.setLineDash([6 * px, 6 * px]);
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.18)';
    ctx.beginPath();
    ctx.moveTo(me.x, me.y);
    ctx.lineTo(x, y);
    ctx.stroke();
    ctx.restore();
  }
  ctx.beginPath();
  ctx.arc(x, y, 0.35, 0, Math.PI * 2);
  ctx.moveTo(x - 0.55, y); ctx.lineTo(x - 0.15, y);
  ctx.moveTo(x + 0.15, y); ctx.lineTo(x + 0.55, y);
  ctx.moveTo(x, y - 0.55); ctx.lineTo(x, y - 0.15);
  ctx.moveTo(x, y + 0.15); ctx.lineTo(x, y + 0.55);
  ctx.stroke();
}

/** The arena's kill feed in the upper right of the view, newest at the bottom. */
function drawFeed(ctx, game) {
  const feed = game.snapshots.feed;
  if (!feed.length) return;
  const cam = game.camera;
  const name = (id) => (id === game.id ? 'you' : `#${id}`);
  ctx.font = '14px system-ui, sans-serif';
  ctx.textAlign = 'right';
  ctx.textBaseline = 'top';
  const x = cam.ox + cam.viewW * cam.s - 12;
  feed.forEach((k, i) => {
    const text = `${name(k.killer)} ✕ ${name(k.victim)}`;
    const y = cam.oy + 48 + i * 22;
    const w = ctx.measureText(text).width + 16;
    ctx.fillStyle = 'rgba(7, 8, 12, 0.6)';
    ctx.fillRect(x - w + 8, y - 3, w, 20);
    ctx.fillStyle = k.killer === game.id ? '#7dff9b' : k.victim === game.id ? '#ff5d73' : COLORS.text;
    ctx.fillText(text, x, y);
  });
}

/** For three seconds after a round is won: who won it. */
function drawRoundBanner(ctx, game) {
  const r = game.snapshots.round;
  const tick = game.snapshots.latestTick();
  if (!r || !Number.isFinite(r.won_at) || tick === null || tick - r.won_at > game.tickHz * 3) return;
  const who = r.last_winner === game.id ? 'you win' : `#${r.last_winner} wins`;
  drawMessage(ctx, game, `${who} round ${r.number - 1}! round ${r.number}: first to ${r.target}`);
}

/** A short line in the upper middle of the view. */
function drawMessage(ctx, game, text) {
  const cam = game.camera;
  const x = cam.ox + (cam.viewW * cam.s) / 2;
  const y = cam.oy + cam.viewH * cam.s * 0.22;
  ctx.font = 'bold 28px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const w = ctx.measureText(text).width + 40;
  ctx.fillStyle = 'rgba(7, 8, 12, 0.7)';
  ctx.fillRect(x - w / 2, y - 24, w, 48);
  ctx.fillStyle = COLORS.coin;
  ctx.fillText(text, x, y);
}

function drawDebugText(ctx, game, now) {
  const me = game.me();
  const lines = [
    `tick ${game.snapshots.latestTick() ?? '–'}  (shown ${game.world ? game.world.tick.toFixed(1) : '–'})`,
    `snapshots ${game.snapshots.rate(now)}/s  tick_hz ${game.tickHz}`,
    `ping ${pingText(game.ping, game.pingJitter)}  others drawn ${Math.round(game.snapshots.delay)} ms back`,
    `scale ${game.camera.s.toFixed(2)} px/unit  dpr ${game.camera.dpr}`,
    me ? `me ${me.x.toFixed(2)}, ${me.y.toFixed(2)}  v ${me.vx.toFixed(2)}, ${me.vy.toFixed(2)}  ${game.mode === 'platformer' ? (me.grounded ? 'grounded' : 'air') : ''}` : 'me –',
    `input seq ${game.input.seq}  acknowledged ${game.snapshots.ack}`,
  ];
  ctx.font = '12px ui-monospace, Menlo, Consolas, monospace';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  const w = Math.max(...lines.map((l) => ctx.measureText(l).width)) + 16;
  const x = 8, y = 40;
  ctx.fillStyle = 'rgba(7, 8, 12, 0.75)';
  ctx.fillRect(x, y, w, lines.length * 16 + 10);
  ctx.fillStyle = COLORS.text;
  lines.forEach((l, i) => ctx.fillText(l, x + 8, y + 5 + i * 16));
}

function connectionText(conn) {
  switch (conn.state) {
    case 'connecting': return 'connecting…';
    case 'waiting': return 'connected, waiting for the server…';
    case 'playing': return 'connected';
    case 'retrying': {
      const s = Math.max(0, Math.ceil((conn.retryAt - performance.now()) / 1000));
      return `${conn.detail || 'disconnected'} — retrying in ${s} s`;
    }
    default: return conn.state;
  }
}

// ---------------------------------------------------------------------------------------------
// The game: state, messages, the frame loop, DOM events.

const HELP = {
  platformer: 'arrows / WASD move · up / W / space jump (twice in the air, off walls) · X / K dash · down drops through',
  arena: 'arrows / WASD move · mouse aim · click fire · 3 hits kill · first to 5 kills wins the round',
  sandbox: 'arrows / WASD move · walk into a crate to push it · drag one with the mouse',
};

class Game {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.camera = new Camera(canvas);
    this.snapshots = new Snapshots();
    this.input = new Input(this.camera);
    this.id = null;
    this.mode = null;
    this.tickHz = DEFAULT_TICK_HZ;
    this.level = null;
    this.world = null; // the interpolated snapshot being shown
    this.camAt = null; // where the camera looks, smoothed: {x, y, t}
    this.trail = []; // your own player as drawn, frame by frame: {t, x, y, tick, renderTick}
    this.course = null; // the coins and the goal (platformer): {coins, coinRadius, goal}
    this.seenRun = null; // the run as last seen, to tell new coins and finishes
    this.message = null; // {text, until}: a short line over the view (a finished run)
    this.effects = new Effects();
    this.poses = new Poses(this.effects);
    this.touch = new TouchControls(document.getElementById('touch'), this.input, () => this.pumpInput(true));
    this.sound = new Sound();
    this.debug = false;
    this.ping = null; // round-trip time, ms (smoothed)
    this.pingJitter = null; // mean deviation of the round trips from it, ms
    this.pingTimer = null;
    this.conn = { state: 'connecting', detail: '', retryAt: 0 };
    this.hud = {
      mode: document.getElementById('hud-mode'),
      players: document.getElementById('hud-players'),
      conn: document.getElementById('hud-conn'),
      ping: document.getElementById('hud-ping'),
      help: document.getElementById('help-text'),
      scores: document.getElementById('hud-scores'),
      scoresItem: document.getElementById('hud-scores-item'),
      run: document.getElementById('hud-run'),
      runItem: document.getElementById('hud-run-item'),
      sound: document.getElementById('hud-sound'),
    };
    this.link = new Connection(socketUrl(), {
      onState: (state, detail) => this.setConnState(state, detail),
      onOpen: () => this.onOpen(),
      onMessage: (msg) => this.onMessage(msg),
    });
  }

  start() {
    this.bindEvents();
    this.link.connect();
    setInterval(() => this.pumpInput(false), INPUT_MIN_GAP_MS / 2);
    const frame = () => {
      this.frame(performance.now());
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  // --- connection and messages

  setConnState(state, detail = '') {
    this.conn.state = state;
    this.conn.detail = detail;
    this.conn.retryAt = this.link ? this.link.retryAt : 0;
    if (state === 'retrying') {
      clearInterval(this.pingTimer);
      this.pingTimer = null;
      this.ping = null;
      this.pingJitter = null;
    }
    this.updateHud();
  }

  onOpen() {
    this.input.resetSent();
    this.snapshots.reset(this.tickHz);
    this.world = null;
  }

  onMessage(msg) {
    if (msg.v !== undefined && msg.v !== PROTOCOL) return; // another protocol version: ignore
    const now = performance.now();
    switch (msg.type) {
      case 'welcome': return this.onWelcome(msg);
      case 'snapshot':
        this.snapshots.push(msg, now);
        this.onRun(this.snapshots.run, now);
        return;
      case 'pong': return this.onPong(msg, now);
      default: return; // 'bye' is remembered by the connection; unknown types are ignored
    }
  }

  onPong(msg, now) {
    if (!Number.isFinite(msg.t)) return;
    const rtt = now - msg.t;
    if (this.ping === null) {
      this.ping = rtt;
      this.pingJitter = 0;
    } else {
      this.pingJitter = lerp(this.pingJitter, Math.abs(rtt - this.ping), 0.3);
      this.ping = lerp(this.ping, rtt, 0.3);
    }
  }

  /** New coins and finished runs, told by the run in the snapshots: sparks, sounds, a line. */
  onRun(run, now) {
    const before = this.seenRun;
    this.seenRun = run;
    if (!run || !before || !this.course) return;
    const had = new Set(before.taken || []);
    for (const i of run.taken || []) {
      if (had.has(i)) continue;
      const c = this.course.coins[i];
      if (c) this.effects.burst(c[0], c[1], COLORS.coin, 16, 6);
      this.sound.coin();
    }
    if (Number.isFinite(run.last) && run.last !== before.last) {
      const best = Number.isFinite(run.best) && run.best === run.last && before.best !== run.best ? ' · new best!' : '';
      this.message = { text: `goal! ${run.last.toFixed(2)} s${best}`, until: now + 2500 };
      const g = this.course.goal;
      if (g) this.effects.burst((g.min[0] + g.max[0]) / 2, g.max[1], COLORS.flag, 40, 8);
      this.sound.goal();
    }
  }

  onWelcome(msg) {
    this.id = msg.id;
    this.tickHz = Number(msg.tick_hz) > 0 ? Number(msg.tick_hz) : DEFAULT_TICK_HZ;
    const view = isPoint(msg.view) ? msg.view : DEFAULT_VIEW;
    if (isPoint(msg.player_size)) sizes.player = msg.player_size.map(Number);
    if (Number(msg.arena_radius) > 0) sizes.arenaRadius = Number(msg.arena_radius);
    if (Number(msg.grid_cell) > 0) sizes.gridCell = Number(msg.grid_cell);
    this.camera.setView(view[0], view[1]);
    this.mode = msg.mode || (msg.level && msg.level.mode) || 'platformer';
    this.level = buildLevel(msg.level, this.mode);
    this.input.mode = this.mode;
    this.touch.setMode(this.mode);
    this.course = courseOf(msg.course);
    this.seenRun = null;
    this.camAt = null;
    // The arena draws its own reticle in place of the pointer.
    this.canvas.style.cursor = this.mode === 'arena' ? 'none' : '';
    this.snapshots.reset(this.tickHz);
    this.world = null;
    this.link.healthy();
    this.setConnState('playing');
    // Only a server that says it answers pings gets them.
    if (msg.ping === true || (Array.isArray(msg.features) && msg.features.includes('ping'))) this.startPing();
    this.pumpInput(true); // tell the server the keys already held
  }

  /**
   * Ping: `{v, type:"ping", seq, t}` every 2 s, answered by `{v, type:"pong", t}` with the
   * same `t` (client milliseconds, echoed as is). The HUD shows the round trip and its jitter.
   */
  startPing() {
    clearInterval(this.pingTimer);
    const send = () => {
      this.input.seq += 1; // one sequence for every client message
      this.link.send({ v: PROTOCOL, type: 'ping', seq: this.input.seq, t: Math.round(performance.now() * 1000) / 1000 });
    };
    send();
    this.pingTimer = setInterval(send, PING_EVERY_MS);
  }

  pumpInput(urgent) {
    if (this.conn.state !== 'playing' || !this.link.isOpen()) return;
    const msg = this.input.poll(performance.now(), urgent);
    if (msg) this.link.send(msg);
  }

  // --- frame

  frame(now) {
    this.camera.sync();
    this.world = this.snapshots.sample(now);
    // Your own player from the newest snapshot, not from the others' past.
    const own = this.world && this.id !== null ? this.snapshots.own(this.id) : null;
    if (own) {
      const i = this.world.players.findIndex((p) => p.id === this.id);
      if (i >= 0) this.world.players[i] = own;
      else this.world.players.push(own);
      this.trail.push({ t: performance.now(), x: own.x, y: own.y, tick: this.snapshots.latestTick(), renderTick: this.world.tick });
      if (this.trail.length > TRAIL_KEEP) this.trail.shift();
    }
    this.updateCamera(performance.now());
    if (readGamepad(this.input, this.me())) this.pumpInput(true);
    drawFrame(this.ctx, this, now);
    this.updateHud();
  }

  /**
   * The camera follows your player smoothly, looking ahead of its motion (a little of its
   * velocity, at most LOOK_AHEAD units) and never past the level's bounds; a jump of the
   * target (a respawn) is followed at once.
   */
  updateCamera(now) {
    const bounds = this.level ? this.level.bounds : null;
    const me = this.me();
    let target;
    if (me) {
      const ahead = (v) => clamp(v * LOOK_AHEAD_S, -LOOK_AHEAD, LOOK_AHEAD);
      target = [me.x + ahead(me.vx), me.y + ahead(me.vy) * 0.5];
    } else if (bounds) {
      target = [(bounds.min[0] + bounds.max[0]) / 2, (bounds.min[1] + bounds.max[1]) / 2];
    } else {
      return;
    }
    const dt = this.camAt ? Math.min(0.1, (now - this.camAt.t) / 1000) : 0;
    const far = this.camAt && Math.hypot(target[0] - this.camAt.x, target[1] - this.camAt.y) > CAMERA_SNAP;
    if (!this.camAt || far) {
      this.camAt = { x: target[0], y: target[1], t: now };
    } else {
      const k = 1 - Math.exp(-dt / CAMERA_LAG_S);
      this.camAt = { x: lerp(this.camAt.x, target[0], k), y: lerp(this.camAt.y, target[1], k), t: now };
    }
    this.camera.follow(this.camAt.x, this.camAt.y, bounds);
  }

  me() {
    if (!this.world || this.id === null) return null;
    return this.world.players.find((p) => p.id === this.id) || null;
  }

  updateHud() {
    const h = this.hud;
    if (!h.mode) return;
    setText(h.mode, this.mode || '–');
    setText(h.players, String(this.world ? this.world.players.length : 0));
    setText(h.ping, pingText(this.ping, this.pingJitter));
    const cls = this.conn.state === 'playing' ? 'ok' : this.conn.state === 'retrying' ? 'bad' : 'wait';
    setText(h.conn, this.conn.state === 'playing' ? 'connected' : connectionText(this.conn));
    if (h.conn.dataset.cls !== cls) {
      h.conn.className = `conn ${cls}`;
      h.conn.dataset.cls = cls;
    }
    setText(h.help, HELP[this.mode] || HELP.platformer);
    if (h.run && h.runItem) {
      const show = !!this.course && this.course.coins.length + (this.course.goal ? 1 : 0) > 0;
      if (h.runItem.hidden === show) h.runItem.hidden = !show;
      if (show) setText(h.run, runText(this.snapshots.run, this.course));
    }
    if (h.sound) setText(h.sound, this.sound.muted ? 'off (M)' : 'on (M)');
    if (h.scores && h.scoresItem) {
      const scores = this.world ? this.world.scores : [];
      const arena = this.mode === 'arena';
      if (h.scoresItem.hidden === arena) h.scoresItem.hidden = !arena;
      if (arena) setText(h.scores, scoreboardText(scores, this.id, this.snapshots.round && this.snapshots.round.target));
    }
  }

  // --- DOM events

  bindEvents() {
    window.addEventListener('resize', () => this.camera.sync());
    window.addEventListener('keydown', (e) => this.onKey(e, true));
    window.addEventListener('keyup', (e) => this.onKey(e, false));
    // Released keys are not reported to a page without focus: forget them.
    window.addEventListener('blur', () => { this.input.clear(); this.pumpInput(true); });
    const c = this.canvas;
    c.addEventListener('pointermove', (e) => this.onPointer(e));
    c.addEventListener('pointerdown', (e) => this.onPointerButton(e, true));
    c.addEventListener('pointerup', (e) => this.onPointerButton(e, false));
    c.addEventListener('pointercancel', (e) => this.onPointerButton(e, false));
    c.addEventListener('pointerleave', () => { if (!this.input.buttonDown) this.input.pointer = null; });
    c.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  onKey(e, down) {
    if (e.ctrlKey || e.metaKey || e.altKey) return; // browser shortcuts stay the browser's
    if (down) this.sound.wake();
    if (down && e.code === 'KeyM' && !e.repeat) {
      this.sound.toggle();
      this.updateHud();
      return;
    }
    // The debug toggle is F3 or Shift+D, by key position (Caps Lock does not make a plain D,
    // which is "right" in WASD, toggle it).
    if (down && ((e.code === 'KeyD' && e.shiftKey) || e.code === 'F3')) {
      if (!e.repeat) this.debug = !this.debug;
      e.preventDefault();
      return;
    }
    if (this.input.key(e.code, down)) {
      e.preventDefault(); // no page scrolling on arrows and space
      if (!e.repeat) this.pumpInput(true);
    }
  }

  onPointer(e) {
    const r = this.canvas.getBoundingClientRect();
    this.input.pointer = [e.clientX - r.left, e.clientY - r.top];
  }

  onPointerButton(e, down) {
    if (down) this.sound.wake();
    if (e.button !== 0 && down) return; // primary button only
    this.onPointer(e);
    if (down) {
      this.input.buttonDown = true;
      this.input.fireUntil = performance.now() + FIRE_MIN_MS;
      try { this.canvas.setPointerCapture(e.pointerId); } catch { /* not capturable: fine */ }
      e.preventDefault();
    } else {
      this.input.buttonDown = false;
    }
    this.pumpInput(true);
  }

  // --- the test and console API (window.glissade)

  api() {
    const cam = this.camera;
    return Object.freeze({
      /** World point -> CSS pixels relative to the canvas' top-left corner. */
      worldToScreen: (x, y) => { cam.sync(); return cam.worldToScreen(x, y); },
      /** CSS pixels relative to the canvas -> world point. */
      screenToWorld: (px, py) => { cam.sync(); return cam.screenToWorld(px, py); },
      /** CSS pixels per world unit. */
      scale: () => { cam.sync(); return cam.s; },
      /** The logical view size and the world region shown. */
      view: () => { cam.sync(); return cam.region(); },
      /** Where the view sits on the canvas, in CSS pixels (the rest is letterbox). */
      viewport: () => {
        cam.sync();
        return { x: cam.ox, y: cam.oy, w: cam.viewW * cam.s, h: cam.viewH * cam.s, cssW: cam.cssW, cssH: cam.cssH, dpr: cam.dpr, pixelW: this.canvas.width, pixelH: this.canvas.height };
      },
      /** A copy of what the client knows now. */
      state: () => this.stateCopy(),
      /**
       * Your own player as drawn in the last frames (oldest first): `t` (performance.now()
       * when drawn), `x`, `y`, the newest snapshot's `tick` it came from, and the (fractional)
       * `renderTick` the other players were drawn at.
       */
      ownTrail: () => this.trail.map((e) => ({ ...e })),
      /** Turns the debug overlay on or off (no argument: just reports it). */
      debug: (on) => { if (on !== undefined) this.debug = !!on; return this.debug; },
    });
  }

  stateCopy() {
    const now = performance.now();
    const me = this.me();
    return {
      connection: this.conn.state,
      detail: this.conn.detail,
      id: this.id,
      mode: this.mode,
      level: this.level ? this.level.name : null,
      bounds: this.level ? { min: this.level.bounds.min.slice(), max: this.level.bounds.max.slice() } : null,
      tick: this.snapshots.latestTick(),
      renderTick: this.world ? this.world.tick : null,
      players: this.world ? this.world.players.map((p) => ({ ...p })) : [],
      bullets: this.world ? this.world.bullets.map((b) => ({ ...b })) : [],
      scores: this.world ? this.world.scores.map((s) => ({ ...s })) : [],
      boxes: this.world ? this.world.boxes.map((b) => ({ ...b })) : [],
      me: me ? { ...me } : null,
      snapshotRate: this.snapshots.rate(now),
      ping: this.ping,
      pingJitter: this.pingJitter,
      ack: this.snapshots.ack,
      inputSeq: this.input.seq,
      interpDelay: this.snapshots.delay,
      round: this.snapshots.round ? { ...this.snapshots.round } : null,
      reticle: this.mode === 'arena' && this.input.pointer && this.camera.inView(this.input.pointer[0], this.input.pointer[1])
        ? this.camera.screenToWorld(this.input.pointer[0], this.input.pointer[1])
        : null,
      feed: this.snapshots.feed.map((k) => ({ ...k })),
      run: this.snapshots.run ? JSON.parse(JSON.stringify(this.snapshots.run)) : null,
      course: this.course ? JSON.parse(JSON.stringify(this.course)) : null,
      muted: this.sound.muted,
      debug: this.debug,
      lastInput: this.input.lastMessage ? JSON.parse(JSON.stringify(this.input.lastMessage)) : null,
    };
  }
}

/** The coins and goal of a welcome, checked: {coins: [[x, y]...], coinRadius, goal: {min, max} | null}. */
function courseOf(c) {
  if (!c || typeof c !== 'object') return null;
  const coins = (Array.isArray(c.coins) ? c.coins : []).filter(isPoint);
  const goal = c.goal && isPoint(c.goal.min) && isPoint(c.goal.max) ? { min: c.goal.min, max: c.goal.max } : null;
  const coinRadius = Number(c.coin_radius) > 0 ? Number(c.coin_radius) : 0.35;
  return coins.length || goal ? { coins, coinRadius, goal } : null;
}

/** The HUD's run, e.g. `3/8 coins · 12.4 s · best 10.21 s`. */
function runText(run, course) {
  if (!run) return '–';
  const coins = `${(run.taken || []).length}/${course.coins.length} coins`;
  const time = `${Number(run.time || 0).toFixed(1)} s`;
  const best = Number.isFinite(run.best) ? ` · best ${run.best.toFixed(2)} s` : '';
  return `${coins} · ${time}${best}`;
}

/** The HUD's round trip, e.g. `12 ms ± 3`. */
function pingText(ping, jitter) {
  if (ping === null) return '–';
  return `${Math.round(ping)} ms ± ${Math.round(jitter || 0)}`;
}

/** The scoreboard: best first, the own score marked, e.g. `you 3 · #4 1`. */
function scoreboardText(scores, ownId, target) {
  if (!scores || !scores.length) return '–';
  const sorted = scores.slice().sort((a, b) => b.score - a.score || (a.id > b.id ? 1 : -1));
  const top = sorted.slice(0, 5);
  // Your own score is always there, after the leaders when you are not among them.
  const own = sorted.findIndex((s) => s.id === ownId);
  const shown = own >= 5 ? [...top, sorted[own]] : top;
  const text = shown
    .map((s) => `${s.id === ownId ? 'you' : `#${s.id}`} ${s.score}`)
    .join(' · ');
  return target ? `${text} (first to ${target})` : text;
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

// ---------------------------------------------------------------------------------------------

function main() {
  const canvas = document.getElementById('game');
  if (!canvas || !canvas.getContext) return;
  const game = new Game(canvas);
  window.glissade = game.api();
  game.start();
}

main();
