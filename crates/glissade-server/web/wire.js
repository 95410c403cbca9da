// glissade web client: Reads the server's binary snapshots (protocol 3). Each holds records of
// small integers (players, platforms, bullets, boxes), written as their changes from a
// snapshot we told the server we have; positions come in steps of 1/128 unit.

export const SNAPSHOT_TAG = 3;
export const POSITION_QUANTUM = 1 / 128;
export const VELOCITY_QUANTUM = 1 / 16;
export const ANIMATIONS = ['idle', 'run', 'jump', 'fall', 'land', 'wall_slide', 'climb', 'crouch', 'dash', 'knocked'];

const FIELDS = 5;
const SECTIONS = 4;
const KEEP = 64; // decoded snapshots kept as possible bases
const text = new TextDecoder();

export class SnapshotReader {
  constructor() { this.reset(); }

  /** Forgets every kept snapshot (a new connection starts from full snapshots). */
  reset() { this.kept = []; }

  /**
   * One binary snapshot as a message object, shaped as the JSON snapshots of protocol 2 were:
   * {v, type, tick, ack, players, platforms, bullets, boxes, player_count, run?, scores?, round?,
   * feed?}.
   * Null when it cannot be read (cut short, or written against a snapshot we no longer keep).
   */
  read(buffer) {
    const r = { bytes: new Uint8Array(buffer), at: 0 };
    try {
      if (byte(r) !== SNAPSHOT_TAG) return null;
      const tick = varint(r);
      const ack = varint(r);
      const baseTick = varint(r);
      const base = baseTick === 0 ? null : this.kept.find((k) => k.tick === baseTick);
      if (baseTick !== 0 && !base) return null;
      const sections = [];
      for (let s = 0; s < SECTIONS; s++) sections.push(readSection(r, base ? base.sections[s] : []));
      const marker = byte(r);
      let extras;
      if (marker === 0) extras = base ? base.extras : {};
      else if (marker === 1) {
        const len = varint(r);
        if (r.at + len > r.bytes.length) return null;
        extras = JSON.parse(text.decode(r.bytes.subarray(r.at, r.at + len)));
        r.at += len;
      } else return null;
      if (r.at !== r.bytes.length || !extras || typeof extras !== 'object') return null;
      this.kept.push({ tick, sections, extras });
      if (this.kept.length > KEEP) this.kept.shift();
      return message(tick, ack, sections, extras);
    } catch {
      return null; // cut short or not ours
    }
  }
}

function byte(r) {
  if (r.at >= r.bytes.length) throw new Error('the message ends too soon');
  return r.bytes[r.at++];
}

/** LEB128 of at most 10 bytes (64 bits), read with arithmetic (not 32-bit bit operations): exact up to 2^53. */
function varint(r) {
  let v = 0;
  for (let scale = 1; scale < 2 ** 70; scale *= 128) {
    const b = byte(r);
    v += (b & 0x7f) * scale;
    if (b < 0x80) return v;
  }
  throw new Error('a number too long');
}

function unzigzag(v) {
  return v % 2 === 1 ? -(v + 1) / 2 : v / 2;
}

/** A section against its base's list: the changed records, then the ids gone; sorted by id. */
function readSection(r, before) {
  const byId = new Map(before.map((rec) => [rec.id, rec.f]));
  let id = 0;
  for (let n = varint(r); n > 0; n--) {
    id += varint(r);
    const mask = byte(r);
    const f = (byId.get(id) || new Array(FIELDS).fill(0)).slice();
    for (let i = 0; i < FIELDS; i++) if (mask & (1 << i)) f[i] += unzigzag(varint(r));
    byId.set(id, f);
  }
  id = 0;
  for (let n = varint(r); n > 0; n--) {
    id += varint(r);
    if (!byId.delete(id)) throw new Error('a removed id that is not there');
  }
  return [...byId.entries()].sort((a, b) => a[0] - b[0]).map(([rid, f]) => ({ id: rid, f }));
}

function message(tick, ack, [players, platforms, bullets, boxes], extras) {
  const p = (q) => q * POSITION_QUANTUM;
  const v = (q) => q * VELOCITY_QUANTUM;
  const msg = {
    v: 3,
    type: 'snapshot',
    tick,
    ack,
    players: players.map(({ id, f }) => {
      const bits = f[4];
      const posed = (bits & 2) !== 0;
      return {
        id, x: p(f[0]), y: p(f[1]), vx: v(f[2]), vy: v(f[3]), grounded: (bits & 1) !== 0,
        anim: posed ? ANIMATIONS[bits >> 3] || 'idle' : undefined,
        facing: posed ? ((bits & 4) !== 0 ? -1 : 1) : undefined,
      };
    }),
    platforms: [],
    bullets: bullets.map(({ id, f }) => ({ id, x: p(f[0]), y: p(f[1]), vx: v(f[2]), vy: v(f[3]), owner: f[4] })),
    boxes: boxes.map(({ id, f }) => ({ id, x: p(f[0]), y: p(f[1]), hw: p(f[2]), hh: p(f[3]) })),
  };
  for (const { id, f } of platforms) msg.platforms[id] = { x: p(f[0]), y: p(f[1]) };
  for (const key of ['player_count', 'run', 'scores', 'round', 'feed']) if (key in extras) msg[key] = extras[key];
  return msg;
}
