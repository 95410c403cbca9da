// glissade web client: Snapshots as they arrive, and the world drawn from them: others
// interpolated in the past, your own player from the newest.

import { DEFAULT_TICK_HZ, INTERP_MAX_MS, INTERP_MIN_MS, SNAPSHOT_KEEP, clamp, lerp } from './common.js';

export class Snapshots {
  constructor() { this.reset(DEFAULT_TICK_HZ); }

  reset(tickHz) {
    this.tickHz = tickHz > 0 ? tickHz : DEFAULT_TICK_HZ;
    this.list = []; // oldest first: {tick, t (server ms), players, platforms}
    this.offset = null; // local ms - server ms, as low as seen (the least delayed arrival)
    this.arrivals = []; // local arrival times, for the rate
    this.playerCount = null; // every player in the game, as the newest snapshot counts them
    this.ack = 0; // the sequence number of the last input of ours the server applied
    this.run = null; // our run over the course (platformer): {taken, start, time (seconds, from start), best, last}
    this.round = null; // the arena's rounds: {number, target, last_winner, won_at}
    this.feed = []; // the arena's recent kills: [{tick, killer, victim}]
    this.newestAt = 0; // local arrival time of the newest snapshot
    this.jitter = 0; // mean deviation of arrivals from their ticks' times, ms
    this.delay = INTERP_MAX_MS; // how far in the past others are drawn, ms
  }

  /** Keeps a snapshot message; false when it was not kept (a duplicate, out of order, no tick). */
  push(msg, now) {
    const tick = Number(msg.tick);
    if (!Number.isFinite(tick)) return false;
    const last = this.list[this.list.length - 1];
    if (last && tick <= last.tick) {
      if (tick < last.tick - this.tickHz * 5) this.reset(this.tickHz); // server restarted its clock
      else return false; // duplicate or out of order
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
    // Every player in the game (a snapshot holds only those near our view).
    this.playerCount = Number.isFinite(msg.player_count) ? msg.player_count : null;
    // The run's time is the ticks since its start.
    this.run = msg.run && typeof msg.run === 'object'
      ? { ...msg.run, time: Number.isFinite(msg.run.start) ? Math.max(0, tick - msg.run.start) / this.tickHz : 0 }
      : null;
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
    return true;
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

export function blendPlayers(a, b, k) {
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
export function blendBullets(a, b, k) {
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
export function blendBoxes(a, b, k) {
  const before = new Map(a.boxes.map((p) => [p.id, p]));
  return b.boxes.map((pb) => {
    const pa = before.get(pb.id) || pb;
    return { id: pb.id, x: lerp(pa.x, pb.x, k), y: lerp(pa.y, pb.y, k), hw: Number(pb.hw) || 0, hh: Number(pb.hh) || 0 };
  });
}

export function blendPlatforms(a, b, k) {
  return b.platforms.map((pb, i) => {
    const pa = a.platforms[i] || pb;
    return pb ? { x: lerp(pa.x, pb.x, k), y: lerp(pa.y, pb.y, k) } : null;
  });
}
