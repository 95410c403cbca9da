// glissade multiplayer demo: the browser client.
//
// Plain ES2020 module, no build step, no dependencies. It connects to `ws(s)://<host>/ws`,
// draws the level the server sends and the players of its snapshots, and sends the input.
//
// Coordinates: world units with y UP (as in glissade). Screen coordinates are CSS pixels
// relative to the canvas, y down. Every world -> screen mapping goes through `Camera`, the
// one place that knows the scaling (a fixed logical view of `view` world units, scaled to the
// window keeping the aspect ratio, letterboxed, so every player sees the same world region).
//
// This file is the game itself (state, messages, the frame loop, DOM events); the modules
// beside it: common.js, camera.js, level.js, snapshots.js, effects.js, input.js, net.js, draw.js, characters.js, hud.js.

import { Camera } from './camera.js';
import { Poses } from './characters.js';
import { CAMERA_LAG_S, CAMERA_SNAP, COLORS, DEFAULT_TICK_HZ, DEFAULT_VIEW, FIRE_MIN_MS, INPUT_MIN_GAP_MS, LOOK_AHEAD, LOOK_AHEAD_S, PING_EVERY_MS, PROTOCOL, SEEN_EVERY_TICKS, TRAIL_KEEP, clamp, isPoint, lerp, sizes } from './common.js';
import { drawFrame } from './draw.js';
import { Effects, Sound } from './effects.js';
import { connectionText, courseOf, pingText, runText, scoreboardText, setText } from './hud.js';
import { Input, TouchControls, readGamepad } from './input.js';
import { buildLevel } from './level.js';
import { Connection, socketUrl } from './net.js';
import { Snapshots } from './snapshots.js';

const HELP = {
  platformer: 'arrows / WASD move · up / W / space jump (twice in the air, off walls) · up / down climb ladders · X / K dash · down drops through',
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
        if (this.snapshots.push(msg, now)) {
          this.reportSeen(msg.tick);
          this.onRun(this.snapshots.run, now);
          this.onEvents();
        }
        return;
      case 'pong': return this.onPong(msg, now);
      default: return; // 'bye' is remembered by the connection; unknown types are ignored
    }
  }

  /** Tells the server we have the snapshot of `tick` (every SEEN_EVERY_TICKS ticks). */
  reportSeen(tick) {
    if (!this.reportsSeen || tick < this.seenSent + SEEN_EVERY_TICKS) return;
    this.seenSent = tick;
    this.input.seq += 1; // one sequence for every client message
    this.link.send({ v: PROTOCOL, type: 'seen', seq: this.input.seq, tick });
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

  /**
   * What changed since the last snapshot, for sparks and sounds: your own jumps and
   * landings (from your character's animation state), your shots (new bullets of yours),
   * hits (a player's health going down: sparks on it; a sound when it is you or your shot)
   * and kills (its deaths going up: a burst where it fell).
   */
  onEvents() {
    const list = this.snapshots.list;
    const [a, b] = [list[list.length - 2], list[list.length - 1]];
    if (!a || !b) return;
    const mine = (s) => s.players.find((p) => p.id === this.id);
    const [was, is] = [mine(a), mine(b)];
    if (was && is) {
      if (is.anim === 'jump' && was.anim !== 'jump') this.sound.jump();
      if (is.anim === 'land' && was.anim !== 'land') this.sound.land();
    }
    const known = new Set(a.bullets.map((q) => q.id));
    if (b.bullets.some((q) => q.owner === this.id && !known.has(q.id))) this.sound.shoot();
    const before = new Map(a.scores.map((s) => [s.id, s]));
    const shotByMe = a.bullets.some((q) => q.owner === this.id && !b.bullets.some((r) => r.id === q.id));
    for (const s of b.scores) {
      const old = before.get(s.id);
      if (!old) continue;
      const died = s.deaths > old.deaths;
      if (!died && s.health >= old.health) continue;
      // A kill puts the victim back at a spawn point: the burst goes where it was.
      const p = (died ? a : b).players.find((q) => q.id === s.id);
      if (p) this.effects.burst(p.x, p.y, died ? '#ff5d73' : '#ff8a5c', died ? 30 : 12, died ? 8 : 5);
      if (s.id === this.id || shotByMe) this.sound.hit();
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
    this.reportsSeen = Array.isArray(msg.features) && msg.features.includes('seen');
    this.seenSent = -Infinity;
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
    this.input.atLadder = this.atLadder();
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

  /** Whether your player climbs, or its box touches a ladder's (up climbs there, not jumps). */
  atLadder() {
    const me = this.me();
    if (!me || this.mode !== 'platformer') return false;
    if (me.anim === 'climb') return true;
    const [w, h] = sizes.player;
    const ladders = this.level ? this.level.ladders || [] : [];
    return ladders.some(({ min, max }) =>
      me.x + w / 2 > min[0] && me.x - w / 2 < max[0] && me.y + h / 2 > min[1] && me.y - h / 2 < max[1]);
  }

  me() {
    if (!this.world || this.id === null) return null;
    return this.world.players.find((p) => p.id === this.id) || null;
  }

  updateHud() {
    const h = this.hud;
    if (!h.mode) return;
    setText(h.mode, this.mode || '–');
    const count = this.snapshots.playerCount ?? (this.world ? this.world.players.length : 0);
    setText(h.players, String(count));
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
      bytesPerSecond: this.link.bytesPerSecond(),
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

function main() {
  const canvas = document.getElementById('game');
  if (!canvas || !canvas.getContext) return;
  const game = new Game(canvas);
  window.glissade = game.api();
  game.start();
}

main();
